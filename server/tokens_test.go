package server_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/restcatalog"
)

// tokenOf creates a token with sys.create_token as user and returns it.
func tokenOf(t *testing.T, db *sqltest.DB, user, args string) string {
	t.Helper()
	r, err := db.Exec(user, "CALL sys.create_token("+args+")")
	if err != nil {
		t.Fatalf("create_token(%s) as %s: %v", args, user, err)
	}
	tokens := db.Column(r, "token")
	if len(tokens) != 1 || !strings.HasPrefix(tokens[0], "paimonsql_") {
		t.Fatalf("create_token(%s): %v", args, r.Rows)
	}
	return tokens[0]
}

func authenticates(t *testing.T, db *sqltest.DB, token string) (restcatalog.Account, bool) {
	t.Helper()
	a, err := db.Engine.Authorizer().Authenticate(context.Background(), token)
	if err != nil && !errors.Is(err, restcatalog.ErrUnauthenticated) {
		t.Fatalf("Authenticate: %v, want ErrUnauthenticated or nothing", err)
	}
	return a, err == nil
}

// The authorizer answers with the grants the SQL side checks: the
// account's own at each level and its roles', names compared exactly.
func TestTokenAuthorizerGrants(t *testing.T) {
	db := sqltest.OpenShared(t, t.TempDir())
	db.Query("CREATE DATABASE shop")
	db.Query("CREATE TABLE shop.kv (k INT NOT NULL, v TEXT, PRIMARY KEY (k))")
	db.Query("CREATE TABLE shop.orders (k INT NOT NULL, PRIMARY KEY (k))")
	db.Query("CREATE DATABASE other")
	db.User("alice", "SELECT ON shop.*", "DELETE ON shop.kv")
	db.Query("CREATE ROLE writer")
	db.Query("GRANT INSERT ON shop.kv TO writer")
	db.Query("GRANT writer TO 'alice'@'%'")
	token := tokenOf(t, db, sqltest.Root, "'alice@%', 'flink'")

	alice, ok := authenticates(t, db, token)
	if !ok || alice != (restcatalog.Account{User: "alice", Host: "%"}) {
		t.Fatalf("Authenticate: %v %v, want alice@%%", alice, ok)
	}
	az := db.Engine.Authorizer()
	ctx := context.Background()
	for _, c := range []struct {
		priv      restcatalog.Privilege
		db, table string
		want      bool
	}{
		{"SELECT", "shop", "kv", true},      // database grant
		{"SELECT", "shop", "", true},        // at database level
		{"DELETE", "shop", "kv", true},      // table grant
		{"DELETE", "shop", "orders", false}, // another table
		{"DELETE", "shop", "KV", true},      // kv, as the catalog finds it
		{"INSERT", "shop", "kv", true},      // the role's grant
		{"INSERT", "shop", "orders", false}, // the role's grant names kv only
		{"INSERT", "shop", "", false},       // the table grant is not the database's
		{"SELECT", "other", "", false},      // nothing there
		{"SELECT", "", "", false},           // no global grant
		{"DROP", "shop", "kv", false},       // not granted
		{"select", "shop", "kv", true},      // names in any case
		{"NO SUCH", "shop", "kv", false},    // not a privilege
		{"EXECUTE", "shop", "kv", false},    // not granted
		{"CREATE USER", "", "", false},      // not granted
		{"SELECT", "shop", "missing", true}, // a table that does not exist yet: the database grant
	} {
		if got := az.Allowed(ctx, alice, c.priv, c.db, c.table); got != c.want {
			t.Errorf("alice %s on %q.%q: %v, want %v", c.priv, c.db, c.table, got, c.want)
		}
	}
	root, ok := authenticates(t, db, tokenOf(t, db, sqltest.Root, ""))
	if !ok || root.User != "root" || !az.Allowed(ctx, root, "DROP", "", "") || !az.Allowed(ctx, root, "ALTER", "other", "t") {
		t.Errorf("root's own token: %v %v, or root lacks privileges", root, ok)
	}
	// A grant revoked holds at once; an account dropped holds nothing.
	db.Query("REVOKE writer FROM 'alice'@'%'")
	if az.Allowed(ctx, alice, "INSERT", "shop", "kv") {
		t.Error("alice inserts through a role revoked from her")
	}
	db.Query("DROP USER 'alice'@'%'")
	if az.Allowed(ctx, alice, "SELECT", "shop", "kv") {
		t.Error("a dropped account still selects")
	}
	if _, ok := authenticates(t, db, token); ok {
		t.Error("the token of a dropped account authenticates")
	}
	db.User("alice")
	if _, ok := authenticates(t, db, token); ok {
		t.Error("the token of a dropped account authenticates the new account of the same name")
	}
}

// Wrong, malformed and revoked tokens are all ErrUnauthenticated.
func TestTokenAuthorizerRefuses(t *testing.T) {
	db := sqltest.OpenShared(t, t.TempDir())
	db.User("bob", "EXECUTE ON sys.*")
	token := tokenOf(t, db, "bob", "")
	if a, ok := authenticates(t, db, token); !ok || a.User != "bob" {
		t.Fatalf("bob's own token: %v %v", a, ok)
	}
	last := token[len(token)-1]
	flipped := token[:len(token)-1] + string(map[bool]byte{true: 'A', false: 'B'}[last != 'A'])
	other := tokenOf(t, db, "bob", "")
	for _, bad := range []string{"", "x", token + "x", token[:len(token)-1], flipped,
		// another token's id with this token's secret
		other[:len("paimonsql_")+16] + token[len("paimonsql_")+16:],
		strings.ToUpper(token)} {
		if _, ok := authenticates(t, db, bad); ok {
			t.Errorf("%q authenticates", bad)
		}
	}
	id := token[len("paimonsql_") : len("paimonsql_")+16]
	r := db.Query("CALL sys.revoke_token('" + id + "')")
	if len(r.Rows) != 1 || r.Rows[0][2] != id {
		t.Errorf("revoke_token: %v", r.Rows)
	}
	if _, ok := authenticates(t, db, token); ok {
		t.Error("a revoked token authenticates")
	}
	if _, ok := authenticates(t, db, other); !ok {
		t.Error("revoking one token revoked another")
	}
}

// Tokens are saved with the privileges: a restart and another server on
// the warehouse see them, and a revoke on one server holds on the other.
func TestTokensSharedAndKept(t *testing.T) {
	dir := t.TempDir()
	a := sqltest.OpenShared(t, dir)
	a.User("carol")
	token := tokenOf(t, a, sqltest.Root, "'carol'")
	b := sqltest.OpenShared(t, dir)
	if acct, ok := authenticates(t, b, token); !ok || acct.User != "carol" {
		t.Fatalf("another server: %v %v", acct, ok)
	}
	// Both create a token for carol at once: both are kept.
	tokenB := tokenOf(t, b, sqltest.Root, "'carol'")
	tokenA := tokenOf(t, a, sqltest.Root, "'carol'")
	later := sqltest.OpenShared(t, dir)
	for _, tok := range []string{token, tokenA, tokenB} {
		if _, ok := authenticates(t, later, tok); !ok {
			t.Errorf("after a restart, %s... does not authenticate", tok[:26])
		}
	}
	if got := len(later.Query("CALL sys.list_tokens('carol')").Rows); got != 3 {
		t.Errorf("list_tokens shows %d tokens, want 3", got)
	}
	b.Query("CALL sys.revoke_token(account => 'carol@%')")
	for _, db := range []*sqltest.DB{a, later} {
		for _, tok := range []string{token, tokenA, tokenB} {
			if _, ok := authenticates(t, db, tok); ok && !eventuallyRefused(t, db, tok) {
				t.Errorf("a token revoked on another server still authenticates")
			}
		}
	}
}

func eventuallyRefused(t *testing.T, db *sqltest.DB, token string) bool {
	t.Helper()
	for range 60 {
		if _, ok := authenticates(t, db, token); !ok {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}
