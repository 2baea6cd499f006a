package read_test

import (
	"context"
	"errors"
	"io"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// liveHeap is the heap in use after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A scan whose consumer stops reading (a stalled client) holds little: no
// converted copy of its pages, one queued batch, and, once its consumer has
// not taken a batch for a second, none of its open files' pages,
// dictionaries or read buffers. Each of these scans is over files of
// 200,000 rows in pages of 20,000 rows with a string dictionary of about
// 1 MB, read by two workers; before, each held about 15 MB.
func TestStalledScanHoldsLittle(t *testing.T) {
	const scans = 4
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 800_000, RowsPerFile: 200_000})
	if err != nil {
		t.Fatal(err)
	}
	defer read.SetSuspendAfter(100 * time.Millisecond)()
	plan := planLatest(t, tbl)
	before := liveHeap()
	var its []*read.Iterator
	for range scans {
		r, err := read.New(plan, read.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		it := r.Rows(context.Background())
		defer it.Close()
		// Into the second page of the first files, then stop reading.
		for range 30_000 {
			if _, err := it.Next(); err != nil {
				t.Fatal(err)
			}
		}
		its = append(its, it)
	}
	// The workers fill the queue, wait suspendAfter and suspend: until
	// they have, the scans hold their pages.
	var perScan int64
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if perScan = (int64(liveHeap()) - int64(before)) / scans; perScan <= 2<<20 || time.Now().After(deadline) {
			break
		}
	}
	t.Logf("live heap per stalled scan: %d KB", perScan>>10)
	if perScan > 2<<20 {
		t.Errorf("a stalled scan holds %d KB of live heap, want under 2 MB", perScan>>10)
	}
	runtime.KeepAlive(its)
}

// A consumer that pauses longer than the workers wait has their files
// suspended and resumed many times, mid-page: every row still arrives once,
// with its values, for file-by-file reads and for merged primary-key
// buckets.
func TestPausingConsumerReadsEveryRow(t *testing.T) {
	defer read.SetSuspendAfter(time.Millisecond)()
	tables := map[string]gentable.Options{
		"append": {Rows: 60_000, RowsPerFile: 20_000},
		"merge":  {Rows: 60_000, PrimaryKey: true, Buckets: 2, Level0: true, Snapshots: 2, UpdateEvery: 10},
	}
	for name, o := range tables {
		tbl, err := gentable.Write(t.TempDir(), o)
		if err != nil {
			t.Fatal(err)
		}
		r, err := read.New(planLatest(t, tbl), read.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		it := r.Rows(context.Background())
		seen := map[int64]bool{}
		for n := 0; ; n++ {
			if n%5000 == 0 {
				time.Sleep(20 * time.Millisecond)
			}
			row, err := it.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			id := row[0].(int64)
			want, ok := tbl.Row(id)
			if !ok || seen[id] || !reflect.DeepEqual(row, want) {
				t.Fatalf("%s: row %v (seen before: %v), want %v (live: %v)", name, row, seen[id], want, ok)
			}
			seen[id] = true
		}
		it.Close()
		if int64(len(seen)) != tbl.LiveRows() {
			t.Fatalf("%s: %d rows, want %d", name, len(seen), tbl.LiveRows())
		}
	}
}

// A consumer faster than one worker gets a second one; a slow consumer (a
// client over the network) keeps one file open, not two.
func TestWorkersStartWhenTheConsumerWaits(t *testing.T) {
	tbl, err := gentable.Write(t.TempDir(), gentable.Options{Rows: 200_000, RowsPerFile: 25_000})
	if err != nil {
		t.Fatal(err)
	}
	plan := planLatest(t, tbl)
	for _, c := range []struct {
		name    string
		pause   time.Duration // per 1024 rows
		workers int
	}{{"fast", 0, 2}, {"slow", 10 * time.Millisecond, 1}} {
		r, err := read.New(plan, read.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		it := r.Rows(context.Background())
		for n := 1; ; n++ {
			if _, err := it.Next(); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if c.pause > 0 && n%1024 == 0 {
				time.Sleep(c.pause)
			}
		}
		if got := read.StartedWorkers(it); got != c.workers {
			t.Errorf("%s consumer: %d workers started, want %d", c.name, got, c.workers)
		}
		it.Close()
	}
}
