package commit

import (
	"context"
	"strings"
	"testing"
)

// Catches (issue 25, item 1): a commit that publishes a snapshot naming a
// data file that is gone — deleted by orphan-file cleanup in another
// process while the write was under way —, acknowledging rows no scan can
// read.
func TestCommitRefusesFilesThatAreGone(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	src := anyFile(t, live(t, tbl), nil)
	before := latest(t, tbl)
	c := committer(t, tbl, "writer", nil)
	kept := copyDataFile(t, tbl, src, "data-go-kept-0.parquet")
	gone := copyDataFile(t, tbl, src, "data-go-gone-0.parquet")
	if err := tbl.FS.Delete(ctx, src.dir+"/"+gone.File.FileName); err != nil {
		t.Fatal(err)
	}
	_, err := c.Commit(ctx, appendCommit(kept, gone))
	if err == nil || !strings.Contains(err.Error(), "data-go-gone-0.parquet of the commit is gone") {
		t.Fatalf("commit of a deleted file: %v", err)
	}
	if OutcomeUnknown(err) {
		t.Errorf("the outcome is known: nothing was published, but %v", err)
	}
	if after := latest(t, tbl); after.ID != before.ID {
		t.Fatalf("snapshot %d was published", after.ID)
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Errorf("the failed commit left its manifests: %v", orphans)
	}
	// With the file there, the same commit goes through.
	s := mustCommit(t, c, appendCommit(kept))
	if s.ID != before.ID+1 {
		t.Fatalf("snapshot %d, want %d", s.ID, before.ID+1)
	}
}
