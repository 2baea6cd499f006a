package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestColumnsDifferingOnlyInCaseAreRefused: Java Paimon and Flink allow
// columns `a` and `A` in one table; MySQL names cannot tell them apart, and
// a read resolved both to `a`. The table lists with both columns, and every
// read or write fails with an error naming them, before and after a restart.
func TestColumnsDifferingOnlyInCaseAreRefused(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	sqlRun(t, e.db, "CREATE DATABASE cc", "CREATE TABLE cc.t (a INT, b VARCHAR(10))", "INSERT INTO cc.t VALUES (1, 'upper')")
	// As Java's ALTER TABLE t RENAME COLUMN b TO A writes it: schema-1 is
	// schema-0 with field 1 renamed.
	root := xpTableRoot(dir, "cc", "t")
	renameField(t, root, 1, "A")

	srv := serveDir(t, dir)
	for _, q := range []string{"SELECT * FROM cc.t", "SELECT a FROM cc.t", "SELECT COUNT(*) FROM cc.t",
		"SELECT `A` FROM cc.t", "INSERT INTO cc.t VALUES (2)", "SHOW CREATE TABLE cc.t"} {
		_, err := srv.db.Exec(q)
		if err == nil || !strings.Contains(err.Error(), "`a` and `A` differ only in case") {
			t.Errorf("%s: error %v, want the refusal naming both columns", q, err)
		}
	}
	// The snapshot written before the rename has no clash: time travel
	// reads it with its own schema.
	wantRows(t, srv.db, [][]string{{"1", "upper"}}, "SELECT * FROM cc.t AS OF 1")
}

// renameField writes the next schema of the table at root: the latest one
// with field id renamed, as a Java rename commits it.
func renameField(t *testing.T, root string, id int, name string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "schema", "schema-0"))
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	for _, f := range s["fields"].([]any) {
		if m := f.(map[string]any); int(m["id"].(float64)) == id {
			m["name"] = name
		}
	}
	s["id"] = 1
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "schema", "schema-1"), out, 0o644); err != nil {
		t.Fatal(err)
	}
}
