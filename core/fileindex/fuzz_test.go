package fileindex

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// FuzzIndex decodes and evaluates damaged index files: an error or an
// answer, never a panic, and never an index that was not there.
func FuzzIndex(f *testing.F) {
	specs := []options.FileIndex{{Type: BloomFilter, Column: "s", Settings: map[string]string{"items": "100"}}, {Type: Bitmap, Column: "s"}, {Type: BSI, Column: "n"},
		{Type: Bitmap, Column: "n", Settings: map[string]string{"version": "1"}}}
	ts := map[string]types.DataType{"s": types.NewString(), "n": types.New(types.BigInt)}
	w, err := NewWriter(specs, func(name string) (int, types.DataType, bool) {
		return map[string]int{"s": 0, "n": 1}[name], ts[name], true
	})
	if err != nil {
		f.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		w.Add([]any{string(rune('a' + i%7)), int64(i*37 - 500)})
	}
	w.Add([]any{nil, nil})
	f.Add(w.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Decode(data)
		if err != nil {
			return
		}
		for _, p := range []predicate.Predicate{
			predicate.Leaf{Field: "s", Op: predicate.Eq, Literals: []any{"c"}},
			predicate.Leaf{Field: "s", Op: predicate.IsNull},
			predicate.And{predicate.Leaf{Field: "n", Op: predicate.Gt, Literals: []any{int64(3)}},
				predicate.Leaf{Field: "n", Op: predicate.In, Literals: []any{int64(-3), int64(4)}}},
		} {
			_, _ = file.MayMatch(p, column(ts))
		}
	})
}
