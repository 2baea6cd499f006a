package tests

// Security of sessions (issue 25): the process list shows other users'
// statements only with PROCESS and never a password; logins are bounded
// (handshake timeout, connection limits, throttling of failed logins).

import (
	gosql "database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
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
