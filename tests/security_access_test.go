package tests

// Security of what users reach: server files (LOAD_FILE, INTO
// OUTFILE/DUMPFILE, LOAD DATA) under FILE and --secure-file-priv, the
// privileges of INSERT OVERWRITE, TRUNCATE, procedures and system tables,
// grants compared with exact names, SET GLOBAL, information_schema and the
// process list; each reproduction of issue 12 over the wire, then a fuzz
// test against a model of MySQL's rules.

import (
	"context"
	gosql "database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/server"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// secEnv is a server whose warehouse lies next to its --secure-file-priv
// directory, both under root.
type secEnv struct {
	*env
	root, warehouse, files string
}

// startSecure serves a fresh warehouse with server-file access confined to
// files; edit may change the configuration first.
func startSecure(t *testing.T, edit func(s *secEnv, cfg *server.Config)) *secEnv {
	t.Helper()
	root := t.TempDir()
	s := &secEnv{root: root, warehouse: filepath.Join(root, "warehouse"), files: filepath.Join(root, "files")}
	for _, d := range []string{s.warehouse, s.files} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(s.files, "hello.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := paimonfs.Open(context.Background(), s.warehouse)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	cfg := server.Config{Listen: "127.0.0.1:0", SecureFilePriv: s.files, ProtectedPaths: []string{s.warehouse}}
	if edit != nil {
		edit(s, &cfg)
	}
	s.env = serveConfig(t, fsys, s.warehouse, cfg)
	return s
}

// populate creates shop.kv, shop.pub and other.o, then shop.Pub and
// Other.o: names differing only in case, which Java and Flink can create
// but SQL here cannot, so they are copies made on disk.
func (s *secEnv) populate(t *testing.T) {
	t.Helper()
	sqlRun(t, s.db,
		"CREATE DATABASE shop",
		"CREATE TABLE shop.kv (k INT PRIMARY KEY, v VARCHAR(20))",
		"INSERT INTO shop.kv VALUES (1, 'a')",
		"CREATE TABLE shop.pub (k INT PRIMARY KEY, v VARCHAR(20))",
		"INSERT INTO shop.pub VALUES (1, 'public')",
		"CREATE DATABASE other",
		"CREATE TABLE other.o (k INT PRIMARY KEY, v VARCHAR(20))",
		"INSERT INTO other.o VALUES (1, 'other')")
	testfixture.CopyTree(t, filepath.Join(s.warehouse, "shop.db", "pub"), filepath.Join(s.warehouse, "shop.db", "Pub"))
	testfixture.CopyTree(t, filepath.Join(s.warehouse, "other.db"), filepath.Join(s.warehouse, "Other.db"))
	sqlRun(t, s.db, "INSERT INTO shop.Pub VALUES (2, 'secret')", "INSERT INTO Other.o VALUES (2, 'secret')")
}

// user creates name@'%' with the grants ("SELECT ON shop.kv") and connects.
func (s *secEnv) user(t *testing.T, name string, grants ...string) *gosql.DB {
	t.Helper()
	sqlRun(t, s.db, fmt.Sprintf("CREATE USER '%s'@'%%' IDENTIFIED BY 'pw'", name))
	for _, g := range grants {
		sqlRun(t, s.db, fmt.Sprintf("GRANT %s TO '%s'@'%%'", g, name))
	}
	return s.openAs(name, "pw")
}

// denied tells whether err refuses a privilege.
func denied(err error) bool {
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "denied")
}

func wantDenied(t *testing.T, q querier, stmt string, args ...any) {
	t.Helper()
	if err := queryErr(t, q, stmt, args...); !denied(err) {
		t.Errorf("%s: %v, want access denied", stmt, err)
	}
}

// wantRefused checks that stmt fails with MySQL's 1290 (--secure-file-priv
// or --read-only prevents it).
func wantRefused(t *testing.T, q querier, stmt string) {
	t.Helper()
	if err := queryErr(t, q, stmt); mysqlErrNumber(err) != 1290 {
		t.Errorf("%s: %v, want error 1290", stmt, err)
	}
}

func wantOne(t *testing.T, q querier, want string, stmt string, args ...any) {
	t.Helper()
	wantRows(t, q, [][]string{{want}}, stmt, args...)
}

func TestSecurityLoadFileNeedsFilePrivilege(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	reader := s.user(t, "reader", "SELECT ON shop.kv")
	wantDenied(t, reader, "SELECT LOAD_FILE('/etc/passwd')")
	wantDenied(t, reader, "SELECT LOAD_FILE(?)", "/etc/passwd") // prepared on the server
	wantDenied(t, reader, "SELECT k, (SELECT LOAD_FILE('/etc/passwd')) FROM shop.kv")
	wantDenied(t, reader, "SELECT LOAD_FILE('hello.txt')")

	filer := s.user(t, "filer", "FILE ON *.*", "SELECT, INSERT, UPDATE ON shop.kv")
	wantOne(t, filer, "hello", "SELECT LOAD_FILE(?)", filepath.Join(s.files, "hello.txt"))
	wantOne(t, filer, "hello", "SELECT LOAD_FILE('hello.txt')")
	wantOne(t, filer, "NULL", "SELECT LOAD_FILE('missing.txt')")
	// Outside the directory, as in MySQL, a file that exists and one that
	// does not are both NULL: LOAD_FILE tells nothing of them.
	link := filepath.Join(s.files, "link")
	if err := os.Symlink(filepath.Join(s.warehouse, "shop.db", "kv", "snapshot", "snapshot-1"), link); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"/etc/passwd", "/etc/no-such-file", "../warehouse/shop.db/kv/snapshot/LATEST", "../warehouse/none", "link"} {
		wantOne(t, filer, "NULL", "SELECT LOAD_FILE(?)", name)
	}
	sqlRun(t, filer, "INSERT INTO shop.kv VALUES (2, LOAD_FILE('/etc/passwd'))")
	wantRows(t, s.db, split("1|a", "2|NULL"), "SELECT * FROM shop.kv")
}

func TestSecurityDumpfileNeverReachesTheWarehouse(t *testing.T) {
	// The directory holds the warehouse: still out of reach.
	s := startSecure(t, func(s *secEnv, cfg *server.Config) { cfg.SecureFilePriv = s.root })
	s.populate(t)
	next := filepath.Join(s.warehouse, "shop.db", "kv", "snapshot", "snapshot-2")
	reader := s.user(t, "reader", "SELECT ON shop.kv")
	wantDenied(t, reader, fmt.Sprintf("SELECT 'broken' INTO DUMPFILE '%s'", next))
	wantRefused(t, s.db, fmt.Sprintf("SELECT 'broken' INTO DUMPFILE '%s'", next))
	wantRefused(t, s.db, fmt.Sprintf("SELECT 'x' INTO OUTFILE '%s'", filepath.Join(s.files, "..", "warehouse", "x")))
	if _, err := os.Stat(next); !os.IsNotExist(err) {
		t.Fatalf("%s was written (%v)", next, err)
	}
	// Nor read: a table's files, or the privileges store.
	store := filepath.Join(s.warehouse, "_paimon_sql", "privileges")
	if err := os.MkdirAll(filepath.Dir(store), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(store, []byte("users"), 0o600); err != nil {
		t.Fatal(err)
	}
	wantOne(t, s.db, "NULL", fmt.Sprintf("SELECT LOAD_FILE('%s')", store))
	wantOne(t, s.db, "NULL", "SELECT LOAD_FILE('warehouse/shop.db/kv/snapshot/LATEST')")
	sqlRun(t, s.db, "INSERT INTO shop.kv VALUES (2, 'b')")
	wantRows(t, s.db, split("1|a", "2|b"), "SELECT * FROM shop.kv")

	out := filepath.Join(s.files, "out.txt")
	sqlRun(t, s.db, fmt.Sprintf("SELECT k, v FROM shop.kv ORDER BY k INTO OUTFILE '%s'", out))
	if data, err := os.ReadFile(out); err != nil || string(data) != "1\ta\n2\tb\n" {
		t.Errorf("outfile: %q, %v", data, err)
	}
	if err := queryErr(t, s.db, fmt.Sprintf("SELECT 1 INTO DUMPFILE '%s'", out)); mysqlErrNumber(err) != 1086 {
		t.Errorf("existing file: %v, want 1086", err)
	}
}

func TestSecurityFileAccessDisabledWithoutDirectory(t *testing.T) {
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) { cfg.SecureFilePriv = "" })
	wantOne(t, s.db, "NULL", "SELECT @@secure_file_priv")
	if err := queryErr(t, s.db, "SELECT LOAD_FILE('/etc/passwd')"); mysqlErrNumber(err) != 1290 || !strings.Contains(err.Error(), "--secure-file-priv") {
		t.Errorf("LOAD_FILE: %v, want 1290 naming --secure-file-priv", err)
	}
	wantRefused(t, s.db, fmt.Sprintf("SELECT 1 INTO OUTFILE '%s'", filepath.Join(s.files, "x")))

	with := startSecure(t, nil)
	resolved, err := filepath.EvalSymlinks(with.files)
	if err != nil {
		t.Fatal(err)
	}
	wantOne(t, with.db, resolved, "SELECT @@secure_file_priv")
}

func TestSecurityFileAccessRefusedReadOnly(t *testing.T) {
	s := startSecure(t, func(_ *secEnv, cfg *server.Config) { cfg.ReadOnly = true })
	wantRefused(t, s.db, "SELECT LOAD_FILE('hello.txt')")
	wantRefused(t, s.db, fmt.Sprintf("SELECT 1 INTO DUMPFILE '%s'", filepath.Join(s.files, "x")))
}

func TestSecurityLoadDataInfileConfined(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	if err := os.WriteFile(filepath.Join(s.files, "rows.tsv"), []byte("7\tg\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	writer := s.user(t, "writer", "SELECT, INSERT ON shop.kv")
	if err := sqlRunErr(t, writer, "LOAD DATA INFILE 'rows.tsv' INTO TABLE shop.kv"); !denied(err) {
		t.Errorf("without FILE: %v, want access denied", err)
	}
	// FILE alone does not make a table writable.
	filer := s.user(t, "filer", "FILE ON *.*", "SELECT ON shop.kv")
	if err := sqlRunErr(t, filer, "LOAD DATA INFILE 'rows.tsv' INTO TABLE shop.kv"); !denied(err) {
		t.Errorf("without INSERT: %v, want access denied", err)
	}
	if err := sqlRunErr(t, s.db, "LOAD DATA INFILE '/etc/passwd' INTO TABLE shop.kv"); !strings.Contains(err.Error(), "secure-file-priv") {
		t.Errorf("outside the directory: %v", err)
	}
	sqlRun(t, s.db, fmt.Sprintf("LOAD DATA INFILE '%s' INTO TABLE shop.kv", filepath.Join(s.files, "rows.tsv")))
	wantRows(t, s.db, split("1|a", "7|g"), "SELECT * FROM shop.kv")
}

func TestSecurityInsertOverwriteNeedsDelete(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	writer := s.user(t, "writer", "SELECT, INSERT, UPDATE ON shop.kv") // UPDATE: INSERT INTO shop.kv is an upsert
	if err := sqlRunErr(t, writer, "INSERT OVERWRITE shop.kv VALUES (9, 'z')"); !denied(err) {
		t.Errorf("INSERT OVERWRITE without DELETE: %v, want access denied", err)
	}
	wantRows(t, s.db, split("1|a"), "SELECT * FROM shop.kv")
	sqlRun(t, writer, "INSERT INTO shop.kv VALUES (2, 'b')")
	sqlRun(t, s.db, "GRANT DELETE ON shop.kv TO 'writer'@'%'")
	sqlRun(t, writer, "INSERT OVERWRITE shop.kv VALUES (9, 'z')")
	wantRows(t, s.db, split("9|z"), "SELECT * FROM shop.kv")
}

func TestSecurityTruncateNeedsDelete(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	dropper := s.user(t, "dropper", "SELECT, DROP ON shop.kv")
	if err := sqlRunErr(t, dropper, "TRUNCATE TABLE shop.kv"); !denied(err) {
		t.Errorf("TRUNCATE without DELETE: %v, want access denied", err)
	}
	wantRows(t, s.db, split("1|a"), "SELECT * FROM shop.kv")
	// A DELETE without WHERE runs as a truncate: DELETE is its privilege.
	deleter := s.user(t, "deleter", "SELECT, DELETE ON shop.kv")
	sqlRun(t, deleter, "DELETE FROM shop.kv")
	wantRows(t, s.db, nil, "SELECT * FROM shop.kv")
	sqlRun(t, s.db, "INSERT INTO shop.kv VALUES (1, 'a')", "GRANT DELETE ON shop.kv TO 'dropper'@'%'")
	if err := sqlRunErr(t, dropper, "TRUNCATE TABLE shop.kv"); !denied(err) {
		t.Errorf("TRUNCATE without INSERT: %v, want access denied", err)
	}
	wantRows(t, s.db, split("1|a"), "SELECT * FROM shop.kv")
	sqlRun(t, s.db, "GRANT INSERT ON shop.kv TO 'dropper'@'%'")
	sqlRun(t, dropper, "TRUNCATE TABLE shop.kv")
	wantRows(t, s.db, nil, "SELECT * FROM shop.kv")
}

func TestSecurityGrantNamesAreExact(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	reader := s.user(t, "reader", "SELECT ON shop.pub", "SELECT ON other.*")
	wantRows(t, reader, split("1|public"), "SELECT * FROM shop.pub")
	wantDenied(t, reader, "SELECT * FROM shop.Pub")
	wantDenied(t, reader, "SELECT * FROM shop.`Pub$snapshots`")
	wantRows(t, reader, split("1|other"), "SELECT * FROM other.o")
	wantDenied(t, reader, "SELECT * FROM Other.o")
	// go-mysql-server keeps grants by lower-cased name: this one would
	// merge with shop.pub's.
	if err := sqlRunErr(t, s.db, "GRANT INSERT ON shop.Pub TO 'reader'@'%'"); !strings.Contains(err.Error(), "differing only in case") {
		t.Errorf("GRANT on shop.Pub: %v", err)
	}
	wantRows(t, s.db, split("1|public", "2|secret"), "SELECT * FROM shop.Pub")
}

func TestSecuritySystemTablesCheckTheirTable(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	reader := s.user(t, "reader", "SELECT ON shop.kv", "SELECT ON shop.pub", "SELECT ON sys.all_snapshots")
	wantOne(t, reader, "1", "SELECT COUNT(*) FROM shop.`kv$snapshots`")
	wantDenied(t, reader, "SELECT * FROM other.`o$snapshots`")
	wantDenied(t, reader, "SELECT * FROM shop.`Pub$files`")
	wantRows(t, reader, split("shop|kv|1", "shop|pub|1"), "SELECT database_name, table_name, snapshot_id FROM sys.all_snapshots")
}

func TestSecurityProceduresCheckWhatTheyDo(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	sqlRun(t, s.db, "INSERT INTO shop.kv VALUES (2, 'b')")
	deleter := s.user(t, "deleter", "EXECUTE ON sys.*", "SELECT, DELETE ON shop.kv")
	wantDenied(t, deleter, "CALL sys.expire_snapshots('shop.kv', 1, 1)")
	wantDenied(t, deleter, "CALL sys.rollback_to('shop.kv', NULL, 1)")
	wantDenied(t, deleter, "CALL sys.delete_tag('shop.kv', 'x')")
	inserter := s.user(t, "inserter", "EXECUTE ON sys.*", "INSERT ON shop.kv")
	wantDenied(t, inserter, "CALL sys.compact('shop.kv')")
	owner := s.user(t, "owner", "EXECUTE ON sys.*", "ALL ON shop.pub")
	wantDenied(t, owner, "CALL sys.create_tag('shop.Pub', 't1')")
	mustQuery(t, owner, "CALL sys.create_tag('shop.pub', 't1')")
	if _, err := os.Stat(filepath.Join(s.warehouse, "shop.db", "Pub", "tag", "tag-t1")); !os.IsNotExist(err) {
		t.Errorf("tag t1 of shop.Pub: %v", err)
	}
	sqlRun(t, s.db, "GRANT INSERT ON shop.kv TO 'deleter'@'%'")
	wantOne(t, deleter, "1", "CALL sys.expire_snapshots('shop.kv', 1, 1)")
}

func TestSecuritySetGlobalNeedsSuper(t *testing.T) {
	s := startSecure(t, nil)
	reader := s.user(t, "reader")
	before := mustQuery(t, s.db, "SELECT @@global.max_connections").rows[0][0]
	for _, stmt := range []string{"SET GLOBAL max_connections = 5", "SET @@global.wait_timeout = 1", "SET GLOBAL read_only = 1"} {
		if err := sqlRunErr(t, reader, stmt); mysqlErrNumber(err) != 1227 {
			t.Errorf("%s: %v, want 1227", stmt, err)
		}
	}
	wantOne(t, s.db, before, "SELECT @@global.max_connections")
	wantOne(t, s.db, "0", "SELECT @@global.read_only")
	sqlRun(t, reader, "SET SESSION sql_select_limit = 10")

	admin := s.user(t, "admin", "SYSTEM_VARIABLES_ADMIN, SELECT ON *.*")
	sqlRun(t, admin, "SET GLOBAL max_connections = 7")
	wantOne(t, s.db, "7", "SELECT @@global.max_connections")
	sqlRun(t, s.db, "REVOKE SYSTEM_VARIABLES_ADMIN ON *.* FROM 'admin'@'%'")
	if err := sqlRunErr(t, admin, "SET GLOBAL max_connections = 8"); mysqlErrNumber(err) != 1227 {
		t.Errorf("after REVOKE: %v, want 1227", err)
	}
	// The other privileges of the statements stay go-mysql-server's.
	if grants := strings.Join(mustQuery(t, s.db, "SHOW GRANTS FOR 'admin'@'%'").column("Grants for admin@%"), ";"); !strings.Contains(grants, "GRANT SELECT ON *.*") || strings.Contains(strings.ToUpper(grants), "SYSTEM_VARIABLES_ADMIN") {
		t.Errorf("grants of admin: %s", grants)
	}
	// Granting it takes SUPER: GRANT OPTION alone is not enough.
	granter := s.user(t, "granter", "GRANT OPTION ON *.*")
	if err := sqlRunErr(t, granter, "GRANT SYSTEM_VARIABLES_ADMIN ON *.* TO 'granter'@'%'"); !denied(err) {
		t.Errorf("GRANT SYSTEM_VARIABLES_ADMIN by a non-admin: %v", err)
	}
	super := s.user(t, "super", "SUPER ON *.*")
	sqlRun(t, super, "SET GLOBAL max_connections = "+before)
	wantOne(t, s.db, before, "SELECT @@global.max_connections")
}

func TestSecurityInformationSchemaShowsGrantedObjects(t *testing.T) {
	s := startSecure(t, nil)
	s.populate(t)
	reader := s.user(t, "reader", "SELECT ON shop.kv", "SELECT ON other.*")
	wantRows(t, reader, split("other|o", "shop|kv"),
		"SELECT table_schema, table_name FROM information_schema.TABLES WHERE table_schema <> 'information_schema'")
	wantRows(t, reader, split("other|o|k", "other|o|v", "shop|kv|k", "shop|kv|v"),
		"SELECT table_schema, table_name, column_name FROM information_schema.COLUMNS WHERE table_schema <> 'information_schema'")
	wantRows(t, reader, split("information_schema", "other", "shop"), "SELECT schema_name FROM information_schema.SCHEMATA")
	wantRows(t, reader, split("information_schema", "mysql", "other", "shop"), "SHOW DATABASES")
	wantRows(t, reader, split("kv"), "SHOW TABLES FROM shop")
}

func TestSecurityProcessListShowsUser(t *testing.T) {
	s := startSecure(t, nil)
	reader := s.user(t, "reader")
	mustQuery(t, reader, "SELECT 1")
	users := mustQuery(t, s.db, "SHOW PROCESSLIST").column("User")
	if !strings.Contains(strings.Join(users, ","), "reader") {
		t.Errorf("SHOW PROCESSLIST users %v, want reader among them", users)
	}
}

// The fuzz test: random users with random grants run random statements;
// each must be refused exactly when a model of MySQL's rules (with exact
// names and paimon-sql's privileges for Paimon's statements) refuses it.

// fuzzTables are the tables the statements name.
var fuzzTables = [][2]string{{"shop", "kv"}, {"shop", "pub"}, {"shop", "Pub"}, {"other", "o"}, {"Other", "o"}}

// fuzzUser is the model of one user's grants: level "db.table" ("*.*",
// "db.*") to privileges, with the names as granted.
type fuzzUser struct {
	name   string
	grants map[string]map[string]bool
	// firstDB and firstTable are the names grants were first made with,
	// by lower-cased name: a grant on another case is refused.
	firstDB, firstTable map[string]string
}

func (u *fuzzUser) has(level, priv string) bool { return u.grants[level][priv] }

// visible tells whether the user holds a table privilege on the table, which
// shows it in information_schema.
func (u *fuzzUser) visible(db, table string) bool {
	for _, p := range []string{"SELECT", "INSERT", "UPDATE", "DELETE", "DROP"} {
		if u.has("*.*", p) || u.has(db+".*", p) || u.has(db+"."+table, p) {
			return true
		}
	}
	return false
}

// allowed is MySQL's rule with exact names: every privilege globally, on
// the database or on the table.
func (u *fuzzUser) allowed(db, table string, privs ...string) bool {
	for _, p := range privs {
		if !u.has("*.*", p) && !u.has(db+".*", p) && !u.has(db+"."+table, p) {
			return false
		}
	}
	return true
}

// grant applies a grant to the model; false when the server must refuse it.
func (u *fuzzUser) grant(privs []string, db, table string) bool {
	if db != "*" {
		if first, ok := u.firstDB[strings.ToLower(db)]; ok && first != db {
			return false
		}
		key := strings.ToLower(db + "." + table)
		if first, ok := u.firstTable[key]; table != "*" && ok && first != table {
			return false
		}
		u.firstDB[strings.ToLower(db)] = db
		if table != "*" {
			u.firstTable[key] = table
		}
	}
	level := db + "." + table
	if u.grants[level] == nil {
		u.grants[level] = map[string]bool{}
	}
	for _, p := range privs {
		u.grants[level][p] = true
	}
	return true
}

// fuzzStatement is a statement on a table and what the model requires.
type fuzzStatement struct {
	sql     string
	allowed func(u *fuzzUser) bool
}

func fuzzStatementFor(r *rand.Rand, files string, n int) fuzzStatement {
	tbl := fuzzTables[r.IntN(len(fuzzTables))]
	db, name := tbl[0], tbl[1]
	full := db + "." + name
	on := func(privs ...string) func(u *fuzzUser) bool {
		return func(u *fuzzUser) bool { return u.allowed(db, name, privs...) }
	}
	call := func(privs ...string) func(u *fuzzUser) bool {
		return func(u *fuzzUser) bool {
			return (u.has("*.*", "EXECUTE") || u.has("sys.*", "EXECUTE")) && u.allowed(db, name, privs...)
		}
	}
	switch r.IntN(10) {
	case 0:
		return fuzzStatement{"SELECT COUNT(*) FROM " + full, on("SELECT")}
	case 1:
		// Every fuzz table has a primary key: an INSERT is an upsert.
		return fuzzStatement{fmt.Sprintf("INSERT INTO %s VALUES (%d, 'f')", full, n), on("INSERT", "UPDATE")}
	case 2:
		return fuzzStatement{"UPDATE " + full + " SET v = 'u'", on("UPDATE")}
	case 3:
		return fuzzStatement{"DELETE FROM " + full, on("DELETE")}
	case 4:
		return fuzzStatement{fmt.Sprintf("INSERT OVERWRITE %s VALUES (%d, 'o')", full, n), on("INSERT", "DELETE")}
	case 5:
		return fuzzStatement{"TRUNCATE TABLE " + full, on("DROP", "INSERT", "DELETE")}
	case 6:
		return fuzzStatement{"SELECT COUNT(*) FROM " + db + ".`" + name + "$snapshots`", on("SELECT")}
	case 7:
		return fuzzStatement{fmt.Sprintf("CALL sys.expire_snapshots('%s', 50)", full), call("INSERT", "DELETE")}
	case 8:
		return fuzzStatement{fmt.Sprintf("CALL sys.create_tag('%s', 'tag%d')", full, n), call("INSERT")}
	}
	return fuzzStatement{"SELECT LOAD_FILE('" + filepath.Join(files, "hello.txt") + "')", func(u *fuzzUser) bool { return u.has("*.*", "FILE") }}
}

// fuzzGrant is a random grant: privileges and a level, rarely global.
func fuzzGrant(r *rand.Rand) (privs []string, db, table string) {
	switch x := r.IntN(20); {
	case x == 0:
		return []string{"FILE"}, "*", "*"
	case x <= 2:
		return []string{"EXECUTE"}, "sys", "*"
	}
	pool := []string{"SELECT", "INSERT", "UPDATE", "DELETE", "DROP"}
	for _, p := range pool {
		if r.IntN(3) == 0 {
			privs = append(privs, p)
		}
	}
	if len(privs) == 0 {
		privs = []string{pool[r.IntN(len(pool))]}
	}
	switch x := r.IntN(12); {
	case x == 0:
		return privs, "*", "*"
	case x <= 3:
		dbs := []string{"shop", "other", "Other"}
		return privs, dbs[r.IntN(len(dbs))], "*"
	}
	tbl := fuzzTables[r.IntN(len(fuzzTables))]
	return privs, tbl[0], tbl[1]
}

func TestSecurityFuzzPrivileges(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("PAIMON_SQL_FUZZ_SEED"); v != "" {
		seed, _ = strconv.ParseUint(v, 10, 64)
	}
	t.Logf("seed %d (set PAIMON_SQL_FUZZ_SEED to repeat)", seed)
	r := rand.New(rand.NewPCG(seed, 12))
	s := startSecure(t, nil)
	s.populate(t)

	var users []*fuzzUser
	conns := map[*fuzzUser]*gosql.DB{}
	for i := range 6 {
		u := &fuzzUser{name: fmt.Sprintf("fuzz%d", i), grants: map[string]map[string]bool{},
			firstDB: map[string]string{}, firstTable: map[string]string{}}
		conns[u] = s.user(t, u.name)
		for range 1 + r.IntN(5) {
			privs, db, table := fuzzGrant(r)
			stmt := fmt.Sprintf("GRANT %s ON %s.%s TO '%s'@'%%'", strings.Join(privs, ", "), db, table, u.name)
			_, err := s.db.Exec(stmt)
			if want := u.grant(privs, db, table); want != (err == nil) {
				t.Fatalf("%s: %v, model accepts it: %v", stmt, err, want)
			}
		}
		t.Logf("%s: %v", u.name, u.grants)
		users = append(users, u)
		var want []string
		for _, tbl := range fuzzTables {
			if u.visible(tbl[0], tbl[1]) {
				want = append(want, tbl[0]+"|"+tbl[1])
			}
		}
		wantRows(t, conns[u], split(want...),
			"SELECT table_schema, table_name FROM information_schema.TABLES WHERE table_schema IN ('shop', 'other', 'Other')")
	}
	for n := range 300 {
		u := users[r.IntN(len(users))]
		st := fuzzStatementFor(r, s.files, 100+n)
		_, err := conns[u].Exec(st.sql)
		switch allowed := st.allowed(u); {
		case allowed && err != nil:
			t.Errorf("%s as %s (%v): %v, want success", st.sql, u.name, u.grants, err)
		case !allowed && !denied(err):
			t.Errorf("%s as %s (%v): %v, want access denied", st.sql, u.name, u.grants, err)
		}
	}
}
