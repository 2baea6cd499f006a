package mergefunc

import (
	"reflect"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// schema builds nullable columns "name:KIND"-style from pairs.
func schema(cols ...any) []types.DataField {
	var fields []types.DataField
	for i := 0; i < len(cols); i += 2 {
		t, ok := cols[i+1].(types.DataType)
		if !ok {
			t = types.New(cols[i+1].(types.Kind))
		}
		fields = append(fields, types.DataField{ID: i / 2, Name: cols[i].(string), Type: t})
	}
	return fields
}

func rec(seq int64, kind RowKind, value ...any) KeyValue {
	return KeyValue{Key: value[:1], Sequence: seq, Kind: kind, Value: value}
}

// merge feeds records to a fresh MergeFunction in merge order, as a
// merge-on-read reader does after its k-way merge.
func merge(t *testing.T, f *Factory, recs ...KeyValue) (KeyValue, bool, error) {
	t.Helper()
	sorted := slices.Clone(recs)
	slices.SortStableFunc(sorted, f.CompareSequence)
	m := f.NewFunction()
	for _, r := range sorted {
		if err := m.Add(r); err != nil {
			return KeyValue{}, false, err
		}
	}
	kv, ok := m.Result()
	return kv, ok, nil
}

func mustNew(t *testing.T, fields []types.DataField, pks []string, opts map[string]string) *Factory {
	t.Helper()
	f, err := New(fields, pks, opts)
	if err != nil {
		t.Fatalf("New(%v): %v", opts, err)
	}
	return f
}

type mergeCase struct {
	name     string // the Java behaviour the case mirrors
	opts     map[string]string
	recs     []KeyValue
	want     []any   // merged row; nil with wantKind Delete means any row
	wantKind RowKind // of the result
	none     bool    // no result at all
	wantErr  bool
}

func runMergeCases(t *testing.T, fields []types.DataField, pks []string, cases []mergeCase) {
	t.Helper()
	for _, c := range cases {
		f, err := New(fields, pks, c.opts)
		if err != nil {
			t.Errorf("%s: New: %v", c.name, err)
			continue
		}
		kv, ok, err := merge(t, f, c.recs...)
		switch {
		case c.wantErr:
			if err == nil {
				t.Errorf("%s: got %v, want an error", c.name, kv)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.none:
			if ok {
				t.Errorf("%s: got %v, want no result", c.name, kv)
			}
		case !ok:
			t.Errorf("%s: no result", c.name)
		case kv.Kind != c.wantKind:
			t.Errorf("%s: kind %v, want %v (row %v)", c.name, kv.Kind, c.wantKind, kv.Value)
		case c.want != nil && !sameRow(kv.Value, c.want):
			t.Errorf("%s: got %v, want %v", c.name, kv.Value, c.want)
		}
	}
}

func sameRow(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, xd := a[i].(decimal.Decimal)
		y, yd := b[i].(decimal.Decimal)
		if xd && yd {
			if !x.Equal(y) {
				return false
			}
			continue
		}
		if !reflect.DeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}
