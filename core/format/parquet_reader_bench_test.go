package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// flatRow is a Paimon-like row of nullable INT, BIGINT and STRING columns
// with field ids, written by parquet-go for tests and benchmarks.
type flatRow struct {
	A *int32  `parquet:"a,optional,id(0)"`
	B *int64  `parquet:"b,optional,id(1)"`
	C *string `parquet:"c,optional,id(2)"`
}

var flatFields = []types.DataField{
	{ID: 0, Name: "a", Type: types.New(types.Int)},
	{ID: 1, Name: "b", Type: types.New(types.BigInt)},
	{ID: 2, Name: "c", Type: types.NewString()},
}

// flatValue is row i of writeFlat's file: a = i, b = i*10, c = "s<i%1000>",
// and every column is NULL on rows that are multiples of 7.
func flatValue(i int) []any {
	if i%7 == 0 {
		return []any{nil, nil, nil}
	}
	return []any{int32(i), int64(i) * 10, "s" + strconv.Itoa(i%1000)}
}

// writeFlat writes n rows in row groups of rowsPerGroup rows, cutting pages
// at about pageSize bytes.
func writeFlat(tb testing.TB, n, rowsPerGroup, pageSize int) []byte {
	tb.Helper()
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[flatRow](&buf,
		parquet.MaxRowsPerRowGroup(int64(rowsPerGroup)),
		parquet.PageBufferSize(pageSize),
		parquet.Compression(&zstd.Codec{}))
	batch := make([]flatRow, 0, 1024)
	for i := range n {
		var r flatRow
		if v := flatValue(i); v[0] != nil {
			a, b, c := v[0].(int32), v[1].(int64), v[2].(string)
			r = flatRow{A: &a, B: &b, C: &c}
		}
		batch = append(batch, r)
		if len(batch) == cap(batch) || i == n-1 {
			if _, err := w.Write(batch); err != nil {
				tb.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func BenchmarkReadFlat(b *testing.B) {
	const rows = 1_000_000
	data := writeFlat(b, rows, 256*1024, 1<<20)
	b.ResetTimer()
	for b.Loop() {
		r, err := OpenParquet(bytes.NewReader(data), int64(len(data)), flatFields, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for {
			batch, err := r.Next(context.Background())
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n += len(batch.Rows)
		}
		r.Close()
		if n != rows {
			b.Fatalf("read %d rows", n)
		}
	}
	b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
}
