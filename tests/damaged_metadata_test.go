package tests

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tests of metadata damaged after it was written (issue 25, item 9): a
// read fails with an error naming the damaged file, never serves another
// snapshot's data without a word.

func latestHint(t *testing.T, tableDir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tableDir, "snapshot", "LATEST"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

// snapshot-N deleted or overwritten with another snapshot while LATEST
// names N: the previous snapshot was served without a word. As in Java
// (HintFileUtils.findLatest), LATEST is trusted when snapshot-(N+1) does
// not exist, so the missing snapshot it names is an error; without a
// usable LATEST the listing decides, as before.
func TestLatestSnapshotMissingOrOverwritten(t *testing.T) {
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	sqlRun(t, w.db, "CREATE DATABASE d", "CREATE TABLE d.t (id INT, v TEXT) WITH ('bucket' = '-1')",
		"INSERT INTO d.t VALUES (1, 'a')", "INSERT INTO d.t VALUES (2, 'b')")
	snapDir := filepath.Join(dir, "d.db", "t", "snapshot")
	n := latestHint(t, filepath.Dir(snapDir))
	if n != "2" {
		t.Fatalf("LATEST = %s", n)
	}
	latest, previous := filepath.Join(snapDir, "snapshot-2"), filepath.Join(snapDir, "snapshot-1")
	good, err := os.ReadFile(latest)
	if err != nil {
		t.Fatal(err)
	}
	prev, err := os.ReadFile(previous)
	if err != nil {
		t.Fatal(err)
	}
	restore := func() {
		if err := os.WriteFile(latest, good, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name   string
		damage func() error
		want   string
	}{
		{"deleted", func() error { return os.Remove(latest) }, "snapshot/LATEST names snapshot 2, but d.db/t/snapshot/snapshot-2 does not exist"},
		{"overwritten", func() error { return os.WriteFile(latest, prev, 0o644) }, "d.db/t/snapshot/snapshot-2 is damaged: it holds snapshot 1, not 2"},
	} {
		if err := c.damage(); err != nil {
			t.Fatal(err)
		}
		fresh := serveDir(t, dir)
		for _, q := range []string{"SELECT COUNT(*) FROM d.t", "INSERT INTO d.t VALUES (3, 'c')"} {
			res, err := query(fresh.db, q)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("snapshot-2 %s: %s: %v %v, want an error with %q", c.name, q, res.rows, err, c.want)
			}
		}
		restore()
	}

	// A LATEST hint that cannot be read is only a hint: the listing decides.
	if err := os.WriteFile(filepath.Join(snapDir, "LATEST"), []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := mustQuery(t, serveDir(t, dir).db, "SELECT COUNT(*) FROM d.t").rows[0][0]; got != "2" {
		t.Errorf("with an unreadable LATEST: %s rows, want 2", got)
	}
}

// A damaged schema file that still parses was served: another schema's id
// read the data files' columns as NULL, a flipped bit in a key column's name
// failed without naming the file. Now the error names it, also for a
// statement naming a column (which failed with "column not found").
func TestDamagedSchemaFileIsNamed(t *testing.T) {
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	sqlRun(t, w.db, "CREATE DATABASE d", "CREATE TABLE d.t (id INT PRIMARY KEY, v TEXT)", "INSERT INTO d.t VALUES (1, 'a')")
	path := filepath.Join(dir, "d.db", "t", "schema", "schema-0")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"another schema id", `"id" : 0,`, `"id" : 7,`, "it holds schema 7, not 0"},
		{"a flipped bit in a column name", `"name" : "id"`, `"name" : "hd"`, `key column "id" is not one of its columns`},
		{"a repeated column", `"name" : "v"`, `"name" : "id"`, `column "id" (id 1) is there twice`},
	} {
		damaged := strings.Replace(string(good), c.from, c.to, 1)
		if damaged == string(good) {
			t.Fatalf("%s: %q not in the schema file", c.name, c.from)
		}
		if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
			t.Fatal(err)
		}
		fresh := serveDir(t, dir)
		for _, q := range []string{"SELECT * FROM d.t", "SELECT id FROM d.t", "SELECT v FROM d.t WHERE id = 1", "INSERT INTO d.t (id, v) VALUES (2, 'b')"} {
			res, err := query(fresh.db, q)
			want := "d.db/t/schema/schema-0 is damaged: " + c.want
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("schema-0 with %s: %s: %v %v, want an error with %q", c.name, q, res.rows, err, want)
			}
		}
	}
}
