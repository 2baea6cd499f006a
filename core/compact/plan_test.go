package compact

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

var intKey = []types.DataType{{Kind: types.Int}}

// mk is a file on level with size and key range [lo, hi].
func mk(name string, level int32, size int64, lo, hi int32) file {
	zero := int64(0)
	return file{meta: spec.DataFileMeta{FileName: name, Level: level, FileSize: size, DeleteRowCount: &zero}, minKey: []any{lo}, maxKey: []any{hi}}
}

func names(fs []file) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.meta.FileName)
	}
	return strings.Join(out, ",")
}

func runsOfFiles(files ...file) []sortedRun {
	runs, err := levelRuns(files, 6, intKey)
	if err != nil {
		panic(err)
	}
	return runs
}

// Universal compaction's three triggers, as UniversalCompactionTest checks them.
func TestUniversalPick(t *testing.T) {
	u := universal{maxSizeAmp: 200, sizeRatio: 1, trigger: 3}
	// Below the trigger nothing is picked.
	if un := u.pick(6, runsOfFiles(mk("a", 0, 1, 0, 1), mk("b", 5, 100, 0, 1))); un != nil {
		t.Errorf("2 runs < trigger 3: picked %s", names(un.files))
	}
	// Size amplification: the newer runs outweigh twice the oldest: all to the max level.
	un := u.pick(6, runsOfFiles(mk("a", 0, 50, 0, 1), mk("b", 0, 60, 0, 1), mk("c", 5, 40, 0, 1)))
	if un == nil || un.outputLevel != 5 || len(un.files) != 3 {
		t.Fatalf("size amplification: %+v", un)
	}
	// Size ratio: 1 and 1 join, 100 is too large: output just above level 4's run.
	un = u.pick(6, runsOfFiles(mk("a", 0, 1, 0, 1), mk("b", 0, 1, 0, 1), mk("c", 4, 100, 0, 1), mk("d", 5, 1000, 0, 1)))
	if un == nil || un.outputLevel != 3 || names(un.files) != "a,b" {
		t.Fatalf("size ratio: %+v", un)
	}
	// Level-0 output is avoided: the next non-zero level is taken in.
	un = createUnit(runsOfFiles(mk("a", 0, 1, 0, 1), mk("b", 0, 1, 0, 1), mk("c", 1, 100, 0, 1), mk("d", 5, 1000, 0, 1)), 5, 1)
	if un.outputLevel != 1 || names(un.files) != "a,b,c" {
		t.Fatalf("createUnit avoiding level 0: %d %s", un.outputLevel, names(un.files))
	}
	// File number: more runs than the trigger force a pick even against the ratio.
	u = universal{maxSizeAmp: 1 << 30, sizeRatio: 0, trigger: 2}
	un = u.pick(6, runsOfFiles(mk("a", 0, 1, 0, 1), mk("b", 0, 10, 0, 1), mk("c", 0, 100, 0, 1), mk("d", 5, 1000, 0, 1)))
	if un == nil || names(un.files) != "a,b,c" || un.outputLevel != 4 {
		t.Fatalf("file number: %+v", un)
	}
}

// Level 0 is ordered newest first by max sequence number.
func TestLevelRunsOrder(t *testing.T) {
	a, b := mk("a", 0, 1, 0, 1), mk("b", 0, 1, 0, 1)
	a.meta.MaxSequenceNumber, b.meta.MaxSequenceNumber = 5, 9
	runs := runsOfFiles(a, b, mk("y", 3, 1, 5, 6), mk("x", 3, 1, 0, 1))
	var got []string
	for _, r := range runs {
		got = append(got, fmt.Sprintf("L%d:%s", r.level, names(r.files)))
	}
	if strings.Join(got, " ") != "L0:b L0:a L3:x,y" {
		t.Fatalf("runs %v", got)
	}
	if _, err := levelRuns([]file{mk("z", 7, 1, 0, 1)}, 6, intKey); err == nil {
		t.Fatal("a file above the last level was accepted")
	}
}

// The number of levels comes from the user ('num-levels', or the trigger
// + 1): 2^31 levels used to loop forever on an int32 level counter.
func TestLevelRunsDoNotWalkEveryLevel(t *testing.T) {
	done := make(chan []sortedRun, 1)
	go func() {
		runs, _ := levelRuns([]file{mk("a", 0, 1, 0, 1), mk("b", 2, 1, 0, 1)}, 1<<31, intKey)
		done <- runs
	}()
	select {
	case runs := <-done:
		if len(runs) != 2 || runs[1].level != 2 {
			t.Fatalf("runs %+v", runs)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("levelRuns with 2^31 levels has not returned after 5 s")
	}
}

// pickFull: a single max-level run is only touched for deletion vectors.
func TestPickFull(t *testing.T) {
	noDV := func(string) bool { return false }
	if un := pickFull(6, runsOfFiles(mk("a", 5, 1, 0, 1), mk("b", 5, 1, 2, 3)), noDV, false); un != nil {
		t.Errorf("max-level run without DVs: picked %s", names(un.files))
	}
	un := pickFull(6, runsOfFiles(mk("a", 5, 1, 0, 1), mk("b", 5, 1, 2, 3)), func(n string) bool { return n == "b" }, false)
	if un == nil || names(un.files) != "b" {
		t.Errorf("DV file: %+v", un)
	}
	un = pickFull(6, runsOfFiles(mk("a", 0, 1, 0, 1), mk("b", 5, 1, 2, 3)), noDV, false)
	if un == nil || un.outputLevel != 5 || len(un.files) != 2 {
		t.Errorf("two runs: %+v", un)
	}
}

// MergeTreeCompactTask's rules: overlapping runs merge, small files join
// their neighbours, large non-overlapping files are upgraded unless they
// hold retractions bound for the max level or a deletion vector.
func TestPlanTask(t *testing.T) {
	rules := taskRules{outputLevel: 5, maxLevel: 5, minFileSize: 10, hasDV: func(n string) bool { return n == "dv" }, keyTypes: intKey}
	plan := func(files ...file) string {
		tk := planTask(&unit{outputLevel: 5, files: files}, rules)
		var parts []string
		for _, g := range tk.rewrites {
			parts = append(parts, "rewrite("+names(g)+")")
		}
		if len(tk.upgrades) > 0 {
			parts = append(parts, "upgrade("+names(tk.upgrades)+")")
		}
		return strings.Join(parts, " ")
	}
	withDeletes := mk("del", 0, 100, 50, 60)
	three := int64(3)
	withDeletes.meta.DeleteRowCount = &three
	for _, c := range []struct {
		files []file
		want  string
	}{
		{[]file{mk("a", 0, 100, 0, 10), mk("b", 0, 100, 5, 15), mk("c", 0, 100, 20, 30)}, "rewrite(a,b) upgrade(c)"},
		{[]file{mk("a", 0, 1, 0, 10), mk("b", 0, 1, 20, 30)}, "rewrite(a,b)"},
		{[]file{mk("a", 0, 1, 0, 10)}, "upgrade(a)"},
		{[]file{mk("big", 0, 100, 0, 10), withDeletes}, "rewrite(del) upgrade(big)"},
		{[]file{mk("dv", 3, 100, 0, 10), mk("x", 5, 100, 20, 30)}, "rewrite(dv)"},
		{[]file{mk("s", 0, 1, 0, 10), mk("big", 0, 100, 20, 30), mk("t", 0, 1, 40, 50)}, "upgrade(s,big,t)"},
		{[]file{mk("s", 0, 1, 0, 10), mk("u", 0, 1, 11, 12), mk("big", 0, 100, 20, 30)}, "rewrite(s,u) upgrade(big)"},
	} {
		if got := plan(c.files...); got != c.want {
			t.Errorf("%s: got %s, want %s", names(c.files), got, c.want)
		}
	}
}

func TestAppendPicks(t *testing.T) {
	f := func(name string, size int64) spec.DataFileMeta {
		return spec.DataFileMeta{FileName: name, FileSize: size}
	}
	files := []spec.DataFileMeta{f("big", 100), f("a", 1), f("b", 1), f("c", 1)}
	if g := pickCompactBefore(files, 3, 50); g == nil || len(g) != 3 || g[0].FileName != "a" {
		t.Errorf("sliding window skips the large file: %v", g)
	}
	if g := pickCompactBefore(files, 5, 50); g != nil {
		t.Errorf("too few files: %v", g)
	}
	noDV := func(string) bool { return false }
	if g := bucketedFull(files, 50, noDV, false); len(g) != 1 || len(g[0]) != 3 {
		t.Errorf("full: leading large file stays: %v", g)
	}
	if g := bucketedFull(files[:2], 50, noDV, false); g != nil {
		t.Errorf("full with 2 files: %v", g)
	}
	if g := bucketedFull(files[:2], 50, noDV, true); len(g) != 1 || len(g[0]) != 1 {
		t.Errorf("full with deletion vectors enabled always rewrites: %v", g)
	}
}

func TestParsePartitions(t *testing.T) {
	ps, err := ParsePartitions("dt=2024-01-01,hr=1; dt=2024-01-02 ;")
	if err != nil || len(ps) != 2 || ps[0]["hr"] != "1" || ps[1]["dt"] != "2024-01-02" {
		t.Fatalf("%v %v", ps, err)
	}
	for _, bad := range []string{"", ";", "dt", "=1"} {
		if _, err := ParsePartitions(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
