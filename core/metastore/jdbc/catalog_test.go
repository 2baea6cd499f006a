package jdbc

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

func TestParseURI(t *testing.T) {
	for uri, want := range map[string]connection{
		"jdbc:sqlite:/tmp/c.db":      {driver: "sqlite", dsn: "file:/tmp/c.db?_pragma=busy_timeout(10000)", protocol: "sqlite"},
		"jdbc:sqlite:file:/tmp/c.db": {driver: "sqlite", dsn: "file:/tmp/c.db?_pragma=busy_timeout(10000)", protocol: "sqlite"},
		"jdbc:mysql://db.local/cat":  {driver: "mysql", dsn: "u:p@tcp(db.local:3306)/cat", protocol: "mysql"},
		"jdbc:mariadb://h:3307/cat":  {driver: "mysql", dsn: "u:p@tcp(h:3307)/cat", protocol: "mariadb"},
		"jdbc:postgresql://h:5432/c": {driver: "pgx", dsn: "postgres://u:p@h:5432/c", protocol: "postgresql"},
	} {
		got, err := parseURI(uri, "u", "p")
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v; want %+v", uri, got, err, want)
		}
	}
	for _, uri := range []string{"sqlite:/x", "jdbc:oracle:thin:@h:1521:x", "jdbc:mysql://h/cat?useSSL=true",
		"jdbc:mysql://u:p@h/cat", "jdbc:sqlite:", "jdbc:postgresql:cat"} {
		if _, err := parseURI(uri, "", ""); err == nil {
			t.Errorf("%s accepted", uri)
		}
	}
	if got := rebind("postgresql", "a = ? AND b = ?"); got != "a = $1 AND b = $2" {
		t.Errorf("rebind: %q", got)
	}
}

func openSQLite(t *testing.T, opts map[string]string) *Catalog {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	fsys, err := fs.Open(ctx, filepath.Join(dir))
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]string{"uri": "jdbc:sqlite:" + filepath.Join(dir, "c.db")}
	for k, v := range opts {
		all[k] = v
	}
	c, err := Open(ctx, fsys, all)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func TestOptionsRefused(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []map[string]string{
		{"uri": "jdbc:sqlite:/tmp/x.db", "lock-expire-time": "1 min"},
		{"uri": "jdbc:sqlite:/tmp/x.db", "lock.enabled": "maybe"},
		{"uri": "jdbc:sqlite:/tmp/x.db", "lock.type": "zookeeper"},
		{"uri": "jdbc:sqlite:/tmp/x.db", "lock-acquire-timeout": "soon"},
		{"uri": "jdbc:mariadb://h/cat", "lock.enabled": "true"},
		{"jdbc.user": "x"},
	} {
		if _, err := Open(ctx, fsys, opts); err == nil {
			t.Errorf("%v accepted", opts)
		}
	}
}

func TestCatalogRows(t *testing.T) {
	ctx := context.Background()
	c := openSQLite(t, map[string]string{"catalog-key": "k1"})
	other := &Catalog{db: c.db, protocol: c.protocol, key: "k2", fs: c.fs, syncProperties: true}
	if err := c.CreateDatabase(ctx, "d", map[string]string{"owner": "me"}); err != nil {
		t.Fatal(err)
	}
	s := &spec.TableSchema{PrimaryKeys: []string{"a", "p"}, PartitionKeys: []string{"p"}, Options: map[string]string{"bucket": "2"}}
	if err := c.CreateTable(ctx, "d", "t", "d.db/t", s); err != nil {
		t.Fatal(err)
	}
	if err := c.CreateTable(ctx, "d", "t", "d.db/t", s); err == nil {
		t.Error("a second registration of d.t succeeded")
	}
	if err := c.CreateTable(ctx, "d", "u", "elsewhere/u", s); err == nil {
		t.Error("a table outside <db>.db/<table> was registered")
	}
	dbs, _ := c.Databases(ctx)
	tables, _ := c.Tables(ctx, "d")
	otherDBs, _ := other.Databases(ctx)
	if strings.Join(dbs, ",") != "d" || strings.Join(tables, ",") != "t" || len(otherDBs) != 0 {
		t.Errorf("databases %v, tables %v, another catalog key's databases %v", dbs, tables, otherDBs)
	}
	if loc, err := c.TableLocation(ctx, "d", "t"); err != nil || loc != "d.db/t" {
		t.Errorf("location %q, %v", loc, err)
	}
	if _, err := c.TableLocation(ctx, "d", "nope"); !errors.Is(err, metastore.ErrTableNotFound) {
		t.Errorf("missing table: %v", err)
	}
	props, _ := c.strings(ctx, "SELECT property_key || '=' || property_value FROM paimon_table_properties WHERE catalog_key = 'k1'")
	if got := strings.Join(props, ","); got != "bucket=2,bucket-key=a,partition=p,primary-key=a,p" {
		t.Errorf("table properties: %s", got)
	}
	if err := c.DropTable(ctx, "d", "t"); err != nil {
		t.Fatal(err)
	}
	if err := c.DropTable(ctx, "d", "t"); !errors.Is(err, metastore.ErrTableNotFound) {
		t.Errorf("second drop: %v", err)
	}
	if ok, _ := c.DatabaseExists(ctx, "d"); !ok {
		t.Error("d is gone with its last table")
	}
	if err := c.DropDatabase(ctx, "d"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := c.DatabaseExists(ctx, "d"); ok {
		t.Error("d exists after DropDatabase")
	}
}

func TestLockWaitsAndExpires(t *testing.T) {
	ctx := context.Background()
	c := openSQLite(t, map[string]string{"lock.enabled": "true", "lock-acquire-timeout": "1 s", "lock-check-max-sleep": "100 ms"})
	unlock, err := c.Lock(ctx, "d", "t")
	if err != nil {
		t.Fatal(err)
	}
	// The row expires after lock-acquire-timeout, which is also how long
	// the second Lock waits: its last try may find the row expired (whole
	// seconds, so after as little as 1.01 s) and take it over, as Java's
	// would. A holder that lives longer is what this part tests.
	if _, err := c.exec(ctx, "UPDATE paimon_distributed_locks SET expire_time_seconds = 3600"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := c.Lock(ctx, "d", "t"); err == nil || !strings.Contains(err.Error(), "acquire lock failed") {
		t.Fatalf("second lock: %v", err)
	}
	if time.Since(start) < time.Second {
		t.Errorf("gave up after %v", time.Since(start))
	}
	// Another table's lock is another row.
	u2, err := c.Lock(ctx, "d", "other")
	if err != nil {
		t.Fatal(err)
	}
	if err := u2(); err != nil {
		t.Fatal(err)
	}
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	// Taken again and never released: a holder that died.
	if _, err := c.Lock(ctx, "d", "t"); err != nil {
		t.Fatal(err)
	}
	// A row older than its expire_time_seconds belongs to a dead holder.
	if _, err := c.exec(ctx, "UPDATE paimon_distributed_locks SET acquired_at = datetime('now', '-5 seconds')"); err != nil {
		t.Fatal(err)
	}
	taken, err := c.Lock(ctx, "d", "t")
	if err != nil {
		t.Fatalf("an expired lock was not taken over: %v", err)
	}
	if err := taken(); err != nil {
		t.Fatal(err)
	}
	rows, _ := c.strings(ctx, "SELECT lock_id FROM paimon_distributed_locks")
	if len(rows) != 0 {
		t.Errorf("rows left: %v", rows)
	}
}

// TestClientPoolSize: 'client-pool-size' bounds the connections open to
// the catalog's database.
func TestClientPoolSize(t *testing.T) {
	if got := openSQLite(t, map[string]string{"client-pool-size": "3"}).db.Stats().MaxOpenConnections; got != 3 {
		t.Errorf("most open connections: %d, want 3", got)
	}
}

// TestRenameOnObjectStoreRefused: where the warehouse cannot rename a
// directory in one step, a rename fails and the rows keep the old name.
func TestRenameOnObjectStoreRefused(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Open(ctx, fsys, map[string]string{"uri": "jdbc:sqlite:" + filepath.Join(t.TempDir(), "c.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := schema.NewManager(fsys, "d.db/a").Create(ctx, schema.NewSchema{
		Fields:  []types.DataField{{Name: "k", Type: types.DataType{Kind: types.Int, Nullable: true}}},
		Options: map[string]string{"bucket": "-1"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CreateTable(ctx, "d", "a", "d.db/a", s); err != nil {
		t.Fatal(err)
	}
	if err := c.RenameTable(ctx, "d", "a", "b"); !errors.Is(err, fs.ErrNoDirectoryRename) {
		t.Fatalf("rename on mem://: %v, want ErrNoDirectoryRename", err)
	}
	if names, err := c.Tables(ctx, "d"); err != nil || strings.Join(names, ",") != "a" {
		t.Errorf("tables after the refused rename: %v, %v", names, err)
	}
	if props, err := c.strings(ctx, "SELECT table_name FROM paimon_table_properties WHERE table_name = 'b'"); err != nil || len(props) > 0 {
		t.Errorf("properties under the new name: %v, %v", props, err)
	}
	if ok, err := fsys.Exists(ctx, "d.db/a/schema/schema-0"); !ok || err != nil {
		t.Errorf("the table's schema after the refused rename: %v, %v", ok, err)
	}
}
