package format

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/shopspring/decimal"
)

func ts(sec, nsec int64) time.Time { return time.Unix(sec, nsec).UTC() }

// checkRows compares rows, with decimals compared by value.
func checkRows(t *testing.T, got, want [][]any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d rows, want %d:\n%#v", len(got), len(want), got)
	}
	for i := range want {
		if !equalValues(got[i], want[i]) {
			t.Errorf("row %d:\n got %#v\nwant %#v", i, got[i], want[i])
		}
	}
}

func equalValues(a, b any) bool {
	switch x := a.(type) {
	case decimal.Decimal:
		y, ok := b.(decimal.Decimal)
		return ok && x.Equal(y)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) || (x == nil) != (y == nil) {
			return false
		}
		for i := range x {
			if !equalValues(x[i], y[i]) {
				return false
			}
		}
		return true
	case types.MapValue:
		y, ok := b.(types.MapValue)
		return ok && equalValues(x.Keys, y.Keys) && equalValues(x.Values, y.Values)
	}
	return reflect.DeepEqual(a, b)
}

// The README's three rows: Timestamp(millis, nanosOfMilli) per column, with
// (p ≤ 3) millis, (p ≤ 6) micros and (p > 6) INT96 encodings, local and LTZ.
func TestReadTimestampPrecisions(t *testing.T) {
	dir := tableDir(t, "append_with_multiple_ts_precision_and_timezone")
	files := dataFiles(t, dir)
	if len(files) != 1 {
		t.Fatalf("want 1 data file, got %v", files)
	}
	got := readAll(t, files[0], schemaFields(t, dir, 0), ReadOptions{})
	checkRows(t, got, [][]any{
		{ts(1, 0), ts(0, 1e6), ts(0, 1000), ts(0, 1), ts(2, 0), ts(0, 2e6), ts(0, 2000), ts(0, 2)},
		{ts(3, 0), ts(0, 3e6), nil, ts(0, 3), ts(4, 0), ts(0, 4e6), ts(0, 4000), ts(0, 4)},
		{ts(5, 0), ts(0, 5e6), nil, nil, ts(6, 0), nil, ts(0, 6000), nil},
	})
}

// MAP<TINYINT,SMALLINT>, ARRAY<FLOAT>, ROW<BOOLEAN,BIGINT>, TIMESTAMP(9) as
// INT96, DATE and DECIMAL(2,2), matched by field id (nested ids included).
func TestReadComplexTypes(t *testing.T) {
	dir := tableDir(t, "append_complex_build_in_fieldid")
	files := dataFiles(t, dir)
	got := readAll(t, files[0], schemaFields(t, dir, 0), ReadOptions{})
	tsv := ts(123, 123123000)
	checkRows(t, got, [][]any{
		{types.MapValue{Keys: []any{int8(0)}, Values: []any{int16(0)}}, []any{float32(0.1), float32(0.2)},
			[]any{true, int64(2)}, tsv, int32(2456), decimal.New(22, -2)},
		{types.MapValue{Keys: []any{int8(127), int8(-128)}, Values: []any{int16(32767), int16(-32768)}},
			[]any{float32(1.1), float32(1.2)}, []any{false, int64(2222)}, tsv, int32(245), decimal.New(12, -2)},
		{types.MapValue{Keys: []any{int8(1), int8(2)}, Values: []any{int16(64), int16(32)}},
			[]any{float32(2.2), float32(3.2)}, []any{true, int64(2)}, ts(0, 0), int32(24), nil},
	})
}

// Primary-key files: _KEY_f0, _KEY_f2, _SEQUENCE_NUMBER, _VALUE_KIND, then
// the table's fields. The second file holds the README's two deletes.
func TestReadPrimaryKeyFiles(t *testing.T) {
	dir := tableDir(t, "pk_table_with_dv_cardinality")
	fields := keyValueFields(t, dir, 0)
	base := filepath.Join(dir, "f1=10", "bucket-1", "data-ed5d7184-cf42-4f4a-bf83-1e3080d9012d-")
	row := func(name string, seq int64, kind int8, f2 int32, f3 float64) []any {
		return []any{name, f2, seq, kind, name, int32(10), f2, f3}
	}
	checkRows(t, readAll(t, base+"0.parquet", fields, ReadOptions{}), [][]any{
		row("Alex", 3, 0, 0, 16.1),
		row("Bob", 0, 0, 0, 12.1),
		row("David", 4, 0, 0, 17.1),
		row("Emily", 1, 0, 0, 13.1),
		row("Lily", 6, 0, 0, 20.1),
		row("Tony", 2, 0, 0, 14.1),
		row("Whether I shall turn out to be the hero of my own life.", 5, 0, 0, 19.1),
	})
	checkRows(t, readAll(t, base+"1.parquet", fields, ReadOptions{}), [][]any{
		row("Lily", 8, 3, 0, 20.1),
		row("Tony", 7, 3, 0, 14.1),
	})
	// Only the system columns, in another order.
	got := readAll(t, base+"1.parquet", fields, ReadOptions{Projection: []int{3, 2}})
	checkRows(t, got, [][]any{{int8(3), int64(8)}, {int8(3), int64(7)}})
}

// Paimon 0.9 files have no field ids: columns are matched by name. A field
// the file lacks reads as NULL.
func TestReadWithoutFieldIDs(t *testing.T) {
	dir := tableDir(t, "append_09")
	fields := schemaFields(t, dir, 0)
	fields = append(fields, types.DataField{ID: 9, Name: "added", Type: types.New(types.Int)})
	file := filepath.Join(dir, "f1=10", "bucket-1", "data-c07464e4-18fc-4c37-bd1f-0addedd6853e-0.parquet")
	got := readAll(t, file, fields, ReadOptions{Projection: []int{3, 0, 4}, BatchSize: 3})
	checkRows(t, got, [][]any{
		{12.1, "Bob", nil}, {13.1, "Emily", nil}, {14.1, "Tony", nil}, {15.1, "Emily", nil},
		{12.1, "Bob", nil}, {16.1, "Alex", nil}, {17.1, "David", nil}, {17.1, "Lily", nil},
	})
	file = filepath.Join(dir, "f1=20", "bucket-0", "data-fd72a479-53ae-42f7-aec0-e982ee555928-0.parquet")
	checkRows(t, readAll(t, file, fields[:4], ReadOptions{}), [][]any{{"Paul", int32(20), int32(1), nil}})
}

// Every Parquet file of every fixture table reads completely with one of the
// table's schemas (files of evolved tables were written with older ones).
func TestReadAllFixtureFiles(t *testing.T) {
	if _, err := os.Stat(fixtures); err != nil {
		t.Fatalf("fixtures (committed in testdata/java-written): %v", err)
	}
	dbs, err := filepath.Glob(filepath.Join(fixtures, "*.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, db := range dbs {
		name := filepath.Base(db[:len(db)-3])
		t.Run(name, func(t *testing.T) {
			dir := tableDir(t, name)
			schemas, _ := filepath.Glob(filepath.Join(dir, "schema", "schema-*"))
			files := dataFiles(t, dir)
			for _, file := range files {
				if !readsWithSomeSchema(t, dir, file, len(schemas)) {
					t.Errorf("%s: no schema reads it", file)
				}
			}
		})
	}
}

func readsWithSomeSchema(t *testing.T, dir, file string, schemas int) bool {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	for id := range schemas {
		for _, fields := range [][]types.DataField{keyValueFields(t, dir, id), schemaFields(t, dir, id)} {
			r, err := OpenParquet(f, st.Size(), fields, ReadOptions{})
			if err != nil {
				continue
			}
			n, err := countRows(r)
			r.Close()
			if err == nil && n == r.NumRows() {
				return true
			}
		}
	}
	return false
}
