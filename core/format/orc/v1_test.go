package orc

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// appendRLEv1Literals is integer RLE version 1 made of literal groups only
// (writers of ORC 0.11 files also use runs; TestRLEv1 reads those).
func appendRLEv1Literals(dst []byte, vs []int64, signed bool) []byte {
	for len(vs) > 0 {
		n := min(len(vs), 128)
		dst = append(dst, byte(-n))
		for _, v := range vs[:n] {
			u := uint64(v)
			if signed {
				u = zigzag(v)
			}
			dst = appendUvarint(dst, u)
		}
		vs = vs[n:]
	}
	return dst
}

// A file of ORC 0.11's encodings (DIRECT and DICTIONARY, integer RLE
// version 1), assembled stream by stream: an INT column, a dictionary
// string column and a direct one, with nulls.
func TestReadVersion1Encodings(t *testing.T) {
	ints := []int64{5, -7, 1 << 40, 0}
	ids := []int64{1, 0, 1} // the non-null values of the dictionary column
	present := []bool{true, false, true, true}
	var body bytes.Buffer
	body.WriteString("ORC")
	var streams []streamInfo
	add := func(col, kind uint64, data []byte) {
		streams = append(streams, streamInfo{kind: kind, column: col, length: uint64(len(data))})
		body.Write(data)
	}
	add(1, streamData, appendRLEv1Literals(nil, ints, true))
	add(2, streamPresent, appendBoolRLE(nil, present))
	add(2, streamData, appendRLEv1Literals(nil, ids, false))
	add(2, streamDictionaryData, []byte("applebanana"))
	add(2, streamLength, appendRLEv1Literals(nil, []int64{5, 6}, false))
	add(3, streamData, []byte("xyzw"))
	add(3, streamLength, appendRLEv1Literals(nil, []int64{1, 0, 2, 1}, false))
	dataLen := uint64(body.Len() - 3)
	sf := stripeFooter{streams: streams, columns: []columnEncoding{
		{kind: encodingDirect}, {kind: encodingDirect}, {kind: encodingDictionary, dictionarySize: 2}, {kind: encodingDirect}}}
	sfb := sf.marshal()
	body.Write(sfb)
	f := footer{headerLength: 3, contentLength: uint64(body.Len()), numberOfRows: 4,
		stripes: []stripeInfo{{offset: 3, dataLength: dataLen, footerLength: uint64(len(sfb)), numberOfRows: 4}},
		types: []orcType{{kind: kindStruct, subtypes: []uint32{1, 2, 3}, fieldNames: []string{"i", "d", "s"}},
			{kind: kindLong}, {kind: kindString}, {kind: kindVarchar, maxLength: 10}}}
	fb := f.marshal()
	body.Write(fb)
	ps := postScript{footerLength: uint64(len(fb)), compression: compressionNone, version: []uint32{0, 11}, magic: "ORC"}
	pb := ps.marshal()
	body.Write(pb)
	body.WriteByte(byte(len(pb)))

	fields := []types.DataField{
		{ID: 0, Name: "i", Type: atomic(types.BigInt)},
		{ID: 1, Name: "d", Type: types.NewString()},
		{ID: 2, Name: "s", Type: types.NewString()},
	}
	r, err := Open(bytes.NewReader(body.Bytes()), int64(body.Len()), fields, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := [][]any{{int64(5), "banana", "x"}, {int64(-7), nil, ""}, {int64(1 << 40), "apple", "yz"}, {int64(0), "banana", "w"}}
	if !slices.EqualFunc(b.Rows, want, func(a, b []any) bool { return equalValue(a, b) }) {
		t.Fatalf("got %v, want %v", b.Rows, want)
	}
}

// Suspend releases the open stripe; reading goes on at the same row.
func TestSuspendResumes(t *testing.T) {
	fields := allTypes()
	rows := make([][]any, 500)
	for i := range rows {
		rows[i] = rowOf(i)
	}
	var buf bytes.Buffer
	w, err := NewWriter(&buf, fields, WriterOptions{StripeSize: 32 << 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), fields, ReadOptions{BatchSize: 37})
	if err != nil {
		t.Fatal(err)
	}
	var got [][]any
	for len(got) < len(rows) {
		b, err := r.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b.Rows...)
		r.Suspend()
	}
	for i := range rows {
		if !equalValue(rows[i], got[i]) {
			t.Fatalf("row %d after suspending: %v, want %v", i, got[i], rows[i])
		}
	}
}
