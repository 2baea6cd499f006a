package fs

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// On a local warehouse, creating and listing bypass the bucket's escaping;
// paths it would escape are refused, and such entries do not list, so that
// whatever is created or listed can be read back under the same name.
func TestLocalPathsAgreeWithTheBucket(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	f, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range []string{"db.db/x__0x2f__y/schema/schema-0", "db.db/new\nline/schema/schema-0"} {
		if err := f.CreateExclusive(ctx, p, []byte("{}")); err == nil {
			t.Errorf("CreateExclusive(%q) succeeded", p)
		}
		if err := f.MkdirAll(filepath.Dir(p)); err == nil {
			t.Errorf("MkdirAll(%q) succeeded", filepath.Dir(p))
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "db.db")); len(entries) != 0 {
		t.Fatalf("refused paths left %v", entries)
	}
	if err := f.CreateExclusive(ctx, "db.db/ok/schema/schema-0", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "db.db", "x__0x2f__y"), 0o755); err != nil {
		t.Fatal(err)
	}
	list, err := f.List(ctx, "db.db")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Name != "ok" {
		t.Errorf("listing %+v, want only ok", list)
	}
	if data, err := f.ReadFile(ctx, "db.db/ok/schema/schema-0"); err != nil || string(data) != "{}" {
		t.Errorf("read back: %q, %v", data, err)
	}
}
