package interop

import (
	"context"
	gosql "database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/paimon-sql/paimon-sql/catalog"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore/jdbc"
	"github.com/paimon-sql/paimon-sql/internal/mariadb"
	"github.com/paimon-sql/paimon-sql/internal/postgres"
	"github.com/paimon-sql/paimon-sql/internal/toolcheck"
)

// jdbcCatalog is one JDBC catalog over an SQLite file, as Java and
// paimon-sql are both given it.
type jdbcCatalog struct {
	dir string // the warehouse
	// driver and dsn reach the catalog database directly (Go's drivers).
	driver, dsn string
	// ago is the dialect's expression of a time 10 s back.
	ago     string
	options map[string]string
	// stop stops the catalog's database server (nil: a file).
	stop func()
}

func newSQLiteCatalog(t *testing.T, extra map[string]string) jdbcCatalog {
	dir := t.TempDir()
	file := filepath.Join(dir, "catalog.sqlite")
	c := jdbcCatalog{dir: filepath.Join(dir, "warehouse"), driver: "sqlite", dsn: file, ago: "datetime('now', '-10 seconds')"}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c.options = map[string]string{"uri": "jdbc:sqlite:" + file, "catalog-key": "ck"}
	for k, v := range extra {
		c.options[k] = v
	}
	return c
}

// java is the options Java's catalog is created with.
func (c jdbcCatalog) java() map[string]string {
	opts := map[string]string{"metastore": "jdbc"}
	for k, v := range c.options {
		opts[k] = v
	}
	return opts
}

// serve serves the catalog through paimon-sql's JDBC metastore.
func (c jdbcCatalog) serve(t *testing.T, options map[string]string) *gosql.DB {
	t.Helper()
	db, _ := c.serveProvider(t, options)
	return db
}

// serveProvider is serve, also returning the server's provider. Each call
// stands for a `paimon-sql serve` process of its own, so it gets a
// provider, hence a table.Runtime, of its own, as a second process would:
// one scenario's server never shares a commit queue or snapshot-creation
// lock with another's, and what keeps the commits of paimon-sql apart from
// Java's (and from another server's) is the catalog's lock row
// (lock.enabled), which a shared runtime would hide. Java is a process of
// its own (tests/interop/java). What the servers of one test process share
// that two processes would not: core/table's in-flight write marker of a
// table (one per process), which then covers the writes of both, so that
// an orphan cleanup still keeps what either writes.
func (c jdbcCatalog) serveProvider(t *testing.T, options map[string]string) (*gosql.DB, *catalog.Provider) {
	t.Helper()
	ctx := context.Background()
	fsys, err := paimonfs.Open(ctx, c.dir)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := jdbc.Open(ctx, fsys, options)
	if err != nil {
		t.Fatal(err)
	}
	provider, err := catalog.NewProviderIn(ctx, fsys, ms)
	if err != nil {
		t.Fatal(err)
	}
	db, _ := serveProvider(t, provider, "+00:00", func() { _ = ms.Close(); _ = fsys.Close() })
	return db, provider
}

// rows reads the catalog database directly.
func (c jdbcCatalog) rows(t *testing.T, q string, args ...any) []string {
	t.Helper()
	db, err := gosql.Open(c.driver, c.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rs, err := db.Query(q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	var out []string
	for rs.Next() {
		vals := make([]gosql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		cells := make([]string, len(vals))
		for i, v := range vals {
			cells[i] = v.String
		}
		out = append(out, strings.Join(cells, "|"))
	}
	slices.Sort(out)
	return out
}

func (c jdbcCatalog) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	db, err := gosql.Open(c.driver, c.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatal(err)
	}
}

func (c jdbcCatalog) javaMust(t *testing.T, j *javaDriver, step jstep) jresult {
	t.Helper()
	res, err := j.tryIn(c.dir, c.java(), step)
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].OK {
		t.Fatalf("Java %v on %v: %s", step["op"], step["table"], res[0].Error)
	}
	return res[0]
}

func mustQuery(t *testing.T, db *gosql.DB, q string) string {
	t.Helper()
	rows, err := sqlRows(db, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var out []string
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			if c == nil {
				cells[i] = "NULL"
			} else {
				cells[i] = *c
			}
		}
		out = append(out, strings.Join(cells, ","))
	}
	return strings.Join(out, ";")
}

// TestJDBCCatalogSQLite: Java 1.4.2's JdbcCatalog over SQLite and
// paimon-sql's --catalog jdbc share databases and tables both ways: Java
// creates and writes, paimon-sql lists, reads and writes; paimon-sql
// creates, alters and drops, Java sees it; the rows are Java's own.
func TestJDBCCatalogSQLite(t *testing.T) {
	requireTools(t)
	sharedCatalog(t, startJava(t), newSQLiteCatalog(t, nil))
}

// TestJDBCCatalogMariaDB: the same over a MariaDB server (Java through
// MySQL's Connector/J, jdbc:mysql:), then Java and paimon-sql committing
// to one table at once under the lock lose nothing.
func TestJDBCCatalogMariaDB(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	c := newMariaDBCatalog(t)
	sharedCatalog(t, j, c)
	lockedCatalog(t, j, c)
	concurrentWriters(t, j, c)
	catalogDown(t, c)
}

// TestJDBCCatalogLockSQLite: with lock.enabled, paimon-sql's commits take
// the row of paimon_distributed_locks (the table Java created) as Java's
// take it. Java 1.4.2 itself cannot commit with lock.enabled over SQLite
// (its catalog's idle connection keeps the database file share-locked, and
// the lock's own connection then fails with SQLITE_BUSY, even alone), so
// writers of both at once are tested over MariaDB only.
func TestJDBCCatalogLockSQLite(t *testing.T) {
	requireTools(t)
	lockedCatalog(t, startJava(t), newSQLiteCatalog(t, nil))
}

// TestJDBCCatalogPostgreSQL: the same as over MariaDB, over a PostgreSQL
// server the test starts (Debian's postgresql; Java through the PostgreSQL
// JDBC driver, jdbc:postgresql:, and Java's PostgreSQL lock dialect).
func TestJDBCCatalogPostgreSQL(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	c := newPostgreSQLCatalog(t)
	sharedCatalog(t, j, c)
	lockedCatalog(t, j, c)
	concurrentWriters(t, j, c)
	catalogDown(t, c)
}

func newPostgreSQLCatalog(t *testing.T) jdbcCatalog {
	t.Helper()
	if _, err := postgres.Binaries(); err != nil {
		toolcheck.Missing(t, "postgres", err.Error())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv, err := postgres.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	root, err := gosql.Open("pgx", srv.DSN("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := root.Exec("CREATE DATABASE paimoncat"); err != nil {
		t.Fatal(err)
	}
	c := jdbcCatalog{dir: t.TempDir(), driver: "pgx", dsn: srv.DSN("paimoncat"), ago: "NOW() - INTERVAL '10 seconds'", stop: srv.Close}
	c.options = map[string]string{"uri": fmt.Sprintf("jdbc:postgresql://127.0.0.1:%d/paimoncat", srv.Port),
		"jdbc.user": "postgres", "catalog-key": "ck"}
	return c
}

func newMariaDBCatalog(t *testing.T) jdbcCatalog {
	t.Helper()
	if _, err := mariadb.Binary(mariadb.Options{}); err != nil {
		toolcheck.Missing(t, "mariadbd", "Debian: apt-get install mariadb-server: "+err.Error())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv, err := mariadb.Start(ctx, t.TempDir(), mariadb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	c := jdbcCatalog{dir: t.TempDir(), driver: "mysql", dsn: srv.DSN("paimoncat"), ago: "NOW() - INTERVAL 10 SECOND", stop: srv.Close}
	root, err := gosql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := root.Exec("CREATE DATABASE paimoncat"); err != nil {
		t.Fatal(err)
	}
	c.options = map[string]string{"uri": fmt.Sprintf("jdbc:mysql://127.0.0.1:%d/paimoncat", srv.Port),
		"jdbc.user": "root", "catalog-key": "ck"}
	return c
}

// sharedCatalog: Java and paimon-sql create, list, read, write, alter and
// drop through one catalog, and its rows are the ones Java writes.
func sharedCatalog(t *testing.T, j *javaDriver, c jdbcCatalog) {
	c.javaMust(t, j, jstep{"op": "create", "table": "jdb.orders", "columns": []map[string]any{
		{"name": "id", "type": "INT NOT NULL"}, {"name": "v", "type": "STRING"}},
		"primaryKeys": []string{"id"}, "tableOptions": map[string]string{"bucket": "1"}})
	c.javaMust(t, j, jstep{"op": "write", "table": "jdb.orders", "rows": []map[string]any{
		{"kind": "+I", "values": []any{1, "a"}}, {"kind": "+I", "values": []any{2, "b"}}}})
	// A table in the warehouse that the JDBC catalog does not register
	// (Java's filesystem catalog made it): not one of this catalog's.
	j.must(t, c.dir, jstep{"op": "create", "table": "jdb.unregistered", "columns": []map[string]any{
		{"name": "id", "type": "INT"}}})

	db := c.serve(t, c.options)
	if got := mustQuery(t, db, "SHOW DATABASES LIKE 'jdb'"); got != "jdb" {
		t.Fatalf("SHOW DATABASES: %q", got)
	}
	if got := mustQuery(t, db, "SHOW TABLES FROM jdb"); got != "orders" {
		t.Fatalf("SHOW TABLES FROM jdb: %q, want only the registered table", got)
	}
	if _, err := sqlRows(db, "SELECT * FROM jdb.unregistered"); err == nil {
		t.Fatal("a table the catalog does not register was served")
	}
	if got := mustQuery(t, db, "SELECT id, v FROM jdb.orders ORDER BY id"); got != "1,a;2,b" {
		t.Fatalf("read Java's rows: %q", got)
	}
	if err := sqlExec(db, "INSERT INTO jdb.orders VALUES (3, 'c'), (1, 'a2')",
		"CREATE DATABASE godb",
		"CREATE TABLE godb.items (k INT NOT NULL, s VARCHAR(10), p INT NOT NULL, PRIMARY KEY (k, p)) PARTITIONED BY (p) WITH ('bucket' = '2')",
		"INSERT INTO godb.items VALUES (1, 'x', 7), (2, 'y', 8)",
		"ALTER TABLE godb.items ADD COLUMN extra INT",
		"ALTER TABLE godb.items SET ('snapshot.num-retained.max' = '20')",
		"CREATE TABLE godb.gone (k INT)"); err != nil {
		t.Fatal(err)
	}

	// Java reads what paimon-sql wrote and created.
	res := c.javaMust(t, j, jstep{"op": "read", "table": "jdb.orders"})
	if got := fmt.Sprint(rawStrings(res.Rows)); got != `[[1,"a2"] [2,"b"] [3,"c"]]` {
		t.Errorf("Java reads jdb.orders: %s", got)
	}
	res = c.javaMust(t, j, jstep{"op": "tables", "table": "godb.x"})
	if got := fmt.Sprint(sorted(res.Tables)); got != "[gone items]" {
		t.Errorf("Java lists godb: %v", res.Tables)
	}
	res = c.javaMust(t, j, jstep{"op": "read", "table": "godb.items"})
	if got := fmt.Sprint(rawStrings(res.Rows)); got != `[[1,"x",7,null] [2,"y",8,null]]` {
		t.Errorf("Java reads godb.items: %s (fields %v)", got, res.Fields)
	}

	// The rows are the ones Java's JdbcCatalog writes.
	if got, want := c.rows(t, "SELECT catalog_key, database_name, table_name FROM paimon_tables"),
		[]string{"ck|godb|gone", "ck|godb|items", "ck|jdb|orders"}; !slices.Equal(got, want) {
		t.Errorf("paimon_tables: %v, want %v", got, want)
	}
	javaDB := c.rows(t, "SELECT property_key, property_value FROM paimon_database_properties WHERE database_name = 'jdb'")
	ourDB := c.rows(t, "SELECT property_key, property_value FROM paimon_database_properties WHERE database_name = 'godb'")
	if want := []string{"exists|true", "location|" + "file:" + c.dir + "/godb.db"}; !slices.Equal(ourDB, want) {
		t.Errorf("godb's properties: %v, want %v (Java's for jdb: %v)", ourDB, want, javaDB)
	}
	if len(javaDB) != 2 || javaDB[0] != "exists|true" || !strings.HasSuffix(javaDB[1], "/jdb.db") {
		t.Errorf("Java's database properties changed shape: %v", javaDB)
	}
	props := c.rows(t, "SELECT property_key, property_value FROM paimon_table_properties WHERE database_name = 'godb' AND table_name = 'items'")
	for _, want := range []string{"bucket|2", "bucket-key|k", "partition|p", "primary-key|k,p", "snapshot.num-retained.max|20"} {
		if !slices.Contains(props, want) {
			t.Errorf("godb.items properties %v lack %s", props, want)
		}
	}
	javaProps := c.rows(t, "SELECT property_key, property_value FROM paimon_table_properties WHERE database_name = 'jdb'")
	if want := []string{"bucket-key|id", "bucket|1", "primary-key|id"}; !slices.Equal(javaProps, want) {
		t.Errorf("Java's table properties: %v, want %v", javaProps, want)
	}

	// DROP TABLE removes the rows and the directory; Java no longer finds it.
	if err := sqlExec(db, "DROP TABLE godb.gone"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(c.dir, "godb.db", "gone")); !os.IsNotExist(err) {
		t.Errorf("godb.gone's directory after DROP TABLE: %v", err)
	}
	res = c.javaMust(t, j, jstep{"op": "tables", "table": "godb.x"})
	if fmt.Sprint(res.Tables) != "[items]" {
		t.Errorf("Java lists godb after DROP TABLE: %v", res.Tables)
	}
	if got := c.rows(t, "SELECT property_key FROM paimon_table_properties WHERE table_name = 'gone'"); len(got) > 0 {
		t.Errorf("properties of a dropped table: %v", got)
	}
	renamedCatalog(t, j, c, db)
}

// renamedCatalog: RENAME TABLE and ALTER TABLE ... RENAME TO move the row,
// the properties and the directory as Java's renameTable does, and Java
// reads the renamed table; a table Java renames is served under its new
// name; a refused rename changes nothing.
func renamedCatalog(t *testing.T, j *javaDriver, c jdbcCatalog, db *gosql.DB) {
	propsBefore := c.rows(t, "SELECT property_key, property_value FROM paimon_table_properties WHERE database_name = 'godb' AND table_name = 'items'")
	if err := sqlExec(db, "RENAME TABLE godb.items TO godb.items2", "ALTER TABLE godb.items2 RENAME TO godb.items3"); err != nil {
		t.Fatal(err)
	}
	if got, want := c.rows(t, "SELECT database_name, table_name FROM paimon_tables WHERE database_name = 'godb'"), []string{"godb|items3"}; !slices.Equal(got, want) {
		t.Errorf("paimon_tables after the renames: %v, want %v", got, want)
	}
	if got := c.rows(t, "SELECT property_key, property_value FROM paimon_table_properties WHERE database_name = 'godb' AND table_name = 'items3'"); !slices.Equal(got, propsBefore) {
		t.Errorf("properties after the renames: %v, want %v", got, propsBefore)
	}
	if got := c.rows(t, "SELECT table_name FROM paimon_table_properties WHERE table_name <> 'items3' AND database_name = 'godb'"); len(got) > 0 {
		t.Errorf("properties left under the old names: %v", got)
	}
	if _, err := os.Stat(filepath.Join(c.dir, "godb.db", "items3", "schema", "schema-0")); err != nil {
		t.Errorf("the renamed table's directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(c.dir, "godb.db", "items")); !os.IsNotExist(err) {
		t.Errorf("the old directory after the rename: %v", err)
	}
	res := c.javaMust(t, j, jstep{"op": "read", "table": "godb.items3"})
	if got := fmt.Sprint(rawStrings(res.Rows)); got != `[[1,"x",7,null] [2,"y",8,null]]` {
		t.Errorf("Java reads the renamed godb.items3: %s", got)
	}
	if res, err := j.tryIn(c.dir, c.java(), jstep{"op": "read", "table": "godb.items"}); err != nil || res[0].OK {
		t.Errorf("Java still reads the old name (err %v)", err)
	}
	if err := sqlExec(db, "INSERT INTO godb.items3 VALUES (3, 'z', 7, 30)"); err != nil {
		t.Fatal(err)
	}
	res = c.javaMust(t, j, jstep{"op": "read", "table": "godb.items3"})
	if len(res.Rows) != 3 {
		t.Errorf("Java reads %d rows after a commit to the renamed table, want 3", len(res.Rows))
	}

	// Java renames; paimon-sql serves the new name at once.
	c.javaMust(t, j, jstep{"op": "rename", "table": "jdb.orders", "to": "jdb.orders_j"})
	if got := mustQuery(t, db, "SELECT id, v FROM jdb.orders_j ORDER BY id"); got != "1,a2;2,b;3,c" {
		t.Errorf("paimon-sql reads the table Java renamed: %q", got)
	}
	if _, err := sqlRows(db, "SELECT * FROM jdb.orders"); err == nil {
		t.Error("the name Java renamed away is still served")
	}

	// Refused: onto a taken name, into another database, a bad name.
	if err := sqlExec(db, "CREATE TABLE godb.taken (k INT)"); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{
		"RENAME TABLE godb.items3 TO godb.taken":     "already exists",
		"RENAME TABLE godb.items3 TO jdb.x":          "another database",
		"ALTER TABLE godb.items3 RENAME TO godb.`.`": "",
		"ALTER TABLE godb.items3 RENAME TO items4":   "No database selected",
	} {
		if err := sqlExec(db, q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", q, err, want)
		}
	}
	if got, want := c.rows(t, "SELECT database_name, table_name FROM paimon_tables"), []string{"godb|items3", "godb|taken", "jdb|orders_j"}; !slices.Equal(got, want) {
		t.Errorf("paimon_tables after the refused renames: %v, want %v", got, want)
	}
	if got := mustQuery(t, db, "SELECT COUNT(*) FROM godb.items3"); got != "3" {
		t.Errorf("rows of godb.items3 after the refused renames: %s", got)
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// rawStrings turns Java's JSON rows into their text, sorted.
func rawStrings(rows []json.RawMessage) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(r)
	}
	slices.Sort(out)
	return out
}

// withLock is the catalog's options with the lock on and our waits short.
func (c jdbcCatalog) withLock() jdbcCatalog {
	opts := map[string]string{"lock.enabled": "true"}
	maps.Copy(opts, c.options)
	c.options = opts
	return c
}

// lockedCatalog: paimon-sql's commits take Java's lock row: a held row
// stops them until lock-acquire-timeout, with nothing committed; an expired
// one is cleared as Java clears it.
func lockedCatalog(t *testing.T, j *javaDriver, c jdbcCatalog) {
	c = c.withLock()
	// Java creates the catalog's lock table (lock.enabled).
	c.javaMust(t, j, jstep{"op": "create", "table": "ldb.held", "columns": []map[string]any{
		{"name": "id", "type": "INT NOT NULL"}, {"name": "who", "type": "STRING"}}})
	ours := map[string]string{"lock-acquire-timeout": "2 s", "lock-check-max-sleep": "200 ms"}
	maps.Copy(ours, c.options)
	db := c.serve(t, ours)

	c.exec(t, "INSERT INTO paimon_distributed_locks (lock_id, expire_time_seconds) VALUES ('ck.ldb.held', 3600)")
	start := time.Now()
	err := sqlExec(db, "INSERT INTO ldb.held VALUES (0, 'blocked')")
	if err == nil || !strings.Contains(err.Error(), "acquire lock failed") {
		t.Fatalf("commit under a held lock: %v", err)
	}
	if waited := time.Since(start); waited < 2*time.Second {
		t.Errorf("gave up after %v, before lock-acquire-timeout", waited)
	}
	if got := mustQuery(t, db, "SELECT COUNT(*) FROM ldb.held"); got != "0" {
		t.Fatalf("rows after a refused commit: %s", got)
	}
	if _, err := os.Stat(filepath.Join(c.dir, "ldb.db", "held", "snapshot", "snapshot-1")); !os.IsNotExist(err) {
		t.Fatalf("snapshot-1 after a refused commit: %v", err)
	}
	// The same row, older than its expire_time_seconds, is cleared.
	c.exec(t, "UPDATE paimon_distributed_locks SET acquired_at = "+c.ago+", expire_time_seconds = 1")
	if err := sqlExec(db, "INSERT INTO ldb.held VALUES (1, 'after expiry')"); err != nil {
		t.Fatal(err)
	}
	if got := c.rows(t, "SELECT lock_id FROM paimon_distributed_locks"); len(got) > 0 {
		t.Fatalf("lock rows after our commit: %v", got)
	}
	res := c.javaMust(t, j, jstep{"op": "read", "table": "ldb.held"})
	if got := fmt.Sprint(rawStrings(res.Rows)); got != `[[1,"after expiry"]]` {
		t.Errorf("Java reads ldb.held: %s", got)
	}
}

// concurrentWriters: Java and paimon-sql commit to one table at once, one
// row a commit, both under the lock: every row is there for both.
func concurrentWriters(t *testing.T, j *javaDriver, c jdbcCatalog) {
	c = c.withLock()
	c.javaMust(t, j, jstep{"op": "create", "table": "ldb.both", "columns": []map[string]any{
		{"name": "id", "type": "INT NOT NULL"}, {"name": "who", "type": "STRING"}}})
	db := c.serve(t, c.options)
	const n = 20
	javaRows := make([]map[string]any, n)
	for i := range javaRows {
		javaRows[i] = map[string]any{"kind": "+I", "values": []any{1000 + i, "java"}}
	}
	var wg sync.WaitGroup
	var javaErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		res, err := j.tryIn(c.dir, c.java(), jstep{"op": "writeEach", "table": "ldb.both", "rows": javaRows})
		if err == nil && !res[0].OK {
			err = fmt.Errorf("Java: %s", res[0].Error)
		}
		javaErr = err
	}()
	var sqlErr error
	for i := 0; i < n && sqlErr == nil; i++ {
		sqlErr = sqlExec(db, fmt.Sprintf("INSERT INTO ldb.both VALUES (%d, 'sql')", i))
	}
	wg.Wait()
	if javaErr != nil || sqlErr != nil {
		t.Fatalf("Java: %v; paimon-sql: %v", javaErr, sqlErr)
	}
	want := fmt.Sprintf("%d,%d", 2*n, n)
	if got := mustQuery(t, db, "SELECT COUNT(*), SUM(CASE WHEN who = 'sql' THEN 1 ELSE 0 END) FROM ldb.both"); got != want {
		t.Errorf("paimon-sql reads (rows, ours): %s, want %s", got, want)
	}
	res := c.javaMust(t, j, jstep{"op": "read", "table": "ldb.both"})
	if len(res.Rows) != 2*n {
		t.Errorf("Java reads %d rows, want %d", len(res.Rows), 2*n)
	}
	snaps := mustQuery(t, db, "SELECT COUNT(*) FROM ldb.`both$snapshots`")
	t.Logf("%s snapshots for %d commits", snaps, 2*n)
	if snaps != fmt.Sprint(2*n) {
		t.Errorf("snapshots: %s, want %d", snaps, 2*n)
	}
	if got := c.rows(t, "SELECT lock_id FROM paimon_distributed_locks"); len(got) > 0 {
		t.Errorf("lock rows left: %v", got)
	}
}

// catalogDown: with the catalog's database stopped, a table open in the
// server is still read; a commit under the lock, and a CREATE TABLE, fail
// with the database's error and change nothing.
func catalogDown(t *testing.T, c jdbcCatalog) {
	c = c.withLock()
	db, provider := c.serveProvider(t, c.options)
	before := mustQuery(t, db, "SELECT COUNT(*) FROM ldb.both")
	c.stop()
	// Past the last listing's trust: the server's clock moves there.
	provider.Runtime().SetClock(func() time.Time { return time.Now().Add(catalog.DatabaseListTTL + 100*time.Millisecond) })
	if got := mustQuery(t, db, "SELECT COUNT(*) FROM ldb.both"); got != before {
		t.Errorf("open table read with the catalog down: %s, want %s", got, before)
	}
	err := sqlExec(db, "INSERT INTO ldb.both VALUES (-1, 'down')")
	if err == nil || !strings.Contains(err.Error(), "commit lock") {
		t.Errorf("commit with the catalog down: %v", err)
	}
	if got := mustQuery(t, db, "SELECT COUNT(*) FROM ldb.both"); got != before {
		t.Errorf("rows after a refused commit: %s, want %s", got, before)
	}
	if err := sqlExec(db, "CREATE TABLE ldb.later (k INT)"); err == nil {
		t.Error("CREATE TABLE with the catalog down succeeded")
	}
	if _, err := os.Stat(filepath.Join(c.dir, "ldb.db", "later")); !os.IsNotExist(err) {
		t.Errorf("directory of a table the catalog could not record: %v", err)
	}
}
