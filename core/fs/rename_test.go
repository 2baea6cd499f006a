package fs

import (
	"context"
	"errors"
	"testing"
)

// TestRenameDir: a local directory is renamed whole; a target that exists,
// even empty, is never replaced; object stores are refused.
func TestRenameDir(t *testing.T) {
	ctx := context.Background()
	f, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Write(ctx, "d.db/a/schema/schema-0", []byte("s")); err != nil {
		t.Fatal(err)
	}
	if err := f.MkdirAll("d.db/taken"); err != nil {
		t.Fatal(err)
	}
	if err := f.RenameDir("d.db/a", "d.db/taken"); !IsExist(err) {
		t.Errorf("rename onto an existing directory: %v, want ErrExist", err)
	}
	if err := f.RenameDir("d.db/a", "d.db/b"); err != nil {
		t.Fatal(err)
	}
	if data, err := f.ReadFile(ctx, "d.db/b/schema/schema-0"); err != nil || string(data) != "s" {
		t.Errorf("renamed file: %q, %v", data, err)
	}
	if ok, _ := f.Exists(ctx, "d.db/a/schema/schema-0"); ok {
		t.Error("the old directory still holds the file")
	}
	if err := f.RenameDir("", "x"); err == nil {
		t.Error("renaming the warehouse root was accepted")
	}
	mem, err := Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	if err := mem.RenameDir("d.db/a", "d.db/b"); !errors.Is(err, ErrNoDirectoryRename) {
		t.Errorf("rename on mem://: %v, want ErrNoDirectoryRename", err)
	}
}
