package fileindex

import (
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// negZero is -0.0, which a literal cannot write in Go.
var negZero = math.Copysign(0, -1)

func TestFormatRoundTrip(t *testing.T) {
	in := []Entry{
		{Column: "a", Type: BloomFilter, Data: []byte{1, 2, 3}},
		{Column: "ünï\x00", Type: Bitmap, Data: []byte{4}},
		{Column: "a", Type: BSI, Data: []byte{5, 6}},
		{Column: "m[k]", Type: Bitmap},
	}
	f, err := Decode(Encode(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range in {
		got, ok := f.indexes[e.Column][e.Type]
		if !ok || !bytes.Equal(got, e.Data) || (got == nil) != (e.Data == nil) {
			t.Errorf("%s %s: got %v, want %v", e.Column, e.Type, got, e.Data)
		}
	}
	if _, err := Decode([]byte("not an index at all")); err == nil {
		t.Error("garbage decoded")
	}
	enc := Encode(in)
	for n := 0; n < len(enc)-1; n++ {
		if _, err := Decode(enc[:n]); err == nil && n < 40 {
			t.Errorf("index cut at %d bytes decoded", n)
		}
	}
}

// column is the Column of a file whose fields are named as in the test.
func column(ts map[string]types.DataType) Column {
	return func(field string) (string, types.DataType, bool) {
		t, ok := ts[field]
		return field, t, ok
	}
}

// build indexes rows (one value per row) of column c with the given index.
func build(t *testing.T, typ string, ct types.DataType, settings map[string]string, values []any) *File {
	t.Helper()
	w, err := NewWriter([]options.FileIndex{{Type: typ, Column: "c", Settings: settings}},
		func(string) (int, types.DataType, bool) { return 0, ct, true })
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range values {
		w.Add([]any{v})
	}
	f, err := Decode(w.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func mayMatch(t *testing.T, f *File, ct types.DataType, op predicate.Op, lits ...any) bool {
	t.Helper()
	ok, err := f.MayMatch(predicate.Leaf{Field: "c", Op: op, Literals: lits}, column(map[string]types.DataType{"c": ct}))
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

// exact tells whether any of values satisfies op lits, by the predicate's
// own row test.
func exact(values []any, op predicate.Op, lits ...any) bool {
	l := predicate.Leaf{Field: "c", Op: op, Literals: lits}
	for _, v := range values {
		if l.Test(func(string) (any, bool) { return v, true }) {
			return true
		}
	}
	return false
}

func TestBloomFilter(t *testing.T) {
	cases := []struct {
		ct     types.DataType
		values []any
		absent []any
	}{
		{types.NewString(), []any{"a", "bb", "ccc", nil, "ü"}, []any{"x", "b", "", "cc"}},
		{types.New(types.Int), []any{int32(1), int32(-5), int32(1 << 30)}, []any{int32(2), int32(5), int32(0)}},
		{types.New(types.BigInt), []any{int64(7), int64(-1)}, []any{int64(8), int64(1)}},
		{types.New(types.VarBinary), []any{[]byte{1}, []byte{}}, []any{[]byte{2}}},
		{types.New(types.Double), []any{1.5, negZero}, []any{2.5}},
		{types.NewTimestamp(6), []any{time.Date(2024, 1, 2, 3, 4, 5, 6000, time.UTC)}, []any{time.Date(2024, 1, 2, 3, 4, 5, 7000, time.UTC)}},
	}
	for _, c := range cases {
		f := build(t, BloomFilter, c.ct, map[string]string{"items": "100", "fpp": "0.01"}, c.values)
		for _, v := range c.values {
			if v != nil && !mayMatch(t, f, c.ct, predicate.Eq, v) {
				t.Errorf("%s: %v present but skipped", c.ct.SQL(), v)
			}
		}
		skipped := 0
		for _, v := range c.absent {
			if !mayMatch(t, f, c.ct, predicate.Eq, v) {
				skipped++
			}
		}
		// fpp 0.01 over 100 items: absent values are all but never hits.
		if skipped < len(c.absent)-1 {
			t.Errorf("%s: only %d of %d absent values skipped", c.ct.SQL(), skipped, len(c.absent))
		}
		if !mayMatch(t, f, c.ct, predicate.In, append([]any{c.absent[0]}, c.values[0])...) {
			t.Errorf("%s: IN with a present value skipped", c.ct.SQL())
		}
	}
	// -0.0 = 0.0 in SQL, though Java hashes them apart.
	f := build(t, BloomFilter, types.New(types.Double), nil, []any{negZero})
	if !mayMatch(t, f, types.New(types.Double), predicate.Eq, 0.0) {
		t.Error("0.0 skipped a file of -0.0")
	}
}

func TestBloomSizing(t *testing.T) {
	// Java's BloomFilter64(items, fpp): bits rounded up past a multiple of
	// 8, probes round(bits / items * ln 2).
	b, err := newBloom(1000, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.bits)*8 != 4800 || b.numHashes != 3 {
		t.Errorf("bits %d, hashes %d", len(b.bits)*8, b.numHashes)
	}
	if wangHash(1) == wangHash(2) {
		t.Error("hash of 1 and 2 equal")
	}
}

func TestBitmapIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, version := range []string{"1", "2"} {
		for _, blockSize := range []string{"16kb", "64b"} {
			var values []any
			for i := 0; i < 2000; i++ {
				switch {
				case i%97 == 0:
					values = append(values, nil)
				case i%50 == 0:
					values = append(values, fmt.Sprintf("single-%d", i)) // a bitmap of one row
				default:
					values = append(values, fmt.Sprintf("v%d", rng.Intn(40)))
				}
			}
			ct := types.NewString()
			f := build(t, Bitmap, ct, map[string]string{"version": version, "index-block-size": blockSize}, values)
			probe := []any{"v0", "v39", "v40", "single-50", "single-51", "", "zzz"}
			for _, op := range []predicate.Op{predicate.Eq, predicate.NotEq} {
				for _, p := range probe {
					got, want := mayMatch(t, f, ct, op, p), exact(values, op, p)
					if got != want && !(got && !want && op == predicate.NotEq) {
						t.Errorf("v%s block %s: %v %v: index says %v, rows say %v", version, blockSize, op, p, got, want)
					}
				}
			}
			if !mayMatch(t, f, ct, predicate.IsNull) || !mayMatch(t, f, ct, predicate.IsNotNull) {
				t.Error("null tests skipped")
			}
			if mayMatch(t, f, ct, predicate.In, "v40", "zzz") || !mayMatch(t, f, ct, predicate.In, "v40", "v3") {
				t.Error("IN wrong")
			}
		}
	}
	// Every row one value: != skips; all NULL: IS NOT NULL skips.
	ct := types.New(types.Int)
	f := build(t, Bitmap, ct, nil, []any{int32(3), int32(3)})
	if mayMatch(t, f, ct, predicate.NotEq, int32(3)) || mayMatch(t, f, ct, predicate.IsNull) {
		t.Error("constant column not skipped")
	}
	f = build(t, Bitmap, ct, nil, []any{nil, nil, nil})
	if mayMatch(t, f, ct, predicate.IsNotNull) || mayMatch(t, f, ct, predicate.Eq, int32(0)) {
		t.Error("all-NULL column not skipped")
	}
	// Floats: -0.0 and NaN keys.
	dt := types.New(types.Double)
	f = build(t, Bitmap, dt, nil, []any{negZero, 1.5, 1.5})
	if !mayMatch(t, f, dt, predicate.Eq, 0.0) || mayMatch(t, f, dt, predicate.Eq, 2.0) {
		t.Error("double bitmap wrong")
	}
}

func TestBSIIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	ct := types.New(types.BigInt)
	for round := 0; round < 20; round++ {
		var values []any
		n := 1 + rng.Intn(50)
		for i := 0; i < n; i++ {
			if rng.Intn(10) == 0 {
				values = append(values, nil)
				continue
			}
			values = append(values, int64(rng.Intn(200)-100*(round%2)))
		}
		f := build(t, BSI, ct, nil, values)
		for _, op := range []predicate.Op{predicate.Eq, predicate.Lt, predicate.LtEq, predicate.Gt, predicate.GtEq, predicate.NotEq} {
			for x := int64(-120); x <= 220; x += 7 {
				got, want := mayMatch(t, f, ct, op, x), exact(values, op, x)
				if got != want {
					t.Fatalf("round %d: %v %v over %v: index %v, rows %v", round, op, x, values, got, want)
				}
			}
		}
		if got, want := mayMatch(t, f, ct, predicate.IsNull), exact(values, predicate.IsNull); got != want {
			t.Errorf("IS NULL: index %v, rows %v", got, want)
		}
	}
	// Decimals index their unscaled value; timestamps their micros.
	dt := types.NewDecimal(10, 2)
	f := build(t, BSI, dt, nil, []any{decimal.RequireFromString("1.25"), decimal.RequireFromString("-3.50")})
	if !mayMatch(t, f, dt, predicate.Eq, decimal.RequireFromString("1.25")) || mayMatch(t, f, dt, predicate.Gt, decimal.RequireFromString("1.25")) ||
		!mayMatch(t, f, dt, predicate.Lt, decimal.RequireFromString("-3.00")) {
		t.Error("decimal bsi wrong")
	}
	tt := types.NewTimestamp(6)
	t0 := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	f = build(t, BSI, tt, nil, []any{t0, t0.Add(time.Microsecond)})
	if mayMatch(t, f, tt, predicate.Gt, t0.Add(time.Microsecond)) || !mayMatch(t, f, tt, predicate.GtEq, t0.Add(time.Microsecond)) {
		t.Error("timestamp bsi wrong")
	}
}

func TestCompound(t *testing.T) {
	ct := types.New(types.Int)
	w, err := NewWriter([]options.FileIndex{{Type: Bitmap, Column: "a"}, {Type: BSI, Column: "b"}, {Type: BloomFilter, Column: "a"}},
		func(name string) (int, types.DataType, bool) { return map[string]int{"a": 0, "b": 1}[name], ct, true })
	if err != nil {
		t.Fatal(err)
	}
	// a = 1 only on rows where b = 10; a = 2 where b = 20.
	w.Add([]any{int32(1), int32(10)})
	w.Add([]any{int32(2), int32(20)})
	f, err := Decode(w.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	cols := column(map[string]types.DataType{"a": ct, "b": ct})
	leaf := func(c string, op predicate.Op, v int32) predicate.Leaf {
		return predicate.Leaf{Field: c, Op: op, Literals: []any{v}}
	}
	for _, c := range []struct {
		p    predicate.Predicate
		want bool
	}{
		{predicate.And{leaf("a", predicate.Eq, 1), leaf("b", predicate.Eq, 20)}, false}, // no row has both
		{predicate.And{leaf("a", predicate.Eq, 1), leaf("b", predicate.Eq, 10)}, true},
		{predicate.Or{leaf("a", predicate.Eq, 3), leaf("b", predicate.Gt, 15)}, true},
		{predicate.Or{leaf("a", predicate.Eq, 3), leaf("b", predicate.Gt, 25)}, false},
		{predicate.Or{leaf("a", predicate.Eq, 3), leaf("x", predicate.Gt, 25)}, true}, // x unknown
	} {
		got, err := f.MayMatch(c.p, cols)
		if err != nil || got != c.want {
			t.Errorf("%v: %v %v, want %v", c.p, got, err, c.want)
		}
	}
}

func TestWriterRefuses(t *testing.T) {
	for _, c := range []struct {
		typ string
		ct  types.DataType
		set map[string]string
	}{
		{BloomFilter, types.New(types.Boolean), nil},
		{Bitmap, types.NewDecimal(5, 2), nil},
		{BSI, types.NewString(), nil},
		{"inverted", types.New(types.Int), nil},
		{BloomFilter, types.New(types.Int), map[string]string{"fpp": "2"}},
		{Bitmap, types.New(types.Int), map[string]string{"version": "3"}},
	} {
		_, err := NewWriter([]options.FileIndex{{Type: c.typ, Column: "c", Settings: c.set}},
			func(string) (int, types.DataType, bool) { return 0, c.ct, true })
		if err == nil {
			t.Errorf("%s on %s %v accepted", c.typ, c.ct.SQL(), c.set)
		}
	}
}
