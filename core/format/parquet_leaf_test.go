package format

import (
	"fmt"
	"testing"

	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
)

// gathered.of gives the entries a page's indices name, for every kind a
// dictionary holds, and refuses an index out of range.
func TestGatherDictionaryEntries(t *testing.T) {
	idx := []int32{2, 0, 2, 1, 1}
	for _, c := range []struct {
		dict encoding.Values
		want string
	}{
		{encoding.Int32Values([]int32{10, 11, 12}), "[12 10 12 11 11]"},
		{encoding.Int64Values([]int64{-1, 1 << 40, 7}), "[7 -1 7 1099511627776 1099511627776]"},
		{encoding.FloatValues([]float32{0.5, 1.5, 2.5}), "[2.5 0.5 2.5 1.5 1.5]"},
		{encoding.DoubleValues([]float64{0.25, -1, 3}), "[3 0.25 3 -1 -1]"},
		{encoding.Int96Values([]deprecated.Int96{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}), fmt.Sprint([]deprecated.Int96{{7, 8, 9}, {1, 2, 3}, {7, 8, 9}, {4, 5, 6}, {4, 5, 6}})},
		{encoding.ByteArrayValues([]byte("aabbbc"), []uint32{0, 2, 5, 6}), "[c aa c bbb bbb]"},
		{encoding.ByteArrayValues([]byte("xy"), []uint32{0, 0, 2, 2}), fmt.Sprint([]string{"", "", "", "xy", "xy"})},
		{encoding.FixedLenByteArrayValues([]byte("abcdef"), 2), "[ef ab ef cd cd]"},
	} {
		var g gathered
		for range 2 { // the scratch is reused
			v, err := g.of(c.dict, idx)
			if err != nil {
				t.Fatal(err)
			}
			if got := render(v); got != c.want {
				t.Errorf("%v: %s, want %s", c.dict.Kind(), got, c.want)
			}
		}
		if _, err := g.of(c.dict, []int32{0, 3}); err == nil {
			t.Errorf("%v: index 3 of 3 entries: no error", c.dict.Kind())
		}
	}
}

func render(v encoding.Values) string {
	switch v.Kind() {
	case encoding.Int32:
		return fmt.Sprint(v.Int32())
	case encoding.Int64:
		return fmt.Sprint(v.Int64())
	case encoding.Float:
		return fmt.Sprint(v.Float())
	case encoding.Double:
		return fmt.Sprint(v.Double())
	case encoding.Int96:
		return fmt.Sprint(v.Int96())
	}
	var out []string
	forEachBytes(v, func(b []byte) { out = append(out, string(b)) })
	return fmt.Sprint(out)
}
