package fluss

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func names(fields []types.DataField) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Name
	}
	return out
}

func TestOfPlainTableIsNeverSubjectToTheRules(t *testing.T) {
	s := lakeSchema(cols(t, "a INT", "__offset BIGINT", "__bucket INT"))
	s.Options = map[string]string{"bucket": "-1"}
	tab := mustOf(t, s)
	if tab.Fluss() || tab.Layout() != Clean || !slices.Equal(names(tab.UserFields()), []string{"a", "__offset", "__bucket"}) {
		t.Fatalf("plain table: fluss %v layout %v user %v", tab.Fluss(), tab.Layout(), names(tab.UserFields()))
	}
	if _, err := tab.AlterChanges(nil); err != nil {
		t.Fatal(err)
	}
}

func TestOfRejectsInvalidFlussLayout(t *testing.T) {
	_, err := Of(lakeSchema(cols(t, "a INT", "__offset BIGINT", "__timestamp TIMESTAMP(6) WITH LOCAL TIME ZONE")))
	var le *LayoutError
	if !errors.As(err, &le) || le.Rule != RuleComplete {
		t.Fatalf("got %v, want a RuleComplete *LayoutError", err)
	}
}

func TestOfKeysNeverIncludeSystemColumns(t *testing.T) {
	s := legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE")
	s.PrimaryKeys = []string{"order_id", "__bucket"}
	s.PartitionKeys = []string{"__bucket"}
	_, err := Of(s)
	var le *LayoutError
	if !errors.As(err, &le) || le.Rule != RuleKeys || !slices.Equal(le.Columns, []string{"__bucket"}) {
		t.Fatalf("got %v, want a RuleKeys *LayoutError naming __bucket once", err)
	}
}

func TestUserFields(t *testing.T) {
	legacy := mustOf(t, legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE"))
	if !legacy.Fluss() || legacy.Layout() != Legacy {
		t.Fatalf("layout %v", legacy.Layout())
	}
	if got := names(legacy.UserFields()); !slices.Equal(got, []string{"order_id", "item", "amount"}) {
		t.Errorf("§5.24 LEGACY hides the system columns: got %v", got)
	}
	clean := mustOf(t, lakeSchema(cols(t, "order_id BIGINT", "item STRING")))
	if clean.Layout() != Clean || !slices.Equal(names(clean.UserFields()), []string{"order_id", "item"}) {
		t.Errorf("CLEAN shows every column: got %v", names(clean.UserFields()))
	}

	partitionOnly := legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE")
	partitionOnly.Fields = partitionOnly.Fields[2:] // amount + system columns
	partitionOnly.PartitionKeys = []string{"amount"}
	if got := names(mustOf(t, partitionOnly).UserFields()); !slices.Equal(got, []string{"amount"}) {
		t.Errorf("§5.1 LEGACY whose only user column is the partition key: got %v", got)
	}
}

// §5.25: a ROW user column keeps all its nested fields, even ones named like
// system columns, even when it is the last user column of a LEGACY table.
func TestNestedRowsAreNeverTrimmed(t *testing.T) {
	addr := row(1, "addr",
		types.DataField{ID: 2, Name: "city", Type: types.NewString()},
		types.DataField{ID: 3, Name: "__offset", Type: types.New(types.BigInt)},
		types.DataField{ID: 4, Name: "zip", Type: types.New(types.Int)},
		types.DataField{ID: 5, Name: "__timestamp", Type: types.New(types.BigInt)})
	fields := []types.DataField{{ID: 0, Name: "id", Type: types.New(types.BigInt)}, addr}
	fields = append(fields, cols(t, "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE")...)
	tab := mustOf(t, lakeSchema(fields))
	user := tab.UserFields()
	if len(user) != 2 || len(user[1].Type.Fields) != 4 {
		t.Fatalf("user fields %v", user)
	}
	proj, err := tab.PhysicalProjection([]int{1})
	if err != nil || !slices.Equal(proj, []int{1}) {
		t.Fatalf("projection of the ROW column: %v, %v", proj, err)
	}
}

func TestPhysicalProjection(t *testing.T) {
	legacy := mustOf(t, legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE"))
	clean := mustOf(t, lakeSchema(cols(t, "order_id BIGINT", "item STRING", "amount DECIMAL(10, 2)")))
	for _, tc := range []struct {
		name string
		tab  *Table
		user []int
		want []int
	}{
		{"§5.24 no projection reads the user columns only (LEGACY)", legacy, nil, []int{0, 1, 2}},
		{"no projection reads every column (CLEAN)", clean, nil, []int{0, 1, 2}},
		{"§5.23 a subset, reordered (LEGACY)", legacy, []int{2, 0}, []int{2, 0}},
		{"§5.23 a subset, reordered (CLEAN)", clean, []int{2, 0}, []int{2, 0}},
		{"repeated columns", legacy, []int{1, 1}, []int{1, 1}},
		{"empty projection (COUNT(*))", legacy, []int{}, []int{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.tab.PhysicalProjection(tc.user)
			if err != nil || !slices.Equal(got, tc.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	for _, bad := range []int{3, 5, -1} {
		if _, err := legacy.PhysicalProjection([]int{0, bad}); err == nil {
			t.Errorf("§5.23 index %d (a system column or out of range) is projected", bad)
		}
	}
}

func TestPhysicalRow(t *testing.T) {
	commit := time.Date(2026, 9, 1, 10, 0, 0, 123456789, time.FixedZone("CEST", 2*3600))
	user := []any{int64(1), "pen", nil}
	for _, tc := range []struct {
		name   string
		ts     string
		bucket int32
		wantTS time.Time
	}{
		{"LEGACY LTZ(3): bucket, -1, commit time in milliseconds", "TIMESTAMP(3) WITH LOCAL TIME ZONE", 3,
			time.Date(2026, 9, 1, 8, 0, 0, 123000000, time.UTC)},
		{"§5.19 LEGACY LTZ(6): commit time in microseconds", "TIMESTAMP(6) WITH LOCAL TIME ZONE", 3,
			time.Date(2026, 9, 1, 8, 0, 0, 123456000, time.UTC)},
		{"§5.18 bucket-unaware LEGACY: the caller's bucket 0", "TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL", 0,
			time.Date(2026, 9, 1, 8, 0, 0, 123000000, time.UTC)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mustOf(t, legacyOrders(t, tc.ts)).PhysicalRow(user, tc.bucket, commit)
			if err != nil {
				t.Fatal(err)
			}
			want := []any{int64(1), "pen", nil, tc.bucket, int64(-1), tc.wantTS}
			if len(got) != len(want) {
				t.Fatalf("got %v, want %v", got, want)
			}
			for i := range want {
				if w, ok := want[i].(time.Time); ok {
					if g, ok := got[i].(time.Time); !ok || !g.Equal(w) || g.Location() != time.UTC {
						t.Errorf("value %d = %v, want %v in UTC", i, got[i], w)
					}
				} else if got[i] != want[i] {
					t.Errorf("value %d = %#v, want %#v", i, got[i], want[i])
				}
			}
		})
	}

	clean := mustOf(t, lakeSchema(cols(t, "order_id BIGINT", "item STRING", "amount DECIMAL(10, 2)")))
	if got, err := clean.PhysicalRow(user, 3, commit); err != nil || len(got) != 3 {
		t.Errorf("CLEAN rows are stored as they are: %v, %v", got, err)
	}
	legacy := mustOf(t, legacyOrders(t, "TIMESTAMP(3) WITH LOCAL TIME ZONE"))
	if _, err := legacy.PhysicalRow(append(user, int32(0)), 0, commit); err == nil {
		t.Error("a row wider than the user columns is accepted")
	}
}
