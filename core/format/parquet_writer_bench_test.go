package format

import (
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// BenchmarkParquetWriter writes 1M rows of (BIGINT, INT, STRING) with the
// default options (zstd, dictionary, stats collection) and reports rows/s
// and MB/s, of plain value bytes in (in-MB/s) and of file bytes out
// (out-MB/s).
func BenchmarkParquetWriter(b *testing.B) {
	const n = 1_000_000
	fields := []types.DataField{
		field(0, "id", types.New(types.BigInt).WithNullable(false)),
		field(1, "qty", types.New(types.Int)),
		field(2, "name", types.NewString()),
	}
	rows := make([][]any, n)
	var raw int64 // plain value bytes: 8 + 4 + string length per row
	for i := range rows {
		name := "customer-" + strconv.Itoa(i%50000)
		rows[i] = []any{int64(i), int32(i % 1000), name}
		raw += 12 + int64(len(name))
	}
	modes, err := StatsModes(nil, []string{"id", "qty", "name"}, -1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var bytes int64
	start := time.Now()
	for b.Loop() {
		out := &countingWriter{w: io.Discard}
		w, err := NewParquetWriter(out, fields, WriterOptions{StatsModes: modes})
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < n; i += 4096 {
			if err := w.Write(rows[i:min(i+4096, n)]); err != nil {
				b.Fatal(err)
			}
		}
		res, err := w.Close()
		if err != nil {
			b.Fatal(err)
		}
		bytes += res.Size
	}
	secs := time.Since(start).Seconds()
	b.ReportMetric(float64(n)*float64(b.N)/secs, "rows/s")
	b.ReportMetric(float64(raw)*float64(b.N)/secs/1e6, "in-MB/s")
	b.ReportMetric(float64(bytes)/secs/1e6, "out-MB/s")
	b.ReportMetric(float64(bytes)/float64(b.N)/1e6, "MB/file")
}
