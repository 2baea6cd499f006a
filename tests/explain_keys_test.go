package tests

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 24 item 3, over the wire: a hash join whose build side has a
// condition of its own passes its key set down to the scan at the bottom
// of its probe side, a chain of joins (TPC-H Q08's part and lineitem),
// and EXPLAIN says so on the join's Hash line; under ANALYZE the scan's
// join below already keeps only the rows the join above can meet. Also
// the semi join of an EXISTS on a primary key, run as a hash join that
// scans the table filtered by the outer rows' keys (Q21's l2).
func TestExplainShowsKeysPassedDown(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	// f: 400 rows, a NULL in every 40th; b = 1 (kind 'x') in a third.
	var rows []string
	count, sum := 0, 0
	for i := 1; i <= 400; i++ {
		a, b := fmt.Sprint(i%3+1), (i/3)%3+1
		if i%40 == 0 {
			a = "NULL"
		} else if b == 1 {
			count, sum = count+1, sum+i
		}
		rows = append(rows, fmt.Sprintf("(%d,%s,%d)", i, a, b))
	}
	sqlRun(t, w.db, "CREATE DATABASE k",
		"CREATE TABLE k.f (id INT, a INT, b INT)",
		"INSERT INTO k.f VALUES "+strings.Join(rows, ","),
		"CREATE TABLE k.da (a INT, name VARCHAR(5))",
		"INSERT INTO k.da VALUES (1,'one'),(2,'two'),(3,'three')",
		"CREATE TABLE k.db (b INT, kind VARCHAR(5))",
		"INSERT INTO k.db VALUES (1,'x'),(2,'y'),(3,'y')",
		"CREATE TABLE k.pk (id INT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '2')",
		"INSERT INTO k.pk VALUES (1,10),(2,20),(3,30)",
		"INSERT INTO k.f VALUES (1001,1,1),(1002,1,2),(1003,2,1),(1004,2,2),(1005,3,3),(1006,NULL,1),(1007,1,NULL),(1008,3,1)")
	count, sum = count+3, sum+1001+1003+1008
	q := "SELECT /*+ JOIN_ORDER(f, da, db) HASH_JOIN(f, da) HASH_JOIN(da, db) */ f.id, da.name FROM k.f f JOIN k.da da ON f.a = da.a JOIN k.db db ON f.b = db.b WHERE db.kind = 'x'"
	wantRows(t, w.db, split(fmt.Sprintf("%d|%d", count, sum)), "SELECT COUNT(*), SUM(id) FROM ("+q+") AS j")
	// The inner join already keeps only f's rows with b = 1 (and a not
	// NULL): db's key set filtered f's scan.
	wantText(t, "keys passed down", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Hash inner join (f.b = db.b)  (actual time=T rows=" + fmt.Sprint(count) + " loops=1)",
		"    -> Hash inner join (f.a = da.a) (probe filtered by build keys)  (actual time=T rows=" + fmt.Sprint(count) + " loops=1)",
		"        -> Table scan on f (files: 2 of 2)  (actual time=T rows=408 loops=1)",
		"        -> Hash  (actual time=T rows=3 loops=1)",
		"            -> Table scan on da (files: 1 of 1)  (actual time=T rows=3 loops=1)",
		"    -> Hash (keys passed to the probe scan, or filtered by probe keys)  (actual time=T rows=1 loops=1)",
		"        -> Filter: (db.kind = 'x') (vectorized)  (actual time=T rows=1 loops=1)",
		"            -> Table scan on db (files: 1 of 1)  (actual time=T rows=3 loops=1)",
	}, "\n"))
	q = "SELECT /*+ LOOKUP_JOIN(f, pk) */ f.id FROM k.f f WHERE f.id > 1000 AND EXISTS (SELECT * FROM k.pk pk WHERE pk.id = f.a AND pk.v > f.b * 10)"
	wantRows(t, w.db, split("1003", "1008"), q)
	got := explainText(t, w.db, "EXPLAIN FORMAT=TREE "+q)
	if !strings.Contains(got, "-> Hash semijoin ((f.a = pk.id) AND (pk.v > (f.b * 10)))") || strings.Contains(got, "index lookup") {
		t.Errorf("EXISTS on a primary key: want a hash semi join, no lookups:\n%s", got)
	}
}
