package catalog_test

import (
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// TestCatalogNames: the warehouse's databases and tables as SHOW and
// information_schema list them, and the refusals of unknown names.
func TestCatalogNames(t *testing.T) {
	db := sqltest.Open(t, testfixture.JavaWritten)
	dbs := db.Query("SHOW DATABASES").String()
	for _, want := range []string{"pk_09\n", "append_09\n", "sys\n", "information_schema\n"} {
		if !strings.Contains(dbs, want) {
			t.Errorf("SHOW DATABASES lacks %q:\n%s", want, dbs)
		}
	}
	if got := db.Query("SHOW TABLES FROM pk_09").String(); got != "pk_09\n" {
		t.Errorf("SHOW TABLES FROM pk_09 = %q", got)
	}
	if got := db.Query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'pk_table_with_mor'").String(); got != "pk_table_with_mor\n" {
		t.Errorf("information_schema.tables = %q", got)
	}
	db.Fails(sqltest.Root, mysql.ERNoSuchTable, "SELECT * FROM pk_09.nope")
	db.Fails(sqltest.Root, mysql.ERBadDb, "SHOW TABLES FROM nope")
}

// TestCatalogMergeOnRead: pk_table_with_mor's key (0, 0, 0, 0) as Java
// wrote it in snapshot 1 and overwrote it in snapshot 2 (its README).
func TestCatalogMergeOnRead(t *testing.T) {
	db := sqltest.Open(t, testfixture.JavaWritten)
	const key = " WHERE k0 = 0 AND k1 = 0 AND p0 = 0 AND p1 = 0"
	if got := db.Query("SELECT s0, v0, v1 FROM pk_table_with_mor.pk_table_with_mor AS OF 1" + key).String(); got != "apple|10|1\n" {
		t.Errorf("at snapshot 1: %q", got)
	}
	if got := db.Query("SELECT s0, v0, v1 FROM pk_table_with_mor.pk_table_with_mor AS OF 2" + key).String(); got != "apple|110|0\n" {
		t.Errorf("at snapshot 2: %q", got)
	}
}

// TestCatalogShowCreateTable: the MySQL definition of a Java-written table,
// then Paimon's clauses.
func TestCatalogShowCreateTable(t *testing.T) {
	db := sqltest.Open(t, testfixture.JavaWritten)
	got := db.Query("SHOW CREATE TABLE pk_09.pk_09").Rows[0][1]
	for _, want := range []string{"`f0` longtext NOT NULL", "PRIMARY KEY (`f0`,`f1`,`f2`)", "PARTITIONED BY (`f1`)", "'bucket' = '2'"} {
		if !strings.Contains(got, want) {
			t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", want, got)
		}
	}
}

// TestCatalogWrites: a table created, written, updated and deleted from
// through the catalog, one snapshot per statement.
func TestCatalogWrites(t *testing.T) {
	db := sqltest.Open(t, testfixture.JavaWritten)
	db.Query("CREATE DATABASE w")
	db.Query("CREATE TABLE w.t (id INT NOT NULL, v VARCHAR(10), PRIMARY KEY (id))")
	if r := db.Query("INSERT INTO w.t VALUES (1, 'a'), (2, 'b'), (3, 'c')"); r.RowsAffected != 3 {
		t.Errorf("INSERT affected %d rows", r.RowsAffected)
	}
	db.Query("UPDATE w.t SET v = 'B' WHERE id = 2")
	db.Query("DELETE FROM w.t WHERE id = 3")
	if got := db.Query("SELECT * FROM w.t ORDER BY id").String(); got != "1|a\n2|B\n" {
		t.Errorf("rows = %q", got)
	}
	if got := db.Query("SELECT snapshot_id, commit_kind FROM w.`t$snapshots`").String(); got != "1|APPEND\n2|APPEND\n3|APPEND\n" {
		t.Errorf("snapshots = %q", got)
	}
	db.Fails(sqltest.Root, mysql.ERTableExists, "CREATE TABLE w.t (id INT)")
}

// TestCatalogGrants: a user sees and reads the databases granted to it only,
// in the catalog-wide system tables too.
func TestCatalogGrants(t *testing.T) {
	db := sqltest.Open(t, testfixture.JavaWritten)
	db.User("u", "SELECT ON pk_09.*", "SELECT ON sys.*")
	r, err := db.Exec("u", "SHOW DATABASES")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.String(); strings.Contains(got, "append_09") || !strings.Contains(got, "pk_09") {
		t.Errorf("SHOW DATABASES as u:\n%s", got)
	}
	r, err = db.Exec("u", "SELECT DISTINCT database_name FROM sys.all_table_options")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.String(); got != "pk_09\n" {
		t.Errorf("sys.all_table_options as u shows %q", got)
	}
	if _, err := db.Exec("u", "SELECT * FROM append_09.append_09"); err == nil {
		t.Error("u read a database it was not granted")
	}
}
