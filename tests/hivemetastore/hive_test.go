package hivemetastore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/metastore/hive"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// testSchema is the driver's testSchema (java/driver/HiveCatalogDriver.java) in Go.
func testSchema() schema.NewSchema {
	str := types.DataType{Kind: types.VarChar, Length: types.MaxLength, Nullable: true}
	notNull := func(t types.DataType) types.DataType { t.Nullable = false; return t }
	nullable := func(k types.Kind) types.DataType { return types.DataType{Kind: k, Nullable: true} }
	intType := nullable(types.Int)
	nameComment, comment := "the name", "made for the metastore test"
	return schema.NewSchema{
		Fields: []types.DataField{
			{Name: "id", Type: types.DataType{Kind: types.Int}},
			{Name: "name", Type: str, Description: &nameComment},
			{Name: "price", Type: types.DataType{Kind: types.Decimal, Precision: 10, Scale: 2, Nullable: true}},
			{Name: "ts", Type: types.DataType{Kind: types.Timestamp, Precision: 3, Nullable: true}},
			{Name: "tags", Type: types.DataType{Kind: types.Array, Nullable: true,
				Element: &types.DataType{Kind: types.VarChar, Length: 20, Nullable: true}}},
			{Name: "b", Type: nullable(types.Boolean)},
			{Name: "ti", Type: nullable(types.TinyInt)},
			{Name: "si", Type: nullable(types.SmallInt)},
			{Name: "big", Type: nullable(types.BigInt)},
			{Name: "f", Type: nullable(types.Float)},
			{Name: "d", Type: nullable(types.Double)},
			{Name: "c5", Type: types.DataType{Kind: types.Char, Length: 5, Nullable: true}},
			{Name: "c300", Type: types.DataType{Kind: types.Char, Length: 300, Nullable: true}},
			{Name: "v70k", Type: types.DataType{Kind: types.VarChar, Length: 70000, Nullable: true}},
			{Name: "bin", Type: types.DataType{Kind: types.Binary, Length: 4, Nullable: true}},
			{Name: "vb", Type: types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}},
			{Name: "day", Type: nullable(types.Date)},
			{Name: "tm", Type: nullable(types.Time)},
			{Name: "ltz", Type: types.DataType{Kind: types.TimestampLTZ, Precision: 6, Nullable: true}},
			{Name: "m", Type: types.DataType{Kind: types.Map, Nullable: true, Key: &str, Value: &intType}},
			{Name: "ms", Type: types.DataType{Kind: types.Multiset, Nullable: true, Element: &str}},
			{Name: "r", Type: types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
				{Name: "a", Type: intType}, {Name: "b", Type: str}}}},
			{Name: "dt", Type: notNull(str)},
		},
		PartitionKeys: []string{"dt"},
		PrimaryKeys:   []string{"id", "dt"},
		Options:       map[string]string{"bucket": "2", "file.format": "parquet"},
		Comment:       &comment,
	}
}

// fixture is a warehouse directory, a Go client and a Java HiveCatalog on the shared
// metastore, and a database of the test's own.
type fixture struct {
	ctx       context.Context
	dir       string // the warehouse directory
	warehouse string // as a URI, the form Java writes locations in
	fs        *fs.FS
	m         *hive.Metastore
	java      *javaCatalog
}

func newFixture(t *testing.T, javaOptions ...string) *fixture {
	uri := hmsURI(t)
	ctx := context.Background()
	dir := t.TempDir()
	f := &fixture{ctx: ctx, dir: dir, warehouse: "file:" + dir}
	var err error
	if f.fs, err = fs.Open(ctx, dir); err != nil {
		t.Fatal(err)
	}
	cfg := hive.DefaultConfig(uri, f.warehouse)
	cfg.FS = f.fs
	m, err := hive.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close() })
	f.m = m
	f.java = startJava(t, uri, f.warehouse, javaOptions...)
	return f
}

// localPath is the path under the warehouse directory of a file: location.
func (f *fixture) localPath(t *testing.T, location string) string {
	t.Helper()
	rel, ok := strings.CutPrefix(location, f.warehouse+"/")
	if !ok {
		t.Fatalf("location %q is not under the warehouse %q", location, f.warehouse)
	}
	return rel
}

// createGoTable writes schema-0 of testSchema where Java would put the table and
// registers it through our client.
func (f *fixture) createGoTable(t *testing.T, db, table string) (*schema.Manager, string) {
	t.Helper()
	loc, err := f.m.NewTableLocation(f.ctx, db, table)
	if err != nil {
		t.Fatal(err)
	}
	mgr := schema.NewManager(f.fs, f.localPath(t, loc))
	s, err := mgr.Create(f.ctx, testSchema())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.m.CreateTable(f.ctx, db, table, loc, s); err != nil {
		t.Fatal(err)
	}
	return mgr, loc
}

// hmsRecord is how the metastore records a table, as Java reads it back, with the table's
// own name in the location replaced and the statistics the metastore computes itself from
// the directory (file counts and sizes) left out.
func (f *fixture) hmsRecord(t *testing.T, db, table string) []string {
	t.Helper()
	var out []string
	for _, l := range f.java.do("hms " + db + " " + table) {
		if strings.HasPrefix(l, "param numFiles") || strings.HasPrefix(l, "param totalSize") {
			continue
		}
		if strings.HasPrefix(l, "location ") {
			l = strings.TrimSuffix(l, "/"+table) + "/<table>"
		}
		out = append(out, l)
	}
	return out
}

func sameLines(t *testing.T, what string, java, golang []string) {
	t.Helper()
	if !slices.Equal(java, golang) {
		t.Errorf("%s differ\nJava HiveCatalog's table:\n  %s\nour client's table:\n  %s", what,
			strings.Join(java, "\n  "), strings.Join(golang, "\n  "))
	}
}

// TestHiveTableLikeJava creates, alters and reads tables through our client and through
// Java Paimon's HiveCatalog on one metastore, and compares what the metastore records for
// each: the same table type, owner, storage descriptor, columns, location and parameters.
func TestHiveTableLikeJava(t *testing.T) {
	f := newFixture(t)
	db := uniqueName("like_java")
	if err := f.m.CreateDatabase(f.ctx, db, map[string]string{"comment": "made by paimon-sql"}); err != nil {
		t.Fatal(err)
	}
	if dbs := f.java.do("dbs"); !slices.Contains(dbs, db) {
		t.Fatalf("Java does not list database %s: %v", db, dbs)
	}
	f.java.do("create-table " + db + " jt")
	mgr, loc := f.createGoTable(t, db, "gt")
	if want := f.warehouse + "/" + db + ".db/gt"; loc != want {
		t.Errorf("new table location %q, want %q", loc, want)
	}
	sameLines(t, "the metastore's records", f.hmsRecord(t, db, "jt"), f.hmsRecord(t, db, "gt"))

	if got := f.java.do("tables " + db); !slices.Equal(sorted(got), []string{"gt", "jt"}) {
		t.Errorf("Java lists %v, want [gt jt]", got)
	}
	if got, err := f.m.Tables(f.ctx, db); err != nil || !slices.Equal(got, []string{"gt", "jt"}) {
		t.Errorf("our client lists %v (%v), want [gt jt]", got, err)
	}
	javaSchema := func(table string) []string {
		var out []string
		for _, l := range f.java.do("schema " + db + " " + table) {
			out = append(out, strings.ReplaceAll(l, "/"+table, "/<table>"))
		}
		return out
	}
	sameLines(t, "the tables Java loads", javaSchema("jt"), javaSchema("gt"))

	// Schema changes: Java alters its table, we commit the same change and record it.
	alter := func(javaCmd string, change schema.Change) {
		t.Helper()
		f.java.do(javaCmd)
		s, err := mgr.Commit(f.ctx, change)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.m.AlterTable(f.ctx, db, "gt", s); err != nil {
			t.Fatal(err)
		}
		sameLines(t, "after "+javaCmd+", the metastore's records", f.hmsRecord(t, db, "jt"), f.hmsRecord(t, db, "gt"))
	}
	added := "added"
	alter("add-column "+db+" jt extra", schema.AddColumn{FieldNames: []string{"extra"},
		Type: types.DataType{Kind: types.BigInt, Nullable: true}, Description: &added})
	alter("set-option "+db+" jt snapshot.time-retained 2h", schema.SetOption{Key: "snapshot.time-retained", Value: "2h"})
	alter("remove-option "+db+" jt snapshot.time-retained", schema.RemoveOption{Key: "snapshot.time-retained"})
	sameLines(t, "after the changes, the tables Java loads", javaSchema("jt"), javaSchema("gt"))
}

// uniqueName makes a database name of its own for each run: a metastore given by
// PAIMON_SQL_HMS_URI keeps what earlier runs created.
func uniqueName(base string) string {
	return base + "_" + strconv.FormatInt(time.Now().UnixNano()%1_000_000_000, 36)
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestJavaTablesThroughOurClient: what Java's HiveCatalog registers, our client finds
// (databases, tables, locations, the schema at the location); what our client renames or
// drops, Java sees renamed or gone; a drop through the metastore deletes no file.
func TestJavaTablesThroughOurClient(t *testing.T) {
	f := newFixture(t)
	db := uniqueName("from_java")
	f.java.do("create-db " + db)
	f.java.do("create-table " + db + " t1")
	if ok, err := f.m.DatabaseExists(f.ctx, db); err != nil || !ok {
		t.Fatalf("DatabaseExists(%s) = %v, %v", db, ok, err)
	}
	if ok, err := f.m.DatabaseExists(f.ctx, "no_such_db"); err != nil || ok {
		t.Fatalf("DatabaseExists(no_such_db) = %v, %v", ok, err)
	}
	if dbs, err := f.m.Databases(f.ctx); err != nil || !slices.Contains(dbs, db) {
		t.Fatalf("Databases = %v, %v", dbs, err)
	}
	if got, err := f.m.Tables(f.ctx, db); err != nil || !slices.Equal(got, []string{"t1"}) {
		t.Fatalf("Tables = %v, %v", got, err)
	}
	loc, err := f.m.TableLocation(f.ctx, db, "t1")
	if err != nil {
		t.Fatal(err)
	}
	if loc != db+".db/t1" {
		t.Errorf("TableLocation %q, want the warehouse-relative %s.db/t1", loc, db)
	}
	if javaLoc := f.java.do("schema " + db + " t1")[0]; javaLoc != "location "+f.warehouse+"/"+loc {
		t.Errorf("our location %q, Java's %q", loc, javaLoc)
	}
	s, err := schema.NewManager(f.fs, loc).Latest(f.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.FieldNames(), ","); !strings.HasPrefix(got, "id,name,price,ts,tags,b,") || !strings.HasSuffix(got, ",r,dt") {
		t.Errorf("schema at the location has columns %s", got)
	}

	if err := f.m.RenameTable(f.ctx, db, "t1", "t2"); err != nil {
		t.Fatal(err)
	}
	if got := f.java.do("tables " + db); !slices.Equal(got, []string{"t2"}) {
		t.Fatalf("after our rename Java lists %v", got)
	}
	loc2, err := f.m.TableLocation(f.ctx, db, "t2")
	if err != nil {
		t.Fatal(err)
	}
	if javaLoc := f.java.do("schema " + db + " t2")[0]; javaLoc != "location "+f.warehouse+"/"+loc2 {
		t.Errorf("after the rename our location %q, Java's %q", loc2, javaLoc)
	}
	t.Logf("renamed: location %s -> %s", loc, loc2)
	if _, err := f.m.TableLocation(f.ctx, db, "t1"); !errors.Is(err, metastore.ErrTableNotFound) {
		t.Errorf("old name after the rename: %v, want ErrTableNotFound", err)
	}
	f.createGoTable(t, db, "t4")
	if err := f.m.RenameTable(f.ctx, db, "t2", "t4"); !errors.Is(err, metastore.ErrAlreadyExists) {
		t.Errorf("renaming onto an existing table: %v, want ErrAlreadyExists", err)
	}
	if err := f.m.DropTable(f.ctx, db, "t4"); err != nil {
		t.Fatal(err)
	}

	if err := f.m.DropTable(f.ctx, db, "t2"); err != nil {
		t.Fatal(err)
	}
	if got := f.java.do("tables " + db); len(got) != 0 {
		t.Fatalf("after our drop Java lists %v", got)
	}
	// The metastore (Hive 4) records the table as external, so Java's drop keeps its
	// files, and so does ours.
	if _, err := os.Stat(filepath.Join(f.dir, loc2, "schema", "schema-0")); err != nil {
		t.Errorf("dropping an external table deleted its files: %v", err)
	}
	if err := f.m.DropTable(f.ctx, db, "t2"); !errors.Is(err, metastore.ErrTableNotFound) {
		t.Errorf("dropping a dropped table: %v, want ErrTableNotFound", err)
	}

	// A table Java drops is gone for us too, and Java keeps its files as we did.
	_, loc3 := f.createGoTable(t, db, "t3")
	f.java.do("drop " + db + " t3")
	if got, err := f.m.Tables(f.ctx, db); err != nil || len(got) != 0 {
		t.Errorf("after Java's drop we list %v, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(f.dir, f.localPath(t, loc3), "schema", "schema-0")); err != nil {
		t.Errorf("Java's drop of the external table deleted its files: %v", err)
	}
	if err := f.m.DropDatabase(f.ctx, db); err != nil {
		t.Fatal(err)
	}
	if dbs := f.java.do("dbs"); slices.Contains(dbs, db) {
		t.Errorf("after our drop Java still lists database %s", db)
	}
	if err := f.m.CreateDatabase(f.ctx, "default", nil); !errors.Is(err, metastore.ErrAlreadyExists) {
		t.Errorf("creating an existing database: %v, want ErrAlreadyExists", err)
	}
}

// TestLockExcludesSecondHolder: the metastore's table lock, taken by our client, keeps a
// second client and Java's HiveCatalog (lock.enabled) out until it is released, and a lock
// Java holds keeps our client waiting until Java releases it.
func TestLockExcludesSecondHolder(t *testing.T) {
	f := newFixture(t, "lock.enabled=true", "lock-acquire-timeout=2s", "lock-check-max-sleep=200ms")
	db := uniqueName("locks")
	if err := f.m.CreateDatabase(f.ctx, db, nil); err != nil {
		t.Fatal(err)
	}
	f.createGoTable(t, db, "t")

	cfg := hive.DefaultConfig(hmsURI(t), f.warehouse)
	cfg.LockAcquireTimeout, cfg.LockCheckMaxSleep = 1500*time.Millisecond, 200*time.Millisecond
	second, err := hive.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()

	unlock, err := f.m.Lock(f.ctx, db, "t")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := second.Lock(f.ctx, db, "t"); err == nil || !strings.Contains(err.Error(), "acquire lock failed") {
		t.Fatalf("a second holder got the lock: %v", err)
	}
	if waited := time.Since(start); waited < 1500*time.Millisecond {
		t.Errorf("the second holder gave up after %s, before lock-acquire-timeout", waited)
	}
	f.java.send("lock " + db + " t 0")
	if _, err := f.java.answer(); err == nil || !strings.Contains(err.Error(), "Acquire lock failed") {
		t.Fatalf("Java got the lock we hold: %v", err)
	}
	// A lock on another table is independent.
	other, err := second.Lock(f.ctx, db, "other")
	if err != nil {
		t.Fatalf("the lock of another table: %v", err)
	}
	if err := other(); err != nil {
		t.Fatal(err)
	}
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	unlock2, err := second.Lock(f.ctx, db, "t")
	if err != nil {
		t.Fatalf("after the release: %v", err)
	}
	if err := unlock2(); err != nil {
		t.Fatal(err)
	}

	// Java holds the lock for 3 s; our client waits for it (its timeout is 8 min).
	f.java.send("lock " + db + " t 3000")
	locked := f.java.next()
	if !strings.HasPrefix(locked, "LOCKED ") {
		t.Fatalf("Java: %s", locked)
	}
	unlock3, err := f.m.Lock(f.ctx, db, "t")
	if err != nil {
		t.Fatal(err)
	}
	acquired := time.Now().UnixMilli()
	released := f.java.next()
	if _, err := f.java.answer(); err != nil {
		t.Fatal(err)
	}
	releasedAt, err := strconv.ParseInt(strings.TrimPrefix(released, "RELEASING "), 10, 64)
	if err != nil {
		t.Fatalf("Java: %s", released)
	}
	if acquired < releasedAt {
		t.Errorf("our client got the lock at %d, before Java released it at %d", acquired, releasedAt)
	}
	t.Logf("our client acquired the lock %d ms after Java started releasing it", acquired-releasedAt)
	if err := unlock3(); err != nil {
		t.Fatal(err)
	}
}
