package schema

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

const fixtures = "../../testdata/java-written"

// copyTable copies one fixture table into a fresh warehouse and returns the
// warehouse and the table's path in it.
func copyTable(t *testing.T, table string) (*fs.FS, string) {
	t.Helper()
	dir := t.TempDir()
	rel := table + ".db/" + table
	testfixture.CopyTable(t, dir, table)
	fsys, err := fs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return fsys, rel
}

func emptyWarehouse(t *testing.T) *fs.FS {
	t.Helper()
	fsys, err := fs.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return fsys
}

var timeMillisLine = regexp.MustCompile(`"timeMillis" : \d+`)

// sameButTime compares two schema files except for their timeMillis.
func sameButTime(t *testing.T, got, want []byte) {
	t.Helper()
	g := timeMillisLine.ReplaceAll(got, []byte(`"timeMillis" : 0`))
	w := timeMillisLine.ReplaceAll(want, []byte(`"timeMillis" : 0`))
	if !bytes.Equal(g, w) {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// Re-marshalling every Java-written schema gives its exact bytes.
func TestMarshalFixtureSchemas(t *testing.T) {
	files, _ := filepath.Glob(fixtures + "/*/*/schema/schema-*")
	branches, _ := filepath.Glob(fixtures + "/*/*/branch/*/schema/schema-*")
	files = append(files, branches...)
	if len(files) < 20 {
		t.Fatalf("only %d fixture schemas", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := spec.ParseTableSchema(data)
		if err != nil {
			t.Fatal(err)
		}
		order, err := OptionOrder(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(s, order)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s:\n got %s\nwant %s", f, got, data)
		}
	}
}

// Without a known order, options come in the order Java gives a new table's
// options; it matches the Java-written files whose keys do not share a bucket.
func TestMarshalCreationOrder(t *testing.T) {
	for _, f := range []string{
		"append_09.db/append_09/schema/schema-0",
		"append_with_global_index.db/append_with_global_index/schema/schema-0",
		"pk_table_with_mor.db/pk_table_with_mor/schema/schema-0",
	} {
		data, err := os.ReadFile(filepath.Join(fixtures, f))
		if err != nil {
			t.Fatal(err)
		}
		s, err := spec.ParseTableSchema(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s:\n got %s\nwant %s", f, got, data)
		}
	}
}

func TestCreateMatchesJava(t *testing.T) {
	ctx := context.Background()
	fsys := emptyWarehouse(t)
	m := NewManager(fsys, "default.db/t")
	s, err := m.Create(ctx, NewSchema{
		Fields: []types.DataField{
			{Name: "k0", Type: types.New(types.Int)},
			{Name: "k1", Type: types.New(types.Int)},
			{Name: "p0", Type: types.New(types.Int)},
			{Name: "p1", Type: types.New(types.Int)},
			{Name: "s0", Type: types.NewString()},
			{Name: "s1", Type: types.NewString()},
			{Name: "v0", Type: types.New(types.Double)},
			{Name: "v1", Type: types.New(types.Boolean)},
		},
		PartitionKeys: []string{"p0", "p1"},
		PrimaryKeys:   []string{"k0", "k1", "p0", "p1"},
		Options: map[string]string{
			"bucket": "1", "manifest.format": "avro", "file.format": "parquet", "sequence.field": "s0,s1",
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != 0 || s.HighestFieldID != 7 || s.Fields[0].Type.Nullable {
		t.Fatalf("schema %+v", s)
	}
	got, err := fsys.ReadFile(ctx, "default.db/t/schema/schema-0")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(fixtures + "/pk_table_with_mor.db/pk_table_with_mor/schema/schema-0")
	if err != nil {
		t.Fatal(err)
	}
	sameButTime(t, got, want)

	_, err = m.Create(ctx, NewSchema{Fields: []types.DataField{{Name: "a", Type: types.New(types.Int)}}})
	if !errors.Is(err, ErrTableExists) {
		t.Fatalf("second create: %v", err)
	}
}

// Field ids: columns in order, a ROW column before its fields, and a nested
// ROW field after its own fields (Java's ReassignFieldId).
func TestCreateNestedFieldIDs(t *testing.T) {
	inner := types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
		{Name: "c", Type: types.New(types.Int)}, {Name: "d", Type: types.New(types.Int)},
	}}
	outer := types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
		{Name: "a", Type: types.New(types.Int)}, {Name: "b", Type: inner}, {Name: "e", Type: types.New(types.Int)},
	}}
	elem := types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{{Name: "x", Type: types.New(types.Int)}}}
	arr := types.DataType{Kind: types.Array, Nullable: true, Element: &elem}
	m := NewManager(emptyWarehouse(t), "default.db/t")
	s, err := m.Create(context.Background(), NewSchema{Fields: []types.DataField{
		{Name: "col", Type: outer}, {Name: "arr", Type: arr}, {Name: "last", Type: types.New(types.Int)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	o := s.Fields[0].Type
	got := []int{s.Fields[0].ID, o.Fields[0].ID, o.Fields[1].Type.Fields[0].ID, o.Fields[1].Type.Fields[1].ID,
		o.Fields[1].ID, o.Fields[2].ID, s.Fields[1].ID, s.Fields[1].Type.Element.Fields[0].ID, s.Fields[2].ID}
	want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ids %v, want %v", got, want)
		}
	}
	if s.HighestFieldID != 8 {
		t.Fatalf("highestFieldId %d", s.HighestFieldID)
	}
}

func TestCreateOptionKeys(t *testing.T) {
	m := NewManager(emptyWarehouse(t), "default.db/t")
	s, err := m.Create(context.Background(), NewSchema{
		Fields: []types.DataField{
			{Name: "id", Type: types.New(types.Int)}, {Name: "dt", Type: types.NewString()},
		},
		Options: map[string]string{"primary-key": "id, dt", "partition": "dt", "bucket": "2"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.PrimaryKeys, ",") != "id,dt" || strings.Join(s.PartitionKeys, ",") != "dt" {
		t.Fatalf("keys %v %v", s.PrimaryKeys, s.PartitionKeys)
	}
	if _, ok := s.Options["primary-key"]; ok || s.Fields[1].Type.Nullable {
		t.Fatalf("schema %+v", s)
	}
}

func TestCreateRejections(t *testing.T) {
	col := func(name string, k types.Kind) types.DataField {
		return types.DataField{Name: name, Type: types.New(k)}
	}
	row := types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{col("x", types.Int)}}
	base := []types.DataField{col("a", types.Int), col("b", types.Int), col("c", types.BigInt)}
	cases := []struct {
		name string
		s    NewSchema
		want string
	}{
		{"duplicate column", NewSchema{Fields: []types.DataField{col("a", types.Int), col("a", types.Int)}}, "duplicate"},
		{"missing partition", NewSchema{Fields: base, PartitionKeys: []string{"z"}}, "do not exist"},
		{"missing primary key", NewSchema{Fields: base, PrimaryKeys: []string{"z"}}, "do not exist"},
		{"pk only partition", NewSchema{Fields: base, PrimaryKeys: []string{"a"}, PartitionKeys: []string{"a"}}, "partition keys"},
		{"system name", NewSchema{Fields: []types.DataField{col("_SEQUENCE_NUMBER", types.Int)}}, "reserved"},
		{"rowkind name", NewSchema{Fields: []types.DataField{col("rowkind", types.Int)}}, "reserved"},
		{"key prefix", NewSchema{Fields: []types.DataField{col("_KEY_a", types.Int)}}, "_KEY_"},
		{"bucket zero", NewSchema{Fields: base, Options: map[string]string{"bucket": "0"}}, "'bucket' = 0"},
		{"postpone append", NewSchema{Fields: base, Options: map[string]string{"bucket": "-2"}}, "'bucket' = -2"},
		{"bucket-key with -1", NewSchema{Fields: base, Options: map[string]string{"bucket-key": "a"}}, "bucket = -1"},
		{"append bucket without key", NewSchema{Fields: base, Options: map[string]string{"bucket": "4"}}, "bucket-key"},
		{"bucket key partition", NewSchema{Fields: base, PartitionKeys: []string{"a"}, Options: map[string]string{"bucket": "4", "bucket-key": "a"}}, "partition key"},
		{"bucket key outside pk", NewSchema{Fields: base, PrimaryKeys: []string{"a", "b"}, Options: map[string]string{"bucket": "4", "bucket-key": "c"}}, "primary-key columns"},
		{"nested pk", NewSchema{Fields: []types.DataField{{Name: "r", Type: row}, col("b", types.Int)}, PrimaryKeys: []string{"r"}}, "ROW"},
		{"bad int", NewSchema{Fields: base, Options: map[string]string{"bucket": "two"}}, "'bucket' = 'two' is not an integer"},
		{"bad bool", NewSchema{Fields: base, Options: map[string]string{"deletion-vectors.enabled": "yes"}}, "true or false"},
		{"bad duration", NewSchema{Fields: base, Options: map[string]string{"snapshot.time-retained": "1 fortnight"}}, "snapshot.time-retained"},
		{"bad memory", NewSchema{Fields: base, Options: map[string]string{"target-file-size": "big"}}, "target-file-size"},
		{"bad merge engine", NewSchema{Fields: base, Options: map[string]string{"merge-engine": "last"}}, "deduplicate, partial-update, aggregation, first-row"},
		{"bad file format", NewSchema{Fields: base, Options: map[string]string{"file.format": "xls"}}, "parquet"},
		{"changelog on append", NewSchema{Fields: base, Options: map[string]string{"changelog-producer": "input"}}, "primary key"},
		{"sequence field missing", NewSchema{Fields: base, PrimaryKeys: []string{"a"}, Options: map[string]string{"sequence.field": "z"}}, "sequence field 'z'"},
		{"retained min", NewSchema{Fields: base, Options: map[string]string{"snapshot.num-retained.min": "0"}}, "at least 1"},
		{"dv first-row", NewSchema{Fields: base, PrimaryKeys: []string{"a"}, Options: map[string]string{"deletion-vectors.enabled": "true", "merge-engine": "first-row"}}, "first-row"},
		{"fields option", NewSchema{Fields: base, Options: map[string]string{"fields.z.aggregate-function": "sum"}}, "column 'z'"},
		{"both pk forms", NewSchema{Fields: base, PrimaryKeys: []string{"a"}, Options: map[string]string{"primary-key": "a"}}, "both"},
		{"auto-create", NewSchema{Fields: base, Options: map[string]string{"auto-create": "true"}}, "auto-create"},
		{"missing fallback branch", NewSchema{Fields: base, Options: map[string]string{"scan.fallback-branch": "nope"}}, "branch 'nope' does not exist"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewManager(emptyWarehouse(t), "default.db/t")
			_, err := m.Create(context.Background(), c.s)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want it to mention %q", err, c.want)
			}
		})
	}
}

// Unknown option keys are kept as they are, like Java does.
// An unknown option key is refused (a typo would be stored and ignored);
// free-form families with a known prefix are kept.
func TestCreateRefusesUnknownOptions(t *testing.T) {
	m := NewManager(emptyWarehouse(t), "default.db/t")
	_, err := m.Create(context.Background(), NewSchema{
		Fields:  []types.DataField{{Name: "a", Type: types.New(types.Int)}},
		Options: map[string]string{"buckets": "2"},
	})
	if err == nil || !strings.Contains(err.Error(), "did you mean 'bucket'") {
		t.Fatalf("unknown option: %v", err)
	}
	s, err := m.Create(context.Background(), NewSchema{
		Fields:  []types.DataField{{Name: "a", Type: types.New(types.Int)}},
		Options: map[string]string{"fluss.table.x": "y", "bucket": "-1"},
	})
	if err != nil || s.Options["fluss.table.x"] != "y" {
		t.Fatalf("%v %v", s, err)
	}
}
