package tests

// Security of sessions (issue 25): the process list shows other users'
// statements only with PROCESS and never a password; logins are bounded
// (handshake timeout, connection limits, throttling of failed logins).

import (
	"context"
	gosql "database/sql"
	"fmt"
	"io"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/server"
)

// TestSecurityProcessListHidesOthersAndPasswords: a user with only USAGE
// polls information_schema.PROCESSLIST and SHOW PROCESSLIST while root
// creates users with passwords and runs a two-second statement holding a
// secret: the user sees only its own session, and root, who holds PROCESS,
// sees the long statement with its secret masked.
func TestSecurityProcessListHidesOthersAndPasswords(t *testing.T) {
	s := startSecure(t, nil)
	reader := s.user(t, "reader")
	admin := s.openAs("root", "")

	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 150 {
			sqlRun(t, s.db, fmt.Sprintf("CREATE USER 'p%d'@'%%' IDENTIFIED BY 'Secret-%d'", i, i),
				fmt.Sprintf("DROP USER 'p%d'@'%%'", i))
		}
	}()
	go func() {
		defer wg.Done()
		mustQuery(t, s.db, "SELECT SLEEP(2), 's3.secret-key' = 'Secret-sleep'")
	}()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()

	sawMasked := false
	for polls := 0; ; polls++ {
		select {
		case <-done:
			if !sawMasked {
				t.Error("root never saw the long statement in the process list")
			}
			return
		default:
		}
		for _, q := range []string{"SELECT user, info FROM information_schema.processlist", "SHOW FULL PROCESSLIST"} {
			res := mustQuery(t, reader, q)
			for _, info := range res.column("info") {
				if strings.Contains(info, "Secret-") {
					t.Fatalf("%s shows a password: %q", q, info)
				}
			}
			if u := res.column("user"); len(u) == 0 || strings.Join(u, ",") != strings.Repeat("reader,", len(u)-1)+"reader" {
				t.Fatalf("%s as a USAGE user: users %v, want its own sessions only", q, u)
			}
		}
		for _, info := range mustQuery(t, admin, "SELECT info FROM information_schema.processlist").column("info") {
			if strings.Contains(info, "Secret-") {
				t.Fatalf("the process list shows root a password: %q", info)
			}
			sawMasked = sawMasked || strings.Contains(info, "'s3.secret-key' = <secret>")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// loginErr tries a login and returns its error.
func (e *env) loginErr(user, password string) error {
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd = user, password
	cfg.Net, cfg.Addr = "tcp", e.srv.Addr().String()
	cfg.Timeout = 10 * time.Second
	cfg.TLSConfig = "preferred"
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		return err
	}
	defer db.Close()
	return db.Ping()
}

// TestSecuritySetPassword: MySQL 8's SET PASSWORD forms, which clients'
// change-password features send: one's own password always, another
// account's only with CREATE USER (or UPDATE on mysql).
func TestSecuritySetPassword(t *testing.T) {
	s := startSecure(t, nil)
	alice := s.user(t, "alice")
	s.user(t, "bob")
	admin := s.user(t, "admin", "CREATE USER ON *.*")

	sqlRun(t, alice, "SET PASSWORD = 'alice-2'")
	if err := s.loginErr("alice", "pw"); err == nil {
		t.Error("the old password still logs in")
	}
	if err := s.loginErr("alice", "alice-2"); err != nil {
		t.Errorf("the new password: %v", err)
	}
	sqlRun(t, alice, "SET PASSWORD FOR 'alice'@'%' = _utf8mb4'alice-3'")
	if err := s.loginErr("alice", "alice-3"); err != nil {
		t.Errorf("SET PASSWORD FOR oneself: %v", err)
	}
	if err := sqlRunErr(t, alice, "SET PASSWORD FOR 'bob'@'%' = 'stolen'"); !denied(err) {
		t.Errorf("SET PASSWORD FOR another account without privileges: %v, want access denied", err)
	}
	if err := s.loginErr("bob", "pw"); err != nil {
		t.Errorf("bob after a refused SET PASSWORD: %v", err)
	}
	sqlRun(t, admin, "SET PASSWORD FOR bob = 'bob-2'")
	sqlRun(t, s.db, "SET PASSWORD FOR 'admin'@'%' = 'admin-2'")
	for user, pw := range map[string]string{"bob": "bob-2", "admin": "admin-2"} {
		if err := s.loginErr(user, pw); err != nil {
			t.Errorf("%s after SET PASSWORD FOR: %v", user, err)
		}
	}
	for stmt, code := range map[string]uint16{
		"SET PASSWORD = 'x' REPLACE 'alice-3'":       1235,
		"SET PASSWORD = 'x' RETAIN CURRENT PASSWORD": 1235,
		"SET PASSWORD = PASSWORD('x')":               1064,
		"SET PASSWORD FOR = 'x'":                     1064,
	} {
		if err := sqlRunErr(t, alice, stmt); mysqlErrNumber(err) != code {
			t.Errorf("%s: %v, want error %d", stmt, err, code)
		}
	}
}

// TestSecurityProxyAndLimitsRefused: GRANT PROXY and account resource
// limits fail with MySQL's "not supported" (1235), not an internal error
// or a limit silently ignored.
func TestSecurityProxyAndLimitsRefused(t *testing.T) {
	s := startSecure(t, nil)
	sqlRun(t, s.db, "CREATE USER 'a'@'%' IDENTIFIED BY 'pw'", "CREATE USER 'b'@'%' IDENTIFIED BY 'pw'")
	for _, stmt := range []string{
		"GRANT PROXY ON 'a'@'%' TO 'b'@'%'",
		"REVOKE PROXY ON 'a'@'%' FROM 'b'@'%'",
		"CREATE USER 'c'@'%' IDENTIFIED BY 'pw' WITH MAX_USER_CONNECTIONS 2",
		"ALTER USER 'a'@'%' WITH MAX_QUERIES_PER_HOUR 10",
	} {
		if err := sqlRunErr(t, s.db, stmt); mysqlErrNumber(err) != 1235 {
			t.Errorf("%s: %v, want error 1235", stmt, err)
		}
	}
	sqlRun(t, s.db, "CREATE USER 'd'@'%' IDENTIFIED BY 'pw' WITH MAX_USER_CONNECTIONS 0")
}

// TestSecuritySilentConnectionsDoNotLockOut: 260 TCP connections that never
// send a byte (more than max_connections and its waiting clients) leave
// logins working at once, and are closed after connect_timeout.
func TestSecuritySilentConnectionsDoNotLockOut(t *testing.T) {
	const timeout = 3 * time.Second
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) { cfg.ConnectTimeout = timeout })
	// A connection that logged in outlives connect_timeout.
	pinned, err := s.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer pinned.Close()
	silent := make([]net.Conn, 260)
	for i := range silent {
		c, err := net.Dial("tcp", s.srv.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		silent[i] = c
	}
	opened := time.Now()
	start := time.Now()
	if err := s.loginErr("root", ""); err != nil {
		t.Fatalf("login with %d silent connections open: %v", len(silent), err)
	}
	if took := time.Since(start); took > timeout/2 {
		t.Errorf("login with silent connections open took %v", took)
	}
	wantOne(t, s.db, "3", "SELECT @@connect_timeout")
	// The server closes each silent connection once connect_timeout has
	// passed: after the greeting, a read sees the end of the stream.
	for i, c := range silent {
		_ = c.SetReadDeadline(opened.Add(timeout + 10*time.Second))
		if _, err := io.Copy(io.Discard, c); err != nil {
			t.Fatalf("silent connection %d still open %v after connecting: %v", i, time.Since(opened), err)
		}
	}
	if took := time.Since(opened); took < timeout-time.Second {
		t.Errorf("silent connections closed after %v, before connect_timeout %v", took, timeout)
	}
	wantOne(t, pinned, "1", "SELECT 1")
}

// TestSecurityConnectionLimits: max_user_connections bounds one account's
// connections (1203); max_connections all logged-in ones (1040), but an
// account with SUPER gets one more, as in MySQL.
func TestSecurityConnectionLimits(t *testing.T) {
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) {
		cfg.MaxConnections = 4 // root's s.db holds one
		cfg.MaxUserConnections = 2
		cfg.MaxWaitTimeout = 200 * time.Millisecond
	})
	sqlRun(t, s.db, "CREATE USER 'alice'@'%' IDENTIFIED BY 'pw'", "CREATE USER 'bob'@'%' IDENTIFIED BY 'pw'")
	wantOne(t, s.db, "2", "SELECT @@max_user_connections")
	hold := func(user string) (func(), error) {
		cfg := mysql.NewConfig()
		cfg.User, cfg.Passwd, cfg.Net, cfg.Addr, cfg.TLSConfig = user, "pw", "tcp", s.srv.Addr().String(), "preferred"
		if user == "root" {
			cfg.Passwd = ""
		}
		db, err := gosql.Open("mysql", cfg.FormatDSN())
		if err != nil {
			return nil, err
		}
		c, err := db.Conn(context.Background())
		if err != nil {
			_ = db.Close()
			return nil, err
		}
		return func() { _ = c.Close(); _ = db.Close() }, nil
	}
	for range 2 {
		release, err := hold("alice")
		if err != nil {
			t.Fatal(err)
		}
		defer release()
	}
	if _, err := hold("alice"); mysqlErrNumber(err) != 1203 {
		t.Fatalf("alice's third connection: %v, want error 1203", err)
	}
	release, err := hold("bob") // the fourth of max_connections
	if err != nil {
		t.Fatalf("bob: %v", err)
	}
	defer release()
	if _, err := hold("bob"); mysqlErrNumber(err) != 1040 {
		t.Fatalf("a fifth connection: %v, want error 1040", err)
	}
	adminRelease, err := hold("root")
	if err != nil {
		t.Fatalf("root beyond max_connections: %v", err)
	}
	adminRelease()
	release()
	// The slot bob's connection freed serves the next client.
	if !eventually(func() bool {
		r, err := hold("bob")
		if err == nil {
			r()
		}
		return err == nil
	}) {
		t.Error("a closed connection's slot was not freed")
	}
}

// TestSecurityLoginThrottle: from the fourth consecutive wrong password
// on, each attempt of that user waits longer; a right password still logs
// in (after its wait) and resets the count; other users are not slowed.
func TestSecurityLoginThrottle(t *testing.T) {
	const step = 400 * time.Millisecond
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) {
		cfg.LoginFailuresBeforeDelay = 3
		cfg.LoginDelayMin = step
		cfg.LoginDelayMax = 2 * step
	})
	sqlRun(t, s.db, "CREATE USER 'victim'@'%' IDENTIFIED BY 'right'", "CREATE USER 'other'@'%' IDENTIFIED BY 'pw'")
	timed := func(user, pw string) (time.Duration, error) {
		start := time.Now()
		err := s.loginErr(user, pw)
		return time.Since(start), err
	}
	var took []time.Duration
	for range 6 {
		d, err := timed("victim", "wrong")
		if err == nil {
			t.Fatal("a wrong password logged in")
		}
		took = append(took, d)
	}
	// Attempts 4, 5 and 6 wait 1, 2 and 2 (the maximum) steps.
	for i, want := range []time.Duration{step, 2 * step, 2 * step} {
		if took[3+i] < want {
			t.Errorf("attempt %d took %v, want at least %v (all: %v)", 4+i, took[3+i], want, took)
		}
	}
	if d, err := timed("other", "pw"); err != nil || d >= step {
		t.Errorf("another user's login: %v in %v, want no wait", err, d)
	}
	if d, err := timed("victim", "right"); err != nil || d < 2*step {
		t.Errorf("the right password while throttled: %v in %v, want a login after %v", err, d, 2*step)
	}
	if d, _ := timed("victim", "wrong"); d >= step {
		t.Errorf("a wrong password after a login took %v: the count was not reset", d)
	}
}

// TestSecuritySha2FastPathPyMySQL: a caching_sha2_password account logs
// in with PyMySQL over TLS, then without TLS through the cached fast path,
// as with MySQL; a wrong password still fails without TLS.
func TestSecuritySha2FastPathPyMySQL(t *testing.T) {
	py := "/usr/bin/python3"
	if out, err := exec.Command(py, "-c", "import pymysql").CombinedOutput(); err != nil {
		missingClient(t, "PyMySQL", "Debian: apt-get install python3-pymysql: "+strings.TrimSpace(string(out)))
	}
	s := startSecure(t, nil)
	sqlRun(t, s.db, "CREATE USER 'py'@'%' IDENTIFIED BY 'py-pw'")
	script := `
import pymysql, ssl, sys
port, password, tls = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "tls"
kw = dict(host="127.0.0.1", port=port, user="py", password=password)
if tls:
    ctx = ssl.create_default_context()
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
    kw["ssl"] = ctx
try:
    c = pymysql.connect(**kw)
    cur = c.cursor()
    cur.execute("SELECT CURRENT_USER()")
    print(cur.fetchone()[0])
except pymysql.err.OperationalError as e:
    print("error", e.args[0])
`
	login := func(password, mode string) string {
		out, err := exec.Command(py, "-c", script, strconv.Itoa(s.port()), password, mode).CombinedOutput()
		if err != nil {
			t.Fatalf("python: %v: %s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if got := login("py-pw", "plain"); got != "error 1045" {
		t.Errorf("first login without TLS: %q, want error 1045 (the server has no RSA key exchange)", got)
	}
	if got := login("py-pw", "tls"); got != "py@%" {
		t.Fatalf("login over TLS: %q", got)
	}
	if got := login("py-pw", "plain"); got != "py@%" {
		t.Errorf("login without TLS after a TLS login: %q, want py@%%", got)
	}
	if got := login("wrong", "plain"); got != "error 1045" {
		t.Errorf("a wrong password without TLS: %q, want error 1045", got)
	}
}

// TestSecurityKillNeedsOwnership: as in MySQL, a user kills its own
// connections; another user's needs SUPER (1095), and
// an unknown id is 1094.
func TestSecurityKillNeedsOwnership(t *testing.T) {
	s := startSecure(t, nil)
	reader := s.user(t, "reader")
	rootConn, err := s.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer rootConn.Close()
	rootID := mustQuery(t, rootConn, "SELECT CONNECTION_ID()").rows[0][0]
	if err := sqlRunErr(t, reader, "KILL "+rootID); mysqlErrNumber(err) != 1095 {
		t.Errorf("KILL of root's connection by a USAGE user: %v, want error 1095", err)
	}
	wantOne(t, rootConn, "1", "SELECT 1")
	if err := sqlRunErr(t, reader, "KILL QUERY 999999"); mysqlErrNumber(err) != 1094 {
		t.Errorf("KILL of an unknown id: %v, want error 1094", err)
	}
	own, err := reader.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	ownID := mustQuery(t, own, "SELECT CONNECTION_ID()").rows[0][0]
	sqlRun(t, reader, "KILL QUERY "+ownID)
	admin := s.user(t, "admin", "SUPER ON *.*")
	sqlRun(t, admin, "KILL QUERY "+rootID)
}

// TestSecurityHandshakeBound: beyond --max-handshake-connections, a new
// connection is closed at once (no greeting); slots free as soon as the
// silent connections go.
func TestSecurityHandshakeBound(t *testing.T) {
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) { cfg.MaxHandshakes = 20 })
	var silent []net.Conn
	for range 20 {
		c, err := net.Dial("tcp", s.srv.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
	}
	// The greeting of the last one proves the server accepted all 20.
	greeting := make([]byte, 4)
	_ = silent[19].SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.ReadFull(silent[19], greeting); err != nil {
		t.Fatalf("greeting of the 20th connection: %v", err)
	}
	extra, err := net.Dial("tcp", s.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer extra.Close()
	_ = extra.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := io.Copy(io.Discard, extra); err != nil || n != 0 {
		t.Errorf("the 21st connection: %d bytes, %v; want closed at once without a greeting", n, err)
	}
	for _, c := range silent {
		_ = c.Close()
	}
	if !eventually(func() bool { return s.loginErr("root", "") == nil }) {
		t.Error("no login after the silent connections closed")
	}
}

// TestSecurityThrottledLoginOutlastsConnectTimeout: the server's own wait
// on a throttled login does not count against connect_timeout, so a right
// password still logs in when the wait is the longer, also where the
// password is read after the wait (caching_sha2_password's first login,
// over TLS).
func TestSecurityThrottledLoginOutlastsConnectTimeout(t *testing.T) {
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) {
		cfg.ConnectTimeout = 2 * time.Second
		cfg.LoginFailuresBeforeDelay = 1
		cfg.LoginDelayMin = 3 * time.Second
		cfg.LoginDelayMax = 3 * time.Second
	})
	sqlRun(t, s.db, "CREATE USER 'slow'@'%' IDENTIFIED BY 'right'")
	if err := s.loginErr("slow", "wrong"); err == nil {
		t.Fatal("a wrong password logged in")
	}
	start := time.Now()
	if err := s.loginErr("slow", "right"); err != nil {
		t.Errorf("the right password after a 3 s wait, with a 2 s connect timeout: %v after %v", err, time.Since(start))
	}
}
