package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// scanFields are the columns of the full-scan comparison of the formats:
// the table shapes of the server benchmarks (numbers, strings, a decimal,
// a timestamp).
var scanFields = []types.DataField{
	{ID: 0, Name: "id", Type: types.New(types.BigInt)},
	{ID: 1, Name: "k", Type: types.New(types.Int)},
	{ID: 2, Name: "name", Type: types.NewString()},
	{ID: 3, Name: "price", Type: types.NewDecimal(10, 2)},
	{ID: 4, Name: "score", Type: types.New(types.Double)},
	{ID: 5, Name: "ts", Type: types.NewTimestamp(6)},
}

func scanRow(i int) []any {
	if i%13 == 0 {
		return []any{int64(i), nil, nil, nil, nil, nil}
	}
	return []any{int64(i), int32(i % 1000), "name-" + strconv.Itoa(i%5000), decimal.New(int64(i%100000), -2),
		float64(i) * 0.5, time.UnixMicro(1_700_000_000_000_000 + int64(i)*1000).UTC()}
}

// writeScanFile writes rows of scanFields in one format with the writer's
// defaults (zstd).
func writeScanFile(tb testing.TB, format string, rows int) []byte {
	var buf bytes.Buffer
	w, err := NewFileWriter(&buf, scanFields, WriterOptions{Format: format})
	if err != nil {
		tb.Fatal(err)
	}
	batch := make([][]any, 0, 1024)
	for i := range rows {
		batch = append(batch, scanRow(i))
		if len(batch) == cap(batch) || i == rows-1 {
			if err := w.Write(batch); err != nil {
				tb.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	if _, err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkFullScan reads the same rows from a Parquet and an ORC file:
// the ratio of their rows/s is the ORC reader's speed relative to Parquet's.
func BenchmarkFullScan(b *testing.B) {
	const rows = 500_000
	for _, format := range []string{Parquet, ORC} {
		data := writeScanFile(b, format, rows)
		b.Run(format, func(b *testing.B) {
			b.ReportMetric(float64(len(data)), "file-bytes")
			for b.Loop() {
				r, err := OpenFile(format, bytes.NewReader(data), int64(len(data)), scanFields, ReadOptions{})
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
		})
	}
}
