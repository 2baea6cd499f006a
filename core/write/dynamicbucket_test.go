package write

import (
	"fmt"
	"testing"
)

// Iteration orders of java.util.HashMap<Integer, Long> observed on JDK 17
// for the same operations (compute = loadIndex's counting, put = a new
// bucket, remove = a full bucket dropped).
func TestJavaIntMapOrder(t *testing.T) {
	type op struct {
		kind byte // 'c' compute-increment, 'p' put, 'r' remove
		key  int32
	}
	var strided []op
	for i := int32(0); i < 12; i++ {
		strided = append(strided, op{'c', 16 * i})
	}
	var resize []op
	for i := int32(0); i < 13; i++ {
		resize = append(resize, op{'c', i})
	}
	cases := []struct {
		ops  []op
		want string
	}{
		{[]op{{'c', 1}, {'c', 17}, {'c', 33}, {'c', 1}}, "[33 17 1]"},
		{strided, "[160 128 96 64 32 0 176 144 112 80 48 16]"},
		{append(append([]op{}, strided...), op{'p', 400}), "[160 128 96 64 32 0 176 144 112 80 48 16 400]"},
		{append(append([]op{}, resize...), op{'c', 3}, op{'p', 20}, op{'p', 21}), "[0 1 2 3 4 5 6 7 8 9 10 11 12 20 21]"},
		{[]op{{'c', 5}, {'c', 21}, {'p', 37}, {'r', 21}, {'p', 53}, {'c', 2}}, "[2 5 37 53]"},
	}
	for i, c := range cases {
		m := &javaIntMap{}
		for _, o := range c.ops {
			switch o.kind {
			case 'c':
				m.increment(o.key)
			case 'p':
				m.put(o.key, 1)
			case 'r':
				m.remove(o.key)
			}
		}
		if got := fmt.Sprint(m.keys()); got != c.want {
			t.Errorf("case %d: order %s, want %s", i, got, c.want)
		}
	}
}

func all(int32) bool { return true }

// Loaded buckets are tried in HashMap order: buckets 1 and 17 share a slot,
// and the one counted last comes first.
func TestPartitionIndexAssign(t *testing.T) {
	files := []hashFileInts{{bucket: 1, hashes: []int32{10}}, {bucket: 17, hashes: []int32{11, 12}}, {bucket: 0, hashes: []int32{13, 14, 15}}}
	pi := loadPartitionIndex(files, 3, all, all)
	var got []int32
	for h := int32(100); h < 106; h++ {
		b, err := pi.assign(h, all, -1, 17, -1)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b)
	}
	// 17 takes one key, 1 two, 0 is full; then new buckets from id 2.
	if fmt.Sprint(got) != "[17 1 1 2 2 2]" {
		t.Errorf("assigned %v", got)
	}
	if b, _ := pi.assign(12, all, -1, 17, -1); b != 17 {
		t.Errorf("known hash 12 went to %d", b)
	}
	// max-buckets: once all ids are taken, a random existing bucket.
	pi = loadPartitionIndex(nil, 1, all, all)
	maxID := int32(0)
	for h := int32(0); h < 20; h++ {
		b, err := pi.assign(h, all, 2, maxID, -1)
		if err != nil {
			t.Fatal(err)
		}
		if b < 0 || b > 1 || (h < 2 && b != h) {
			t.Fatalf("hash %d: bucket %d", h, b)
		}
		maxID = max(maxID, b)
	}
	// Assigners own congruent buckets.
	mine := func(b int32) bool { return isMyBucket(b, 3, 1) }
	pi = loadPartitionIndex(nil, 1, all, mine)
	for h, want := range []int32{1, 4, 7} {
		if b, _ := pi.assign(int32(h), mine, -1, 0, -1); b != want {
			t.Errorf("assigner 1: key %d in bucket %d, want %d", h, b, want)
		}
	}
}

func TestHashIndexCodec(t *testing.T) {
	in := []int32{0, -1, 1 << 30, -2147483648, 42}
	data := EncodeHashIndex(in)
	if fmt.Sprintf("%x", data[:8]) != "00000000ffffffff" {
		t.Errorf("bytes %x", data)
	}
	out, err := DecodeHashIndex(data)
	if err != nil || fmt.Sprint(out) != fmt.Sprint(in) {
		t.Errorf("round trip %v %v", out, err)
	}
	if _, err := DecodeHashIndex(data[:3]); err == nil {
		t.Error("3 bytes decoded")
	}
	if assignerOf(-7, -5, 3, 3) != (1+2)%3 {
		t.Error("assignerOf")
	}
}
