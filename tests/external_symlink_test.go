package tests

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Catches (issue 25, item 8): a symbolic link inside an allowed external
// root, pointing at another table's directory, through which a table
// writes its data files into that table (secret.s) and through which a
// dry run of remove_orphan_files lists secret.s's live files for deletion.
func TestExternalPathsRefuseSymlinks(t *testing.T) {
	base := t.TempDir()
	wh := filepath.Join(base, "wh")
	w := startWarehouse(t, wh)
	ext := filepath.ToSlash(filepath.Join(base, "ext"))
	if err := os.MkdirAll(ext, 0o755); err != nil {
		t.Fatal(err)
	}
	allowExternal(t, "file:"+ext)
	sqlRun(t, w.db, "CREATE DATABASE secret", "CREATE TABLE secret.s (id INT, v TEXT)",
		"INSERT INTO secret.s VALUES (1, 'classified')", "CREATE DATABASE x")
	secretDir := filepath.Join(wh, "secret.db", "s")
	secretFiles := filesUnder(t, secretDir)

	// A link there when the table is created: refused.
	if err := os.Symlink(secretDir, filepath.Join(ext, "link")); err != nil {
		t.Fatal(err)
	}
	err := sqlRunErr(t, w.db, "CREATE TABLE x.a (id INT, v TEXT) WITH ('data-file.external-paths' = 'file:"+ext+"/link', 'data-file.external-paths.strategy' = 'round-robin')")
	if !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("CREATE TABLE through a link: %v", err)
	}

	// A link made after the table: its writes are refused, its cleanup
	// does not look through it.
	sqlRun(t, w.db, "CREATE TABLE x.b (id INT, v TEXT) WITH ('data-file.external-paths' = 'file:"+ext+"/b', 'data-file.external-paths.strategy' = 'round-robin')")
	if err := os.Symlink(secretDir, filepath.Join(ext, "b")); err != nil {
		t.Fatal(err)
	}
	err = sqlRunErr(t, w.db, "INSERT INTO x.b VALUES (2, 'mine')")
	if !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("INSERT through a link: %v", err)
	}
	orphAge(t, secretDir, 48*time.Hour)
	files, _ := orphCall(t, w.db, "CALL sys.remove_orphan_files(`table` => 'x.b', dry_run => true)")
	warnings := mustQuery(t, w.db, "SHOW WARNINGS")
	for _, r := range warnings.rows {
		if strings.Contains(strings.Join(r, " "), "would delete orphan file") {
			t.Errorf("the dry run lists %v", r)
		}
	}
	if files != 0 {
		t.Errorf("the dry run would delete %d files", files)
	}
	mustQuery(t, w.db, "CALL sys.remove_orphan_files(`table` => 'x.b', older_than => '"+time.Now().UTC().Add(-time.Second).Format("2006-01-02 15:04:05")+"')")
	after := filesUnder(t, secretDir)
	if len(after) != len(secretFiles) {
		t.Errorf("secret.s had %d files, now %d", len(secretFiles), len(after))
	}
	for p := range secretFiles {
		if !after[p] {
			t.Errorf("%s is gone", p)
		}
	}
	wantRows(t, w.db, split("1|classified"), "SELECT * FROM secret.s")
}
