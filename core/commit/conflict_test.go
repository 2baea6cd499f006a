package commit

import (
	"context"
	"errors"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

func expectConflict(t *testing.T, c *Committer, cm Request) {
	t.Helper()
	tbl := c.t
	prev := latest(t, tbl)
	_, err := c.Commit(context.Background(), cm)
	var conflict *ConflictError
	if !errors.As(err, &conflict) {
		t.Fatalf("want a conflict, got %v", err)
	}
	if latest(t, tbl).ID != prev.ID {
		t.Fatal("a conflicting commit wrote a snapshot")
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("a conflicting commit left files behind: %v", orphans)
	}
}

// Deleting a file that another commit deleted first fails cleanly.
func TestDeleteOfDeletedFileConflicts(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	victim := anyFile(t, live(t, tbl), nil).entry
	victim.Kind = spec.FileDelete

	// A row-level change that removes a file commits as OVERWRITE.
	s := mustCommit(t, committer(t, tbl, "first", nil), appendCommit(victim))
	if s.CommitKind != spec.KindOverwrite || *s.DeltaRecordCount != -victim.File.RowCount {
		t.Fatalf("first delete: %+v", s)
	}
	expectConflict(t, committer(t, tbl, "second", nil), appendCommit(victim))
}

// Adding a file that is live already fails when appends are checked.
func TestDoubleAddConflicts(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	again := anyFile(t, live(t, tbl), nil).entry
	cm := appendCommit(again)
	cm.CheckAppendConflicts = true
	expectConflict(t, committer(t, tbl, "u", nil), cm)

	// Adding and deleting the same file in one commit is refused as well.
	tbl2, _ := copyFixture(t, pkDV)
	added := copyDataFile(t, tbl2, anyFile(t, live(t, tbl2), nil), "data-go-twice-0.parquet")
	expectConflict(t, committer(t, tbl2, "u", nil), Request{Identifier: 1, Compact: Changes{Files: []spec.ManifestEntry{added, added}}})
}

// Files of one level of a bucket must not overlap in their keys.
func TestKeyRangeConflict(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	src := anyFile(t, live(t, tbl), func(f liveFile) bool { return f.entry.File.Level == 5 })
	overlapping := copyDataFile(t, tbl, src, "data-go-overlap-0.parquet")
	overlapping.File.Level = 5
	expectConflict(t, committer(t, tbl, "u", nil), Request{Identifier: 1, Compact: Changes{Files: []spec.ManifestEntry{overlapping}}})

	// On a free level the same file is fine.
	overlapping.File.Level = 2
	mustCommit(t, committer(t, tbl, "u", nil), Request{Identifier: 1, Compact: Changes{Files: []spec.ManifestEntry{overlapping}}})
	checkIntegrity(t, tbl)
}

// A partition keeps its bucket count unless overwritten.
func TestBucketCountConflict(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	src := anyFile(t, live(t, tbl), nil)
	rescaled := copyDataFile(t, tbl, src, "data-go-rescale-0.parquet")
	rescaled.TotalBuckets = 4
	cm := appendCommit(rescaled)
	cm.CheckAppendConflicts = true
	expectConflict(t, committer(t, tbl, "u", nil), cm)

	// An overwrite of the partition may rescale it.
	cm.CheckAppendConflicts = false
	cm.Overwrite = &Overwrite{Mode: OverwriteDynamic}
	mustCommit(t, committer(t, tbl, "u", nil), cm)
	checkIntegrity(t, tbl)
}

// On an unpartitioned table a DELETE may leave the partition nil: it still
// matches the entry Java wrote with the empty partition row.
func TestDeleteOnUnpartitionedTable(t *testing.T) {
	tbl, _ := copyFixture(t, globalIndex)
	victim := anyFile(t, live(t, tbl), nil).entry
	victim.Kind = spec.FileDelete
	victim.Partition = nil
	s := mustCommit(t, committer(t, tbl, "u", nil), appendCommit(victim))
	if s.CommitKind != spec.KindOverwrite || len(live(t, tbl)) != 0 || *s.TotalRecordCount != 0 {
		t.Fatalf("delete on an unpartitioned table: %+v", s)
	}
	checkIntegrity(t, tbl)
}
