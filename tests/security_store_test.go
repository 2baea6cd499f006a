package tests

import (
	gosql "database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"
)

// sharedServer serves the warehouse dir with its privileges store, as
// cmd/paimon-sql does, with root's password "rootpw", until the test ends.
// Several of them on one dir are several servers on one warehouse.
func sharedServer(t *testing.T, dir string) *server.Server {
	t.Helper()
	return sharedServerWith(t, dir, server.WarehousePrivileges)
}

// sharedServerWith is sharedServer with the privileges store that store
// makes of the warehouse.
func sharedServerWith(t *testing.T, dir string, store func(*paimonfs.FS) server.PrivilegeStore) *server.Server {
	t.Helper()
	fsys := openWarehouse(t, dir)
	srv, _ := startServing(t, newProvider(t, fsys), server.Config{Listen: "127.0.0.1:0", RootPassword: "rootpw"},
		server.Options{Privileges: store(fsys)})
	return srv
}

// login connects to srv as user; tls is go-sql-driver's tls parameter.
func login(t *testing.T, srv *server.Server, user, password, tls string) (*gosql.DB, error) {
	t.Helper()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd, cfg.TLSConfig = user, password, tls
	cfg.Net, cfg.Addr = "tcp", srv.Addr().String()
	cfg.Timeout = 10 * time.Second
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Ping(); err != nil {
		_ = db.Close()
		return nil, err
	}
	t.Cleanup(func() { _ = db.Close() })
	return db, nil
}

func mustLogin(t *testing.T, srv *server.Server, user, password string) *gosql.DB {
	t.Helper()
	db, err := login(t, srv, user, password, "false")
	if err != nil {
		t.Fatalf("login as %s: %v", user, err)
	}
	return db
}

// canSelect tells whether db may read shop.kv.
func canSelect(db *gosql.DB) bool {
	_, err := db.Exec("SELECT * FROM shop.kv")
	return err == nil
}

// eventually polls cond for a few times the privileges' refresh interval.
func eventually(cond func() bool) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return false
}

func nativeUser(name string) string {
	return fmt.Sprintf("CREATE USER '%s'@'%%' IDENTIFIED WITH mysql_native_password BY '%s-pw'", name, name)
}

// Issue 12, item 4: a user created on A was erased when B created another;
// a REVOKE on A was not seen by B, and B wrote the revoked grant back.
func TestPrivilegesSharedByServers(t *testing.T) {
	dir := t.TempDir()
	a, b := sharedServer(t, dir), sharedServer(t, dir)
	rootA, rootB := mustLogin(t, a, "root", "rootpw"), mustLogin(t, b, "root", "rootpw")
	sqlRun(t, rootA, "CREATE DATABASE shop", "CREATE TABLE shop.kv (k INT NOT NULL, v TEXT, PRIMARY KEY (k))")

	sqlRun(t, rootA, nativeUser("alice"), "GRANT SELECT ON shop.* TO 'alice'@'%'")
	sqlRun(t, rootB, nativeUser("bob"))
	for _, srv := range []*server.Server{a, b, sharedServer(t, dir)} {
		mustLogin(t, srv, "alice", "alice-pw")
		mustLogin(t, srv, "bob", "bob-pw")
	}

	aliceOnB := mustLogin(t, b, "alice", "alice-pw")
	if !canSelect(aliceOnB) {
		t.Fatal("alice cannot read shop.kv on B")
	}
	sqlRun(t, rootA, "REVOKE SELECT ON shop.* FROM 'alice'@'%'")
	if !eventually(func() bool { return !canSelect(aliceOnB) }) {
		t.Error("the REVOKE on A does not hold on B")
	}
	// B changes privileges: the grant revoked on A is not written back.
	sqlRun(t, rootB, "GRANT SELECT ON shop.* TO 'bob'@'%'")
	later := sharedServer(t, dir)
	if canSelect(mustLogin(t, later, "alice", "alice-pw")) {
		t.Error("B wrote alice's revoked grant back")
	}
	if !canSelect(mustLogin(t, later, "bob", "bob-pw")) {
		t.Error("bob's grant on B is lost")
	}
}

// Concurrent CREATE USER on two servers: every account survives.
func TestPrivilegesConcurrentServers(t *testing.T) {
	dir := t.TempDir()
	servers := []*server.Server{sharedServer(t, dir), sharedServer(t, dir)}
	const perServer = 8
	var wg sync.WaitGroup
	errs := make(chan error, 2*perServer)
	for i, srv := range servers {
		root := mustLogin(t, srv, "root", "rootpw")
		for j := range perServer {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := root.Exec(nativeUser(fmt.Sprintf("u%d_%d", i, j))); err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	later := sharedServer(t, dir)
	for i := range servers {
		for j := range perServer {
			name := fmt.Sprintf("u%d_%d", i, j)
			if _, err := login(t, later, name, name+"-pw", "false"); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// Issue 12, item 4: the store was mode 0644.
func TestPrivilegesStoreMode(t *testing.T) {
	dir := t.TempDir()
	sqlRun(t, mustLogin(t, sharedServer(t, dir), "root", "rootpw"), nativeUser("alice"))
	files, err := filepath.Glob(filepath.Join(dir, "_paimon_sql", "privileges*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no privileges file: %v", err)
	}
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if perm := info.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s: mode %o, want 600", f, perm)
		}
	}
}

// Issue 12, item 4: new users got unsalted double-SHA1 hashes; now
// caching_sha2_password is the default, mysql_native_password on request.
func TestCachingSha2PasswordDefault(t *testing.T) {
	srv := sharedServer(t, t.TempDir())
	root := mustLogin(t, srv, "root", "rootpw")
	sqlRun(t, root, "CREATE USER 'carol'@'%' IDENTIFIED BY 'carol-pw'", nativeUser("old"))
	res := mustQuery(t, root, "SELECT user, plugin, authentication_string FROM mysql.user WHERE user IN ('carol', 'old') ORDER BY user")
	if len(res.rows) != 2 || res.rows[0][1] != "caching_sha2_password" || !strings.HasPrefix(res.rows[0][2], "$A$005$") ||
		res.rows[1][1] != "mysql_native_password" {
		t.Fatalf("accounts: %v", res.rows)
	}

	// Without TLS the password is not cached yet: a clear refusal.
	_, err := login(t, srv, "carol", "carol-pw", "false")
	if mysqlErrNumber(err) != 1045 || !strings.Contains(err.Error(), "TLS") {
		t.Fatalf("first login without TLS: %v, want access denied asking for TLS", err)
	}
	if _, err := login(t, srv, "carol", "wrong", "skip-verify"); mysqlErrNumber(err) != 1045 {
		t.Fatalf("wrong password over TLS: %v", err)
	}
	if _, err := login(t, srv, "carol", "carol-pw", "skip-verify"); err != nil {
		t.Fatalf("login over TLS: %v", err)
	}
	// Cached: the fast path works without TLS, and only with the password.
	if _, err := login(t, srv, "carol", "carol-pw", "false"); err != nil {
		t.Fatalf("cached login without TLS: %v", err)
	}
	if _, err := login(t, srv, "carol", "wrong", "false"); mysqlErrNumber(err) != 1045 {
		t.Fatalf("cached account, wrong password: %v", err)
	}
	// A new password empties the cache entry.
	sqlRun(t, root, "ALTER USER 'carol'@'%' IDENTIFIED BY 'new-pw'")
	if _, err := login(t, srv, "carol", "carol-pw", "skip-verify"); mysqlErrNumber(err) != 1045 {
		t.Fatalf("old password after ALTER USER: %v", err)
	}
	mustLogin(t, srv, "old", "old-pw")
	cliLogin(t, srv, "carol", "new-pw")
}

// cliLogin logs in with the mariadb/mysql command-line client over TLS.
func cliLogin(t *testing.T, srv *server.Server, user, password string) {
	t.Helper()
	bin := requireMySQLClient(t)
	port := strconv.Itoa(srv.Addr().(*net.TCPAddr).Port)
	out, err := exec.Command(bin, "-h127.0.0.1", "-P"+port,
		"-u"+user, "-p"+password, "--ssl", "--batch", "-e", "SELECT CURRENT_USER()").CombinedOutput()
	if err != nil || !strings.Contains(string(out), user+"@") {
		t.Fatalf("mysql client as %s: %v: %s", user, err, out)
	}
}

// Issue 12, item 7: an unknown user got another error than a wrong
// password, and an empty user name logged in as root. As in MySQL, an
// unknown user fails like an account of the default plugin.
func TestUniformAccessDenied(t *testing.T) {
	srv := sharedServer(t, t.TempDir())
	sqlRun(t, mustLogin(t, srv, "root", "rootpw"), nativeUser("dave"), "CREATE USER 'erin'@'%' IDENTIFIED BY 'erin-pw'")
	same := func(how string, unknown, wrong error, name string) {
		t.Helper()
		if mysqlErrNumber(unknown) != 1045 || mysqlErrNumber(wrong) != 1045 {
			t.Fatalf("%s: unknown user: %v; wrong password: %v", how, unknown, wrong)
		}
		if strings.ReplaceAll(unknown.Error(), "nobody", name) != wrong.Error() {
			t.Errorf("%s: errors differ: %q and %q", how, unknown, wrong)
		}
	}
	_, unknownTLS := login(t, srv, "nobody", "x", "skip-verify")
	for _, name := range []string{"dave", "erin"} {
		_, wrong := login(t, srv, name, "x", "skip-verify")
		same("TLS, "+name, unknownTLS, wrong, name)
	}
	_, unknown := login(t, srv, "nobody", "x", "false")
	_, wrong := login(t, srv, "erin", "x", "false")
	same("no TLS", unknown, wrong, "erin")
	root := mustLogin(t, srv, "root", "rootpw")
	if err := sqlRunErr(t, root, "CREATE USER ''@'%' IDENTIFIED BY 'x'"); !strings.Contains(err.Error(), "anonymous") {
		t.Errorf("CREATE USER with an empty name: %v", err)
	}
	for _, tls := range []string{"false", "skip-verify"} {
		if _, err := login(t, srv, "", "rootpw", tls); mysqlErrNumber(err) != 1045 {
			t.Errorf("empty user name with root's password (tls=%s): %v, want access denied", tls, err)
		}
	}
}

// allowExternal allows external roots (--allow-external-path) for one test.
func allowExternal(t *testing.T, roots ...string) {
	t.Helper()
	if err := paimonfs.AllowExternalRoots(roots); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = paimonfs.AllowExternalRoots(nil) })
}

// Issue 12, item 5: any user allowed to CREATE, ALTER or compact could send
// the server's writes anywhere, to any endpoint.
func TestExternalPathsConfined(t *testing.T) {
	base := t.TempDir()
	w := startWarehouse(t, filepath.Join(base, "wh"))
	allowed, outside := filepath.ToSlash(filepath.Join(base, "allowed")), filepath.ToSlash(filepath.Join(base, "outside"))
	sqlRun(t, w.db, "CREATE DATABASE x")
	ext := func(p string) string {
		return "'data-file.external-paths' = '" + p + "', 'data-file.external-paths.strategy' = 'round-robin'"
	}
	create := func(name, opts string) error {
		_, err := w.db.Exec("CREATE TABLE x." + name + " (id INT) WITH (" + opts + ")")
		return err
	}
	if err := create("none_allowed", ext("file:"+allowed)); err == nil || !strings.Contains(err.Error(), "--allow-external-path") {
		t.Errorf("no root allowed: %v", err)
	}
	allowExternal(t, "file:"+allowed, "s3://bkt/p?region=eu-west-1")
	for name, opts := range map[string]string{
		"outside":  ext("file:" + outside),
		"dotdot":   ext("file:" + allowed + "/../outside"),
		"endpoint": ext("s3://bkt/p/t?endpoint=http://169.254.169.254"),
		"profile":  ext("s3://bkt/p/t?region=eu-west-1&profile=admin"),
		"markdone": "'partition.mark-done-action.http.url' = 'http://169.254.169.254/latest'",
	} {
		if err := create(name, opts); err == nil || !strings.Contains(err.Error(), "allowed") {
			t.Errorf("%s: %v, want refused", name, err)
		}
		if _, err := os.Stat(filepath.Join(base, "wh", "x.db", name)); !os.IsNotExist(err) {
			t.Errorf("%s: table directory left: %v", name, err)
		}
	}
	// Blob storage is refused outright (paimon-sql writes no .blob files),
	// before its location is looked at.
	if err := create("blob", "'blob-external-storage-path' = 'file:"+outside+"'"); err == nil || !strings.Contains(err.Error(), "blob") {
		t.Errorf("blob: %v, want refused", err)
	}
	if err := create("ok", ext("file:"+allowed)); err != nil {
		t.Fatal(err)
	}
	sqlRun(t, w.db, "INSERT INTO x.ok VALUES (1)", "INSERT INTO x.ok VALUES (2)")
	if err := sqlRunErr(t, w.db, "ALTER TABLE x.ok SET ('data-file.external-paths' = 'file:"+outside+"')"); !strings.Contains(err.Error(), "allowed") {
		t.Errorf("ALTER TABLE SET: %v", err)
	}
	err := sqlRunErr(t, w.db, "CALL sys.compact(`table` => 'x.ok', options => 'data-file.external-paths=file:"+outside+"')")
	if !strings.Contains(err.Error(), "allowed") {
		t.Errorf("compact options: %v", err)
	}
	if _, err := os.Stat(outside); !os.IsNotExist(err) {
		t.Errorf("files written outside the allowed roots: %v", err)
	}
	if n := mustQuery(t, w.db, "SELECT COUNT(*) FROM x.ok"); n.rows[0][0] != "2" {
		t.Errorf("rows: %v", n.rows)
	}
}

// Issue 12, item 6: tag, consumer and branch names reached outside their
// directories, numeric tags shadowed snapshot ids, and data-file.prefix
// could name files outside the bucket.
func TestNamesValidated(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "wh")
	w := startWarehouse(t, dir)
	sqlRun(t, w.db, "CREATE DATABASE x", "CREATE TABLE x.t (id INT)", "INSERT INTO x.t VALUES (1)")
	tableDir := filepath.Join(dir, "x.db", "t")
	before := listTree(t, filepath.Dir(dir))

	for tag, want := range map[string]string{
		"../x": "'/'", "a/b": "'/'", `a\b`: "'/'", "..": "'..'", "1": "number", "a,b": "','",
	} {
		err := sqlRunErr(t, w.db, "CALL sys.create_tag(`table` => 'x.t', tag => '"+strings.ReplaceAll(tag, `\`, `\\`)+"')")
		if !strings.Contains(err.Error(), "tag name") || !strings.Contains(err.Error(), want) {
			t.Errorf("create_tag %q: %v, want an error about %s", tag, err, want)
		}
	}
	err := sqlRunErr(t, w.db, "CALL sys.reset_consumer(`table` => 'x.t', consumer_id => '../../snapshot/LATEST', next_snapshot_id => 1)")
	if !strings.Contains(err.Error(), "consumer id") {
		t.Errorf("reset_consumer: %v", err)
	}
	for _, opts := range []string{"'data-file.prefix' = '../../x-'", "'changelog-file.prefix' = 'a/b-'", "'data-file.path-directory' = '../../x'"} {
		if err := sqlRunErr(t, w.db, "CREATE TABLE x.p (id INT) WITH ("+opts+")"); !strings.Contains(err.Error(), "must") {
			t.Errorf("CREATE TABLE WITH (%s): %v", opts, err)
		}
	}
	if err := sqlRunErr(t, w.db, "ALTER TABLE x.t SET ('data-file.prefix' = '../x-')"); !strings.Contains(err.Error(), "prefix") {
		t.Errorf("ALTER TABLE SET data-file.prefix: %v", err)
	}
	for _, branch := range []string{"../..", "..", "a/b", "123"} {
		_, err := w.db.Exec("SELECT * FROM x.`t$branch_" + branch + "`")
		if err == nil || !strings.Contains(err.Error(), "branch name") {
			t.Errorf("branch %q: %v, want an error about the branch name", branch, err)
		}
	}
	if after := listTree(t, filepath.Dir(dir)); after != before {
		t.Errorf("files changed:\nbefore %s\nafter  %s", before, after)
	}
	if _, err := os.Stat(filepath.Join(tableDir, "tag")); !os.IsNotExist(err) {
		t.Errorf("tag directory created: %v", err)
	}
	// Legal names still work.
	sqlRun(t, w.db, "CALL sys.create_tag(`table` => 'x.t', tag => 'v1.0-rc')")
}

// listTree is the sorted list of files under dir.
func listTree(t *testing.T, dir string) string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, strings.TrimPrefix(p, dir))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, " ")
}
