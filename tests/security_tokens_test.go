package tests

import (
	"bytes"
	"context"
	gosql "database/sql"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/restcatalog"
	"github.com/paimon-sql/paimon-sql/server"
)

// logBuffer collects a server's log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// loggedServer is sharedServerWith whose log (every level, every statement
// logged as slow) goes to logs.
func loggedServer(t *testing.T, dir string, store func(*paimonfs.FS) server.PrivilegeStore, logs *logBuffer) *server.Server {
	t.Helper()
	fsys := openWarehouse(t, dir)
	srv, _ := startServing(t, newProvider(t, fsys), server.Config{Listen: "127.0.0.1:0", RootPassword: "rootpw"}, server.Options{
		Privileges: store(fsys),
		Logger:     slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		SlowQuery:  time.Nanosecond,
	})
	return srv
}

// createToken runs CALL sys.create_token(args) on db and returns the token
// and its id.
func createToken(t *testing.T, db *gosql.DB, args string) (token, id string) {
	t.Helper()
	res := mustQuery(t, db, "CALL sys.create_token("+args+")")
	wantCols(t, "create_token", res, "user", "host", "id", "name", "token")
	if len(res.rows) != 1 || !strings.HasPrefix(res.rows[0][4], "paimonsql_"+res.rows[0][2]+"_") {
		t.Fatalf("create_token(%s): %v", args, res.rows)
	}
	return res.rows[0][4], res.rows[0][2]
}

// accountOf authenticates token on srv: its account, or false when refused.
func accountOf(t *testing.T, srv *server.Server, token string) (restcatalog.Account, bool) {
	t.Helper()
	a, err := srv.Authorizer().Authenticate(context.Background(), token)
	if err != nil && !errors.Is(err, restcatalog.ErrUnauthenticated) {
		t.Fatalf("Authenticate: %v, want ErrUnauthenticated", err)
	}
	return a, err == nil
}

// Issue 29, item 3: bearer tokens are made and revoked with SQL by an
// account for itself or by an administrator, are checked against the
// grants, reach every server on the warehouse and outlive a restart, and
// appear in no log line.
func TestBearerTokensOverTheWire(t *testing.T) {
	dir := t.TempDir()
	var logs logBuffer
	a := loggedServer(t, dir, server.WarehousePrivileges, &logs)
	root := mustLogin(t, a, "root", "rootpw")
	sqlRun(t, root, "CREATE DATABASE shop", "CREATE TABLE shop.kv (k INT NOT NULL, v TEXT, PRIMARY KEY (k))",
		nativeUser("alice"), "GRANT SELECT ON shop.* TO 'alice'@'%'", "GRANT EXECUTE ON sys.* TO 'alice'@'%'",
		nativeUser("bob"), "GRANT EXECUTE ON sys.* TO 'bob'@'%'", nativeUser("carl"))
	alice, carl := mustLogin(t, a, "alice", "alice-pw"), mustLogin(t, a, "carl", "carl-pw")

	// Who may make tokens for whom.
	aliceToken, aliceID := createToken(t, alice, "")
	if err := queryErr(t, alice, "CALL sys.create_token('bob')"); mysqlErrNumber(err) != 1227 {
		t.Errorf("alice makes bob's token: %v, want error 1227", err)
	}
	if err := queryErr(t, carl, "CALL sys.create_token()"); mysqlErrNumber(err) != 1044 {
		t.Errorf("carl, without EXECUTE on sys: %v, want error 1044", err)
	}
	if err := queryErr(t, root, "CALL sys.create_token('nobody@%')"); mysqlErrNumber(err) != 1396 {
		t.Errorf("a token for no account: %v, want error 1396", err)
	}
	sqlRun(t, root, "CREATE ROLE reader")
	if err := queryErr(t, root, "CALL sys.create_token('reader')"); err == nil || !strings.Contains(err.Error(), "role") {
		t.Errorf("a token for a role: %v, want a refusal naming roles", err)
	}
	bobToken, bobID := createToken(t, root, "account => 'bob', name => 'spark job'")
	createToken(t, root, "'''alice''@''%''', 'second'")

	// Listing shows ids and names, never a secret or a hash.
	listed := mustQuery(t, root, "CALL sys.list_tokens()")
	wantCols(t, "list_tokens", listed, "user", "host", "id", "name", "created", "created_by", "expires")
	if got := strings.Join(listed.column("user"), ","); got != "alice,alice,bob" {
		t.Errorf("root lists the tokens of %s, want alice's two and bob's", got)
	}
	if ids := listed.column("id"); ids[0] != aliceID && ids[1] != aliceID {
		t.Errorf("alice's token %s is not listed: %v", aliceID, ids)
	}
	if got := listed.column("name")[2] + "/" + listed.column("created_by")[2]; got != "spark job/'root'@'%'" {
		t.Errorf("bob's token listed as %s", got)
	}
	if got := mustQuery(t, alice, "CALL sys.list_tokens()").column("user"); len(got) != 2 || got[0] != "alice" {
		t.Errorf("alice lists the tokens of %v, want her own two", got)
	}
	if err := queryErr(t, alice, "CALL sys.list_tokens('bob')"); mysqlErrNumber(err) != 1227 {
		t.Errorf("alice lists bob's tokens: %v, want error 1227", err)
	}
	if err := queryErr(t, alice, "CALL sys.revoke_token('"+bobID+"')"); err == nil || strings.Contains(err.Error(), "bob") {
		t.Errorf("alice revokes bob's token: %v, want an error that does not name bob", err)
	}

	// information_schema.USER_ATTRIBUTES shows no token hash.
	if attrs := mustQuery(t, root, "SELECT attribute FROM information_schema.user_attributes WHERE user IN ('alice', 'bob')"); len(attrs.rows) != 2 ||
		attrs.rows[0][0] != "NULL" || attrs.rows[1][0] != "NULL" {
		t.Errorf("USER_ATTRIBUTES shows %v, want no attributes", attrs.rows)
	}

	// The tokens authenticate as their accounts, with their grants.
	az := a.Authorizer()
	acct, ok := accountOf(t, a, aliceToken)
	if !ok || acct != (restcatalog.Account{User: "alice", Host: "%"}) {
		t.Fatalf("alice's token: %v %v", acct, ok)
	}
	if !az.Allowed(context.Background(), acct, "SELECT", "shop", "kv") || az.Allowed(context.Background(), acct, "INSERT", "shop", "kv") {
		t.Error("alice's token does not carry exactly her SELECT on shop")
	}

	// Another server on the warehouse, and one started later, see them; a
	// token revoked on one is refused on the other.
	b := loggedServer(t, dir, server.WarehousePrivileges, &logs)
	if acct, ok := accountOf(t, b, bobToken); !ok || acct.User != "bob" {
		t.Errorf("bob's token on another server: %v %v", acct, ok)
	}
	sqlRun(t, mustLogin(t, b, "root", "rootpw"), "CALL sys.revoke_token(account => 'bob')")
	if !eventually(func() bool { _, ok := accountOf(t, a, bobToken); return !ok }) {
		t.Error("bob's token revoked on B still authenticates on A")
	}
	// A token pasted whole revokes it too, and is no more logged than made.
	sqlRun(t, alice, "CALL sys.revoke_token('"+aliceToken+"')")
	if _, ok := accountOf(t, a, aliceToken); ok {
		t.Error("alice's revoked token authenticates")
	}
	later := loggedServer(t, dir, server.WarehousePrivileges, &logs)
	if got := mustQuery(t, mustLogin(t, later, "root", "rootpw"), "CALL sys.list_tokens()").column("name"); len(got) != 1 || got[0] != "second" {
		t.Errorf("after a restart the tokens are %v, want alice's second", got)
	}

	// RENAME USER is refused (go-mysql-server has none): the tokens stay
	// with the account.
	sqlRunErr(t, root, "RENAME USER 'alice'@'%' TO 'alice2'@'%'")
	sqlRun(t, root, "DROP USER 'alice'@'%'")
	if got := mustQuery(t, root, "CALL sys.list_tokens()").rows; len(got) != 0 {
		t.Errorf("DROP USER left tokens: %v", got)
	}

	text := logs.String()
	if !strings.Contains(text, "create_token") || !strings.Contains(text, "revoke_token(<secret>)") {
		t.Fatalf("the log lacks the token statements:\n%s", text)
	}
	for _, tok := range []string{aliceToken, bobToken} {
		secret := tok[len("paimonsql_")+17:]
		if strings.Contains(text, secret) {
			t.Errorf("a token's secret is in the log:\n%s", text)
		}
	}
}

// Issue 25, item 6 for tokens: a token whose save failed is not live, and
// a revoke whose save failed leaves the token working.
func TestTokenChangeNotSavedIsNotLive(t *testing.T) {
	dir := t.TempDir()
	var full atomic.Bool
	srv := sharedServerWith(t, dir, func(fsys *paimonfs.FS) server.PrivilegeStore {
		return fullDiskStore{server.WarehousePrivileges(fsys), &full}
	})
	root := mustLogin(t, srv, "root", "rootpw")
	sqlRun(t, root, nativeUser("alice"))
	kept, keptID := createToken(t, root, "'alice'")
	before := privilegesState(t, root)

	full.Store(true)
	for _, stmt := range []string{"CALL sys.create_token('alice')", "CALL sys.revoke_token('" + keptID + "')",
		"CALL sys.revoke_token(account => 'alice')"} {
		if err := sqlRunErr(t, root, stmt); !strings.Contains(err.Error(), "no space left on device") {
			t.Errorf("%s: %v, want the disk-full error", stmt, err)
		}
		if after := privilegesState(t, root); after != before {
			t.Errorf("%s failed but changed the privileges:\nbefore %s\nafter  %s", stmt, before, after)
		}
		if _, ok := accountOf(t, srv, kept); !ok {
			t.Errorf("%s failed but the token no longer authenticates", stmt)
		}
	}
	full.Store(false)
	later := sharedServer(t, dir)
	if got := mustQuery(t, mustLogin(t, later, "root", "rootpw"), "CALL sys.list_tokens()").column("id"); len(got) != 1 || got[0] != keptID {
		t.Errorf("after a restart the tokens are %v, want only %s", got, keptID)
	}
}

// Tokens made for one account on two servers at once, beside a GRANT to
// it: every token made is kept and works, and the GRANT is not undone (the
// servers merge the account token by token).
func TestTokensConcurrentServers(t *testing.T) {
	dir := t.TempDir()
	servers := []*server.Server{sharedServer(t, dir), sharedServer(t, dir)}
	root := mustLogin(t, servers[0], "root", "rootpw")
	sqlRun(t, root, "CREATE DATABASE shop", nativeUser("alice"))
	const perServer = 6
	var wg sync.WaitGroup
	var mu sync.Mutex
	var tokens []string
	for _, srv := range servers {
		db := mustLogin(t, srv, "root", "rootpw")
		for range perServer {
			wg.Go(func() {
				var tok, id string
				if err := db.QueryRow("CALL sys.create_token('alice')").Scan(new(string), new(string), &id, new(string), &tok); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				tokens = append(tokens, tok)
				mu.Unlock()
			})
		}
	}
	wg.Go(func() { sqlRun(t, mustLogin(t, servers[1], "root", "rootpw"), "GRANT SELECT ON shop.* TO 'alice'@'%'") })
	wg.Wait()

	later := sharedServer(t, dir)
	for _, tok := range tokens {
		if _, ok := accountOf(t, later, tok); !ok {
			t.Errorf("a token made at once with others is lost")
		}
	}
	laterRoot := mustLogin(t, later, "root", "rootpw")
	if got := len(mustQuery(t, laterRoot, "CALL sys.list_tokens('alice')").rows); got != 2*perServer || len(tokens) != 2*perServer {
		t.Errorf("%d tokens listed, %d made, want %d", got, len(tokens), 2*perServer)
	}
	if got := mustQuery(t, laterRoot, "SELECT count(*) FROM mysql.user WHERE user = 'alice'").rows[0][0]; got != "1" {
		t.Errorf("alice is stored %s times", got)
	}
	if !later.Authorizer().Allowed(context.Background(), restcatalog.Account{User: "alice", Host: "%"}, "SELECT", "shop", "") {
		t.Error("the GRANT made beside the tokens is lost")
	}
}
