package format

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"testing"

	"github.com/pierrec/lz4/v4"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// testdata/java-lz4-hadoop.parquet is the first data file Java Paimon 1.4.2
// (the interop driver of tests/interop) wrote for the matrix scenario
// compression_lz4: a primary-key table (id INT NOT NULL, name STRING,
// price DECIMAL(10, 2)) with 'file.compression' = 'lz4', rows
// generatedValues(0, 500) of tests/interop/scenarios_test.go.
func TestReadJavaHadoopLZ4Parquet(t *testing.T) {
	fields := []types.DataField{
		{ID: 1073741823, Name: "_KEY_id", Type: types.New(types.Int).WithNullable(false)},
		{ID: 2147483646, Name: "_SEQUENCE_NUMBER", Type: types.New(types.BigInt).WithNullable(false)},
		{ID: 2147483645, Name: "_VALUE_KIND", Type: types.New(types.TinyInt).WithNullable(false)},
		{ID: 0, Name: "id", Type: types.New(types.Int).WithNullable(false)},
		{ID: 1, Name: "name", Type: types.NewString()},
		{ID: 2, Name: "price", Type: types.NewDecimal(10, 2)},
	}
	got := readAll(t, "testdata/java-lz4-hadoop.parquet", fields, ReadOptions{Projection: []int{3, 4, 5}})
	var want [][]any
	for id := 0; id < 500; id++ {
		want = append(want, []any{int32(id), fmt.Sprintf("name-%d-%x", id, id*7919),
			decimal.RequireFromString(fmt.Sprintf("%d.%02d", id%1000, id%100))})
	}
	checkRows(t, got, want)
}

func TestHadoopLZ4RoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	noise := make([]byte, 300<<10)
	rnd.Read(noise)
	for name, page := range map[string][]byte{
		"empty":                    {},
		"small":                    []byte("paimon paimon paimon paimon"),
		"several chunks":           bytes.Repeat([]byte("0123456789abcdef"), 40<<10),
		"incompressible, 3 chunks": noise,
	} {
		enc, err := hadoopLZ4{}.Encode(nil, page)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(page) > 0 && binary.BigEndian.Uint32(enc) != uint32(min(len(page), hadoopLZ4MaxChunk)) {
			t.Errorf("%s: first block header %d", name, binary.BigEndian.Uint32(enc))
		}
		dec, err := hadoopLZ4{}.Decode(nil, enc)
		if err != nil || !bytes.Equal(dec, page) {
			t.Errorf("%s: decoded %d bytes, %v; want %d bytes", name, len(dec), err, len(page))
		}
	}
}

// Hadoop's stream may split one block's bytes over several LZ4 chunks:
// [total][len1][chunk1][len2][chunk2].
func TestHadoopLZ4DecodesSeveralChunksPerBlock(t *testing.T) {
	a, b := bytes.Repeat([]byte("a"), 1000), []byte("tail of the block")
	block := binary.BigEndian.AppendUint32(nil, uint32(len(a)+len(b)))
	for _, part := range [][]byte{a, b} {
		c := make([]byte, lz4.CompressBlockBound(len(part)))
		n, err := lz4.CompressBlock(part, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		block = binary.BigEndian.AppendUint32(block, uint32(n))
		block = append(block, c[:n]...)
	}
	dec, err := hadoopLZ4{}.Decode(nil, block)
	if err != nil || string(dec) != string(a)+string(b) {
		t.Fatalf("got %q, %v", dec, err)
	}
	if _, err := (hadoopLZ4{}).Decode(nil, block[:len(block)-3]); err == nil {
		t.Error("a truncated block decoded without error")
	}
}
