package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Every fixture table is listed and read, append_09 (Paimon 0.9, ORC
// manifests) included.
func TestEveryFixtureTableIsListedAndReadable(t *testing.T) {
	e := startServer(t, nil)
	for _, name := range fixtureTables(t) {
		t.Run(name, func(t *testing.T) {
			tables := mustQuery(t, e.db, "SHOW TABLES FROM `"+name+"`")
			if got := strings.Join(tables.column(tables.cols[0]), ","); got != name {
				t.Errorf("SHOW TABLES FROM %s = %q, want %q", name, got, name)
			}
			q := fmt.Sprintf("SELECT * FROM `%s`.`%s`", name, name)
			res, err := query(e.db, q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			sch := latestSchema(t, tableDir(e.dir, name))
			var want []string
			for _, f := range sch.Fields {
				want = append(want, f.Name)
			}
			wantCols(t, q, res, want...)
			count := mustQuery(t, e.db, fmt.Sprintf("SELECT COUNT(*) FROM `%s`.`%s`", name, name))
			if got := count.rows[0][0]; got != fmt.Sprint(len(res.rows)) {
				t.Errorf("COUNT(*) = %s, SELECT * returned %d rows", got, len(res.rows))
			}
		})
	}
}

func TestPrimaryKeyTablesReturnMergedRowsFromREADME(t *testing.T) {
	e := startServer(t, nil)
	cases := []struct {
		table string
		want  []string
	}{
		{"pk_dv_index_not_in_data_no_external", dvTableLatestRows},
		{"pk_dv_index_in_data_no_external", dvTableLatestRows},
		{"pk_table_with_dv_cardinality", dvCardinalityLatestRows},
		{"pk_with_bitmap_dv", bitmapDVLatestRows},
		{"pk_table_with_mor", morLatestRows},
	}
	for _, c := range cases {
		t.Run(c.table, func(t *testing.T) {
			wantRows(t, e.db, split(c.want...), fmt.Sprintf("SELECT * FROM %s.%s", c.table, c.table))
		})
	}
}

func TestPK09LatestSnapshotMatchesMergeOfItsParquetFiles(t *testing.T) {
	// pk_09 has no README: the expected rows are the deduplicating merge of
	// every record its Parquet files hold (last write per key wins).
	e := startServer(t, nil)
	root := tableDir(e.dir, "pk_09")
	all := snapshots(t, root)
	latest := all[len(all)-1]
	want := pkMergeOracle(t, root, latest)
	if len(want) == 0 {
		t.Fatal("oracle found no rows")
	}
	wantRows(t, e.db, want, "SELECT * FROM pk_09.pk_09")
}

func TestAppendTablesReturnRowsFromREADME(t *testing.T) {
	e := startServer(t, nil)
	wantRows(t, e.db, split(globalIndexRows...), "SELECT * FROM append_with_global_index.append_with_global_index")
	wantRows(t, e.db, split(castLatestRows...),
		"SELECT * FROM append_table_alter_table_with_cast.append_table_alter_table_with_cast")
	wantRows(t, e.db, tsRows(0), "SELECT * FROM append_with_multiple_ts_precision_and_timezone.append_with_multiple_ts_precision_and_timezone")
	wantRows(t, e.db, split(castTimestampRows...),
		"SELECT ts_sec, ts_milli, ts_micro, ts_tz_sec, ts_tz_milli FROM append_with_cast_timestamp.append_with_cast_timestamp")
}

func TestAppendTableRecordCountMatchesSnapshotFiles(t *testing.T) {
	// Append tables keep every record: the latest snapshot's
	// totalRecordCount is the number of rows.
	e := startServer(t, nil)
	for _, name := range []string{"append_complex_build_in_fieldid", "append_with_global_index",
		"append_table_alter_table_with_cast", "append_with_cast_timestamp", "append_with_multiple_ts_precision_and_timezone"} {
		all := snapshots(t, tableDir(e.dir, name))
		latest := all[len(all)-1]
		res := mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM %s.%s", name, name))
		if int64(len(res.rows)) != *latest.TotalRecordCount {
			t.Errorf("%s: %d rows, snapshot-%d totalRecordCount %d", name, len(res.rows), latest.ID, *latest.TotalRecordCount)
		}
	}
}

func TestNestedTypesAreServedAsJSONWithParquetValues(t *testing.T) {
	// append_complex_build_in_fieldid has no README; the values below are
	// the Parquet file's: f1 MAP<TINYINT,SMALLINT>, f2 ARRAY<FLOAT>,
	// f3 ROW<f0 BOOLEAN, f1 BIGINT>, f4 TIMESTAMP(9) (INT96: Julian day
	// 2440588 = 1970-01-01 plus 123123123000 ns), f5 DATE (days 2456, 245,
	// 24), f6 DECIMAL(2,2) (unscaled 22, 12, null).
	e := startServer(t, nil)
	res := mustQuery(t, e.db, "SELECT f1, f2, f3, f4, f5, f6 FROM append_complex_build_in_fieldid.append_complex_build_in_fieldid ORDER BY f5")
	type row struct {
		f1     map[string]float64
		f2     []float64
		f3     map[string]any
		f4, f5 string
		f6     string
	}
	want := []row{
		{map[string]float64{"1": 64, "2": 32}, []float64{2.2, 3.2}, map[string]any{"f0": true, "f1": 2.0}, "1970-01-01 00:00:00", "1970-01-25", "NULL"},
		{map[string]float64{"127": 32767, "-128": -32768}, []float64{1.1, 1.2}, map[string]any{"f0": false, "f1": 2222.0}, "1970-01-01 00:02:03.123123", "1970-09-03", "0.12"},
		{map[string]float64{"0": 0}, []float64{0.1, 0.2}, map[string]any{"f0": true, "f1": 2.0}, "1970-01-01 00:02:03.123123", "1976-09-22", "0.22"},
	}
	if len(res.rows) != len(want) {
		t.Fatalf("%d rows, want %d: %v", len(res.rows), len(want), res.rows)
	}
	for i, w := range want {
		got := res.rows[i]
		var f1 map[string]float64
		var f2 []float64
		var f3 map[string]any
		for j, dst := range []any{&f1, &f2, &f3} {
			if err := json.Unmarshal([]byte(got[j]), dst); err != nil {
				t.Errorf("row %d column %d %q is not the expected JSON: %v", i, j, got[j], err)
			}
		}
		if fmt.Sprint(f1) != fmt.Sprint(w.f1) {
			t.Errorf("row %d f1 = %v, want %v", i, f1, w.f1)
		}
		if len(f2) != len(w.f2) {
			t.Errorf("row %d f2 = %v, want %v", i, f2, w.f2)
		} else {
			for k := range f2 {
				if math.Abs(f2[k]-w.f2[k]) > 1e-6 {
					t.Errorf("row %d f2 = %v, want %v (FLOAT)", i, f2, w.f2)
				}
			}
		}
		if fmt.Sprint(f3) != fmt.Sprint(w.f3) {
			t.Errorf("row %d f3 = %v, want %v", i, f3, w.f3)
		}
		if norm(got[3]) != norm(w.f4) || got[4] != w.f5 || got[5] != w.f6 {
			t.Errorf("row %d f4, f5, f6 = %q, %q, %q, want %q, %q, %q", i, got[3], got[4], got[5], w.f4, w.f5, w.f6)
		}
	}
}

func TestTimestampLTZFollowsSessionTimeZoneAndTimestampDoesNot(t *testing.T) {
	e := startServer(t, nil)
	const q = "SELECT * FROM append_with_multiple_ts_precision_and_timezone.append_with_multiple_ts_precision_and_timezone"
	for _, c := range []struct {
		tz  string
		off time.Duration
	}{{"+00:00", 0}, {"+08:00", 8 * time.Hour}, {"-05:30", -(5*time.Hour + 30*time.Minute)}} {
		t.Run(c.tz, func(t *testing.T) {
			db := e.open(c.tz, false)
			wantRows(t, db, tsRows(c.off), q)
		})
	}
}

func TestFallbackBranchFillsPartitionsMissingInMain(t *testing.T) {
	// scan.fallback-branch = test: partitions main lacks (pt=2) are read
	// from branch test, as Java's FallbackReadFileStoreTable does.
	e := startServer(t, nil)
	wantRows(t, e.db, split(append(append([]string{}, branchMainRows...), branchTestRows...)...),
		"SELECT * FROM append_table_with_append_pt_branch.append_table_with_append_pt_branch")
}

func TestBranchIsReadThroughDollarBranchSuffix(t *testing.T) {
	e := startServer(t, nil)
	wantRows(t, e.db, split(branchTestRows...),
		"SELECT * FROM append_table_with_append_pt_branch.`append_table_with_append_pt_branch$branch_test`")
	// The branch's own snapshots, from branch/branch-test/snapshot.
	root := filepath.Join(tableDir(e.dir, "append_table_with_append_pt_branch"), "branch", "branch-test")
	var want [][]string
	for _, s := range snapshots(t, root) {
		want = append(want, []string{fmt.Sprint(s.ID), fmt.Sprint(s.SchemaID), nullInt(s.TotalRecordCount)})
	}
	wantRows(t, e.db, want, "SELECT snapshot_id, schema_id, total_record_count FROM append_table_with_append_pt_branch.`append_table_with_append_pt_branch$branch_test$snapshots`")
}

// append_09's manifests are ORC (Paimon 0.9): the table reads, its
// partition filter prunes consistently, and a write adds ORC manifests
// (the table's manifest.format) that read back with the old ones.
func TestORCManifestTableReads(t *testing.T) {
	e := startServer(t, nil)
	snaps := snapshots(t, tableDir(e.dir, "append_09"))
	all := mustQuery(t, e.db, "SELECT * FROM append_09.append_09")
	if n := *snaps[len(snaps)-1].TotalRecordCount; int64(len(all.rows)) != n || n == 0 {
		t.Fatalf("%d rows, the latest snapshot says %d", len(all.rows), n)
	}
	var tens int
	for _, r := range all.rows {
		if r[1] == "10" {
			tens++
		}
	}
	wantRows(t, e.db, [][]string{{fmt.Sprint(tens)}}, "SELECT COUNT(*) FROM append_09.append_09 WHERE f1 = 10")
	sqlRun(t, e.db, "INSERT INTO append_09.append_09 SELECT * FROM append_09.append_09 WHERE f1 = 10")
	wantRows(t, e.db, [][]string{{fmt.Sprint(2 * tens)}}, "SELECT COUNT(*) FROM append_09.append_09 WHERE f1 = 10")
	wantRows(t, e.db, [][]string{{fmt.Sprint(len(all.rows) + tens)}}, "SELECT COUNT(*) FROM append_09.append_09")
	manifests, err := filepath.Glob(filepath.Join(tableDir(e.dir, "append_09"), "manifest", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range manifests {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("ORC")) {
			t.Errorf("%s is not an ORC file", filepath.Base(m))
		}
	}
}
