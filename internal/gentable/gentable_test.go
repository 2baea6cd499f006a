package gentable_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/parquet-go/parquet-go"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// newEngine serves dir through an in-process engine, as catalog's tests do.
func newEngine(t *testing.T, dir string) *sqle.Engine {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	b := analyzer.NewBuilder(p)
	for _, r := range p.PushdownRules() {
		b = b.AddPostAnalyzeRule(r.Id, r.Apply)
	}
	a := b.Build()
	a.ExecBuilder = p.ExecBuilder()
	return sqle.New(a, &sqle.Config{})
}

func query(t *testing.T, e *sqle.Engine, q string) []sql.Row {
	t.Helper()
	ctx := sql.NewEmptyContext()
	_, iter, _, err := e.Query(ctx, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var out []sql.Row
	for {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		out = append(out, row)
	}
	if err := iter.Close(ctx); err != nil {
		t.Fatal(err)
	}
	return out
}

// rowID recovers r from the first column.
func rowID(t *testing.T, v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int32:
		return int64(x)
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	t.Fatalf("row id %T", v)
	return 0
}

// checkRows reads the whole table back through SQL and compares every row
// with what the generator says it wrote.
func checkRows(t *testing.T, tbl *gentable.Table) {
	t.Helper()
	e := newEngine(t, tbl.Dir)
	name := tbl.Options.Database + "." + tbl.Options.Table
	rows := query(t, e, "SELECT * FROM "+name)
	if int64(len(rows)) != tbl.LiveRows() {
		t.Fatalf("read %d rows, want %d", len(rows), tbl.LiveRows())
	}
	conv := make([]func(any) any, len(tbl.Schema.Fields))
	for i, f := range tbl.Schema.Fields {
		conv[i] = catalog.Converter(f.Type, time.UTC)
	}
	seen := map[int64]bool{}
	for _, got := range rows {
		r := rowID(t, got[0])
		if seen[r] {
			t.Fatalf("row %d read twice", r)
		}
		seen[r] = true
		want, live := tbl.Row(r)
		if !live {
			t.Fatalf("deleted row %d was read", r)
		}
		for i := range want {
			want[i] = conv[i](want[i])
		}
		if !reflect.DeepEqual([]any(got), want) {
			t.Fatalf("row %d:\n got %#v\nwant %#v", r, got, want)
		}
	}
	count := query(t, e, "SELECT COUNT(*) FROM "+name)
	if fmt.Sprint(count[0][0]) != fmt.Sprint(tbl.LiveRows()) {
		t.Fatalf("COUNT(*) = %v, want %d", count[0][0], tbl.LiveRows())
	}
}

func plan(t *testing.T, tbl *gentable.Table, filter predicate.Predicate) *scan.Plan {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, tbl.Dir)
	if err != nil {
		t.Fatal(err)
	}
	pt, err := table.Open(ctx, fsys, tbl.Options.Database, tbl.Options.Table, "")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := pt.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sch, err := pt.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := scan.New(ctx, pt, snap, sch, scan.Options{Filter: filter})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func files(p *scan.Plan) int {
	n := 0
	for _, s := range p.Splits {
		n += len(s.Files)
	}
	return n
}

func allColumns() []gentable.Column {
	return append(gentable.DefaultColumns(),
		gentable.Column{Name: "b", Type: types.New(types.Boolean)},
		gentable.Column{Name: "ti", Type: types.New(types.TinyInt)},
		gentable.Column{Name: "si", Type: types.New(types.SmallInt).WithNullable(false)},
		gentable.Column{Name: "d", Type: types.New(types.Double)},
		gentable.Column{Name: "big", Type: types.New(types.BigInt)})
}

func TestAppendTable(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{
		Columns: allColumns(), Rows: 50_000, RowsPerFile: 7_000, TableOptions: map[string]string{options.ParquetBlockSize.Key: "16384"},
		NullEvery: 5, Snapshots: 3, Partitions: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if tbl.Snapshot != 3 || tbl.Records != 50_000 {
		t.Fatalf("snapshot %d, records %d", tbl.Snapshot, tbl.Records)
	}
	checkRows(t, tbl)

	p := plan(t, tbl, nil)
	if files(p) != tbl.Files {
		t.Fatalf("planned %d files, wrote %d", files(p), tbl.Files)
	}
	// Value statistics prune: ids 10000..10010 live in one file.
	narrow := plan(t, tbl, predicate.And{
		predicate.Leaf{Field: "id", Op: predicate.GtEq, Literals: []any{int64(10_000)}},
		predicate.Leaf{Field: "id", Op: predicate.LtEq, Literals: []any{int64(10_010)}},
	})
	if files(narrow) != 1 {
		t.Fatalf("id range planned %d files, want 1", files(narrow))
	}
	// Partition pruning.
	if got := plan(t, tbl, predicate.Leaf{Field: "pt", Op: predicate.Eq, Literals: []any{int32(1)}}); len(got.Splits) != 1 || got.Splits[0].PartitionValues[0] != int32(1) {
		t.Fatalf("pt = 1 planned %+v", got.Splits)
	}
}

func TestAppendBucketed(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 20_000, RowsPerFile: 4_000, Buckets: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, tbl)
	if p := plan(t, tbl, nil); len(p.Splits) != 3 || p.Splits[2].TotalBuckets != 3 {
		t.Fatalf("splits %+v", p.Splits)
	}
}

func TestPrimaryKeyRaw(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{
		Rows: 30_000, RowsPerFile: 4_000, Buckets: 2, Snapshots: 2, Partitions: 2, NullEvery: 9, PrimaryKey: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, tbl)
	p := plan(t, tbl, nil)
	if len(p.Splits) != 4 {
		t.Fatalf("%d splits, want 4", len(p.Splits))
	}
	for _, s := range p.Splits {
		if !scan.RawConvertible(s, false) {
			t.Fatalf("split %s/bucket-%d needs merging", s.PartitionValues, s.Bucket)
		}
	}
	if n, exact := p.RowCount(); n != 30_000 || !exact {
		t.Fatalf("RowCount %d %v", n, exact)
	}
	// The key's bucket and key statistics prune on the primary key: one
	// file, of the bucket of id 12345 in partition 0, covers it.
	narrow := plan(t, tbl, predicate.Leaf{Field: "id", Op: predicate.Eq, Literals: []any{int64(12_345)}})
	if files(narrow) != 1 {
		t.Fatalf("id = 12345 planned %d files, want 1", files(narrow))
	}
}

func TestPrimaryKeyMerge(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{
		Columns: allColumns(), Rows: 30_000, RowsPerFile: 3_000, Buckets: 2, Snapshots: 3,
		PrimaryKey: true, Level0: true, UpdateEvery: 7, DeleteEvery: 11, NullEvery: 4,
	})
	if err != nil {
		t.Fatal(err)
	}
	if tbl.Snapshot != 4 {
		t.Fatalf("snapshot %d, want 4", tbl.Snapshot)
	}
	checkRows(t, tbl)
	for _, s := range plan(t, tbl, nil).Splits {
		if scan.RawConvertible(s, false) {
			t.Fatalf("split bucket-%d is raw-convertible", s.Bucket)
		}
	}
}

func TestStringKey(t *testing.T) {
	cols := []gentable.Column{{Name: "k", Type: types.NewString()}, {Name: "v", Type: types.New(types.Int)}}
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{
		Columns: cols, Rows: 5_000, RowsPerFile: 1_000, Buckets: 3, PrimaryKey: true, UpdateEvery: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, tbl)
}

// TestParquetLayout checks the data file schema against docs/design/format.md §6.2/§6.4.
func TestParquetLayout(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 10, PrimaryKey: true})
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob(filepath.Join(tbl.Path, "bucket-0", "data-*-0.parquet"))
	if len(paths) != 1 {
		t.Fatalf("data files %v", paths)
	}
	f, err := os.Open(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range pf.Metadata().Schema {
		rep := ""
		if e.RepetitionType.Valid {
			rep = e.RepetitionType.V.String()
		}
		got = append(got, fmt.Sprintf("%s:%d:%s", e.Name, e.FieldID, rep))
	}
	want := "paimon_schema:0:|_KEY_id:1073741823:REQUIRED|_SEQUENCE_NUMBER:2147483646:REQUIRED|" +
		"_VALUE_KIND:2147483645:REQUIRED|id:0:REQUIRED|v:1:OPTIONAL|s:2:OPTIONAL"
	if strings.Join(got, "|") != want {
		t.Fatalf("schema\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
	for _, rg := range pf.Metadata().RowGroups {
		for _, c := range rg.Columns {
			if c.MetaData.Codec.String() != "ZSTD" {
				t.Fatalf("codec %s", c.MetaData.Codec)
			}
		}
	}
	if st.Size() != tbl.Bytes {
		t.Fatalf("file size %d, manifest says %d", st.Size(), tbl.Bytes)
	}
}

func TestMetadataOnly(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{
		Rows: 10_000, RowsPerFile: 10, Snapshots: 20, MetadataOnly: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	p := plan(t, tbl, nil)
	if files(p) != 1000 {
		t.Fatalf("planned %d files", files(p))
	}
	if n, _ := p.RowCount(); n != 10_000 {
		t.Fatalf("RowCount %d", n)
	}
}
