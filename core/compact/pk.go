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
	rewriteFile := func(f file) { t.rewrites = append(t.rewrites, []file{f}) }
	upgrade := func(f file) {
		if f.meta.Level == r.outputLevel {
			if r.force || r.hasDV(f.meta.FileName) {
				rewriteFile(f)
			}
			return
		}
		if r.formatChange && f.meta.Level == 0 {
			rewriteFile(f)
			return
		}
		noDeletes := f.meta.DeleteRowCount != nil && *f.meta.DeleteRowCount == 0
		if r.lookup && f.meta.Level == 0 {
			if noDeletes && !r.rewriteLookup {
				t.upgrades = append(t.upgrades, f)
				t.lookups = append(t.lookups, f)
			} else {
				rewriteFile(f)
			}
			return
		}
		switch {
		case r.outputLevel != r.maxLevel || noDeletes:
			// Java upgrades a file with a deletion vector and keeps the
			// vector; paimon-sql rewrites it, so that a compacted bucket
			// is left without deletion vectors to carry over.
			if r.force || r.hasDV(f.meta.FileName) {
				rewriteFile(f)
			} else {
				t.upgrades = append(t.upgrades, f)
			}
		default:
			// Retractions must not reach the max level: rewrite to drop them.
			rewriteFile(f)
		}
	}
	rewrite := func() {
		if len(candidate) == 0 {
			return
		}
		if len(candidate) == 1 {
			section := candidate[0]
			if len(section) == 0 {
				candidate = nil
				return
			}
			if len(section) == 1 {
				for _, f := range section[0] {
					upgrade(f)
				}
				candidate = nil
				return
			}
		}
		var group []file
		for _, section := range candidate {
			for _, run := range section {
				group = append(group, run...)
			}
		}
		t.rewrites = append(t.rewrites, group)
		candidate = nil
	}
	for _, section := range intervalPartition(u.files, r.keyTypes) {
		if len(section) > 1 {
			candidate = append(candidate, section)
			continue
		}
		for _, f := range section[0] {
			if f.meta.FileSize < r.minFileSize {
				candidate = append(candidate, [][]file{{f}})
			} else {
				rewrite()
				upgrade(f)
			}
		}
	}
	rewrite()
	return t
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

// compactPK compacts one bucket of a primary-key table.
func (c *compactor) compactPK(ctx context.Context, sp *scan.Split, res *bucketResult) error {
	files := make([]file, len(sp.Files))
	highest := int32(-1)
	for i, m := range sp.Files {
		f := file{meta: m}
		var err error
		if f.minKey, err = binrow.Decode(m.MinKey, c.keyTypes); err != nil {
			return fmt.Errorf("%s: min key of %s: %w", c.t.FullName(), m.FileName, err)
		}
		if f.maxKey, err = binrow.Decode(m.MaxKey, c.keyTypes); err != nil {
			return fmt.Errorf("%s: max key of %s: %w", c.t.FullName(), m.FileName, err)
		}
		files[i] = f
		highest = max(highest, m.Level)
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
	var u *unit
	mode := lookupNone
	if c.full {
		u = pickFull(numLevels, runs, hasDV, force)
	} else {
		uc, err := c.universal()
		if err != nil {
			return err
		}
		u = uc.pick(numLevels, runs)
		if u == nil && c.forceUpLevel0 {
			u = uc.forcePickL0(numLevels, runs)
		}
		if u != nil && len(u.files) == 1 && u.files[0].meta.Level == u.outputLevel {
			u = nil // MergeTreeCompactManager: a unit must change something
		}
		// Deletion-vector and first-row tables mark the rows the unit
		// supersedes in older files with deletion vectors found by lookup,
		// or merge them into the output (lookup.go).
		mode = c.lookupMode()
	}
	if u == nil {
		return nil
	}
	// As long as nothing older remains below the output, retractions have
	// nothing left to retract (MergeTreeCompactManager.triggerCompaction).
	dropDelete := u.outputLevel != 0 && (u.outputLevel >= highest || c.dv)
	minFile, err := c.opts.CompactionFileSize(c.pk)
	if err != nil {
		return err
	}
	lookupRewriter := c.lookupRewriter()
	level0Format, err := write.LevelFileFormat(c.opts, 0)
	if err != nil {
		return err
	}
	outputFormat, err := write.LevelFileFormat(c.opts, int(u.outputLevel))
	if err != nil {
		return err
	}
	// The lookup producer rewrites every level-0 file, which its changelog
	// needs to be read for anyway.
	lookupChangelog := c.changelog.producer == producerLookup
	t := planTask(u, taskRules{outputLevel: u.outputLevel, maxLevel: maxLevel, minFileSize: minFile, force: force,
		hasDV: hasDV, keyTypes: c.keyTypes, lookup: mode != lookupNone || lookupChangelog,
		rewriteLookup: mode == lookupMerge || mode == lookupFirstRow || lookupChangelog,
		formatChange:  lookupRewriter && level0Format != outputFormat})
	var deeper *deepIndex
	if mode != lookupNone && (len(t.rewrites) > 0 || len(t.lookups) > 0) {
		if deeper, err = c.indexDeeper(ctx, sp, u.outputLevel, mode); err != nil {
			return err
		}
	}
	for _, group := range t.rewrites {
		// Only groups with level-0 files are looked up
		// (LookupMergeTreeCompactRewriter.rewriteLookupChangelog): the
		// records of deeper levels have no older version below them.
		var look *deepIndex
		for _, f := range group {
			if f.meta.Level == 0 {
				look = deeper
			}
		}
		if err := c.rewritePK(ctx, sp, group, u.outputLevel, maxLevel, dropDelete, look, res); err != nil {
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
		if c.changelog.producer == producerFull && u.outputLevel == maxLevel {
			if err := c.upgradeChangelog(ctx, sp, f.meta, u.outputLevel, maxLevel, res); err != nil {
				return err
			}
		}
		up := f.meta
		up.Level = u.outputLevel
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
	var lookup read.RecordsLookupFunc
	if deeper != nil && deeper.mode == lookupMerge {
		lookup = func(key []any, in read.KeyRecords) ([]mergefunc.KeyValue, error) {
			for _, l := range in.Levels {
				if l > 0 {
					return nil, nil
				}
			}
			return deeper.take(key, res)
		}
	}
	err = read.MergeKeyValuesRecords(ctx, sp, c.sch, metas, lookup, func(kv mergefunc.KeyValue, ok bool, in read.KeyRecords) error {
		var before *mergefunc.KeyValue // found below, for the changelog
		if deeper != nil {
			switch deeper.mode {
			case lookupDeduplicate:
				var err error
				if cw != nil {
					if before, err = deeper.newest(kv.Key); err != nil {
						return err
					}
				}
				if err := deeper.shadow(kv.Key, res); err != nil {
					return err
				}
			case lookupFirstRow:
				found, err := deeper.contains(kv.Key)
				if err != nil {
					return err
				}
				if found {
					return nil // the deeper row stays first
				}
			}
		}
		if cw != nil {
			var changes []mergefunc.KeyValue
			switch {
			case c.changelog.producer == producerFull:
				changes = c.changelog.fullChange(kv, ok, in, maxLevel)
			case c.engine.KeepsFirstRow():
				changes = firstRowChange(kv, ok, in)
			default:
				changes = c.changelog.lookupChange(kv, ok, in, before)
			}
			if err := writeChanges(ctx, cw, changes); err != nil {
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
