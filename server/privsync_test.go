package server

import (
	"context"
	"strings"
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

// accountCount is the number of accounts in a content, counting one twice
// when it is stored twice.
func accountCount(t *testing.T, data []byte) int {
	t.Helper()
	db := mysql_db.CreateEmptyMySQLDb()
	ed := db.Editor()
	defer ed.Close()
	if err := db.OverwriteUsersAndGrantData(sql.NewEmptyContext(), ed, data); err != nil {
		t.Fatal(err)
	}
	n := 0
	ed.VisitUsers(func(*mysql_db.User) { n++ })
	return n
}

// Catches: an account both servers changed stored twice in the merge (GMS's
// PutUser adds an entry that differs instead of replacing it), after which
// every login of that user panicked ("too many matching users").
func TestMergePrivilegesReplacesAccounts(t *testing.T) {
	base := content(t, map[string]string{"root": "r", "alice": "a"})
	ours := content(t, map[string]string{"root": "r", "alice": "a2"})
	theirs := content(t, map[string]string{"root": "r", "alice": "a3", "bob": "b"})
	merged, err := mergePrivileges(base, ours, theirs)
	if err != nil {
		t.Fatal(err)
	}
	if n := accountCount(t, merged); n != 3 {
		t.Errorf("merged content holds %d accounts, want root, alice and bob once each", n)
	}
	if got := accountsIn(t, merged)["alice"]; got != "a2" {
		t.Errorf("alice's password %q, want ours", got)
	}
}

// withTokens is content with the given accounts holding tokens (ids), and
// alice granted SELECT on db when selectOnDB.
func withTokens(t *testing.T, tokens map[string][]string, selectOnDB bool) []byte {
	t.Helper()
	db := mysql_db.CreateEmptyMySQLDb()
	var out captured
	db.SetPersister(&out)
	ed := db.Editor()
	defer ed.Close()
	for name, ids := range tokens {
		u := &mysql_db.User{User: name, Host: "%", PrivilegeSet: mysql_db.NewPrivilegeSet(), Plugin: "mysql_native_password"}
		if name == "alice" && selectOnDB {
			u.PrivilegeSet.AddDatabase("db", sql.PrivilegeType_Select)
		}
		var stored []storedToken
		for _, id := range ids {
			stored = append(stored, storedToken{ID: id, SHA256: "h" + id})
		}
		if err := setAccountTokens(u, stored); err != nil {
			t.Fatal(err)
		}
		ed.PutUser(u)
	}
	if err := db.Persist(sql.NewEmptyContext(), ed); err != nil {
		t.Fatal(err)
	}
	return out.data
}

// Catches: a token created on one server lost, or a token revoked there
// brought back, when another server changed the same account at once; and
// a token created here undoing a GRANT made there.
func TestMergePrivilegesMergesTokens(t *testing.T) {
	base := withTokens(t, map[string][]string{"alice": {"t1", "t2"}}, false)
	// Here: t3 created, t1 revoked. There: t4 created, t2 revoked, and
	// alice granted SELECT on db.
	ours := withTokens(t, map[string][]string{"alice": {"t2", "t3"}}, false)
	theirs := withTokens(t, map[string][]string{"alice": {"t1", "t4"}}, true)
	merged, err := mergePrivileges(base, ours, theirs)
	if err != nil {
		t.Fatal(err)
	}
	p, err := decodePrivileges(merged)
	if err != nil {
		t.Fatal(err)
	}
	alice := p.users[mysql_db.UserPrimaryKey{User: "alice", Host: "%"}]
	tokens, err := accountTokens(alice)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tok := range tokens {
		ids = append(ids, tok.ID)
	}
	if strings.Join(ids, ",") != "t4,t3" {
		t.Errorf("alice's tokens %v, want t4 (theirs) and t3 (ours)", ids)
	}
	if !alice.PrivilegeSet.Database("db").Has(sql.PrivilegeType_Select) {
		t.Error("the GRANT made on the other server is lost")
	}
	if n := accountCount(t, merged); n != 1 {
		t.Errorf("%d accounts, want alice once", n)
	}
}
