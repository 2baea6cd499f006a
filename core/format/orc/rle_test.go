package orc

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The examples of the ORC specification's "Integer Run Length Encoding,
// version 2" section (unsigned).
func TestRLEv2SpecExamples(t *testing.T) {
	cases := []struct {
		name string
		enc  []byte
		want []int64
	}{
		{"short repeat", []byte{0x0a, 0x27, 0x10}, []int64{10000, 10000, 10000, 10000, 10000}},
		{"direct", []byte{0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef}, []int64{23713, 43806, 57005, 48879}},
		{"patched base", []byte{0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e, 0x00, 0x14, 0x70, 0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64, 0x6e, 0x78, 0x82, 0x8c, 0x96, 0xa0, 0xaa, 0xb4, 0xbe, 0xfc, 0xe8},
			[]int64{2030, 2000, 2020, 1000000, 2040, 2050, 2060, 2070, 2080, 2090, 2100, 2110, 2120, 2130, 2140, 2150, 2160, 2170, 2180, 2190}},
		{"delta", []byte{0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46}, []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}},
	}
	for _, c := range cases {
		got := make([]int64, len(c.want))
		r := newIntReader(c.enc, false, true)
		if err := r.next(got); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
		if err := r.next(make([]int64, 1)); err == nil {
			t.Errorf("%s: a value past the end", c.name)
		}
	}
}

// The specification's version 1 examples: a run of 100 sevens and a run
// with delta, then literals.
func TestRLEv1(t *testing.T) {
	got := make([]int64, 100+10+2)
	enc := []byte{0x61, 0x00, 0x07, 0x07, 0xff, 0x64, 0xfe, 0x02, 0x03}
	if err := newIntReader(enc, false, false).next(got); err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if got[i] != 7 {
			t.Fatalf("value %d = %d", i, got[i])
		}
	}
	for i := range 10 {
		if got[100+i] != 100-int64(i) {
			t.Fatalf("value %d = %d, want %d", 100+i, got[100+i], 100-i)
		}
	}
	if got[110] != 2 || got[111] != 3 {
		t.Fatalf("literals %v", got[110:])
	}
}

func TestRLEv2RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gens := map[string]func(i int) int64{
		"small":     func(int) int64 { return rng.Int64N(100) - 50 },
		"wide":      func(int) int64 { return int64(rng.Uint64()) },
		"ascending": func(i int) int64 { return int64(i) * 3 },
		"steps":     func(i int) int64 { return int64(i)*1000 + rng.Int64N(7) },
		"descend":   func(i int) int64 { return -int64(i) * int64(i) },
		"runs":      func(i int) int64 { return int64(i / 37) },
		"extremes": func(i int) int64 {
			return []int64{math.MinInt64, math.MaxInt64, 0, -1, 1}[i%5]
		},
	}
	for name, gen := range gens {
		for _, signed := range []bool{true, false} {
			vs := make([]int64, 3000)
			for i := range vs {
				vs[i] = gen(i)
				if !signed && vs[i] < 0 {
					vs[i] = -(vs[i] + 1)
				}
			}
			enc := appendRLEv2(nil, vs, signed)
			got := make([]int64, len(vs))
			r := newIntReader(enc, signed, true)
			// read in uneven pieces
			for i := 0; i < len(got); {
				n := min(len(got)-i, 1+i%700)
				if err := r.next(got[i : i+n]); err != nil {
					t.Fatalf("%s signed=%v: %v", name, signed, err)
				}
				i += n
			}
			if !slices.Equal(got, vs) {
				for i := range vs {
					if got[i] != vs[i] {
						t.Fatalf("%s signed=%v: value %d = %d, want %d", name, signed, i, got[i], vs[i])
					}
				}
			}
		}
	}
}

func TestByteAndBoolRLERoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 5000)
	bools := make([]bool, 5001)
	for i := range data {
		if i%300 < 150 {
			data[i] = byte(i / 200)
		} else {
			data[i] = byte(rng.IntN(256))
		}
	}
	for i := range bools {
		bools[i] = i%500 < 250 || rng.IntN(2) == 0
	}
	got := make([]byte, len(data))
	r := &byteRLEReader{data: appendByteRLE(nil, data)}
	if err := r.next(got); err != nil || !slices.Equal(got, data) {
		t.Fatalf("byte RLE: %v", err)
	}
	gotB := make([]bool, len(bools))
	br := &boolReader{bytes: byteRLEReader{data: appendBoolRLE(nil, bools)}}
	if err := br.next(gotB); err != nil || !slices.Equal(gotB, bools) {
		t.Fatalf("bool RLE: %v", err)
	}
}
