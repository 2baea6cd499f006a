package commit

import (
	"context"
	"fmt"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

func metaNames(metas []spec.ManifestFileMeta) []string {
	out := make([]string, len(metas))
	for i, m := range metas {
		out[i] = m.FileName
	}
	return out
}

func readList(t *testing.T, tbl *table.Table, name string) []spec.ManifestFileMeta {
	t.Helper()
	metas, err := scan.ReadManifestList(context.Background(), tbl, name)
	if err != nil {
		t.Fatal(err)
	}
	return metas
}

func readEntries(t *testing.T, tbl *table.Table, metas []spec.ManifestFileMeta) []spec.ManifestEntry {
	t.Helper()
	var out []spec.ManifestEntry
	for _, m := range metas {
		entries, err := scan.ReadManifest(context.Background(), tbl, m.FileName)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, entries...)
	}
	return out
}

// Over 40 small commits the base list follows ManifestFileMerger's minor
// compaction: the rows of the previous base and delta lists are reused
// unchanged while there are fewer than manifest.merge-min-count (30) of
// them; at 30 they are merged into one manifest of the live files.
func TestManifestMergeMinCount(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	c := committer(t, tbl, "merger", nil)
	src := anyFile(t, live(t, tbl), nil)
	merges := 0
	for i := range 40 {
		prev := latest(t, tbl)
		input := append(readList(t, tbl, prev.BaseManifestList), readList(t, tbl, prev.DeltaManifestList)...)
		liveBefore := len(live(t, tbl))
		s := mustCommit(t, c, appendCommit(copyDataFile(t, tbl, src, fileName("data-go-merge", i))))
		base := readList(t, tbl, s.BaseManifestList)
		if len(input) < 30 {
			if fmt.Sprint(metaNames(base)) != fmt.Sprint(metaNames(input)) {
				t.Fatalf("commit %d: %d manifests should be reused as they are:\n got %v\nwant %v", i, len(input), metaNames(base), metaNames(input))
			}
			continue
		}
		merges++
		if len(base) != 1 || base[0].NumDeletedFiles != 0 || base[0].NumAddedFiles != int64(liveBefore) {
			t.Fatalf("commit %d: %d manifests should merge into one of %d files, got %+v", i, len(input), liveBefore, base)
		}
		for _, e := range readEntries(t, tbl, base) {
			if e.Kind != spec.FileAdd {
				t.Fatalf("merged manifest keeps %s %s", e.Kind, e.File.FileName)
			}
		}
	}
	if merges == 0 {
		t.Fatal("40 commits never reached merge-min-count")
	}
	if got := len(live(t, tbl)); got != 4+40 {
		t.Fatalf("%d live files after the merges, want 44", got)
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphans: %v", orphans)
	}
}

// Full compaction (here forced by a tiny threshold) rewrites the small
// manifests without DELETE entries and without the ADDs they cancel.
func TestManifestFullCompaction(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	c := committer(t, tbl, "compactor", map[string]string{"manifest.full-compaction-threshold-size": "1 b"})
	files := live(t, tbl)
	victim := anyFile(t, files, nil).entry
	victim.Kind = spec.FileDelete
	mustCommit(t, c, appendCommit(victim))
	s := mustCommit(t, c, appendCommit(copyDataFile(t, tbl, anyFile(t, live(t, tbl), nil), "data-go-full-0.parquet")))

	base := readEntries(t, tbl, readList(t, tbl, s.BaseManifestList))
	if len(base) != len(files)-1 {
		t.Fatalf("base holds %d entries, want the %d live files", len(base), len(files)-1)
	}
	for _, e := range base {
		if e.Kind != spec.FileAdd || e.File.FileName == victim.File.FileName {
			t.Fatalf("full compaction kept %s %s", e.Kind, e.File.FileName)
		}
	}
	if got := len(live(t, tbl)); got != len(files) {
		t.Fatalf("%d live files, want %d", got, len(files))
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphans: %v", orphans)
	}
}

// Delta manifests roll at manifest.target-file-size, checked every 1000
// entries as Java's rolling writer does.
func TestManifestRolling(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	c := committer(t, tbl, "roller", map[string]string{"manifest.target-file-size": "1 kb"})
	src := anyFile(t, live(t, tbl), nil)
	var entries []spec.ManifestEntry
	for i := range 2500 {
		e := src.entry
		e.File.FileName = fileName("data-go-roll", i)
		e.File.Level = 0
		entries = append(entries, e)
		// A commit checks that its files exist.
		if err := tbl.FS.Write(context.Background(), src.dir+"/"+e.File.FileName, nil); err != nil {
			t.Fatal(err)
		}
	}
	s := mustCommit(t, c, appendCommit(entries...))
	delta := readList(t, tbl, s.DeltaManifestList)
	var counts []int64
	for _, m := range delta {
		counts = append(counts, m.NumAddedFiles)
	}
	if fmt.Sprint(counts) != "[1000 1000 500]" {
		t.Fatalf("delta manifests hold %v entries", counts)
	}
	if got := readEntries(t, tbl, delta); len(got) != 2500 || got[1234].File.FileName != entries[1234].File.FileName {
		t.Fatal("rolled manifests do not hold the entries in order")
	}
}
