package tests

import (
	"strings"
	"testing"
)

// Issue 25, item 10: an INSERT into a primary-key table replaces the row of
// each key it writes; with INSERT alone a user could overwrite every
// existing row. It needs UPDATE as well, as MySQL's INSERT ... ON DUPLICATE
// KEY UPDATE does; first-row tables (the first row of a key stays) and
// append tables need INSERT only.
func TestUpsertNeedsUpdate(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE u",
		"CREATE TABLE u.kv (k INT PRIMARY KEY, v TEXT) WITH ('bucket' = '1')",
		"CREATE TABLE u.first (k INT PRIMARY KEY, v TEXT) WITH ('bucket' = '1', 'merge-engine' = 'first-row')",
		"CREATE TABLE u.log (k INT, v TEXT)",
		"INSERT INTO u.kv VALUES (1, 'owner')",
		"CREATE USER 'ins'@'%' IDENTIFIED BY 'pw'", "GRANT INSERT, SELECT ON u.* TO 'ins'@'%'")
	ins := w.openAs("ins", "pw")
	for _, stmt := range []string{
		"INSERT INTO u.kv VALUES (1, 'attacker')",
		"INSERT INTO u.kv (k, v) VALUES (2, 'new')", // a new key too: the statement may replace rows
		"INSERT INTO u.kv SELECT k, 'attacker' FROM u.log",
	} {
		err := sqlRunErr(t, ins, stmt)
		if !strings.Contains(err.Error(), "Error 1142") || !strings.Contains(err.Error(), "UPDATE command denied to user 'ins' for table 'kv'") {
			t.Errorf("%s with INSERT only: %v, want UPDATE denied", stmt, err)
		}
	}
	wantRows(t, w.db, [][]string{{"1", "owner"}}, "SELECT * FROM u.kv")
	sqlRun(t, ins, "INSERT INTO u.first VALUES (1, 'a')", "INSERT INTO u.log VALUES (1, 'a')")

	sqlRun(t, w.db, "GRANT UPDATE ON u.kv TO 'ins'@'%'")
	sqlRun(t, ins, "INSERT INTO u.kv VALUES (1, 'replaced')")
	wantRows(t, w.db, [][]string{{"1", "replaced"}}, "SELECT * FROM u.kv")
}
