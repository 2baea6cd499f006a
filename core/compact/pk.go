package compact

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// file is a data file with its decoded key range.
type file struct {
	meta           spec.DataFileMeta
	minKey, maxKey []any
}

// sortedRun is Java's LevelSortedRun: one level-0 file, or all files of a
// level ≥ 1 in key order.
type sortedRun struct {
	level int32
	files []file
}

func (r sortedRun) size() int64 {
	var n int64
	for _, f := range r.files {
		n += f.meta.FileSize
	}
	return n
}

// unit is Java's CompactUnit: the files picked and the level they go to.
type unit struct {
	outputLevel int32
	files       []file
}

func unitOfRuns(level int32, runs []sortedRun) *unit {
	u := &unit{outputLevel: level}
	for _, r := range runs {
		u.files = append(u.files, r.files...)
	}
	return u
}

// levelRuns is Levels.levelSortedRuns: level-0 files one run each, newest
// first (max sequence descending, then min sequence, creation time and
// name ascending), then one run per non-empty level, ascending.
func levelRuns(files []file, numLevels int, keyTypes []types.DataType) ([]sortedRun, error) {
	var level0 []file
	byLevel := map[int32][]file{}
	for _, f := range files {
		l := f.meta.Level
		if l < 0 || int(l) >= numLevels {
			return nil, fmt.Errorf("file %s is on level %d but the table has %d levels ('num-levels')", f.meta.FileName, l, numLevels)
		}
		if l == 0 {
			level0 = append(level0, f)
		} else {
			byLevel[l] = append(byLevel[l], f)
		}
	}
	sort.SliceStable(level0, func(i, j int) bool {
		a, b := level0[i].meta, level0[j].meta
		if a.MaxSequenceNumber != b.MaxSequenceNumber {
			return a.MaxSequenceNumber > b.MaxSequenceNumber
		}
		if a.MinSequenceNumber != b.MinSequenceNumber {
			return a.MinSequenceNumber < b.MinSequenceNumber
		}
		if ta, tb := a.CreationTime, b.CreationTime; ta != nil && tb != nil && !ta.Equal(*tb) {
			return ta.Before(*tb)
		}
		return a.FileName < b.FileName
	})
	var runs []sortedRun
	for _, f := range level0 {
		runs = append(runs, sortedRun{level: 0, files: []file{f}})
	}
	// The levels present, not every level up to 'num-levels': a count
	// from the user must not decide how long a loop runs.
	levels := slices.Sorted(maps.Keys(byLevel))
	for _, l := range levels {
		fs := byLevel[l]
		sort.SliceStable(fs, func(i, j int) bool { return binrow.Compare(fs[i].minKey, fs[j].minKey, keyTypes) < 0 })
		runs = append(runs, sortedRun{level: l, files: fs})
	}
	return runs, nil
}

// universal is Java's UniversalCompaction (without the early-full and
// off-peak triggers, which depend on a long-running writer's clock).
type universal struct {
	maxSizeAmp int // compaction.max-size-amplification-percent
	sizeRatio  int // compaction.size-ratio
	trigger    int // num-sorted-run.compaction-trigger
}

func (u universal) pick(numLevels int, runs []sortedRun) *unit {
	maxLevel := int32(numLevels - 1)
	if un := u.pickForSizeAmp(maxLevel, runs); un != nil {
		return un
	}
	if un := u.pickForSizeRatio(maxLevel, runs); un != nil {
		return un
	}
	if len(runs) > u.trigger {
		return u.pickSizeRatio(maxLevel, runs, len(runs)-u.trigger+1, false)
	}
	return nil
}

// forcePickL0 picks every level-0 run (ForceUpLevel0Compaction's fallback).
func (u universal) forcePickL0(numLevels int, runs []sortedRun) *unit {
	n := 0
	for n < len(runs) && runs[n].level == 0 {
		n++
	}
	if n == 0 {
		return nil
	}
	return u.pickSizeRatio(int32(numLevels-1), runs, n, true)
}

func (u universal) pickForSizeAmp(maxLevel int32, runs []sortedRun) *unit {
	if len(runs) < u.trigger {
		return nil
	}
	var candidate int64
	for _, r := range runs[:len(runs)-1] {
		candidate += r.size()
	}
	earliest := runs[len(runs)-1].size()
	// Size amplification is the percentage of additional size.
	if candidate*100 > int64(u.maxSizeAmp)*earliest {
		return unitOfRuns(maxLevel, runs)
	}
	return nil
}

func (u universal) pickForSizeRatio(maxLevel int32, runs []sortedRun) *unit {
	if len(runs) < u.trigger {
		return nil
	}
	return u.pickSizeRatio(maxLevel, runs, 1, false)
}

func (u universal) pickSizeRatio(maxLevel int32, runs []sortedRun, count int, force bool) *unit {
	var candidate int64
	for _, r := range runs[:count] {
		candidate += r.size()
	}
	triggered := force || count > 1
	for i := count; i < len(runs); i++ {
		next := runs[i]
		if float64(candidate)*(100.0+float64(u.sizeRatio))/100.0 < float64(next.size()) {
			if !triggered || next.level > 1 {
				break
			}
		}
		candidate += next.size()
		count++
		triggered = true
	}
	if !triggered {
		return nil
	}
	return createUnit(runs, maxLevel, count)
}

// createUnit picks the first count runs; the output goes just above the
// next run's level, never to level 0, and to the max level when all runs
// are picked.
func createUnit(runs []sortedRun, maxLevel int32, count int) *unit {
	var out int32
	if count == len(runs) {
		out = maxLevel
	} else {
		out = max(0, runs[count].level-1)
	}
	if out == 0 {
		for i := count; i < len(runs); i++ {
			count++
			if runs[i].level != 0 {
				out = runs[i].level
				break
			}
		}
	}
	if count == len(runs) {
		out = maxLevel
	}
	return unitOfRuns(out, runs[:count])
}

// pickFull is CompactStrategy.pickFullCompaction: every run to the max
// level, except that a single run already on the max level only has its
// files with deletion vectors (or all, when forced) rewritten.
func pickFull(numLevels int, runs []sortedRun, hasDV func(string) bool, force bool) *unit {
	maxLevel := int32(numLevels - 1)
	switch {
	case len(runs) == 0:
		return nil
	case len(runs) == 1 && runs[0].level == maxLevel:
		u := &unit{outputLevel: maxLevel}
		for _, f := range runs[0].files {
			if force || hasDV(f.meta.FileName) {
				u.files = append(u.files, f)
			}
		}
		if len(u.files) == 0 {
			return nil
		}
		return u
	}
	return unitOfRuns(maxLevel, runs)
}

// task is what MergeTreeCompactTask decides for a unit: groups of files
// each merged into new files, and files moved to the output level as they
// are.
type task struct {
	rewrites [][]file
	upgrades []file
	lookups  []file // upgraded files whose keys are looked up
}

// taskRules are the inputs of MergeTreeCompactTask's decisions.
type taskRules struct {
	outputLevel int32
	maxLevel    int32
	minFileSize int64 // compactionFileSize: smaller files are rewritten
	force       bool  // compaction.force-rewrite-all-files
	hasDV       func(string) bool
	keyTypes    []types.DataType
	// lookup: level-0 files are looked up in the deeper levels
	// (LookupMergeTreeCompactRewriter.upgradeStrategy with deletion
	// vectors): one holding retractions is rewritten, to drop them; one
	// without is upgraded and its records looked up all the same, unless
	// rewriteLookup is set: the engine's merged records depend on the
	// deeper version (lookupMerge, lookupFirstRow), so level-0 files are
	// always rewritten.
	lookup        bool
	rewriteLookup bool
	// formatChange: Java compacts the table with its lookup rewriter and
	// level 0 and the output level have different formats
	// ('file.format.per.level'): level-0 files are then rewritten, not
	// upgraded (LookupMergeTreeCompactRewriter.upgradeStrategy).
	formatChange bool
}

// planTask is MergeTreeCompactTask.doCompact: sections of overlapping key
// ranges with several sorted runs are merged; in a section of one run,
// small files are merged with their neighbours and large files upgraded.
// Adjacent candidates are rewritten together so that no file is skipped
// between them (the output level must stay ordered).
func planTask(u *unit, r taskRules) task {
	var t task
	var candidate [][][]file // sections, each a list of runs
	for _, section := range intervalPartition(u.files, r.keyTypes) {
		if len(section) > 1 {
			candidate = append(candidate, section)
			continue
		}
		for _, f := range section[0] {
			if f.meta.FileSize < r.minFileSize {
				candidate = append(candidate, [][]file{{f}})
			} else {
				t.rewriteCandidate(candidate, r)
				candidate = nil
				t.add(f, r.placement(f))
			}
		}
	}
	t.rewriteCandidate(candidate, r)
	return t
}

// rewriteCandidate merges the candidate sections into one rewrite, except
// a lone section of one run, whose files are placed one by one as the
// large files are (MergeTreeCompactTask.rewrite).
func (t *task) rewriteCandidate(candidate [][][]file, r taskRules) {
	if len(candidate) == 1 && len(candidate[0]) <= 1 {
		for _, run := range candidate[0] {
			for _, f := range run {
				t.add(f, r.placement(f))
			}
		}
		return
	}
	var group []file
	for _, section := range candidate {
		for _, run := range section {
			group = append(group, run...)
		}
	}
	if len(group) > 0 {
		t.rewrites = append(t.rewrites, group)
	}
}

// placement is what a task does with one file it does not merge with
// others.
type placement int

const (
	// placeKeep leaves a file of the output level where it is.
	placeKeep placement = iota
	// placeUpgrade moves the file to the output level as it is.
	placeUpgrade
	// placeUpgradeLookup moves it and looks its keys up in the deeper
	// levels (deletion vectors mark the versions it supersedes).
	placeUpgradeLookup
	// placeRewrite rewrites the file alone.
	placeRewrite
)

// add records f in the task as p says.
func (t *task) add(f file, p placement) {
	switch p {
	case placeUpgrade:
		t.upgrades = append(t.upgrades, f)
	case placeUpgradeLookup:
		t.upgrades = append(t.upgrades, f)
		t.lookups = append(t.lookups, f)
	case placeRewrite:
		t.rewrites = append(t.rewrites, []file{f})
	}
}

// placement is MergeTreeCompactTask.upgrade with the rewriter's
// upgradeStrategy: whether a file not merged with others is kept, moved
// up as it is, or rewritten alone.
func (r taskRules) placement(f file) placement {
	forced := r.force || r.hasDV(f.meta.FileName)
	noDeletes := f.meta.DeleteRowCount != nil && *f.meta.DeleteRowCount == 0
	switch {
	case f.meta.Level == r.outputLevel && forced:
		return placeRewrite
	case f.meta.Level == r.outputLevel:
		return placeKeep
	case r.formatChange && f.meta.Level == 0:
		return placeRewrite
	case r.lookup && f.meta.Level == 0 && noDeletes && !r.rewriteLookup:
		return placeUpgradeLookup
	case r.lookup && f.meta.Level == 0:
		return placeRewrite
	case r.outputLevel == r.maxLevel && !noDeletes:
		// Retractions must not reach the max level: rewrite to drop them.
		return placeRewrite
	case forced:
		// Java upgrades a file with a deletion vector and keeps the
		// vector; paimon-sql rewrites it, so that a compacted bucket
		// is left without deletion vectors to carry over.
		return placeRewrite
	}
	return placeUpgrade
}

// intervalPartition is Java's IntervalPartition: files sorted by key range
// are cut into sections whose ranges do not overlap, and each section into
// the fewest sorted runs (greedy: a file joins the run ending earliest if
// it starts after that run's end).
func intervalPartition(files []file, keyTypes []types.DataType) [][][]file {
	cmp := func(a, b []any) int { return binrow.Compare(a, b, keyTypes) }
	sorted := append([]file(nil), files...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if c := cmp(sorted[i].minKey, sorted[j].minKey); c != 0 {
			return c < 0
		}
		return cmp(sorted[i].maxKey, sorted[j].maxKey) < 0
	})
	var sections [][][]file
	var section []file
	var bound []any
	for _, f := range sorted {
		if len(section) > 0 && cmp(f.minKey, bound) > 0 {
			sections = append(sections, runsOf(section, cmp))
			section, bound = nil, nil
		}
		section = append(section, f)
		if bound == nil || cmp(f.maxKey, bound) > 0 {
			bound = f.maxKey
		}
	}
	if len(section) > 0 {
		sections = append(sections, runsOf(section, cmp))
	}
	return sections
}

func runsOf(section []file, cmp func(a, b []any) int) [][]file {
	var runs [][]file
	for _, f := range section {
		// The run whose last file ends first (Java's priority queue head).
		best := -1
		for i, r := range runs {
			if best < 0 || cmp(r[len(r)-1].maxKey, runs[best][len(runs[best])-1].maxKey) < 0 {
				best = i
			}
		}
		if best >= 0 && cmp(f.minKey, runs[best][len(runs[best])-1].maxKey) > 0 {
			runs[best] = append(runs[best], f)
		} else {
			runs = append(runs, []file{f})
		}
	}
	return runs
}

// compactPK compacts one bucket of a primary-key table: it picks a unit
// of sorted runs (pickUnit), decides per file what the unit does with it
// (planTask) and does it (runTask).
func (c *compactor) compactPK(ctx context.Context, sp *scan.Split, res *bucketResult) error {
	files, highest, err := withKeyRanges(sp.Files, c.keyTypes)
	if err != nil {
		return fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	// Levels: the files' levels count when 'num-levels' (by default the
	// compaction trigger + 1) is lower than the highest level present.
	numLevels := max(c.opts.NumLevels(), int(highest)+1)
	maxLevel := int32(numLevels - 1)
	runs, err := levelRuns(files, numLevels, c.keyTypes)
	if err != nil {
		return fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	hasDV := func(name string) bool { _, ok := sp.DeletionFiles[name]; return ok }
	force, err := options.CompactionForceRewriteAllFiles.Get(c.opts)
	if err != nil {
		return err
	}
	u, mode, err := c.pickUnit(numLevels, runs, hasDV, force)
	if err != nil || u == nil {
		return err
	}
	rules, err := c.taskRules(u.outputLevel, maxLevel, mode, hasDV, force)
	if err != nil {
		return err
	}
	return c.runTask(ctx, sp, planTask(u, rules), pkTarget{
		level: u.outputLevel, maxLevel: maxLevel, mode: mode,
		dropDelete: dropsRetractions(u.outputLevel, highest, c.dv),
	}, res)
}

// withKeyRanges decodes the key range of each data file, and returns the
// files with the highest level among them.
func withKeyRanges(metas []spec.DataFileMeta, keyTypes []types.DataType) ([]file, int32, error) {
	files := make([]file, len(metas))
	highest := int32(-1)
	for i, m := range metas {
		f := file{meta: m}
		var err error
		if f.minKey, err = binrow.Decode(m.MinKey, keyTypes); err != nil {
			return nil, 0, fmt.Errorf("min key of %s: %w", m.FileName, err)
		}
		if f.maxKey, err = binrow.Decode(m.MaxKey, keyTypes); err != nil {
			return nil, 0, fmt.Errorf("max key of %s: %w", m.FileName, err)
		}
		files[i] = f
		highest = max(highest, m.Level)
	}
	return files, highest, nil
}

// pickUnit picks what one compaction of a bucket merges: every run for a
// full compaction, else what universal compaction picks (level 0 forced
// up when the table asks), nil when nothing is to change. A minor
// compaction also says how it looks keys up in the deeper levels.
func (c *compactor) pickUnit(numLevels int, runs []sortedRun, hasDV func(string) bool, force bool) (*unit, lookupMode, error) {
	if c.full {
		return pickFull(numLevels, runs, hasDV, force), lookupNone, nil
	}
	uc, err := c.universal()
	if err != nil {
		return nil, lookupNone, err
	}
	u := uc.pick(numLevels, runs)
	if u == nil && c.forceUpLevel0 {
		u = uc.forcePickL0(numLevels, runs)
	}
	if u == nil || len(u.files) == 1 && u.files[0].meta.Level == u.outputLevel {
		return nil, lookupNone, nil // MergeTreeCompactManager: a unit must change something
	}
	// Deletion-vector and first-row tables mark the rows the unit
	// supersedes in older files with deletion vectors found by lookup,
	// or merge them into the output (lookup.go).
	return u, c.lookupMode(), nil
}

// dropsRetractions tells whether a unit written to outputLevel drops
// retractions: as long as nothing older remains below the output, they
// have nothing left to retract (MergeTreeCompactManager.triggerCompaction);
// on a deletion-vector table the rows they retract are marked deleted.
func dropsRetractions(outputLevel, highest int32, dv bool) bool {
	return outputLevel != 0 && (outputLevel >= highest || dv)
}

// taskRules are the table's inputs to planTask for a unit written to
// outputLevel.
func (c *compactor) taskRules(outputLevel, maxLevel int32, mode lookupMode, hasDV func(string) bool, force bool) (taskRules, error) {
	minFile, err := c.opts.CompactionFileSize(c.pk)
	if err != nil {
		return taskRules{}, err
	}
	level0Format, err := write.LevelFileFormat(c.opts, 0)
	if err != nil {
		return taskRules{}, err
	}
	outputFormat, err := write.LevelFileFormat(c.opts, int(outputLevel))
	if err != nil {
		return taskRules{}, err
	}
	// The lookup producer rewrites every level-0 file, which its changelog
	// needs to be read for anyway.
	lookupChangelog := c.changelog.producer == producerLookup
	return taskRules{outputLevel: outputLevel, maxLevel: maxLevel, minFileSize: minFile, force: force,
		hasDV: hasDV, keyTypes: c.keyTypes, lookup: mode != lookupNone || lookupChangelog,
		rewriteLookup: mode == lookupMerge || mode == lookupFirstRow || lookupChangelog,
		formatChange:  c.lookupRewriter() && level0Format != outputFormat}, nil
}

// pkTarget is where a task's files go and what the rewrite does on the way.
type pkTarget struct {
	level, maxLevel int32
	mode            lookupMode
	dropDelete      bool
}

// runTask does what planTask decided: rewrites (looked up in the deeper
// levels when they hold level-0 files), lookups of upgraded files, and
// upgrades, each with the changelog the table's producer asks for.
func (c *compactor) runTask(ctx context.Context, sp *scan.Split, t task, to pkTarget, res *bucketResult) error {
	var deeper *deepIndex
	if to.mode != lookupNone && (len(t.rewrites) > 0 || len(t.lookups) > 0) {
		var err error
		if deeper, err = c.indexDeeper(ctx, sp, to.level, to.mode); err != nil {
			return err
		}
	}
	for _, group := range t.rewrites {
		// Only groups with level-0 files are looked up
		// (LookupMergeTreeCompactRewriter.rewriteLookupChangelog): the
		// records of deeper levels have no older version below them.
		var look *deepIndex
		if slices.ContainsFunc(group, func(f file) bool { return f.meta.Level == 0 }) {
			look = deeper
		}
		if err := c.rewritePK(ctx, sp, group, to.level, to.maxLevel, to.dropDelete, look, res); err != nil {
			return err
		}
	}
	for _, f := range t.lookups {
		err := read.MergeKeyValues(ctx, sp, c.sch, []spec.DataFileMeta{f.meta}, func(kv mergefunc.KeyValue) error {
			return deeper.shadow(kv.Key, res)
		})
		if err != nil {
			return err
		}
	}
	for _, f := range t.upgrades {
		if c.changelog.producer == producerFull && to.level == to.maxLevel {
			if err := c.upgradeChangelog(ctx, sp, f.meta, to.level, to.maxLevel, res); err != nil {
				return err
			}
		}
		up := f.meta
		up.Level = to.level
		res.files = append(res.files, deleteEntry(sp, f.meta), addEntry(sp, up))
		res.upgraded++
	}
	return nil
}

// universal reads the universal compaction options, with Java's defaults.
func (c *compactor) universal() (universal, error) {
	var u universal
	var err error
	if u.maxSizeAmp, err = options.CompactionMaxSizeAmplificationPercent.Get(c.opts); err != nil {
		return u, err
	}
	if u.sizeRatio, err = options.CompactionSizeRatio.Get(c.opts); err != nil {
		return u, err
	}
	if u.trigger, err = options.NumSortedRunCompactionTrigger.Get(c.opts); err != nil {
		return u, err
	}
	return u, nil
}

// rewritePK merges group into new files of the output level
// (MergeTreeCompactRewriter.rewrite), and writes the changelog the table's
// producer asks for (changelog.go). With deeper set, the older versions
// of every merged key in the levels below are marked deleted in res on
// deletion-vector tables (LookupMergeTreeCompactRewriter), retractions
// included: they are dropped from the output and the row they retract
// must go too. How the deeper version is treated depends on deeper.mode:
// marked (lookupDeduplicate), merged into the output and marked
// (lookupMerge), or kept with the new records dropped (lookupFirstRow).
// Keys with a record above level 0 among the group are not looked up: it
// is their newest older version (LookupChangelogMergeFunctionWrapper).
func (c *compactor) rewritePK(ctx context.Context, sp *scan.Split, group []file, level, maxLevel int32, dropDelete bool, deeper *deepIndex, res *bucketResult) error {
	w, err := write.NewRewriteWriter(c.t, c.sch, c.opts, sp.Dir, level)
	if err != nil {
		return err
	}
	var cw *write.RewriteWriter
	if c.produces(group, level, maxLevel) {
		if cw, err = write.NewChangelogWriter(c.t, c.sch, c.opts, sp.Dir, level); err != nil {
			return err
		}
	}
	metas := make([]spec.DataFileMeta, len(group))
	for i, f := range group {
		metas[i] = f.meta
	}
	var rows int64
	err = read.MergeKeyValuesRecords(ctx, sp, c.sch, metas, deeper.mergeLookup(res), func(kv mergefunc.KeyValue, ok bool, in read.KeyRecords) error {
		before, drop, err := deeper.settle(kv.Key, res, cw != nil)
		if err != nil || drop {
			return err
		}
		if cw != nil {
			if err := writeChanges(ctx, cw, c.changes(kv, ok, in, before, maxLevel)); err != nil {
				return err
			}
		}
		if !ok || (dropDelete && kv.Kind.IsRetract()) {
			return nil
		}
		rows++
		return w.WriteKeyValue(ctx, kv)
	})
	if cw != nil {
		if cerr := res.changelogWritten(ctx, sp, cw, err); cerr != nil && err == nil {
			err = cerr
		}
	}
	return res.replaced(ctx, sp, w, err, metas, rows)
}

// mergeLookup is the lookup of a rewrite that merges the deeper version
// of a key into its output (lookupMerge), taking it from below; nil for
// the other modes. A key with a record above level 0 in the group is not
// looked up: that record is its newest older version.
func (d *deepIndex) mergeLookup(res *bucketResult) read.RecordsLookupFunc {
	if d == nil || d.mode != lookupMerge {
		return nil
	}
	return func(key []any, in read.KeyRecords) ([]mergefunc.KeyValue, error) {
		if slices.ContainsFunc(in.Levels, func(l int32) bool { return l > 0 }) {
			return nil, nil
		}
		return d.take(key, res)
	}
}

// settle deals with the deeper version of a merged key before its record
// is written: lookupDeduplicate marks it deleted in res (and returns it
// when before is wanted, for the changelog); lookupFirstRow drops the
// merged record when a deeper row exists, which stays first. A nil index
// (no lookup) and lookupMerge (done by mergeLookup) do nothing here.
func (d *deepIndex) settle(key []any, res *bucketResult, wantBefore bool) (before *mergefunc.KeyValue, drop bool, err error) {
	if d == nil {
		return nil, false, nil
	}
	switch d.mode {
	case lookupDeduplicate:
		if wantBefore {
			if before, err = d.newest(key); err != nil {
				return nil, false, err
			}
		}
		return before, false, d.shadow(key, res)
	case lookupFirstRow:
		found, err := d.contains(key)
		return nil, found, err
	}
	return nil, false, nil
}

// changes is the changelog of one merged key as the table's producer
// writes it: full-compaction's, first-row's, or lookup's (from the deeper
// version before, when one was found).
func (c *compactor) changes(kv mergefunc.KeyValue, ok bool, in read.KeyRecords, before *mergefunc.KeyValue, maxLevel int32) []mergefunc.KeyValue {
	switch {
	case c.changelog.producer == producerFull:
		return c.changelog.fullChange(kv, ok, in, maxLevel)
	case c.engine.KeepsFirstRow():
		return firstRowChange(kv, ok, in)
	}
	return c.changelog.lookupChange(kv, ok, in, before)
}
