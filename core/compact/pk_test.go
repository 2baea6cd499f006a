package compact

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// What a task does with a file it merges with no other, rule by rule
// (MergeTreeCompactTask.upgrade and the rewriters' upgradeStrategy).
func TestPlacement(t *testing.T) {
	withDeletes := mk("del", 0, 100, 0, 1)
	three := int64(3)
	withDeletes.meta.DeleteRowCount = &three
	unknownDeletes := mk("old", 0, 100, 0, 1)
	unknownDeletes.meta.DeleteRowCount = nil // files of Paimon before 0.9 do not say
	dv := func(n string) bool { return n == "dv" }
	toMax := taskRules{outputLevel: 5, maxLevel: 5, hasDV: dv}
	toMiddle := taskRules{outputLevel: 3, maxLevel: 5, hasDV: dv}
	forced := toMax
	forced.force = true
	lookup := toMax
	lookup.lookup = true
	lookupRewrite := lookup
	lookupRewrite.rewriteLookup = true
	formatChange := toMax
	formatChange.formatChange = true
	for _, c := range []struct {
		name  string
		rules taskRules
		f     file
		want  placement
	}{
		{"on the output level", toMax, mk("a", 5, 100, 0, 1), placeKeep},
		{"on the output level, forced", forced, mk("a", 5, 100, 0, 1), placeRewrite},
		{"on the output level, deletion vector", toMax, mk("dv", 5, 100, 0, 1), placeRewrite},
		{"level 0 without deletes to the max level", toMax, mk("a", 0, 100, 0, 1), placeUpgrade},
		{"retractions to the max level", toMax, withDeletes, placeRewrite},
		{"unknown delete count to the max level", toMax, unknownDeletes, placeRewrite},
		{"retractions to a middle level", toMiddle, withDeletes, placeUpgrade},
		{"deletion vector to a middle level", toMiddle, mk("dv", 1, 100, 0, 1), placeRewrite},
		{"forced to the max level", forced, mk("a", 2, 100, 0, 1), placeRewrite},
		{"lookup, level 0 without deletes", lookup, mk("a", 0, 100, 0, 1), placeUpgradeLookup},
		{"lookup, level 0 with retractions", lookup, withDeletes, placeRewrite},
		{"lookup that merges the deeper version", lookupRewrite, mk("a", 0, 100, 0, 1), placeRewrite},
		{"lookup, level 2", lookup, mk("a", 2, 100, 0, 1), placeUpgrade},
		{"level 0 in another format than the output level", formatChange, mk("a", 0, 100, 0, 1), placeRewrite},
		{"level 1 in another format", formatChange, mk("a", 1, 100, 0, 1), placeUpgrade},
	} {
		if got := c.rules.placement(c.f); got != c.want {
			t.Errorf("%s: placement %d, want %d", c.name, got, c.want)
		}
	}
}

// Lookup tables upgrade a level-0 file and look its keys up; the lookups
// are a subset of the upgrades, and a lone small file is placed as a
// large one is.
func TestPlanTaskLookups(t *testing.T) {
	rules := taskRules{outputLevel: 5, maxLevel: 5, minFileSize: 10, hasDV: func(string) bool { return false }, keyTypes: intKey, lookup: true}
	tk := planTask(&unit{outputLevel: 5, files: []file{mk("small", 0, 1, 0, 10), mk("big", 0, 100, 20, 30)}}, rules)
	if len(tk.rewrites) != 0 || names(tk.upgrades) != "small,big" || names(tk.lookups) != "small,big" {
		t.Fatalf("rewrites %v, upgrades %s, lookups %s", tk.rewrites, names(tk.upgrades), names(tk.lookups))
	}
}

// Retractions are dropped when nothing older lies below the output, or
// when deletion vectors mark what they retract; never on level 0.
func TestDropsRetractions(t *testing.T) {
	for _, c := range []struct {
		output, highest int32
		dv, want        bool
	}{
		{5, 5, false, true},
		{3, 5, false, false},
		{3, 5, true, true},
		{0, 0, false, false},
		{0, 0, true, false},
	} {
		if got := dropsRetractions(c.output, c.highest, c.dv); got != c.want {
			t.Errorf("output %d, highest %d, dv %v: %v, want %v", c.output, c.highest, c.dv, got, c.want)
		}
	}
}

// The key ranges come from the files' BinaryRow min and max keys; a
// damaged one names its file.
func TestWithKeyRanges(t *testing.T) {
	key := func(v int32) []byte {
		b, err := binrow.Serialize([]any{v}, intKey)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	metas := []spec.DataFileMeta{
		{FileName: "a", Level: 0, MinKey: key(1), MaxKey: key(9)},
		{FileName: "b", Level: 3, MinKey: key(-4), MaxKey: key(2)},
	}
	files, highest, err := withKeyRanges(metas, intKey)
	if err != nil {
		t.Fatal(err)
	}
	if highest != 3 || len(files) != 2 || files[0].minKey[0] != int32(1) || files[0].maxKey[0] != int32(9) || files[1].minKey[0] != int32(-4) {
		t.Fatalf("highest %d, files %+v", highest, files)
	}
	if _, highest, _ := withKeyRanges(nil, intKey); highest != -1 {
		t.Errorf("no files: highest %d, want -1", highest)
	}
	metas[1].MaxKey = []byte{1, 2}
	if _, _, err := withKeyRanges(metas, intKey); err == nil || !strings.Contains(err.Error(), "max key of b") {
		t.Fatalf("damaged key: %v", err)
	}
}

// pickUnit: a full compaction takes every run and looks nothing up; a
// minor one takes what universal compaction picks, with the table's
// lookup mode, and nothing when the unit would change nothing.
func TestPickUnit(t *testing.T) {
	compactor := func(full, forceUp bool, opts options.Options) *compactor {
		engine, err := mergefunc.NewEngine(opts)
		if err != nil {
			t.Fatal(err)
		}
		return &compactor{full: full, forceUpLevel0: forceUp, opts: opts, engine: engine, pk: true, dv: true, keyTypes: intKey}
	}
	noDV := func(string) bool { return false }
	runs := runsOfFiles(mk("a", 0, 1, 0, 1), mk("b", 5, 100, 0, 1))

	u, mode, err := compactor(true, false, options.Options{}).pickUnit(6, runs, noDV, false)
	if err != nil || u == nil || u.outputLevel != 5 || names(u.files) != "a,b" || mode != lookupNone {
		t.Fatalf("full: %+v %d %v", u, mode, err)
	}
	// Two runs are below universal compaction's trigger (5 by default).
	if u, _, err := compactor(false, false, options.Options{}).pickUnit(6, runs, noDV, false); err != nil || u != nil {
		t.Fatalf("minor below the trigger: %+v %v", u, err)
	}
	// Forced up, level 0 goes to the level above the next run; a
	// deduplicate table with deletion vectors marks what it supersedes.
	u, mode, err = compactor(false, true, options.Options{}).pickUnit(6, runs, noDV, false)
	if err != nil || u == nil || names(u.files) != "a" || u.outputLevel != 4 || mode != lookupDeduplicate {
		t.Fatalf("forced up: %+v %d %v", u, mode, err)
	}
	firstRow := options.Options{options.MergeEngine.Key: "first-row"}
	if _, mode, _ := compactor(false, true, firstRow).pickUnit(6, runs, noDV, false); mode != lookupFirstRow {
		t.Errorf("first-row: mode %d", mode)
	}
	// A single file already on the output level is no unit.
	one := runsOfFiles(mk("a", 5, 1, 0, 1))
	if u, _, err := compactor(false, true, options.Options{}).pickUnit(6, one, noDV, false); err != nil || u != nil {
		t.Fatalf("one max-level file: %+v %v", u, err)
	}
	bad := options.Options{options.CompactionSizeRatio.Key: "x"}
	if _, _, err := compactor(false, false, bad).pickUnit(6, runs, noDV, false); err == nil {
		t.Fatal("an unreadable compaction.size-ratio was accepted")
	}
}

// taskRules turns the table's options into planTask's inputs: the small
// file threshold (70% of the target file size), lookups, and the format
// change between level 0 and the output level of a lookup rewriter.
func TestTaskRules(t *testing.T) {
	c := &compactor{pk: true, keyTypes: intKey, opts: options.Options{
		options.TargetFileSize.Key:     "100 b",
		options.FileFormatPerLevel.Key: "0:avro",
	}}
	var err error
	if c.engine, err = mergefunc.NewEngine(c.opts); err != nil {
		t.Fatal(err)
	}
	r, err := c.taskRules(5, 5, lookupDeduplicate, func(string) bool { return false }, false)
	if err != nil {
		t.Fatal(err)
	}
	if r.minFileSize != 70 || !r.lookup || r.rewriteLookup || r.outputLevel != 5 || r.maxLevel != 5 {
		t.Errorf("deduplicate lookup: %+v", r)
	}
	if r.formatChange {
		t.Error("formatChange without a lookup rewriter")
	}
	c.opts[options.DeletionVectorsEnabled.Key] = "true"
	if c.engine, err = mergefunc.NewEngine(c.opts); err != nil {
		t.Fatal(err)
	}
	if r, err = c.taskRules(5, 5, lookupMerge, func(string) bool { return false }, false); err != nil {
		t.Fatal(err)
	}
	if !r.rewriteLookup || !r.formatChange {
		t.Errorf("merge lookup with level 0 in Avro: %+v", r)
	}
	c.changelog.producer = producerLookup
	if r, err = c.taskRules(5, 5, lookupNone, func(string) bool { return false }, false); err != nil {
		t.Fatal(err)
	}
	if !r.lookup || !r.rewriteLookup {
		t.Errorf("changelog-producer lookup: %+v", r)
	}
}

// Without a deeper index (no lookup) a rewrite neither looks keys up nor
// drops or marks anything.
func TestNoDeeperIndex(t *testing.T) {
	var d *deepIndex
	if d.mergeLookup(nil) != nil {
		t.Error("a lookup without an index")
	}
	before, drop, err := d.settle([]any{int32(1)}, nil, true)
	if before != nil || drop || err != nil {
		t.Errorf("settle without an index: %v %v %v", before, drop, err)
	}
	// A deduplicate index merges nothing into the output.
	if (&deepIndex{mode: lookupDeduplicate}).mergeLookup(nil) != nil {
		t.Error("a merge lookup on a deduplicate index")
	}
	var in read.KeyRecords
	in.Levels = []int32{0, 2}
	if got, err := (&deepIndex{mode: lookupMerge}).mergeLookup(nil)([]any{int32(1)}, in); got != nil || err != nil {
		t.Errorf("a key with a record above level 0 was looked up: %v %v", got, err)
	}
}
