package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestAsOfSnapshotIDReadsEarlierSnapshots(t *testing.T) {
	e := startServer(t, nil)
	cases := []struct {
		table string
		id    int
		want  []string
	}{
		// snapshot 2 compacts the first write of "snapshot-1-2".
		{"pk_dv_index_not_in_data_no_external", 2, dvTableFirstRows},
		{"pk_dv_index_in_data_no_external", 2, dvTableFirstRows},
		{"pk_table_with_dv_cardinality", 2, dvCardinalityFirstRows},
		{"pk_with_bitmap_dv", 2, bitmapDVFirstRows},
		{"pk_table_with_mor", 1, morSnapshot1Rows},
		{"pk_table_with_mor", 2, morSnapshot2Rows},
		{"append_with_global_index", 1, globalIndexRows},
		{"append_table_alter_table_with_cast", 1, castSnapshot1Rows},
		// The latest snapshot by id equals no AS OF.
		{"pk_with_bitmap_dv", 4, bitmapDVLatestRows},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s@%d", c.table, c.id), func(t *testing.T) {
			wantRows(t, e.db, split(c.want...), fmt.Sprintf("SELECT * FROM %s.%s AS OF %d", c.table, c.table, c.id))
		})
	}
}

func TestAsOfUsesTheSchemaOfTheSnapshot(t *testing.T) {
	e := startServer(t, nil)
	root := tableDir(e.dir, "append_table_alter_table_with_cast")
	s1 := snapshotByID(t, root, 1)
	sch := readSchemaFile(t, filepath.Join(root, "schema", fmt.Sprintf("schema-%d", s1.SchemaID)))
	var names []string
	for _, f := range sch.Fields {
		names = append(names, f.Name)
	}
	res := mustQuery(t, e.db, "SELECT * FROM append_table_alter_table_with_cast.append_table_alter_table_with_cast AS OF 1")
	wantCols(t, "AS OF 1", res, names...)
}

func TestPK09CompactedSnapshotsMatchMergeOfTheirParquetFiles(t *testing.T) {
	// Every COMPACT snapshot of pk_09 (deletion vectors: no level-0 file
	// left) must read as the merge of its live data files.
	e := startServer(t, nil)
	root := tableDir(e.dir, "pk_09")
	for _, s := range snapshots(t, root) {
		if s.CommitKind != "COMPACT" {
			continue
		}
		t.Run(fmt.Sprint(s.ID), func(t *testing.T) {
			wantRows(t, e.db, pkMergeOracle(t, root, s), fmt.Sprintf("SELECT * FROM pk_09.pk_09 AS OF %d", s.ID))
		})
	}
	// Snapshot 2 compacts the first write: its totalRecordCount rows.
	s2 := snapshotByID(t, root, 2)
	res := mustQuery(t, e.db, "SELECT COUNT(*) FROM pk_09.pk_09 AS OF 2")
	if res.rows[0][0] != fmt.Sprint(*s2.TotalRecordCount) {
		t.Errorf("COUNT(*) AS OF 2 = %s, snapshot-2 totalRecordCount %d", res.rows[0][0], *s2.TotalRecordCount)
	}
}

// writeTag makes tag-<name> a copy of snapshot-<id> (a tag file is the
// snapshot's JSON).
func writeTag(t *testing.T, root, name string, id int64) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "snapshot", fmt.Sprintf("snapshot-%d", id)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "tag"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tag", "tag-"+name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAsOfTagNameReadsTheTaggedSnapshot(t *testing.T) {
	e := startServer(t, func(dir string) {
		writeTag(t, tableDir(dir, "append_table_alter_table_with_cast"), "first", 1)
		writeTag(t, tableDir(dir, "pk_with_bitmap_dv"), "before_delete", 2)
	})
	wantRows(t, e.db, split(castSnapshot1Rows...),
		"SELECT * FROM append_table_alter_table_with_cast.append_table_alter_table_with_cast AS OF 'first'")
	wantRows(t, e.db, split(bitmapDVFirstRows...), "SELECT * FROM pk_with_bitmap_dv.pk_with_bitmap_dv AS OF 'before_delete'")
	// Without AS OF, the latest snapshot.
	wantRows(t, e.db, split(bitmapDVLatestRows...), "SELECT * FROM pk_with_bitmap_dv.pk_with_bitmap_dv")
}

func TestAsOfTimestampPicksLatestSnapshotCommittedAtOrBeforeInSessionZone(t *testing.T) {
	// append_table_alter_table_with_cast: snapshot 1 (5 rows, schema 0) and
	// snapshot 2 (10 rows, schema 1) were committed 110 s apart.
	e := startServer(t, nil)
	root := tableDir(e.dir, "append_table_alter_table_with_cast")
	s1, s2 := snapshotByID(t, root, 1), snapshotByID(t, root, 2)
	const q = "SELECT * FROM append_table_alter_table_with_cast.append_table_alter_table_with_cast AS OF '%s'"
	for _, zone := range []struct {
		tz  string
		loc *time.Location
	}{{"+00:00", time.UTC}, {"+08:00", time.FixedZone("+08:00", 8*3600)}} {
		t.Run(zone.tz, func(t *testing.T) {
			db := e.open(zone.tz, false)
			// The second after snapshot 1, and the exact millisecond of snapshot 2.
			wantRows(t, db, split(castSnapshot1Rows...), fmt.Sprintf(q, secondText(s1.TimeMillis+1000, zone.loc)))
			wantRows(t, db, split(castSnapshot1Rows...), fmt.Sprintf(q, millisText(s2.TimeMillis-1, zone.loc)))
			wantRows(t, db, split(castLatestRows...), fmt.Sprintf(q, millisText(s2.TimeMillis, zone.loc)))
			wantRows(t, db, split(castLatestRows...), fmt.Sprintf(q, secondText(s2.TimeMillis+1000, zone.loc)))
			// Before the first snapshot there is nothing to read.
			err := queryErr(t, db, fmt.Sprintf(q, secondText(s1.TimeMillis-1000, zone.loc)))
			if !strings.Contains(err.Error(), "append_table_alter_table_with_cast") {
				t.Errorf("error %q does not name the table", err)
			}
		})
	}
	// The UTC wall clock of snapshot 2 is 8 hours before it in +08:00.
	db := e.open("+08:00", false)
	queryErr(t, db, fmt.Sprintf(q, secondText(s2.TimeMillis+1000, time.UTC)))
}

func TestAsOfUnknownOrExpiredSnapshotOrTagIsAClearError(t *testing.T) {
	e := startServer(t, func(dir string) {
		// Expire snapshot 1 of pk_table_with_mor.
		root := tableDir(dir, "pk_table_with_mor")
		if err := os.Remove(filepath.Join(root, "snapshot", "snapshot-1")); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "snapshot", "EARLIEST"), []byte("2"), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	cases := []struct {
		q    string
		want []string
	}{
		{"SELECT * FROM pk_09.pk_09 AS OF 99", []string{"99", "pk_09"}},
		{"SELECT * FROM pk_table_with_mor.pk_table_with_mor AS OF 1", []string{"snapshot 1", "pk_table_with_mor"}},
		{"SELECT * FROM pk_09.pk_09 AS OF 'no_such_tag'", []string{"no_such_tag"}},
		{"SELECT * FROM pk_09.`pk_09$files` AS OF 99", []string{"99"}},
	}
	for _, c := range cases {
		err := queryErr(t, e.db, c.q)
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %q", c.q, err, w)
			}
		}
	}
	// The snapshots that remain still read.
	wantRows(t, e.db, split(morSnapshot2Rows...), "SELECT * FROM pk_table_with_mor.pk_table_with_mor AS OF 2")
	wantRows(t, e.db, split(morLatestRows...), "SELECT * FROM pk_table_with_mor.pk_table_with_mor")
}

func TestAsOfWithPlaceholderIsRejectedNotACrash(t *testing.T) {
	e := startServer(t, nil)
	conn, err := e.db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	err = queryErr(t, conn, "SELECT * FROM pk_09.pk_09 AS OF ?", 2)
	if !strings.Contains(err.Error(), "AS OF") {
		t.Errorf("error %q does not explain AS OF ?", err)
	}
	// The same connection still works, and with client-side interpolation
	// the placeholder is a literal.
	mustQuery(t, conn, "SELECT 1")
	wantRows(t, e.open("+00:00", true), split(bitmapDVFirstRows...), "SELECT * FROM pk_with_bitmap_dv.pk_with_bitmap_dv AS OF ?", 2)
}
