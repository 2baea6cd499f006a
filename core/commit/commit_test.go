package commit

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/hamba/avro/v2/ocf"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// A new file committed onto a Java-written table becomes live next to the
// old ones, and the snapshot's fields are what Java would compute.
func TestAppendOntoJavaTable(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	ctx := context.Background()
	before := live(t, tbl)
	prev := latest(t, tbl)
	src := anyFile(t, before, nil)
	added := copyDataFile(t, tbl, src, "data-go-copy-0.parquet")

	c := committer(t, tbl, "go-user", nil)
	s := mustCommit(t, c, appendCommit(added))

	if s.ID != prev.ID+1 || s.CommitKind != spec.KindAppend || s.CommitUser != "go-user" ||
		s.CommitIdentifier != BatchIdentifier || s.SchemaID != 0 || s.Version != 3 {
		t.Fatalf("snapshot header: %+v", s)
	}
	rows := added.File.RowCount
	if *s.DeltaRecordCount != rows || *s.TotalRecordCount != *prev.TotalRecordCount+rows {
		t.Fatalf("record counts: delta %d total %d, want %d and %d", *s.DeltaRecordCount, *s.TotalRecordCount, rows, *prev.TotalRecordCount+rows)
	}
	if s.ChangelogRecordCount != nil || s.ChangelogManifestList != nil {
		t.Fatal("no changelog expected")
	}
	if s.NextRowID == nil || *s.NextRowID != 0 || s.Watermark != nil || s.Statistics != nil || s.Properties != nil {
		t.Fatalf("inherited fields: %+v", s)
	}
	if *s.IndexManifest != *prev.IndexManifest {
		t.Fatalf("index manifest %s, want the unchanged %s", *s.IndexManifest, *prev.IndexManifest)
	}
	for _, name := range []string{s.BaseManifestList, s.DeltaManifestList} {
		if !strings.HasPrefix(name, "manifest-list-") {
			t.Fatalf("list name %s", name)
		}
	}
	// The file on disk is what a reader parses back.
	data, err := tbl.FS.ReadFile(ctx, tbl.Snapshots.Path(s.ID))
	if err != nil {
		t.Fatal(err)
	}
	back, err := spec.ParseSnapshot(data)
	if err != nil || *back.DeltaRecordCount != rows || back.DeltaManifestList != s.DeltaManifestList {
		t.Fatalf("snapshot file: %v %+v", err, back)
	}
	if strings.Contains(string(data), "changelogRecordCount") || !strings.Contains(string(data), `"nextRowId" : 0`) {
		t.Fatalf("snapshot JSON does not follow 1.4.2:\n%s", data)
	}
	if got := hint(t, tbl, snapshot.Latest); got != strconv.FormatInt(s.ID, 10) {
		t.Fatalf("LATEST = %q", got)
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphan metadata files: %v", orphans)
	}

	checkAppended(t, tbl, s, before, added, src)
}

// checkAppended checks that s added the file added (a copy of src) to the
// live files before, and that its delta manifest's list row summarises it
// as Java would.
func checkAppended(t *testing.T, tbl *table.Table, s *spec.Snapshot, before map[string]liveFile, added spec.ManifestEntry, src liveFile) {
	t.Helper()
	ctx := context.Background()
	rows := added.File.RowCount
	after := live(t, tbl)
	if len(after) != len(before)+1 {
		t.Fatalf("%d live files, want %d", len(after), len(before)+1)
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			t.Fatalf("lost %s", name)
		}
	}
	got := after[added.File.FileName].entry
	if got.File.RowCount != rows || !sameBytes(got.Partition, src.entry.Partition) || got.Bucket != src.entry.Bucket || got.TotalBuckets != src.entry.TotalBuckets {
		t.Fatalf("added file reads back as %+v", got)
	}

	// The delta manifest's list row summarises it as Java would.
	deltas, err := scan.ReadManifestList(ctx, tbl, s.DeltaManifestList)
	if err != nil || len(deltas) != 1 {
		t.Fatalf("delta list: %v %v", deltas, err)
	}
	m := deltas[0]
	if m.NumAddedFiles != 1 || m.NumDeletedFiles != 0 || *m.MinBucket != src.entry.Bucket || *m.MaxLevel != 0 ||
		!sameBytes(m.PartitionStats.MinValues, src.entry.Partition) || !sameBytes(m.PartitionStats.MaxValues, src.entry.Partition) ||
		len(m.PartitionStats.NullCounts) != 1 || *m.PartitionStats.NullCounts[0] != 0 || m.MinRowID != nil {
		t.Fatalf("delta manifest meta: %+v", m)
	}
}

// Row-tracking tables number new rows from the snapshot's nextRowId.
func TestAppendAssignsRowIDs(t *testing.T) {
	tbl, _ := copyFixture(t, globalIndex)
	prev := latest(t, tbl)
	src := anyFile(t, live(t, tbl), nil)
	added := copyDataFile(t, tbl, src, "data-go-rows-0.parquet")
	s := mustCommit(t, committer(t, tbl, "go-user", nil), appendCommit(added))

	start := *prev.NextRowID
	if *s.NextRowID != start+added.File.RowCount {
		t.Fatalf("nextRowId %d, want %d", *s.NextRowID, start+added.File.RowCount)
	}
	got := live(t, tbl)[added.File.FileName].entry.File
	if got.FirstRowID == nil || *got.FirstRowID != start {
		t.Fatalf("first row id %v, want %d", got.FirstRowID, start)
	}
	deltas, err := scan.ReadManifestList(context.Background(), tbl, s.DeltaManifestList)
	if err != nil {
		t.Fatal(err)
	}
	if m := deltas[0]; m.MinRowID == nil || *m.MinRowID != start || *m.MaxRowID != start+added.File.RowCount-1 {
		t.Fatalf("row id range of the manifest: %v..%v", m.MinRowID, m.MaxRowID)
	}
	checkIntegrity(t, tbl)
}

// The manifests, lists and index manifests we write carry exactly the Avro
// schemas Java 1.4 writes, so Java decodes them as its own.
func TestWrittenSchemasMatchJava(t *testing.T) {
	tbl, _ := copyFixture(t, globalIndex)
	prev := latest(t, tbl)
	javaDelta, err := scan.ReadManifestList(context.Background(), tbl, prev.BaseManifestList)
	if err != nil {
		t.Fatal(err)
	}
	javaSchemas := map[string]string{
		"list":     avroSchema(t, tbl, prev.BaseManifestList),
		"manifest": avroSchema(t, tbl, javaDelta[0].FileName),
		"index":    avroSchema(t, tbl, *prev.IndexManifest),
	}

	// A whole-table overwrite writes all three kinds (the index manifest
	// loses the global indexes of the replaced files).
	src := anyFile(t, live(t, tbl), nil)
	added := copyDataFile(t, tbl, src, "data-go-schema-0.parquet")
	cm := appendCommit(added)
	cm.Overwrite = &Overwrite{Mode: OverwriteTable}
	s := mustCommit(t, committer(t, tbl, "go-user", nil), cm)
	if s.CommitKind != spec.KindOverwrite || *s.IndexManifest == *prev.IndexManifest {
		t.Fatalf("expected an overwrite with a new index manifest: %+v", s)
	}
	ours, err := scan.ReadManifestList(context.Background(), tbl, s.DeltaManifestList)
	if err != nil {
		t.Fatal(err)
	}
	for kind, name := range map[string]string{"list": s.DeltaManifestList, "manifest": ours[0].FileName, "index": *s.IndexManifest} {
		if got := avroSchema(t, tbl, name); got != javaSchemas[kind] {
			t.Errorf("%s schema differs from Java's:\n ours %s\n java %s", kind, got, javaSchemas[kind])
		}
	}
	idx, err := scan.ReadIndexManifest(context.Background(), tbl, *s.IndexManifest)
	if err != nil || len(idx) != 0 {
		t.Fatalf("index manifest after overwrite: %v %v", idx, err)
	}
	if len(live(t, tbl)) != 1 {
		t.Fatal("overwrite of the whole table must leave only the new file")
	}
	checkIntegrity(t, tbl)
}

func avroSchema(t *testing.T, tbl *table.Table, name string) string {
	t.Helper()
	data, err := tbl.FS.ReadFile(context.Background(), tbl.ManifestPath(name))
	if err != nil {
		t.Fatal(err)
	}
	dec, err := ocf.NewDecoder(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if codec := string(dec.Metadata()["avro.codec"]); codec != "zstandard" {
		t.Fatalf("%s: codec %q", name, codec)
	}
	return string(dec.Metadata()["avro.schema"])
}

// Nothing to commit makes no snapshot (snapshot.ignore-empty-commit).
func TestEmptyCommitIgnored(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	prev := latest(t, tbl)
	s, err := committer(t, tbl, "go-user", nil).Commit(context.Background(), Request{Identifier: 1})
	if err != nil || s != nil || latest(t, tbl).ID != prev.ID {
		t.Fatalf("empty commit made %v, %v", s, err)
	}
	s = mustCommit(t, committer(t, tbl, "go-user", map[string]string{"snapshot.ignore-empty-commit": "false"}), Request{Identifier: 1})
	if s == nil || s.ID != prev.ID+1 || *s.DeltaRecordCount != 0 {
		t.Fatalf("forced empty commit: %+v", s)
	}
	checkIntegrity(t, tbl)
}

// Append and compact changes of one commit make an APPEND then a COMPACT
// snapshot with the same identifier; changelog files get their own list.
func TestAppendThenCompactWithChangelog(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	files := live(t, tbl)
	src := anyFile(t, files, nil)
	added := copyDataFile(t, tbl, src, "data-go-c-0.parquet")
	changelog := copyDataFile(t, tbl, src, "changelog-go-c-0.parquet")

	// The compaction moves the new file up to the free level 3: DELETE at
	// level 0, ADD at level 3 (an "upgrade").
	up := added
	up.File.Level = 3
	del := added
	del.Kind = spec.FileDelete
	cm := Request{
		Identifier: 7, Watermark: ptr(int64(1000)), Properties: map[string]string{"k": "v"},
		Append:  Changes{Files: []spec.ManifestEntry{added}, Changelog: []spec.ManifestEntry{changelog}},
		Compact: Changes{Files: []spec.ManifestEntry{del, up}},
	}
	prev := latest(t, tbl)
	s := mustCommit(t, committer(t, tbl, "go-user", nil), cm)
	if s.ID != prev.ID+2 || s.CommitKind != spec.KindCompact || s.CommitIdentifier != 7 || *s.DeltaRecordCount != 0 {
		t.Fatalf("compact snapshot: %+v", s)
	}
	first, err := tbl.Snapshots.Snapshot(context.Background(), prev.ID+1)
	if err != nil {
		t.Fatal(err)
	}
	if first.CommitKind != spec.KindAppend || first.CommitIdentifier != 7 || first.ChangelogManifestList == nil ||
		*first.ChangelogRecordCount != changelog.File.RowCount || *first.Watermark != 1000 || first.Properties["k"] != "v" {
		t.Fatalf("append snapshot: %+v", first)
	}
	if s.ChangelogManifestList != nil || *s.Watermark != 1000 {
		t.Fatalf("compact snapshot inherits the watermark and has no changelog: %+v", s)
	}
	if got := live(t, tbl)[added.File.FileName].entry.File.Level; got != 3 {
		t.Fatalf("compacted file on level %d", got)
	}
	if orphans := checkIntegrity(t, tbl); len(orphans) > 0 {
		t.Fatalf("orphans: %v", orphans)
	}
}

func ptr[T any](v T) *T { return &v }

// A committer refuses options Java would refuse.
func TestCommitterOptions(t *testing.T) {
	tbl, _ := copyFixture(t, pkDV)
	for _, bad := range []map[string]string{
		{"manifest.format": "json"},
		{"manifest.target-file-size": "8 parsecs"},
		{"commit.max-retries": "many"},
		{"manifest.compression": "lz4"},
	} {
		opts, _ := tbl.Options(context.Background())
		for k, v := range bad {
			opts[k] = v
		}
		if _, err := New(tbl, "u", opts); err == nil {
			t.Errorf("options %v accepted", bad)
		}
	}
}
