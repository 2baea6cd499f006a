package schema

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// keepSchemas deletes the schemas after id, so that ALTERs replayed on a
// fixture copy can be compared with what Java wrote next.
func keepSchemas(t *testing.T, m *Manager, id int64) {
	t.Helper()
	ids, err := m.IDs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range ids {
		if i > id {
			if err := m.fs.Delete(context.Background(), m.Path(i)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func javaSchema(t *testing.T, table string, id int64) []byte {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("%s/%s.db/%s/schema/schema-%d", fixtures, table, table, id))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func col(names ...string) []string { return names }

// Replaying the ALTERs Java ran on pk_table_with_mor gives its schema files.
func TestCommitReplaysJavaRenamesAndCasts(t *testing.T) {
	ctx := context.Background()
	fsys, root := copyTable(t, "pk_table_with_mor")
	m := NewManager(fsys, root)
	keepSchemas(t, m, 0)
	steps := [][]Change{
		{RenameColumn{FieldNames: col("k1"), NewName: "tmp"}},
		{RenameColumn{FieldNames: col("k0"), NewName: "k1"}},
		{RenameColumn{FieldNames: col("tmp"), NewName: "k0"}},
		{
			RenameColumn{FieldNames: col("s1"), NewName: "tmp"},
			UpdateColumnType{FieldNames: col("tmp"), Type: types.DataType{Kind: types.VarBinary, Length: types.MaxLength, Nullable: true}},
			AddColumn{FieldNames: col("v2"), Type: types.New(types.Int)},
		},
		{RenameColumn{FieldNames: col("s0"), NewName: "s1"}},
		{
			RenameColumn{FieldNames: col("tmp"), NewName: "s0"},
			UpdateColumnType{FieldNames: col("v0"), Type: types.New(types.Int)},
			UpdateColumnType{FieldNames: col("v1"), Type: types.NewString()},
		},
		{SetOption{Key: "sequence.field", Value: "s0,s1"}},
	}
	for i, changes := range steps {
		s, err := m.Commit(ctx, changes...)
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if s.ID != int64(i+1) {
			t.Fatalf("step %d wrote schema %d", i+1, s.ID)
		}
		got, err := fsys.ReadFile(ctx, m.Path(s.ID))
		if err != nil {
			t.Fatal(err)
		}
		sameButTime(t, got, javaSchema(t, "pk_table_with_mor", s.ID))
	}
}

func TestCommitReplaysJavaOptionAndAddColumn(t *testing.T) {
	ctx := context.Background()
	fsys, root := copyTable(t, "append_table_with_append_pt_branch")
	m := NewManager(fsys, root)
	keepSchemas(t, m, 0)
	s, err := m.Commit(ctx, SetOption{Key: "scan.fallback-branch", Value: "test"})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := fsys.ReadFile(ctx, m.Path(s.ID))
	sameButTime(t, got, javaSchema(t, "append_table_with_append_pt_branch", 1))
	s, err = m.Commit(ctx, AddColumn{FieldNames: col("value2"), Type: types.New(types.Int)})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = fsys.ReadFile(ctx, m.Path(s.ID))
	sameButTime(t, got, javaSchema(t, "append_table_with_append_pt_branch", 2))

	if _, err := m.Commit(ctx, SetOption{Key: "scan.fallback-branch", Value: "nope"}); err == nil ||
		!strings.Contains(err.Error(), "branch 'nope' does not exist") {
		t.Fatalf("missing branch: %v", err)
	}
}

func TestCommitReplaysJavaTimestampCasts(t *testing.T) {
	ctx := context.Background()
	fsys, root := copyTable(t, "append_with_cast_timestamp")
	m := NewManager(fsys, root)
	keepSchemas(t, m, 0)
	old, err := m.Schema(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var javaNext spec.TableSchema
	next, err := spec.ParseTableSchema(javaSchema(t, "append_with_cast_timestamp", 1))
	if err != nil {
		t.Fatal(err)
	}
	javaNext = *next
	var changes []Change
	for i, f := range javaNext.Fields {
		if !f.Type.Equal(old.Fields[i].Type) {
			changes = append(changes, UpdateColumnType{FieldNames: col(f.Name), Type: f.Type})
		}
	}
	s, err := m.Commit(ctx, changes...)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := fsys.ReadFile(ctx, m.Path(s.ID))
	sameButTime(t, got, javaSchema(t, "append_with_cast_timestamp", 1))
}

// newTable creates a small table for the ALTER tests: a PK table with a
// partition and a nested ROW column, or an append table.
func newTable(t *testing.T, pk bool) *Manager {
	t.Helper()
	row := types.DataType{Kind: types.Row, Nullable: true, Fields: []types.DataField{
		{Name: "x", Type: types.New(types.Int)}, {Name: "y", Type: types.NewString()},
	}}
	arr := types.DataType{Kind: types.Array, Nullable: true, Element: &types.DataType{Kind: types.Int, Nullable: true}}
	s := NewSchema{
		Fields: []types.DataField{
			{Name: "id", Type: types.New(types.BigInt)},
			{Name: "dt", Type: types.NewString()},
			{Name: "v", Type: types.New(types.Int)},
			{Name: "r", Type: row},
			{Name: "a", Type: arr},
		},
		PartitionKeys: []string{"dt"},
		Options:       map[string]string{"bucket": "-1"},
	}
	if pk {
		s.PrimaryKeys = []string{"id", "dt"}
		s.Options = map[string]string{"bucket": "2"}
	}
	m := NewManager(emptyWarehouse(t), "default.db/t")
	if _, err := m.Create(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return m
}

func names(fields []types.DataField) string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = fmt.Sprintf("%s:%d", f.Name, f.ID)
	}
	return strings.Join(out, " ")
}

func TestCommitEachKind(t *testing.T) {
	ctx := context.Background()
	comment := "hello"
	cases := []struct {
		name    string
		changes []Change
		check   func(s *spec.TableSchema) string
	}{
		{"set option", []Change{SetOption{Key: "snapshot.num-retained.max", Value: "20"}},
			func(s *spec.TableSchema) string { return s.Options["snapshot.num-retained.max"] }},
		{"remove option", []Change{RemoveOption{Key: "bucket"}},
			func(s *spec.TableSchema) string { return fmt.Sprint(len(s.Options)) }},
		{"table comment", []Change{UpdateComment{Comment: &comment}},
			func(s *spec.TableSchema) string { return *s.Comment }},
		{"add last", []Change{AddColumn{FieldNames: col("n"), Type: types.New(types.Int)}},
			func(s *spec.TableSchema) string { return names(s.Fields) + fmt.Sprintf(" h%d", s.HighestFieldID) }},
		{"add first", []Change{AddColumn{FieldNames: col("n"), Type: types.New(types.Int), Move: &Move{FieldName: "n", Type: MoveFirst}}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
		{"add after", []Change{AddColumn{FieldNames: col("n"), Type: types.New(types.Int), Move: &Move{FieldName: "n", Type: MoveAfter, Reference: "id"}}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
		{"add nested row", []Change{AddColumn{FieldNames: col("n"), Type: types.DataType{Kind: types.Row, Nullable: true,
			Fields: []types.DataField{{Name: "p", Type: types.New(types.Int)}}}}},
			func(s *spec.TableSchema) string {
				n := s.Fields[len(s.Fields)-1]
				return fmt.Sprintf("%d %d h%d", n.ID, n.Type.Fields[0].ID, s.HighestFieldID)
			}},
		{"add into row", []Change{AddColumn{FieldNames: col("r", "z"), Type: types.New(types.Int)}},
			func(s *spec.TableSchema) string { return names(s.Fields[3].Type.Fields) }},
		{"rename", []Change{RenameColumn{FieldNames: col("v"), NewName: "w"}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
		{"rename nested", []Change{RenameColumn{FieldNames: col("r", "x"), NewName: "xx"}},
			func(s *spec.TableSchema) string { return names(s.Fields[3].Type.Fields) }},
		{"drop", []Change{DropColumn{FieldNames: col("v")}},
			func(s *spec.TableSchema) string { return names(s.Fields) + fmt.Sprintf(" h%d", s.HighestFieldID) }},
		{"drop nested", []Change{DropColumn{FieldNames: col("r", "y")}},
			func(s *spec.TableSchema) string { return names(s.Fields[3].Type.Fields) }},
		{"widen type", []Change{UpdateColumnType{FieldNames: col("v"), Type: types.New(types.BigInt)}},
			func(s *spec.TableSchema) string { return s.Fields[2].Type.SQL() }},
		{"array element type", []Change{UpdateColumnType{FieldNames: col("a", "element"), Type: types.New(types.BigInt)}},
			func(s *spec.TableSchema) string { return s.Fields[4].Type.SQL() }},
		{"keep nullability", []Change{UpdateColumnType{FieldNames: col("v"), Type: types.New(types.BigInt).WithNullable(false), KeepNullability: true}},
			func(s *spec.TableSchema) string { return s.Fields[2].Type.SQL() }},
		{"nullability", []Change{UpdateColumnNullability{FieldNames: col("r"), Nullable: false}},
			func(s *spec.TableSchema) string { return s.Fields[3].Type.SQL() }},
		{"column comment", []Change{UpdateColumnComment{FieldNames: col("v"), Comment: &comment}},
			func(s *spec.TableSchema) string { return *s.Fields[2].Description }},
		{"move first", []Change{UpdateColumnPosition{Move: Move{FieldName: "v", Type: MoveFirst}}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
		{"move last", []Change{UpdateColumnPosition{Move: Move{FieldName: "id", Type: MoveLast}}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
		{"move after", []Change{UpdateColumnPosition{Move: Move{FieldName: "id", Type: MoveAfter, Reference: "v"}}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
		{"move before", []Change{UpdateColumnPosition{Move: Move{FieldName: "a", Type: MoveBefore, Reference: "dt"}}},
			func(s *spec.TableSchema) string { return names(s.Fields) }},
	}
	want := map[string]string{
		"set option":         "20",
		"remove option":      "1",
		"table comment":      "hello",
		"add last":           "id:0 dt:1 v:2 r:3 a:6 n:7 h7",
		"add first":          "n:7 id:0 dt:1 v:2 r:3 a:6",
		"add after":          "id:0 n:7 dt:1 v:2 r:3 a:6",
		"add nested row":     "7 8 h8",
		"add into row":       "x:4 y:5 z:7",
		"rename":             "id:0 dt:1 w:2 r:3 a:6",
		"rename nested":      "xx:4 y:5",
		"drop":               "id:0 dt:1 r:3 a:6 h6",
		"drop nested":        "x:4",
		"widen type":         "BIGINT",
		"array element type": "ARRAY<BIGINT>",
		"keep nullability":   "BIGINT",
		"nullability":        "ROW<`x` INT, `y` STRING> NOT NULL",
		"column comment":     "hello",
		"move first":         "v:2 id:0 dt:1 r:3 a:6",
		"move last":          "dt:1 v:2 r:3 a:6 id:0",
		"move after":         "dt:1 v:2 id:0 r:3 a:6",
		"move before":        "id:0 a:6 dt:1 v:2 r:3",
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTable(t, false)
			// Java reads this switch from the schema before the ALTER.
			if _, err := m.Commit(ctx, SetOption{Key: "alter-column-null-to-not-null.disabled", Value: "false"}); err != nil {
				t.Fatal(err)
			}
			s, err := m.Commit(ctx, c.changes...)
			if err != nil {
				t.Fatal(err)
			}
			if s.ID != 2 {
				t.Fatalf("schema id %d", s.ID)
			}
			if got := c.check(s); got != want[c.name] {
				t.Fatalf("got %q, want %q", got, want[c.name])
			}
			reread, err := NewManager(m.fs, "default.db/t").Latest(ctx)
			if err != nil || c.check(reread) != want[c.name] {
				t.Fatalf("re-read: %v %v", reread, err)
			}
		})
	}
}

func TestCommitRejections(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		pk      bool
		changes []Change
		want    string
	}{
		{"add not null", false, []Change{AddColumn{FieldNames: col("n"), Type: types.New(types.Int).WithNullable(false)}}, "NOT NULL"},
		{"add existing", false, []Change{AddColumn{FieldNames: col("v"), Type: types.New(types.Int)}}, "already exists"},
		{"add after missing", false, []Change{AddColumn{FieldNames: col("n"), Type: types.New(types.Int), Move: &Move{Type: MoveAfter, Reference: "zz"}}}, "zz"},
		{"rename partition", false, []Change{RenameColumn{FieldNames: col("dt"), NewName: "d"}}, "partition column"},
		{"rename to existing", false, []Change{RenameColumn{FieldNames: col("v"), NewName: "id"}}, "already exists"},
		{"rename missing", false, []Change{RenameColumn{FieldNames: col("zz"), NewName: "q"}}, "does not exist"},
		{"drop partition", false, []Change{DropColumn{FieldNames: col("dt")}}, "partition key or primary-key"},
		{"drop pk", true, []Change{DropColumn{FieldNames: col("id")}}, "partition key or primary-key"},
		{"drop last nested", false, []Change{DropColumn{FieldNames: col("r", "x")}, DropColumn{FieldNames: col("r", "y")}}, "last one"},
		{"type of pk", true, []Change{UpdateColumnType{FieldNames: col("id"), Type: types.NewString()}}, "primary-key column"},
		{"type of partition", false, []Change{UpdateColumnType{FieldNames: col("dt"), Type: types.New(types.Int)}}, "partition column"},
		{"lossy type", false, []Change{UpdateColumnType{FieldNames: col("r"), Type: types.New(types.Int)}}, "cannot change type"},
		{"explicit cast disabled", false, []Change{SetOption{Key: "disable-explicit-type-casting", Value: "true"}}, ""},
		{"null to not null", false, []Change{UpdateColumnNullability{FieldNames: col("v"), Nullable: false}}, "alter-column-null-to-not-null.disabled"},
		{"pk nullable", true, []Change{UpdateColumnNullability{FieldNames: col("id"), Nullable: true}}, "primary-key column"},
		{"move itself", false, []Change{UpdateColumnPosition{Move: Move{FieldName: "v", Type: MoveAfter, Reference: "v"}}}, "itself"},
		{"move first already", false, []Change{UpdateColumnPosition{Move: Move{FieldName: "id", Type: MoveFirst}}}, "already the first"},
		{"bad option value", false, []Change{SetOption{Key: "changelog-producer", Value: "sometimes"}}, "none, input, full-compaction, lookup"},
		{"path", false, []Change{SetOption{Key: "path", Value: "/x"}}, "'path'"},
		{"bucket key on -1", false, []Change{SetOption{Key: "bucket-key", Value: "v"}}, "bucket = -1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newTable(t, c.pk)
			_, err := m.Commit(ctx, c.changes...)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want it to mention %q", err, c.want)
			}
			if ids, _ := m.IDs(ctx); len(ids) != 1 {
				t.Fatalf("a rejected ALTER wrote schemas %v", ids)
			}
		})
	}
	single := NewManager(emptyWarehouse(t), "default.db/t")
	if _, err := single.Create(ctx, NewSchema{Fields: []types.DataField{{Name: "a", Type: types.New(types.Int)}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := single.Commit(ctx, DropColumn{FieldNames: col("a")}); err == nil || !strings.Contains(err.Error(), "last one") {
		t.Fatalf("drop all: %v", err)
	}
	if _, err := NewManager(emptyWarehouse(t), "default.db/none").Commit(ctx, SetOption{Key: "a", Value: "b"}); !errors.Is(err, ErrTableNotFound) {
		t.Fatalf("missing table: %v", err)
	}
}

// Option changes Java refuses once a table has snapshots.
func TestCommitOptionChangesOnTableWithData(t *testing.T) {
	ctx := context.Background()
	fsys, root := copyTable(t, "pk_09")
	m := NewManager(fsys, root)
	for _, c := range []struct {
		change Change
		want   string
	}{
		{SetOption{Key: "merge-engine", Value: "first-row"}, "cannot be changed"},
		{SetOption{Key: "bucket-key", Value: "f0"}, "cannot be changed"},
		{SetOption{Key: "bucket", Value: "-1"}, "to -1"},
		{RemoveOption{Key: "bucket"}, "cannot reset 'bucket'"},
		{SetOption{Key: "deletion-vectors.enabled", Value: "false"}, "deletion-vectors.modifiable"},
		{RemoveOption{Key: "merge-engine"}, "cannot be changed"},
	} {
		if _, err := m.Commit(ctx, c.change); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.change, err, c.want)
		}
	}
	s, err := m.Commit(ctx, SetOption{Key: "bucket", Value: "4"})
	if err != nil || s.Options["bucket"] != "4" {
		t.Fatalf("rescale: %v", err)
	}
	// An empty table may still change them.
	fresh := newTable(t, true)
	if _, err := fresh.Commit(ctx, SetOption{Key: "merge-engine", Value: "first-row"}); err != nil {
		t.Fatal(err)
	}
}

// Renames carry over to the options that name the column.
func TestCommitRenameUpdatesOptions(t *testing.T) {
	ctx := context.Background()
	m := NewManager(emptyWarehouse(t), "default.db/t")
	_, err := m.Create(ctx, NewSchema{
		Fields: []types.DataField{
			{Name: "k", Type: types.New(types.Int)}, {Name: "s", Type: types.New(types.BigInt)},
			{Name: "g", Type: types.New(types.Int)}, {Name: "v", Type: types.New(types.Int)},
		},
		PrimaryKeys: []string{"k"},
		Options: map[string]string{"bucket": "2", "bucket-key": "k", "sequence.field": "s",
			"merge-engine": "partial-update", "fields.g.sequence-group": "v", "fields.v.ignore-retract": "true"},
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := m.Commit(ctx,
		RenameColumn{FieldNames: col("k"), NewName: "k2"},
		RenameColumn{FieldNames: col("g"), NewName: "g2"},
		RenameColumn{FieldNames: col("v"), NewName: "v2"})
	if err != nil {
		t.Fatal(err)
	}
	if s.PrimaryKeys[0] != "k2" || s.Options["bucket-key"] != "k2" || s.Options["fields.g2.sequence-group"] != "v2" ||
		s.Options["fields.v2.ignore-retract"] != "true" || len(s.Options) != 6 {
		t.Fatalf("options %v pk %v", s.Options, s.PrimaryKeys)
	}
}

// A concurrent writer that took schema-N makes Commit re-apply on top of it.
func TestCommitRetriesOnConcurrentWriter(t *testing.T) {
	ctx := context.Background()
	m := newTable(t, false)
	other := NewManager(m.fs, "default.db/t")
	if _, err := other.Commit(ctx, AddColumn{FieldNames: col("first"), Type: types.New(types.Int)}); err != nil {
		t.Fatal(err)
	}
	// m's cache knows only schema-0; Commit must not overwrite schema-1.
	s, err := m.Commit(ctx, AddColumn{FieldNames: col("second"), Type: types.New(types.Int)})
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != 2 || names(s.Fields[5:]) != "first:7 second:8" {
		t.Fatalf("schema %d %s", s.ID, names(s.Fields))
	}
}
