package fluss

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

func addCol(name, typ string, mv *schema.Move) schema.AddColumn {
	dt, err := types.ParseAtomic(typ)
	if err != nil {
		panic(err)
	}
	return schema.AddColumn{FieldNames: []string{name}, Type: dt, Move: mv}
}

// commitAll creates s in an in-memory warehouse and commits changes to it
// with core/schema, to see where Paimon puts the columns and which ids they get.
func commitAll(t *testing.T, s schema.NewSchema, changes []schema.Change) *spec.TableSchema {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, "mem://")
	if err != nil {
		t.Fatal(err)
	}
	m := schema.NewManager(fsys, "db.db/t")
	if _, err := m.Create(ctx, s); err != nil {
		t.Fatal(err)
	}
	out, err := m.Commit(ctx, changes...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func asNew(s *spec.TableSchema) schema.NewSchema {
	return schema.NewSchema{Fields: s.Fields, PartitionKeys: s.PartitionKeys, PrimaryKeys: s.PrimaryKeys, Options: s.Options}
}

// §3.6/§5.13: ADD COLUMN on LEGACY goes right before __bucket with id
// highestFieldId + 1; the table stays LEGACY.
func TestAlterAddColumnLegacy(t *testing.T) {
	s := legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE")
	changes, err := mustOf(t, s).AlterChanges([]schema.Change{addCol("note", "STRING", nil), addCol("qty", "INT", nil)})
	if err != nil {
		t.Fatal(err)
	}
	want := &schema.Move{FieldName: "note", Type: schema.MoveBefore, Reference: BucketColumn}
	if add := changes[0].(schema.AddColumn); *add.Move != *want {
		t.Fatalf("move %+v, want %+v", *add.Move, *want)
	}
	got := commitAll(t, asNew(s), changes)
	if n := names(got.Fields); !slices.Equal(n, []string{"order_id", "item", "amount", "note", "qty", "__bucket", "__offset", "__timestamp"}) {
		t.Fatalf("columns %v", n)
	}
	if got.Fields[3].ID != 6 || got.Fields[4].ID != 7 || got.HighestFieldID != 7 || got.Fields[5].ID != 3 {
		t.Errorf("ids %v, highest %d: want note 6, qty 7, __bucket still 3", got.Fields, got.HighestFieldID)
	}
	after := mustOf(t, got)
	if after.Layout() != Legacy || !slices.Equal(names(after.UserFields()), []string{"order_id", "item", "amount", "note", "qty"}) {
		t.Errorf("after ADD: %v %v", after.Layout(), names(after.UserFields()))
	}
}

// §3.6/§5.14: ADD COLUMN on CLEAN appends, with id highestFieldId + 1 after
// nested ids, also when Paimon would otherwise add before the partition keys.
func TestAlterAddColumnClean(t *testing.T) {
	addr := row(3, "addr", types.DataField{ID: 4, Name: "city", Type: types.NewString()}, types.DataField{ID: 5, Name: "zip", Type: types.New(types.Int)})
	fields := append(cols(t, "uid BIGINT NOT NULL", "dt STRING NOT NULL", "name STRING"), addr)
	s := lakeSchema(fields)
	s.PartitionKeys, s.PrimaryKeys = []string{"dt"}, []string{"uid", "dt"}
	s.Options["bucket-key"] = "uid"
	s.Options["add-column-before-partition"] = "true"
	changes, err := mustOf(t, s).AlterChanges([]schema.Change{addCol("email", "STRING", nil)})
	if err != nil {
		t.Fatal(err)
	}
	if mv := changes[0].(schema.AddColumn).Move; mv == nil || mv.Type != schema.MoveLast {
		t.Fatalf("move %+v, want MoveLast", mv)
	}
	got := commitAll(t, asNew(s), changes)
	last := got.Fields[len(got.Fields)-1]
	if last.Name != "email" || last.ID != 6 || got.HighestFieldID != 6 {
		t.Errorf("last column %s id %d, highest %d: want email, 6, 6", last.Name, last.ID, got.HighestFieldID)
	}
}

func TestAlterAddColumnPosition(t *testing.T) {
	for _, l := range []struct {
		name string
		s    *spec.TableSchema
	}{
		{"LEGACY", legacyOrders(t, "TIMESTAMP(6) WITH LOCAL TIME ZONE")},
		{"CLEAN", lakeSchema(cols(t, "order_id BIGINT", "item STRING", "amount DECIMAL(10, 2)"))},
	} {
		tab := mustOf(t, l.s)
		t.Run(l.name+": explicit LAST and AFTER the last user column are the end", func(t *testing.T) {
			_, err := tab.AlterChanges([]schema.Change{
				addCol("a", "INT", &schema.Move{FieldName: "a", Type: schema.MoveLast}),
				addCol("b", "INT", &schema.Move{FieldName: "b", Type: schema.MoveAfter, Reference: "A"}),
			})
			if err != nil {
				t.Fatal(err)
			}
		})
		t.Run(l.name+": §5.17 FIRST, AFTER another column or BEFORE are refused", func(t *testing.T) {
			for _, mv := range []schema.Move{
				{FieldName: "c", Type: schema.MoveFirst},
				{FieldName: "c", Type: schema.MoveAfter, Reference: "item"},
				{FieldName: "c", Type: schema.MoveBefore, Reference: "amount"},
			} {
				_, err := tab.AlterChanges([]schema.Change{addCol("c", "INT", &mv)})
				if !errors.Is(err, ErrUnsupportedAlter) || !strings.Contains(err.Error(), "new columns go after the last column") {
					t.Errorf("move %+v: %v", mv, err)
				}
			}
		})
	}
}

func TestAlterRefusals(t *testing.T) {
	legacy := mustOf(t, legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE"))
	clean := mustOf(t, lakeSchema(cols(t, "order_id BIGINT", "item STRING", "addr STRING")))
	comment := "c"
	for _, tc := range []struct {
		name   string
		tabs   []*Table
		change schema.Change
		says   string
	}{
		{"§5.17 ADD COLUMN NOT NULL", []*Table{legacy, clean}, addCol("n", "INT NOT NULL", nil), "as NOT NULL"},
		{"§5.11 ADD a system column name", []*Table{legacy, clean}, addCol("__offset", "BIGINT", nil), "`__offset` is reserved by Fluss"},
		{"ADD a system column name in another case", []*Table{legacy, clean}, addCol("__BUCKET", "INT", nil), "`__bucket` is reserved by Fluss"},
		{"§5.11 ADD a Fluss changelog column name", []*Table{legacy, clean}, addCol("_change_type", "STRING", nil), "`_change_type` is reserved"},
		{"ADD a nested field", []*Table{legacy, clean}, schema.AddColumn{FieldNames: []string{"addr", "zip"}, Type: types.New(types.Int)}, "only get new top-level columns"},
		{"DROP a system column", []*Table{legacy}, schema.DropColumn{FieldNames: []string{"__offset"}}, "cannot drop column `__offset`: it is a system column"},
		{"RENAME a system column", []*Table{legacy}, schema.RenameColumn{FieldNames: []string{"__bucket"}, NewName: "b"}, "cannot rename column `__bucket`: it is a system column"},
		{"retype a system column", []*Table{legacy}, schema.UpdateColumnType{FieldNames: []string{"__timestamp"}, Type: types.NewTimestamp(6)}, "change the type of column `__timestamp`: it is a system column"},
		{"make a system column NOT NULL", []*Table{legacy}, schema.UpdateColumnNullability{FieldNames: []string{"__bucket"}}, "it is a system column"},
		{"move a system column", []*Table{legacy}, schema.UpdateColumnPosition{Move: schema.Move{FieldName: "__offset", Type: schema.MoveFirst}}, "cannot move column `__offset`: it is a system column"},
		{"comment a system column", []*Table{legacy}, schema.UpdateColumnComment{FieldNames: []string{"__offset"}, Comment: &comment}, "it is a system column"},
		{"DROP a user column", []*Table{legacy, clean}, schema.DropColumn{FieldNames: []string{"item"}}, "cannot drop column `item`: Fluss writes lake tables by column position"},
		{"RENAME a user column", []*Table{legacy, clean}, schema.RenameColumn{FieldNames: []string{"item"}, NewName: "x"}, "cannot rename column `item`"},
		{"retype a user column", []*Table{legacy, clean}, schema.UpdateColumnType{FieldNames: []string{"order_id"}, Type: types.NewString()}, "change the type of column `order_id`"},
		{"move a user column", []*Table{legacy, clean}, schema.UpdateColumnPosition{Move: schema.Move{FieldName: "item", Type: schema.MoveFirst}}, "cannot move column `item`"},
		{"comment a nested field", []*Table{legacy, clean}, schema.UpdateColumnComment{FieldNames: []string{"addr", "zip"}, Comment: &comment}, "nested field `addr.zip`"},
		{"set an option Fluss owns", []*Table{legacy, clean}, schema.SetOption{Key: "bucket", Value: "8"}, "cannot set option 'bucket': Fluss sets it"},
		{"reset an option Fluss owns", []*Table{legacy, clean}, schema.RemoveOption{Key: "partition.legacy-name"}, "cannot reset option 'partition.legacy-name'"},
		{"set bucket-key", []*Table{legacy, clean}, schema.SetOption{Key: "bucket-key", Value: "item"}, "Fluss sets it"},
		{"set an immutable Paimon option", []*Table{legacy, clean}, schema.SetOption{Key: "merge-engine", Value: "first-row"}, "immutable on Fluss lake tables"},
		{"reset a Fluss property mirror", []*Table{legacy, clean}, schema.RemoveOption{Key: "fluss.table.datalake.format"}, "change the property in Fluss"},
	} {
		for _, tab := range tc.tabs {
			t.Run(tab.Layout().String()+": "+tc.name, func(t *testing.T) {
				_, err := tab.AlterChanges([]schema.Change{addCol("ok", "INT", nil), tc.change})
				if !errors.Is(err, ErrUnsupportedAlter) || !strings.Contains(err.Error(), tc.says) {
					t.Fatalf("got %v, want ErrUnsupportedAlter saying %q", err, tc.says)
				}
			})
		}
	}
}

func TestAlterAllowed(t *testing.T) {
	comment := "c"
	allowed := []schema.Change{
		schema.UpdateComment{Comment: &comment},
		schema.UpdateColumnComment{FieldNames: []string{"item"}, Comment: &comment},
		schema.SetOption{Key: "snapshot.num-retained.max", Value: "10"},
		schema.RemoveOption{Key: "file.format"},
	}
	for _, tab := range []*Table{
		mustOf(t, legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE")),
		mustOf(t, lakeSchema(cols(t, "order_id BIGINT", "item STRING"))),
	} {
		got, err := tab.AlterChanges(allowed)
		if err != nil || len(got) != len(allowed) {
			t.Errorf("%v: comments and ordinary options: %v, %v", tab.Layout(), got, err)
		}
	}

	plain := lakeSchema(cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"))
	plain.Options = map[string]string{}
	changes := []schema.Change{schema.DropColumn{FieldNames: []string{"__offset"}}, addCol("x", "INT NOT NULL", &schema.Move{FieldName: "x", Type: schema.MoveFirst})}
	got, err := mustOf(t, plain).AlterChanges(changes)
	if err != nil || !reflect.DeepEqual(got, changes) {
		t.Errorf("a plain Paimon table's changes pass unchanged: %v, %v", got, err)
	}
}
