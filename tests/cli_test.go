package tests

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// These tests drive the server with the mysql command-line client
// (mariadb-client), as a user would.

func TestCLIListsDatabasesAndTables(t *testing.T) {
	requireMySQLClient(t)
	e := startServer(t, nil)
	res, err := e.mysqlCLI(t, "SHOW DATABASES")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, r := range res.rows {
		got[r[0]] = true
	}
	for _, name := range fixtureTables(t) {
		if !got[name] {
			t.Errorf("mysql SHOW DATABASES lacks %s", name)
		}
		res, err := e.mysqlCLI(t, "SHOW TABLES FROM `"+name+"`")
		if err != nil {
			t.Fatal(err)
		}
		if len(res.rows) != 1 || res.rows[0][0] != name {
			t.Errorf("mysql SHOW TABLES FROM %s = %v", name, res.rows)
		}
	}
}

func TestCLIReadsMergedPrimaryKeyTableAndTimeTravels(t *testing.T) {
	requireMySQLClient(t)
	e := startServer(t, nil)
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"SELECT * FROM pk_table_with_dv_cardinality.pk_table_with_dv_cardinality", dvCardinalityLatestRows},
		{"SELECT * FROM pk_table_with_dv_cardinality.pk_table_with_dv_cardinality AS OF 2", dvCardinalityFirstRows},
		{"SELECT * FROM pk_table_with_mor.pk_table_with_mor", morLatestRows},
		{"SELECT * FROM append_table_alter_table_with_cast.append_table_alter_table_with_cast", castLatestRows},
	} {
		res, err := e.mysqlCLI(t, c.q)
		if err != nil {
			t.Fatal(err)
		}
		sameRows(t, "mysql -e "+c.q, res.rows, split(c.want...))
	}
}

func TestCLIUnquotedDollarTableAndSessionTimeZone(t *testing.T) {
	requireMySQLClient(t)
	e := startServer(t, nil)
	root := tableDir(e.dir, "pk_with_bitmap_dv")
	var want [][]string
	for _, s := range snapshots(t, root) {
		want = append(want, []string{fmt.Sprint(s.ID), s.CommitKind, millisText(s.TimeMillis, time.FixedZone("", 8*3600))})
	}
	res, err := e.mysqlCLI(t, "SET time_zone = '+08:00'; SELECT snapshot_id, commit_kind, commit_time FROM pk_with_bitmap_dv.pk_with_bitmap_dv$snapshots")
	if err != nil {
		t.Fatal(err)
	}
	wantCols(t, "mysql $snapshots", res, "snapshot_id", "commit_kind", "commit_time")
	sameRows(t, "mysql $snapshots", res.rows, want)

	res, err = e.mysqlCLI(t, "SET time_zone = '+08:00'; SELECT ts_sec, ts_tz_sec FROM append_with_multiple_ts_precision_and_timezone.append_with_multiple_ts_precision_and_timezone")
	if err != nil {
		t.Fatal(err)
	}
	var tsWant [][]string
	for _, r := range tsRows(8 * time.Hour) {
		tsWant = append(tsWant, []string{r[0], r[4]})
	}
	sameRows(t, "mysql LTZ +08:00", res.rows, tsWant)
}

func TestCLIReportsErrorsWithoutKillingTheServer(t *testing.T) {
	requireMySQLClient(t)
	e := startServer(t, nil)
	for _, c := range []struct {
		q, want string
	}{
		{"CREATE TABLE pk_09.lance (i INT) WITH ('file.format' = 'lance')", "lance"},
		{"SELECT * FROM pk_09.pk_09 AS OF 99", "99"},
		{"SELECT * FROM no_such_db.t", "ERROR 1049"},
		{"SELECT * FROM pk_09.no_such_table", "ERROR 1146"},
	} {
		_, err := e.mysqlCLI(t, c.q)
		if err == nil {
			t.Errorf("mysql -e %q succeeded", c.q)
			continue
		}
		if !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(c.want)) {
			t.Errorf("mysql -e %q: %v, want %q", c.q, err, c.want)
		}
	}
	res, err := e.mysqlCLI(t, "SELECT COUNT(*) FROM pk_with_bitmap_dv.pk_with_bitmap_dv")
	if err != nil {
		t.Fatal(err)
	}
	if res.rows[0][0] != fmt.Sprint(len(bitmapDVLatestRows)) {
		t.Errorf("COUNT(*) = %v", res.rows)
	}
}
