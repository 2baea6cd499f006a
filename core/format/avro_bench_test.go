package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// benchFields are the columns of a typical fact table: BIGINT, STRING,
// DECIMAL, TIMESTAMP(3), nullable INT.
var benchFields = []types.DataField{
	{ID: 0, Name: "id", Type: types.New(types.BigInt).WithNullable(false)},
	{ID: 1, Name: "name", Type: types.NewString()},
	{ID: 2, Name: "price", Type: types.NewDecimal(10, 2)},
	{ID: 3, Name: "ts", Type: types.NewTimestamp(3)},
	{ID: 4, Name: "qty", Type: types.New(types.Int)},
}

func benchRows(n int) [][]any {
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	rows := make([][]any, n)
	for i := range rows {
		var qty any
		if i%7 != 0 {
			qty = int32(i % 100)
		}
		rows[i] = []any{int64(i), "name-" + string(rune('a'+i%26)) + "-" + time.Duration(i%5000).String(),
			dec("12.34").Add(dec("0.01").Mul(dec(string(rune('0' + i%10))))), t0.Add(time.Duration(i) * time.Millisecond), qty}
	}
	return rows
}

// scanAll reads every row of a file of format f and returns the count.
func scanAll(b *testing.B, f Format, data []byte) int {
	r, err := f.Open(bytes.NewReader(data), int64(len(data)), benchFields, ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	n := 0
	for {
		batch, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
		n += len(batch.Rows)
	}
}

// BenchmarkFullScan compares a full scan of the same 500,000 rows written
// by our writers as Parquet, Avro and ORC (zstd, Java's default), and
// reports the file sizes: the ratio of the rows/s is each format's speed
// relative to Parquet's.
func BenchmarkFullScan(b *testing.B) {
	const n = 500_000
	rows := benchRows(n)
	for _, name := range []string{"parquet", "avro", "orc"} {
		f, err := Lookup(name)
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		w, err := f.Create(&buf, benchFields, WriterOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Write(rows); err != nil {
			b.Fatal(err)
		}
		if _, err := w.Close(); err != nil {
			b.Fatal(err)
		}
		data := buf.Bytes()
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if got := scanAll(b, f, data); got != n {
					b.Fatalf("read %d rows", got)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
			b.ReportMetric(float64(len(data)), "file-bytes")
		})
	}
}

// BenchmarkWriteFormats writes the same 200,000 rows as Parquet, Avro and
// ORC (zstd), statistics collected.
func BenchmarkWriteFormats(b *testing.B) {
	const n = 200_000
	rows := benchRows(n)
	names := make([]string, len(benchFields))
	for i, f := range benchFields {
		names[i] = f.Name
	}
	modes, err := StatsModes(map[string]string{}, names, -1)
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"parquet", "avro", "orc"} {
		f, err := Lookup(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				w, err := f.Create(io.Discard, benchFields, WriterOptions{StatsModes: modes})
				if err != nil {
					b.Fatal(err)
				}
				if err := w.Write(rows); err != nil {
					b.Fatal(err)
				}
				if _, err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
