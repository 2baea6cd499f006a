package commit

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Catches: a manifest compaction that changes the live files, keeps
// several small manifests, loses the previous snapshot's index manifest or
// record count, or commits again when there is nothing to merge.
func TestCompactManifests(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	ctx := context.Background()
	src := anyFile(t, live(t, tbl), nil)
	w := committer(t, tbl, "writer", nil)
	for i := range 4 {
		mustCommit(t, w, appendCommit(copyDataFile(t, tbl, src, fileName("data-cm", i))))
	}
	before := latest(t, tbl)
	liveBefore := sortedNames(live(t, tbl))
	metasBefore, err := w.dataManifests(ctx, before)
	if err != nil {
		t.Fatal(err)
	}

	c := committer(t, tbl, "Compact-Manifest-Procedure-Committer_x", nil)
	snap, err := c.CompactManifests(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if snap == nil || snap.ID != before.ID+1 || snap.CommitKind != spec.KindCompact || snap.CommitIdentifier != BatchIdentifier {
		t.Fatalf("snapshot %+v after %d", snap, before.ID)
	}
	if *snap.TotalRecordCount != *before.TotalRecordCount || *snap.DeltaRecordCount != 0 || snap.SchemaID != before.SchemaID {
		t.Errorf("records %d (was %d), delta %d, schema %d (was %d)", *snap.TotalRecordCount, *before.TotalRecordCount, *snap.DeltaRecordCount, snap.SchemaID, before.SchemaID)
	}
	if (snap.IndexManifest == nil) != (before.IndexManifest == nil) || (snap.IndexManifest != nil && *snap.IndexManifest != *before.IndexManifest) {
		t.Errorf("index manifest %v, was %v", snap.IndexManifest, before.IndexManifest)
	}
	if got := sortedNames(live(t, tbl)); fmt.Sprint(got) != fmt.Sprint(liveBefore) {
		t.Errorf("live files changed:\n%v\n%v", got, liveBefore)
	}
	delta, err := scan.ReadManifestList(ctx, tbl, snap.DeltaManifestList)
	if err != nil || len(delta) != 0 {
		t.Errorf("delta list: %v %v", delta, err)
	}
	base, err := scan.ReadManifestList(ctx, tbl, snap.BaseManifestList)
	if err != nil {
		t.Fatal(err)
	}
	if len(base) >= len(metasBefore) {
		t.Errorf("%d manifests after, %d before", len(base), len(metasBefore))
	}
	for _, m := range base {
		if m.NumDeletedFiles != 0 {
			t.Errorf("manifest %s keeps %d DELETE entries", m.FileName, m.NumDeletedFiles)
		}
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Errorf("metadata files no snapshot references: %v", orphans)
	}

	again, err := c.CompactManifests(ctx)
	if err != nil || again != nil {
		t.Fatalf("second compaction: %v %v", again, err)
	}
	if latest(t, tbl).ID != snap.ID {
		t.Fatal("a compaction with nothing to merge committed")
	}
}

// Catches: a manifest compaction that, racing writers, publishes a
// snapshot without their files (it must lose the race and retry on top).
func TestCompactManifestsRacingWriters(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	ctx := context.Background()
	src := anyFile(t, live(t, tbl), nil)
	const n = 12
	done := make(chan struct{})
	// The writer waits for a compaction attempt to end after each of its
	// commits, so that a loaded machine cannot run all the writes before
	// the compactor's first attempt; the attempts still race the commits.
	attempted := make(chan struct{}, 1)
	go func() {
		defer close(done)
		w := committer(t, tbl, "writer", nil)
		for i := range n {
			select {
			case <-attempted:
			default:
			}
			if _, err := w.Commit(ctx, appendCommit(copyDataFile(t, tbl, src, fileName("data-race", i)))); err != nil {
				t.Error(err)
				return
			}
			select {
			case <-attempted:
			case <-time.After(10 * time.Second):
			}
		}
	}()
	c := committer(t, tbl, "compactor", map[string]string{"commit.min-retry-wait": "1 ms"})
	compactions := 0
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		snap, err := c.CompactManifests(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if snap != nil {
			compactions++
		}
		select {
		case attempted <- struct{}{}:
		default:
		}
	}
	t.Logf("%d compactions committed among %d writes", compactions, n)
	if compactions < 2 {
		t.Errorf("only %d compactions: the writes did not interleave", compactions)
	}
	files := live(t, tbl)
	for i := range n {
		if _, ok := files[fileName("data-race", i)]; !ok {
			t.Errorf("%s was lost", fileName("data-race", i))
		}
	}
	// Attempts that lost the race removed their files.
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Errorf("metadata files no snapshot references: %v", orphans)
	}
}
