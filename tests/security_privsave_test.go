package tests

import (
	"context"
	gosql "database/sql"
	"fmt"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"
)

// fullDiskStore is the warehouse's privileges store whose saves fail with
// "no space left on device" while full is set.
type fullDiskStore struct {
	server.PrivilegeStore
	full *atomic.Bool
}

func (s fullDiskStore) Create(ctx context.Context, v int64, data []byte) error {
	if s.full.Load() {
		return fmt.Errorf("write privileges-%d: %w", v, syscall.ENOSPC)
	}
	return s.PrivilegeStore.Create(ctx, v, data)
}

// privilegesState is what the accounts, grants and role grants look like
// to root: every row of the mysql tables that hold them, but for the time
// of the last password change, which GMS does not store (it reads as the
// time of loading).
func privilegesState(t *testing.T, root *gosql.DB) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		"SELECT * FROM mysql.user ORDER BY user, host",
		"SELECT * FROM mysql.db ORDER BY user, host, db",
		"SELECT * FROM mysql.tables_priv ORDER BY user, host, db, table_name",
		"SELECT * FROM mysql.role_edges ORDER BY from_user, to_user",
	} {
		res := mustQuery(t, root, q)
		for _, row := range res.rows {
			for i, c := range res.cols {
				if !strings.EqualFold(c, "password_last_changed") {
					fmt.Fprintf(&b, "%s=%s ", c, row[i])
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Issue 25, item 6: a privilege change whose save failed (disk full) stayed
// live in memory: a CREATE USER that returned an error could log in until a
// restart, a DROP USER that returned an error locked the user out (who came
// back after the restart). Each change is now saved and live, or neither.
func TestPrivilegeChangeNotSavedIsNotLive(t *testing.T) {
	dir := t.TempDir()
	var full atomic.Bool
	store := func(fsys *paimonfs.FS) server.PrivilegeStore {
		return fullDiskStore{server.WarehousePrivileges(fsys), &full}
	}
	srv := sharedServerWith(t, dir, store)
	root := mustLogin(t, srv, "root", "rootpw")
	sqlRun(t, root, "CREATE DATABASE shop", "CREATE TABLE shop.kv (k INT NOT NULL, v TEXT, PRIMARY KEY (k))",
		nativeUser("alice"), "CREATE ROLE reader", "GRANT SELECT ON shop.* TO reader",
		"GRANT INSERT, UPDATE ON shop.kv TO 'alice'@'%'")
	alice := mustLogin(t, srv, "alice", "alice-pw")
	before := privilegesState(t, root)

	full.Store(true)
	for _, stmt := range []string{
		nativeUser("bob"),
		"DROP USER 'alice'@'%'",
		"ALTER USER 'alice'@'%' IDENTIFIED WITH mysql_native_password BY 'other'",
		"GRANT SELECT ON shop.* TO 'alice'@'%'",
		"REVOKE INSERT ON shop.kv FROM 'alice'@'%'",
		"CREATE ROLE writer",
		"DROP ROLE reader",
		"GRANT reader TO 'alice'@'%'",
	} {
		err := sqlRunErr(t, root, stmt)
		if !strings.Contains(err.Error(), "no space left on device") {
			t.Errorf("%s: %v, want the disk-full error", stmt, err)
		}
		if after := privilegesState(t, root); after != before {
			t.Errorf("%s failed but changed the privileges:\nbefore %s\nafter  %s", stmt, before, after)
		}
	}
	if _, err := login(t, srv, "bob", "bob-pw", "false"); err == nil {
		t.Error("bob, whose CREATE USER failed, logs in")
	}
	mustLogin(t, srv, "alice", "alice-pw")
	if _, err := alice.Exec("INSERT INTO shop.kv VALUES (1, 'a')"); err != nil {
		t.Errorf("alice lost the INSERT whose REVOKE failed: %v", err)
	}
	if canSelect(alice) {
		t.Error("alice reads with the SELECT whose GRANT failed")
	}

	// With space again, changes are saved, and a restart shows what was
	// live before.
	full.Store(false)
	sqlRun(t, root, nativeUser("dave"))
	later := sharedServer(t, dir)
	mustLogin(t, later, "alice", "alice-pw")
	mustLogin(t, later, "dave", "dave-pw")
	if _, err := login(t, later, "bob", "bob-pw", "false"); err == nil {
		t.Error("bob, whose CREATE USER failed, logs in after a restart")
	}
	if got, want := privilegesState(t, mustLogin(t, later, "root", "rootpw")), privilegesState(t, root); got != want {
		t.Errorf("after a restart the privileges differ from those live before:\nrestart %s\nbefore  %s", got, want)
	}
}
