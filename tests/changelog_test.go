package tests

// End-to-end tests of 'changelog-producer' = 'input' and t$audit_log
// (issue: "writes changelog files beside the data files and a changelog
// manifest list, with changelogRecordCount; the changelog is readable").
// The changelog files are checked on disk, decoded with core/manifest and
// read as Parquet here, independently of the writer.

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// clKinds are the _VALUE_KIND bytes as row kinds.
var clKinds = map[string]string{"0": "+I", "1": "-U", "2": "+U", "3": "-D"}

// clChangelog reads the changelog files of snapshot id of db.tbl: each
// record as "kind|id|v|seq", and the files (relative to the table root)
// in commit order. It checks that every file is a changelog-*.parquet file
// in the bucket directory of its entry, with the key-value columns.
func clChangelog(t *testing.T, root string, id int64) (records []string, files []string) {
	t.Helper()
	s := xpReadSnapshot(t, root, id)
	if s.ChangelogManifestList == nil {
		return nil, nil
	}
	metas := xpReadAvro(t, root, *s.ChangelogManifestList, func(r *bytes.Reader) ([]spec.ManifestFileMeta, error) { return manifest.ReadManifestList(r) })
	var count int64
	for _, m := range metas {
		entries := xpReadAvro(t, root, m.FileName, func(r *bytes.Reader) ([]spec.ManifestEntry, error) { return manifest.ReadManifest(r) })
		for _, e := range entries {
			if e.Kind != spec.FileAdd {
				t.Errorf("snapshot %d: changelog entry %s is %s, want ADD", id, e.File.FileName, e.Kind)
			}
			if !strings.HasPrefix(e.File.FileName, "changelog-") || !strings.HasSuffix(e.File.FileName, ".parquet") {
				t.Errorf("snapshot %d: changelog file name %s", id, e.File.FileName)
			}
			// The input producer's files are on level 0, a compaction's on
			// its output level (Java's createRollingChangelogFileWriter).
			if (e.File.Level == 0) != (s.CommitKind == "APPEND") {
				t.Errorf("snapshot %d (%s): changelog file %s on level %d", id, s.CommitKind, e.File.FileName, e.File.Level)
			}
			rel := fmt.Sprintf("bucket-%d/%s", e.Bucket, e.File.FileName)
			files = append(files, rel)
			rows := parquetRows(t, filepath.Join(root, rel))
			if int64(len(rows)) != e.File.RowCount {
				t.Errorf("snapshot %d: %s has %d rows, manifest says %d", id, rel, len(rows), e.File.RowCount)
			}
			count += e.File.RowCount
			for _, r := range rows {
				var cols []string
				for c := range r {
					cols = append(cols, c)
				}
				sort.Strings(cols)
				if got := strings.Join(cols, ","); got != "_KEY_id,_SEQUENCE_NUMBER,_VALUE_KIND,id,v" {
					t.Fatalf("%s: columns %s", rel, got)
				}
				if r["_KEY_id"] != r["id"] {
					t.Errorf("%s: _KEY_id %s, id %s", rel, r["_KEY_id"], r["id"])
				}
				records = append(records, fmt.Sprintf("%s|%s|%s|%s", clKinds[r["_VALUE_KIND"]], r["id"], r["v"], r["_SEQUENCE_NUMBER"]))
			}
		}
	}
	if s.ChangelogRecordCount == nil || *s.ChangelogRecordCount != count {
		t.Errorf("snapshot %d: changelogRecordCount %v, files hold %d rows", id, s.ChangelogRecordCount, count)
	}
	return records, files
}

// clRecords drops the sequence numbers of clChangelog's records and sorts
// them (files of different buckets come in no particular order).
func clRecords(recs []string) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r[:strings.LastIndex(r, "|")]
	}
	sort.Strings(out)
	return out
}

func clSame(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got  %q\n want %q", what, got, want)
	}
}

func TestChangelogProducerInput(t *testing.T) {
	e := serveDir(t, t.TempDir())
	xpExec(t, e.db, "CREATE DATABASE cl",
		"CREATE TABLE cl.t (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '2', 'changelog-producer' = 'input')")
	root := xpTableRoot(e.dir, "cl", "t")

	xpExec(t, e.db, "INSERT INTO cl.t VALUES (1, 'a'), (2, 'b'), (3, 'c')") // snapshot 1
	xpExec(t, e.db, "UPDATE cl.t SET v = 'b2' WHERE id = 2")                // 2
	xpExec(t, e.db, "DELETE FROM cl.t WHERE id = 3")                        // 3
	xpExec(t, e.db, "INSERT INTO cl.t VALUES (4, 'd'), (4, 'd2')")          // 4: two records, one row

	// Each snapshot's changelog holds exactly what its statement wrote.
	want := map[int64][]string{
		1: {"+I|1|a", "+I|2|b", "+I|3|c"},
		2: {"+U|2|b2"},
		3: {"-D|3|c"},
		4: {"+I|4|d", "+I|4|d2"},
	}
	changelogFiles := map[int64][]string{}
	for id := int64(1); id <= 4; id++ {
		recs, files := clChangelog(t, root, id)
		clSame(t, fmt.Sprintf("changelog of snapshot %d", id), clRecords(recs), want[id])
		changelogFiles[id] = files
		// Beside the data files: the same bucket directories.
		for _, f := range files {
			ents, err := os.ReadDir(filepath.Join(root, path.Dir(f)))
			if err != nil {
				t.Fatal(err)
			}
			data := false
			for _, d := range ents {
				data = data || strings.HasPrefix(d.Name(), "data-")
			}
			if !data {
				t.Errorf("snapshot %d: no data file beside %s", id, f)
			}
		}
	}
	// The raw records of one flush, in key then sequence order: both
	// records of key 4, the older first.
	if recs, _ := clChangelog(t, root, 4); len(recs) == 2 {
		if !strings.HasPrefix(recs[0], "+I|4|d|") || !strings.HasPrefix(recs[1], "+I|4|d2|") {
			t.Errorf("snapshot 4: changelog order %q", recs)
		}
	}

	// $snapshots shows the changelog list and count.
	wantRows(t, e.db, split(
		"1|APPEND|3|3|1",
		"2|APPEND|1|1|1",
		"3|APPEND|1|1|1",
		"4|APPEND|1|2|1",
	), "SELECT snapshot_id, commit_kind, delta_record_count, changelog_record_count, changelog_manifest_list IS NOT NULL FROM cl.`t$snapshots` ORDER BY snapshot_id")

	// $manifests lists the changelog manifests of the snapshot.
	latest := xpReadSnapshot(t, root, 4)
	metas := xpReadAvro(t, root, *latest.ChangelogManifestList, func(r *bytes.Reader) ([]spec.ManifestFileMeta, error) { return manifest.ReadManifestList(r) })
	listed := map[string]bool{}
	for _, n := range mustQuery(t, e.db, "SELECT file_name FROM cl.`t$manifests`").column("file_name") {
		listed[n] = true
	}
	if len(metas) == 0 {
		t.Fatal("snapshot 4: empty changelog manifest list")
	}
	for _, m := range metas {
		if !listed[m.FileName] {
			t.Errorf("$manifests does not list changelog manifest %s", m.FileName)
		}
	}

	// The table reads as usual; $audit_log has rowkind first and keeps the
	// retraction of the deleted key (Java's batch audit log).
	wantRows(t, e.db, split("1|a", "2|b2", "4|d2"), "SELECT * FROM cl.t")
	res := mustQuery(t, e.db, "SELECT * FROM cl.`t$audit_log`")
	wantCols(t, "$audit_log", res, "rowkind", "id", "v")
	sameRows(t, "$audit_log", res.rows, split("+I|1|a", "+U|2|b2", "-D|3|c", "+I|4|d2"))
	wantRows(t, e.db, split("+I|1|a", "+U|2|b2", "+I|3|c"), "SELECT * FROM cl.`t$audit_log` AS OF 2")
	wantRows(t, e.db, split("-D|3"), "SELECT rowkind, id FROM cl.`t$audit_log` WHERE rowkind = '-D'")

	// INSERT OVERWRITE commits no changelog and leaves no changelog file.
	xpExec(t, e.db, "INSERT OVERWRITE cl.t VALUES (5, 'e')") // 5
	wantRows(t, e.db, split("5|OVERWRITE|NULL|NULL"),
		"SELECT snapshot_id, commit_kind, changelog_manifest_list, changelog_record_count FROM cl.`t$snapshots` WHERE snapshot_id = 5")
	xpCheckFiles(t, "after INSERT OVERWRITE", root, nil)
	wantRows(t, e.db, split("+I|5|e"), "SELECT * FROM cl.`t$audit_log`")

	// A rolled-back transaction leaves no changelog file either.
	tx, err := e.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec("INSERT INTO cl.t VALUES (7, 'x')"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	xpCheckFiles(t, "after ROLLBACK", root, nil)

	// A transaction of several statements commits all their changelog.
	tx, err = e.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"INSERT INTO cl.t VALUES (6, 'f')", "UPDATE cl.t SET v = 'e2' WHERE id = 5"} {
		if _, err := tx.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	recs, files6 := clChangelog(t, root, 6)
	clSame(t, "changelog of snapshot 6", clRecords(recs), []string{"+I|6|f", "+U|5|e2"})
	xpCheckFiles(t, "before expiration", root, nil)

	// Expiration deletes the changelog files of the expired snapshots and
	// keeps those of the others.
	if n := xpCall(t, e.db, "CALL sys.expire_snapshots('cl.t', 2, 1)"); n != 4 {
		t.Fatalf("expired %d snapshots, want 4", n)
	}
	for id := int64(1); id <= 4; id++ {
		for _, f := range changelogFiles[id] {
			if _, err := os.Stat(filepath.Join(root, f)); !os.IsNotExist(err) {
				t.Errorf("changelog file %s of expired snapshot %d: %v", f, id, err)
			}
		}
	}
	for _, f := range files6 {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("changelog file %s of kept snapshot 6: %v", f, err)
		}
	}
	xpCheckFiles(t, "after expiration", root, nil)
	wantRows(t, e.db, split("5|e2", "6|f"), "SELECT * FROM cl.t")
	wantRows(t, e.db, split("+U|5|e2", "+I|6|f"), "SELECT * FROM cl.`t$audit_log`")
}

// Tables without the input producer write no changelog; $audit_log of an
// append table is its rows as +I, and _SEQUENCE_NUMBER follows rowkind when
// table-read.sequence-number.enabled is set.
func TestAuditLogWithoutChangelog(t *testing.T) {
	e := serveDir(t, t.TempDir())
	xpExec(t, e.db, "CREATE DATABASE cl",
		"CREATE TABLE cl.pk (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '1', 'table-read.sequence-number.enabled' = 'true')",
		"CREATE TABLE cl.ap (id INT, v TEXT)",
		"INSERT INTO cl.pk VALUES (1, 'a'), (2, 'b')",
		"DELETE FROM cl.pk WHERE id = 1",
		"INSERT INTO cl.ap VALUES (1, 'a'), (2, 'b')")
	wantRows(t, e.db, split("NULL|NULL", "NULL|NULL"),
		"SELECT changelog_manifest_list, changelog_record_count FROM cl.`pk$snapshots`")
	res := mustQuery(t, e.db, "SELECT * FROM cl.`pk$audit_log`")
	wantCols(t, "pk$audit_log", res, "rowkind", "_SEQUENCE_NUMBER", "id", "v")
	sameRows(t, "pk$audit_log", res.rows, split("-D|2|1|a", "+I|1|2|b"))
	res = mustQuery(t, e.db, "SELECT * FROM cl.`ap$audit_log`")
	wantCols(t, "ap$audit_log", res, "rowkind", "id", "v")
	sameRows(t, "ap$audit_log", res.rows, split("+I|1|a", "+I|2|b"))
	for _, d := range []string{"pk", "ap"} {
		err := filepath.WalkDir(xpTableRoot(e.dir, "cl", d), func(p string, de os.DirEntry, err error) error {
			if err == nil && strings.HasPrefix(de.Name(), "changelog-") {
				t.Errorf("changelog file %s written without a changelog producer", p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
