package hivemetastore

import (
	"context"
	gosql "database/sql"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore/hive"
	"github.com/paimon-sql/paimon-sql/server"
)

// serveHive serves the warehouse dir through paimon-sql with the Hive catalog that the
// catalog options describe (as `serve --catalog hive --catalog-option ...`) and returns a
// MySQL client connection.
func serveHive(t *testing.T, dir string, opts map[string]string) *gosql.DB {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := hive.Open(ctx, fsys, opts)
	if err != nil {
		t.Fatal(err)
	}
	provider, err := catalog.NewProviderIn(ctx, fsys, ms)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0"}, provider, server.Options{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Start() }()
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "tcp", srv.Addr().(*net.TCPAddr).String()
	db, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = db.Close()
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		<-done
		_ = ms.Close()
		_ = fsys.Close()
	})
	return db
}

func sqlExec(t *testing.T, db *gosql.DB, q string) {
	t.Helper()
	if _, err := db.Exec(q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func queryInt(t *testing.T, db *gosql.DB, q string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// TestServeHiveCatalog serves a warehouse with --catalog hive over the MySQL protocol:
// a database and table created with SQL are registered in the metastore where Java's
// HiveCatalog finds them and reads the rows; rows Java commits, SQL reads; an INSERT
// waits while Java holds the table's lock (lock.enabled), and DROP TABLE unregisters it.
func TestServeHiveCatalog(t *testing.T) {
	uri := hmsURI(t)
	dir := t.TempDir()
	warehouse := "file:" + dir
	db := serveHive(t, dir, map[string]string{"uri": uri, "lock.enabled": "true", "lock-check-max-sleep": "200ms"})
	java := startJava(t, uri, warehouse, "lock.enabled=true")
	name := uniqueName("served")

	sqlExec(t, db, "CREATE DATABASE "+name)
	sqlExec(t, db, "CREATE TABLE "+name+".t (id INT, v VARCHAR(20))")
	sqlExec(t, db, "INSERT INTO "+name+".t VALUES (1, 'a'), (2, 'b')")
	if dbs := java.do("dbs"); !slices.Contains(dbs, name) {
		t.Fatalf("Java does not list the database created with SQL: %v", dbs)
	}
	if got := java.do("tables " + name); !slices.Equal(got, []string{"t"}) {
		t.Fatalf("Java lists %v", got)
	}
	if got := java.do("schema " + name + " t")[0]; got != "location "+warehouse+"/"+name+".db/t" {
		t.Errorf("Java finds the table at %s", got)
	}
	if got := java.do("count " + name + " t"); !slices.Equal(got, []string{"rows 2"}) {
		t.Errorf("Java reads %v, want rows 2", got)
	}
	java.do("insert " + name + " t 3 c")
	if n := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".t"); n != 3 {
		t.Errorf("SQL reads %d rows after Java's commit, want 3", n)
	}

	// Java holds the table's lock for 3 s: our commit waits for it.
	java.send("lock " + name + " t 3000")
	if l := java.next(); !strings.HasPrefix(l, "LOCKED ") {
		t.Fatalf("Java: %s", l)
	}
	sqlExec(t, db, "INSERT INTO "+name+".t VALUES (4, 'd')")
	committed := time.Now().UnixMilli()
	released := java.next()
	if _, err := java.answer(); err != nil {
		t.Fatal(err)
	}
	releasedAt, err := strconv.ParseInt(strings.TrimPrefix(released, "RELEASING "), 10, 64)
	if err != nil {
		t.Fatalf("Java: %s", released)
	}
	if committed < releasedAt {
		t.Errorf("the INSERT committed at %d, while Java held the lock (released at %d)", committed, releasedAt)
	}
	if got := java.do("count " + name + " t"); !slices.Equal(got, []string{"rows 4"}) {
		t.Errorf("Java reads %v, want rows 4", got)
	}

	sqlExec(t, db, "DROP TABLE "+name+".t")
	if got := java.do("tables " + name); len(got) != 0 {
		t.Errorf("after DROP TABLE Java lists %v", got)
	}
	sqlExec(t, db, "DROP DATABASE "+name)
	if dbs := java.do("dbs"); slices.Contains(dbs, name) {
		t.Errorf("after DROP DATABASE Java lists %s", name)
	}
}

// TestServeHiveCatalogRename: RENAME TABLE and ALTER TABLE ... RENAME TO through the served
// Hive catalog leave the metastore as Java's renameTable leaves it (the record of a table
// renamed by SQL equals that of a twin renamed by Java, location included), Java reads the
// renamed table, and the old name is gone for both; a rename into another database, or onto
// a taken name, is refused with nothing changed. A table created with SQL in a database the
// metastore places outside "<warehouse>/<db>.db" goes below the database's location, where
// Java's HiveCatalog puts its own.
func TestServeHiveCatalogRename(t *testing.T) {
	uri := hmsURI(t)
	dir := t.TempDir()
	warehouse := "file:" + dir
	db := serveHive(t, dir, map[string]string{"uri": uri})
	java := startJava(t, uri, warehouse)
	name := uniqueName("renamed")

	sqlExec(t, db, "CREATE DATABASE "+name)
	for _, tbl := range []string{"ours", "twin"} {
		sqlExec(t, db, "CREATE TABLE "+name+"."+tbl+" (id INT, v VARCHAR(20))")
		sqlExec(t, db, "INSERT INTO "+name+"."+tbl+" VALUES (1, 'a'), (2, 'b')")
	}
	sqlExec(t, db, "RENAME TABLE "+name+".ours TO "+name+".ours2")
	sqlExec(t, db, "ALTER TABLE "+name+".ours2 RENAME TO "+name+".ours3")
	java.do("rename " + name + " twin twin3")

	if got := java.do("tables " + name); !slices.Equal(got, []string{"ours3", "twin3"}) {
		t.Fatalf("Java lists %v after the renames", got)
	}
	if got := java.do("count " + name + " ours3"); !slices.Equal(got, []string{"rows 2"}) {
		t.Errorf("Java reads the table renamed by SQL: %v, want rows 2", got)
	}
	ours, twin := java.do("hms "+name+" ours3"), java.do("hms "+name+" twin3")
	for i := range ours {
		ours[i] = strings.ReplaceAll(ours[i], "/ours", "/<t>")
	}
	for i := range twin {
		twin[i] = strings.ReplaceAll(twin[i], "/twin", "/<t>")
	}
	if !slices.Equal(ours, twin) {
		t.Errorf("the metastore's record of the table renamed by SQL:\n%s\nand by Java:\n%s", strings.Join(ours, "\n"), strings.Join(twin, "\n"))
	}
	if n := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".twin3"); n != 2 {
		t.Errorf("SQL reads %d rows of the table Java renamed, want 2", n)
	}
	sqlExec(t, db, "INSERT INTO "+name+".ours3 VALUES (3, 'c')")
	if got := java.do("count " + name + " ours3"); !slices.Equal(got, []string{"rows 3"}) {
		t.Errorf("Java reads %v after a commit to the renamed table, want rows 3", got)
	}
	if _, err := db.Exec("SELECT * FROM " + name + ".ours"); err == nil {
		t.Error("the old name is still served")
	}
	for q, want := range map[string]string{
		"RENAME TABLE " + name + ".ours3 TO " + name + ".twin3":       "already exists",
		"RENAME TABLE " + name + ".ours3 TO `default`.x":              "another database",
		"ALTER TABLE " + name + ".ours3 RENAME TO " + name + ".`a/b`": "",
	} {
		_, err := db.Exec(q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", q, err, want)
		}
	}
	if got := java.do("tables " + name); !slices.Equal(got, []string{"ours3", "twin3"}) {
		t.Errorf("Java lists %v after the refused renames", got)
	}

	// A database the metastore places elsewhere in the warehouse: tables go below it.
	elsewhere := uniqueName("placed")
	ms, err := hive.New(hive.DefaultConfig(uri, warehouse))
	if err != nil {
		t.Fatal(err)
	}
	defer ms.Close()
	if err := ms.CreateDatabase(context.Background(), elsewhere, map[string]string{"location": warehouse + "/custom/" + elsewhere}); err != nil {
		t.Fatal(err)
	}
	sqlExec(t, db, "CREATE TABLE "+elsewhere+".t (id INT)")
	sqlExec(t, db, "INSERT INTO "+elsewhere+".t VALUES (7)")
	java.do("create-table " + elsewhere + " j")
	if got := java.do("schema " + elsewhere + " t")[0]; got != "location "+warehouse+"/custom/"+elsewhere+"/t" {
		t.Errorf("Java finds the table created with SQL at %s", got)
	}
	if got := java.do("schema " + elsewhere + " j")[0]; got != "location "+warehouse+"/custom/"+elsewhere+"/j" {
		t.Errorf("Java places its own table at %s", got)
	}
	if got := java.do("count " + elsewhere + " t"); !slices.Equal(got, []string{"rows 1"}) {
		t.Errorf("Java reads %v, want rows 1", got)
	}
}

// TestServeHiveCatalogConcurrentWriters: Java's HiveCatalog and paimon-sql, both with
// lock.enabled, commit one row at a time to one table at once: every row is there once for
// both, one snapshot per commit, and the metastore holds no lock of the table afterwards.
func TestServeHiveCatalogConcurrentWriters(t *testing.T) {
	uri := hmsURI(t)
	dir := t.TempDir()
	warehouse := "file:" + dir
	db := serveHive(t, dir, map[string]string{"uri": uri, "lock.enabled": "true", "lock-check-max-sleep": "100ms"})
	java := startJava(t, uri, warehouse, "lock.enabled=true", "lock-check-max-sleep=100ms")
	name := uniqueName("writers")
	sqlExec(t, db, "CREATE DATABASE "+name)
	sqlExec(t, db, "CREATE TABLE "+name+".t (id INT, v VARCHAR(20))")

	const n = 25
	var wg sync.WaitGroup
	var sqlErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range n {
			if _, err := db.Exec(fmt.Sprintf("INSERT INTO %s.t VALUES (%d, 'sql')", name, i)); err != nil {
				sqlErr = err
				return
			}
		}
	}()
	start := time.Now()
	for i := range n {
		java.do(fmt.Sprintf("insert %s t %d java", name, 1000+i))
	}
	wg.Wait()
	if sqlErr != nil {
		t.Fatal(sqlErr)
	}
	t.Logf("%d commits of Java and paimon-sql in %v", 2*n, time.Since(start).Round(time.Millisecond))
	if got := queryInt(t, db, "SELECT COUNT(DISTINCT id) FROM "+name+".t"); got != 2*n {
		t.Errorf("distinct rows: %d, want %d", got, 2*n)
	}
	if got := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".t"); got != 2*n {
		t.Errorf("rows: %d, want %d", got, 2*n)
	}
	if got := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".`t$snapshots`"); got != 2*n {
		t.Errorf("snapshots: %d, want one per commit, %d", got, 2*n)
	}
	if got := java.do("count " + name + " t"); !slices.Equal(got, []string{fmt.Sprintf("rows %d", 2*n)}) {
		t.Errorf("Java reads %v, want rows %d", got, 2*n)
	}
	// The lock is free: Java takes it at once.
	java.send("lock " + name + " t 0")
	if l := java.next(); !strings.HasPrefix(l, "LOCKED ") {
		t.Fatalf("Java: %s", l)
	}
	java.next()
	if _, err := java.answer(); err != nil {
		t.Fatal(err)
	}
}
