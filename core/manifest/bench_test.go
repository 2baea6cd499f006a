package manifest

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// benchEntry is a typical primary-key table entry: partition, keys and
// stats rows of realistic size.
func benchEntry(i int) spec.ManifestEntry {
	created := time.UnixMilli(1_750_000_000_000 + int64(i)).UTC()
	key := []byte{0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 'k', 'e', 'y', byte(i), 0, 0, 0, 0x84, byte(i), 0, 0, 0, 0, 0, 0, 0}
	stats := spec.SimpleStats{MinValues: key, MaxValues: key, NullCounts: []*int64{ptr(int64(0)), ptr(int64(0))}}
	return spec.ManifestEntry{
		Kind: spec.FileAdd, Partition: []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, byte(i % 7), 0, 0, 0, 0, 0, 0, 0},
		Bucket: int32(i % 16), TotalBuckets: 16,
		File: spec.DataFileMeta{
			FileName: fmt.Sprintf("data-6d416200-c9db-49ff-bc27-79837bf1aaab-%d.parquet", i),
			FileSize: 1 << 20, RowCount: 10000, MinKey: key, MaxKey: key,
			KeyStats: stats, ValueStats: stats, MinSequenceNumber: int64(i), MaxSequenceNumber: int64(i + 10000),
			Level: int32(i % 6), ExtraFiles: []string{}, CreationTime: &created,
			DeleteRowCount: ptr(int64(0)), FileSource: ptr(spec.SourceAppend),
		},
	}
}

// BenchmarkReadManifest decodes a 100k-entry manifest written by our writer.
func BenchmarkReadManifest(b *testing.B) {
	const n = 100_000
	entries := make([]spec.ManifestEntry, n)
	for i := range entries {
		entries[i] = benchEntry(i)
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, entries); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		count := 0
		if err := EachManifestEntry(bytes.NewReader(data), func(spec.ManifestEntry) error { count++; return nil }); err != nil || count != n {
			b.Fatal(count, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
}

// BenchmarkWriteManifest encodes the same 100k entries.
func BenchmarkWriteManifest(b *testing.B) {
	const n = 100_000
	entries := make([]spec.ManifestEntry, n)
	for i := range entries {
		entries[i] = benchEntry(i)
	}
	for b.Loop() {
		var buf bytes.Buffer
		if err := WriteManifest(&buf, entries); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
}

// BenchmarkReadSmallManifest measures the fixed per-file cost that dominates
// snapshots made of many small manifests.
func BenchmarkReadSmallManifest(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteManifest(&buf, []spec.ManifestEntry{benchEntry(1), benchEntry(2)}); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	for b.Loop() {
		if _, err := ReadManifest(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
