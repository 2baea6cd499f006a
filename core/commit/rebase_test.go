package commit

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// TestPreparedAppendRebased: a client's snapshot prepared on snapshot N
// (an append of one new file to an append table), posted after another
// commit took N+1, is published as N+2 on the latest snapshot, as the
// client's retry would write it: its delta unchanged, a base manifest list
// of N+1's data manifests, the totals carried on. Every file of both
// commits is live once; posting it again changes nothing (it landed).
func TestPreparedAppendRebased(t *testing.T) {
	ctx := context.Background()
	tbl, wh := copyFixture(t, "append_09")
	before := live(t, tbl)
	prev := latest(t, tbl)
	src := anyFile(t, before, nil)

	// The client prepares its snapshot on a copy of the same state: its
	// files and manifests are then copied in, as a client writes them.
	clientWH := t.TempDir()
	testfixture.CopyTree(t, wh, clientWH)
	clientTbl := openTable(t, clientWH, "append_09")
	javaFile := copyDataFile(t, clientTbl, src, "data-java-0.parquet")
	prepared := mustCommit(t, committer(t, clientTbl, "java-user", nil), appendCommit(javaFile))

	sqlFile := copyDataFile(t, tbl, src, "data-sql-0.parquet")
	won := mustCommit(t, committer(t, tbl, "sql-user", nil), appendCommit(sqlFile))
	if won.ID != prepared.ID {
		t.Fatalf("the SQL commit took %d, the prepared one is %d", won.ID, prepared.ID)
	}
	testfixture.CopyTree(t, filepath.Join(clientWH, tbl.Root, "manifest"), filepath.Join(wh, tbl.Root, "manifest"))
	if _, err := tbl.FS.ReadFile(ctx, tbl.ManifestPath(prepared.DeltaManifestList)); err != nil {
		t.Fatal(err)
	}
	copyDataFile(t, tbl, src, "data-java-0.parquet")

	ok, err := PublishPrepared(ctx, tbl, prepared)
	if err != nil || !ok {
		t.Fatalf("the stale append: ok %v, err %v; want it rebased", ok, err)
	}
	s := latest(t, tbl)
	rows := javaFile.File.RowCount
	if s.ID != won.ID+1 || s.CommitUser != "java-user" || s.DeltaManifestList != prepared.DeltaManifestList ||
		s.BaseManifestList == prepared.BaseManifestList || *s.TotalRecordCount != *prev.TotalRecordCount+2*rows || *s.DeltaRecordCount != rows {
		t.Fatalf("rebased snapshot %+v", s)
	}
	after := live(t, tbl)
	for _, name := range append(sortedNames(before), "data-java-0.parquet", "data-sql-0.parquet") {
		if _, ok := after[name]; !ok {
			t.Errorf("%s is not live after the rebase", name)
		}
	}
	if len(after) != len(before)+2 {
		t.Errorf("%d live files, want %d", len(after), len(before)+2)
	}
	// The client's own base manifest list is the one metadata file left
	// unreferenced (orphan-file cleanup takes it).
	if orphans := checkIntegrity(t, tbl); len(orphans) != 1 || orphans[0] != prepared.BaseManifestList {
		t.Errorf("unreferenced metadata files: %v, want only %s", orphans, prepared.BaseManifestList)
	}

	ok, err = PublishPrepared(ctx, tbl, prepared)
	if err != nil || ok {
		t.Fatalf("posting the landed snapshot again: ok %v, err %v; want a refusal", ok, err)
	}
	if got := latest(t, tbl); got.ID != s.ID {
		t.Fatalf("posting it again created snapshot %d", got.ID)
	}
}

// TestPreparedPrimaryKeyNotRebased: on a primary-key table a stale
// prepared snapshot is refused as before (the sequence numbers of its
// files order the merge): the client prepares it again.
func TestPreparedPrimaryKeyNotRebased(t *testing.T) {
	ctx := context.Background()
	tbl, _ := copyFixture(t, pkDV)
	base := latest(t, tbl)
	src := anyFile(t, live(t, tbl), nil)
	mustCommit(t, committer(t, tbl, "sql-user", nil), appendCommit(copyDataFile(t, tbl, src, "data-sql-0.parquet")))
	stale := *base
	stale.ID = base.ID + 1
	stale.CommitUser = "java-user"
	ok, err := PublishPrepared(ctx, tbl, &stale)
	if err != nil || ok {
		t.Fatalf("stale snapshot on a primary-key table: ok %v, err %v; want a refusal", ok, err)
	}
	if got := latest(t, tbl); got.ID != base.ID+1 {
		t.Fatalf("latest snapshot %d, want %d", got.ID, base.ID+1)
	}
}
