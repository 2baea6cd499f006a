package commit

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// liveIndex reads the latest snapshot's index manifest.
func liveIndex(t *testing.T, tbl *table.Table) []spec.IndexManifestEntry {
	t.Helper()
	s := latest(t, tbl)
	if s.IndexManifest == nil {
		return nil
	}
	entries, err := scan.ReadIndexManifest(context.Background(), tbl, *s.IndexManifest)
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// replaceDV copies the index file of old to name and returns the changes
// that replace old with it: what a DELETE or a compaction of the bucket
// commits.
func replaceDV(t *testing.T, tbl *table.Table, old spec.IndexManifestEntry, name string) []spec.IndexManifestEntry {
	t.Helper()
	ctx := context.Background()
	data, err := tbl.FS.ReadFile(ctx, tbl.IndexPath(old.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if err := tbl.FS.Write(ctx, tbl.IndexPath(name), data); err != nil {
		t.Fatal(err)
	}
	del, add := old, old
	del.Kind = spec.FileDelete
	add.Kind, add.FileName = spec.FileAdd, name
	return []spec.IndexManifestEntry{del, add}
}

// Two committers replacing the deletion-vector index file of the same
// bucket at the same time: one wins, the other gets a ConflictError naming
// the bucket and leaves nothing behind, so no deletion vector is lost.
func TestConcurrentDVReplaceConflicts(t *testing.T) {
	for _, kind := range []string{"append", "compact"} {
		t.Run(kind, func(t *testing.T) {
			tbl, wh := copyFixture(t, pkDV)
			var old spec.IndexManifestEntry
			for _, e := range liveIndex(t, tbl) {
				if e.IndexType == scan.IndexDeletionVectors {
					old = e
					break
				}
			}
			if old.FileName == "" {
				t.Fatal("fixture has no deletion-vector index file")
			}
			prev := latest(t, tbl)
			const users = 2
			changes := make([][]spec.IndexManifestEntry, users)
			cs := make([]*Committer, users)
			for u := range users {
				changes[u] = replaceDV(t, tbl, old, fmt.Sprintf("index-go-race-%d", u))
				cs[u] = committer(t, openTable(t, wh, pkDV), fmt.Sprintf("user-%d", u), nil)
			}
			errs := make([]error, users)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for u := range users {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					cm := Request{Identifier: BatchIdentifier, Append: Changes{Index: changes[u]}}
					if kind == "compact" {
						cm = Request{Identifier: BatchIdentifier, Compact: Changes{Index: changes[u]}}
					}
					_, errs[u] = cs[u].Commit(context.Background(), cm)
				}()
			}
			close(start)
			wg.Wait()

			winner, loser := -1, -1
			for u, err := range errs {
				var conflict *ConflictError
				switch {
				case err == nil:
					winner = u
				case errors.As(err, &conflict):
					loser = u
					if conflict.Index == nil || conflict.Index.Bucket != old.Bucket || conflict.Index.IndexType != scan.IndexDeletionVectors || conflict.Index.Partition == "" {
						t.Errorf("conflict does not name the bucket: %+v", conflict.Index)
					}
					t.Logf("loser: %v (%s)", err, conflict.Index.Describe())
				default:
					t.Fatalf("user %d: %v", u, err)
				}
			}
			if winner < 0 || loser < 0 {
				t.Fatalf("want one winner and one conflict, got %v", errs)
			}
			if s := latest(t, tbl); s.ID != prev.ID+1 {
				t.Fatalf("latest snapshot %d, want %d", s.ID, prev.ID+1)
			}
			var got []string
			for _, e := range liveIndex(t, tbl) {
				if e.IndexType == old.IndexType && e.Bucket == old.Bucket && string(e.Partition) == string(old.Partition) {
					got = append(got, e.FileName)
				}
			}
			if want := changes[winner][1].FileName; len(got) != 1 || got[0] != want {
				t.Fatalf("bucket's index files %v, want [%s]", got, want)
			}
			if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
				t.Fatalf("the conflicting commit left files behind: %v", orphans)
			}

			// Committing the loser's change again, on top of the winner's
			// snapshot, still conflicts: its DELETE names a replaced file.
			expectConflict(t, committer(t, tbl, "again", nil), Request{Identifier: BatchIdentifier, Append: Changes{Index: changes[loser]}})
			// An ADD alone for the bucket would overwrite the winner's file.
			expectConflict(t, committer(t, tbl, "again", nil), Request{Identifier: BatchIdentifier, Append: Changes{Index: changes[loser][1:]}})
			// Replacing the live file works.
			fresh := replaceDV(t, tbl, liveIndexAt(t, tbl, old), "index-go-race-after")
			mustCommit(t, committer(t, tbl, "after", nil), Request{Identifier: BatchIdentifier, Append: Changes{Index: fresh}})
			checkIntegrity(t, tbl)
		})
	}
}

// liveIndexAt is the live index entry of old's partition, bucket and type.
func liveIndexAt(t *testing.T, tbl *table.Table, old spec.IndexManifestEntry) spec.IndexManifestEntry {
	t.Helper()
	for _, e := range liveIndex(t, tbl) {
		if e.IndexType == old.IndexType && e.Bucket == old.Bucket && string(e.Partition) == string(old.Partition) {
			return e
		}
	}
	t.Fatalf("no live index file for bucket %d", old.Bucket)
	return spec.IndexManifestEntry{}
}
