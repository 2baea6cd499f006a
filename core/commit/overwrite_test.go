package commit

import (
	"bytes"
	"context"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// partitionRow is pk_dv's serialized partition f1 = v.
func partitionRow(t *testing.T, v int32) []byte {
	t.Helper()
	row, err := binrow.Serialize([]any{v}, []types.DataType{types.New(types.Int)})
	if err != nil {
		t.Fatal(err)
	}
	return row
}

func inPartition(t *testing.T, v int32) func(liveFile) bool {
	row := partitionRow(t, v)
	return func(f liveFile) bool { return bytes.Equal(f.entry.Partition, row) }
}

func indexPartitions(t *testing.T, tbl *table.Table, s *spec.Snapshot) map[string]int {
	t.Helper()
	out := map[string]int{}
	if s.IndexManifest == nil {
		return out
	}
	entries, err := scan.ReadIndexManifest(context.Background(), tbl, *s.IndexManifest)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		out[string(e.Partition)]++
	}
	return out
}

// Overwriting partition f1=10 deletes exactly that partition's files and
// deletion vectors, verbatim, and nothing else.
func TestOverwriteStaticPartition(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	before := live(t, tbl)
	prev := latest(t, tbl)
	p10, p20 := string(partitionRow(t, 10)), string(partitionRow(t, 20))
	if indexPartitions(t, tbl, prev)[p10] == 0 {
		t.Fatal("fixture has no deletion vectors in f1=10")
	}
	added := copyDataFile(t, tbl, anyFile(t, before, inPartition(t, 10)), "data-go-ow-0.parquet")
	cm := appendCommit(added)
	cm.Overwrite = &Overwrite{Mode: OverwriteStatic, Partition: map[string]any{"f1": int32(10)}}
	s := mustCommit(t, committer(t, tbl, "go-user", nil), cm)

	var deleted int64
	for _, f := range before {
		if string(f.entry.Partition) == p10 {
			deleted += f.entry.File.RowCount
		}
	}
	if s.CommitKind != spec.KindOverwrite || *s.DeltaRecordCount != added.File.RowCount-deleted {
		t.Fatalf("snapshot: kind %s delta %d, want OVERWRITE %d", s.CommitKind, *s.DeltaRecordCount, added.File.RowCount-deleted)
	}
	after := live(t, tbl)
	for name, f := range before {
		_, still := after[name]
		if still != (string(f.entry.Partition) == p20) {
			t.Errorf("%s (partition %x) live=%v after overwriting f1=10", name, f.entry.Partition, still)
		}
	}
	// Overwrite-upgrade: the single new file of a primary-key bucket goes to
	// the top level.
	if f, ok := after[added.File.FileName]; !ok || f.entry.File.Level != 5 {
		t.Fatalf("new file: %+v", f)
	}
	if idx := indexPartitions(t, tbl, s); idx[p10] != 0 || idx[p20] != indexPartitions(t, tbl, prev)[p20] {
		t.Fatalf("index files per partition after overwrite: %v", idx)
	}

	// The DELETE entries are copies of the entries that added the files.
	entries, err := scan.ReadManifestList(context.Background(), tbl, s.DeltaManifestList)
	if err != nil {
		t.Fatal(err)
	}
	delta, err := scan.ReadManifest(context.Background(), tbl, entries[0].FileName)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range delta {
		if e.Kind != spec.FileDelete {
			continue
		}
		orig := before[e.File.FileName].entry
		if e.Identifier() != orig.Identifier() || e.TotalBuckets != orig.TotalBuckets || e.File.RowCount != orig.File.RowCount ||
			!bytes.Equal(e.File.ValueStats.MinValues, orig.File.ValueStats.MinValues) {
			t.Fatalf("DELETE %s is not a copy of its ADD", e.File.FileName)
		}
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphans: %v", orphans)
	}
}

// A new file outside the static spec is refused before anything is written.
func TestOverwriteStaticRejectsForeignFiles(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	added := copyDataFile(t, tbl, anyFile(t, live(t, tbl), inPartition(t, 20)), "data-go-ow-1.parquet")
	cm := appendCommit(added)
	cm.Overwrite = &Overwrite{Mode: OverwriteStatic, Partition: map[string]any{"f1": int32(10)}}
	if _, err := committer(t, tbl, "u", nil).Commit(context.Background(), cm); err == nil {
		t.Fatal("file of f1=20 accepted in an overwrite of f1=10")
	}
	if _, err := committer(t, tbl, "u", nil).Commit(context.Background(), Request{Overwrite: &Overwrite{Mode: OverwriteStatic, Partition: map[string]any{"nope": 1}}}); err == nil {
		t.Fatal("unknown partition column accepted")
	}
}

// A dynamic overwrite replaces only the partitions that get new files, and
// with no new files it deletes nothing and makes no snapshot.
func TestOverwriteDynamic(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	before := live(t, tbl)
	prev := latest(t, tbl)
	c := committer(t, tbl, "go-user", nil)

	s, err := c.Commit(context.Background(), Request{Identifier: BatchIdentifier, Overwrite: &Overwrite{}})
	if err != nil || s != nil || latest(t, tbl).ID != prev.ID {
		t.Fatalf("dynamic overwrite without files: %v %v", s, err)
	}

	added := copyDataFile(t, tbl, anyFile(t, before, inPartition(t, 20)), "data-go-dyn-0.parquet")
	cm := appendCommit(added)
	cm.Overwrite = &Overwrite{Partition: map[string]any{"f1": int32(10)}} // ignored: dynamic by default
	mustCommit(t, c, cm)
	after := live(t, tbl)
	p10 := string(partitionRow(t, 10))
	for name, f := range before {
		if _, still := after[name]; still != (string(f.entry.Partition) == p10) {
			t.Errorf("%s live=%v after dynamically overwriting f1=20", name, still)
		}
	}
	checkIntegrity(t, tbl)

	// With dynamic-partition-overwrite=false an empty static overwrite of
	// f1=10 empties that partition.
	static := committer(t, tbl, "go-user", map[string]string{"dynamic-partition-overwrite": "false"})
	mustCommit(t, static, Request{Identifier: BatchIdentifier, Overwrite: &Overwrite{Partition: map[string]any{"f1": int32(10)}}})
	for name, f := range live(t, tbl) {
		if string(f.entry.Partition) == p10 {
			t.Errorf("%s survived the static overwrite", name)
		}
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphans: %v", orphans)
	}
}

// TRUNCATE-like overwrite of the whole table.
func TestOverwriteTable(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	prev := latest(t, tbl)
	s := mustCommit(t, committer(t, tbl, "u", nil), Request{Identifier: BatchIdentifier, Overwrite: &Overwrite{Mode: OverwriteTable}})
	if len(live(t, tbl)) != 0 || *s.TotalRecordCount != 0 || *s.DeltaRecordCount != -*prev.TotalRecordCount {
		t.Fatalf("after truncate: %d files, snapshot %+v", len(live(t, tbl)), s)
	}
	if len(indexPartitions(t, tbl, s)) != 0 {
		t.Fatal("index files survived the truncate")
	}
	checkIntegrity(t, tbl)
}
