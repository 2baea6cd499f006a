package server

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// content serializes accounts as GMS does; each account's name is also its
// auth string, so that a changed account differs.
func content(t *testing.T, accounts map[string]string) []byte {
	t.Helper()
	db := mysql_db.CreateEmptyMySQLDb()
	var out captured
	db.SetPersister(&out)
	ed := db.Editor()
	defer ed.Close()
	for name, auth := range accounts {
		ed.PutUser(&mysql_db.User{User: name, Host: "%", PrivilegeSet: mysql_db.NewPrivilegeSet(), Plugin: "mysql_native_password", AuthString: auth})
	}
	if err := db.Persist(sql.NewEmptyContext(), ed); err != nil {
		t.Fatal(err)
	}
	return out.data
}

func accountsIn(t *testing.T, data []byte) map[string]string {
	t.Helper()
	p, err := decodePrivileges(data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, u := range p.users {
		out[k.User] = u.AuthString
	}
	return out
}

// Catches: a change written over another server's newer version (erasing
// its accounts, restoring what it removed).
func TestMergePrivileges(t *testing.T) {
	base := content(t, map[string]string{"root": "r", "alice": "a", "carl": "c"})
	// This server added dave and changed alice; the other added bob and
	// dropped carl.
	ours := content(t, map[string]string{"root": "r", "alice": "a2", "carl": "c", "dave": "d"})
	theirs := content(t, map[string]string{"root": "r", "alice": "a", "bob": "b"})
	merged, err := mergePrivileges(base, ours, theirs)
	if err != nil {
		t.Fatal(err)
	}
	got := accountsIn(t, merged)
	want := map[string]string{"root": "r", "alice": "a2", "bob": "b", "dave": "d"}
	if len(got) != len(want) {
		t.Fatalf("merged %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("merged %v, want %v", got, want)
		}
	}
}

// Catches: a lost compare-and-swap overwriting the winner's version.
func TestPersistMergesAfterConflict(t *testing.T) {
	store := &memStore{}
	ctx := context.Background()
	base := content(t, map[string]string{"root": "r"})
	if err := store.Create(ctx, 1, base); err != nil {
		t.Fatal(err)
	}
	s := newPrivilegeSync(mysql_db.CreateEmptyMySQLDb(), store)
	if err := s.refresh(ctx, 0); err != nil {
		t.Fatal(err)
	}
	// Another server writes version 2 after this one loaded version 1.
	if err := store.Create(ctx, 2, content(t, map[string]string{"root": "r", "bob": "b"})); err != nil {
		t.Fatal(err)
	}
	if err := s.Persist(sql.NewEmptyContext(), content(t, map[string]string{"root": "r", "alice": "a"})); err != nil {
		t.Fatal(err)
	}
	v, data, _ := store.Latest(ctx)
	if got := accountsIn(t, data); v != 3 || len(got) != 3 || got["alice"] != "a" || got["bob"] != "b" {
		t.Errorf("version %d: %v, want 3 with root, alice and bob", v, got)
	}
	if !s.stale {
		t.Error("memory lacks bob but is not marked for reload")
	}
}

// The single file of older versions is read, then replaced by versions.
func TestWarehousePrivilegesLegacyFile(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	legacy := content(t, map[string]string{"root": "r"})
	if err := fsys.Write(ctx, legacyPrivileges, legacy); err != nil {
		t.Fatal(err)
	}
	store := WarehousePrivileges(fsys)
	if v, data, err := store.Latest(ctx); err != nil || v != 0 || string(data) != string(legacy) {
		t.Fatalf("legacy: %d %v", v, err)
	}
	for v := int64(1); v <= keptPrivilegeVersions+2; v++ {
		if err := store.Create(ctx, v, legacy); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.Create(ctx, 3, legacy); !fs.IsExist(err) {
		t.Errorf("second create of version 3: %v", err)
	}
	if ok, _ := fsys.Exists(ctx, legacyPrivileges); ok {
		t.Error("legacy file kept")
	}
	files, _ := fsys.List(ctx, privilegesDir)
	if len(files) != keptPrivilegeVersions {
		t.Errorf("%d files kept, want %d", len(files), keptPrivilegeVersions)
	}
}
