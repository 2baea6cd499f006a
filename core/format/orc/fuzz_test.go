package orc

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// fuzzAllocLimit bounds what reading one damaged file may allocate.
const fuzzAllocLimit = 512 << 20

// seedFile writes rows of allTypes in one codec.
func seedFile(t testing.TB, compression string, rows int) []byte {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, allTypes(), WriterOptions{Compression: compression, StripeSize: 8 << 10, BlockSize: 1 << 10})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := w.Write([][]any{rowOf(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readDamaged reads every row of data; it may fail but not panic.
func readDamaged(data []byte, fields []types.DataField) error {
	r, err := Open(bytes.NewReader(data), int64(len(data)), fields, ReadOptions{
		BatchSize:  64,
		SkipStripe: func(map[int]ColumnStats) bool { return false },
	})
	if err != nil {
		return err
	}
	defer r.Close()
	r.FileStats(fields)
	for {
		if _, err := r.Next(context.Background()); err != nil {
			return err
		}
	}
}

// FuzzReader reads damaged ORC files: errors, no panics, bounded memory.
func FuzzReader(f *testing.F) {
	for _, c := range []string{"none", "zlib", "snappy", "lz4", "zstd"} {
		f.Add(seedFile(f, c, 6))
	}
	_, java := javaFixture(f)
	f.Add(java)
	fields := allTypes()
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = readDamaged(data, fields) // damage may be an error, never a panic
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("reading %d bytes takes more than 10 seconds", len(data))
		}
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > fuzzAllocLimit {
			t.Fatalf("reading %d bytes allocated %d bytes", len(data), n)
		}
	})
}

// TestDamagedFiles flips, cuts and overwrites bytes of valid files of every
// codec: each read fails or succeeds, none panics.
func TestDamagedFiles(t *testing.T) {
	fields := allTypes()
	for _, c := range []string{"none", "zlib", "snappy", "lz4", "zstd"} {
		good := seedFile(t, c, 30)
		if err := readDamaged(good, fields); err.Error() != "EOF" {
			t.Fatalf("%s: the undamaged file fails: %v", c, err)
		}
		for i := 0; i < len(good); i += max(1, len(good)/400) {
			for _, mutate := range []func([]byte) []byte{
				func(b []byte) []byte { b[i] ^= 0xff; return b },
				func(b []byte) []byte { b[i] = 0x7f; return b },
				func(b []byte) []byte { return b[:i] },
				func(b []byte) []byte { return append(b[:i:i], b[min(i+7, len(b)):]...) },
			} {
				bad := mutate(bytes.Clone(good))
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("%s: damage at byte %d: panic %v", c, i, p)
						}
					}()
					_ = readDamaged(bad, fields)
				}()
			}
		}
	}
}
