package tests

import (
	"context"
	gosql "database/sql"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/server"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// Memory: results stream in bounded memory whatever their size, clients
// that stop reading are cut off, and a query memory limit stops statements
// that would hold more.

// memRows rows of ~110 bytes: ~110 MB of wire text, which go-mysql-server's
// own result path kept whole until the statement ended.
const memRows = 1_000_000

// bigWarehouse is a copy of the fixtures with big.t (id BIGINT, s
// VARCHAR(200)) holding memRows rows: ids 0 to memRows-1, s distinct (the
// id padded to 100 characters).
func bigWarehouse(t *testing.T) string {
	t.Helper()
	return warehouseWith(t, "CREATE DATABASE big", "CREATE TABLE big.t (id BIGINT, s VARCHAR(200))",
		"INSERT INTO big.t WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999) "+
			"SELECT a.i * 1000 + b.i, LPAD(a.i * 1000 + b.i, 100, 'x') FROM n a, n b")
}

// warehouseWith is a copy of the fixtures after stmts ran on it, for
// servers of its own to serve.
func warehouseWith(t *testing.T, stmts ...string) string {
	t.Helper()
	dir := testfixture.CopyWarehouse(t, testfixture.JavaWritten)
	srv := serveDirWith(t, dir, server.Config{})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, stmt := range stmts {
		mustQuery(t, c, stmt)
	}
	return dir
}

// liveHeap is the heap the last garbage collection found reachable.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// settledHeap collects garbage twice (the second empties the sync.Pools
// that libraries keep page buffers in) and returns the live heap.
func settledHeap() uint64 {
	runtime.GC()
	runtime.GC()
	return liveHeap()
}

// peakHeapGrowth runs f while collecting garbage every 100ms and returns
// the largest live heap seen above the one before f.
func peakHeapGrowth(f func()) uint64 {
	base := settledHeap()
	stop, done := make(chan struct{}), make(chan struct{})
	var peak uint64
	go func() {
		defer close(done)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				peak = max(peak, settledHeap())
			}
		}
	}()
	f()
	close(stop)
	<-done
	peak = max(peak, settledHeap())
	return max(peak, base) - base
}

// drain reads every row of a query as raw bytes, as a fast client does,
// and returns the row count and the sum of the first column.
func drain(q querier, sqlText string, args ...any) (n, sum int64, err error) {
	rs, err := q.QueryContext(context.Background(), sqlText, args...)
	if err != nil {
		return 0, 0, err
	}
	defer rs.Close()
	var id, s gosql.RawBytes
	for rs.Next() {
		if err := rs.Scan(&id, &s); err != nil {
			return n, sum, err
		}
		v, err := strconv.ParseInt(string(id), 10, 64)
		if err != nil {
			return n, sum, err
		}
		n, sum = n+1, sum+v
	}
	return n, sum, rs.Err()
}

func TestResultMemory(t *testing.T) {
	if inOwnProcess(t) {
		return
	}
	dir := bigWarehouse(t)
	const wantSum = memRows * (memRows - 1) / 2

	// A fast client reading 1M rows (text and binary protocol) while the
	// live heap is watched: the server holds a batch, not the result.
	t.Run("StreamsInBoundedHeap", func(t *testing.T) {
		srv := serveDirWith(t, dir, server.Config{})
		c, err := dial(t, srv)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		for _, tc := range []struct {
			name string
			sql  string
			args []any
		}{
			{"text protocol", "SELECT id, s FROM big.t", nil},
			{"prepared statement", "SELECT id, s FROM big.t WHERE id >= ?", []any{0}},
		} {
			var n, sum int64
			growth := peakHeapGrowth(func() { n, sum, err = drain(c, tc.sql, tc.args...) })
			if err != nil || n != memRows || sum != wantSum {
				t.Fatalf("%s: %d rows, sum %d, %v; want %d rows, sum %d", tc.name, n, sum, err, memRows, wantSum)
			}
			t.Logf("%s: live heap grew by at most %.1f MB while streaming %d rows", tc.name, float64(growth)/1e6, n)
			if growth > 64<<20 {
				t.Errorf("%s: the live heap grew by %.0f MB while streaming ~110 MB of rows, want under 64 MB", tc.name, float64(growth)/1e6)
			}
		}
	})

	// Clients that read one row and stop: each holds one result batch and
	// its scan's queued batches (not its result, nor, a second after the
	// scan stopped, its open file's pages and dictionaries) while stalled,
	// and the write timeout cuts them off, ending their scans and releasing
	// that memory.
	t.Run("StalledReadersAreCutOff", func(t *testing.T) {
		if server.DefaultConnWriteTimeout > time.Minute {
			t.Errorf("DefaultConnWriteTimeout = %v: a stalled client would hold its statement that long", server.DefaultConnWriteTimeout)
		}
		const writeTimeout, stalled = 5 * time.Second, 10
		srv := serveDirWith(t, dir, server.Config{ConnWriteTimeout: writeTimeout})
		admin, err := dial(t, srv)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		// The server's caches of the table's metadata are not the readers'.
		mustQuery(t, admin, "SELECT id FROM big.t LIMIT 1")
		base := settledHeap()
		var open []*gosql.Rows
		// The live heap while the readers start, fill the socket buffers and
		// block: each scan holds its open file's pages until it suspends
		// (measured: 63 MB for the 10 with the server's 128 KiB send
		// buffers, 75 MB with the kernel's autotuned ones; a scan reading
		// ahead whole files would hold far more).
		peak := peakHeapGrowth(func() {
			stallReaders(t, srv, stalled, &open)
			time.Sleep(2 * time.Second)
		})
		t.Logf("%d stalled readers: live heap grew by at most %.1f MB while they started", stalled, float64(peak)/1e6)
		if peak > stalled*8<<20 {
			t.Errorf("%d stalled readers grew the live heap by %.0f MB while they started, want under 8 MB each", stalled, float64(peak)/1e6)
		}
		running := func() int { return strings.Count(strings.Join(processList(t, admin), "\n"), "big.t") }
		held := max(settledHeap(), base) - base
		t.Logf("%d stalled readers hold %.1f MB of live heap", stalled, float64(held)/1e6)
		if n := running(); n != stalled {
			t.Fatalf("%d statements running when measured, want the %d stalled ones", n, stalled)
		}
		if held > stalled*4<<20 {
			t.Errorf("%d stalled readers hold %.0f MB of live heap, want under 4 MB each", stalled, float64(held)/1e6)
		}

		if !waitFor(writeTimeout+10*time.Second, func() bool { return running() == 0 && readerGoroutines() == 0 }) {
			t.Fatalf("%d statements and %d reader goroutines left %v after the write timeout", running(), readerGoroutines(), writeTimeout)
		}
		if left := max(settledHeap(), base) - base; left > 16<<20 {
			t.Errorf("%.0f MB of live heap still held after the stalled clients were cut off", float64(left)/1e6)
		}
		for _, rs := range open {
			n := 1
			for rs.Next() {
				n++
			}
			if rs.Err() == nil || n >= memRows {
				t.Errorf("a cut-off client read %d rows and error %v, want fewer than %d and an error", n, rs.Err(), memRows)
			}
		}
		wantRows(t, admin, split(strconv.Itoa(memRows)), "SELECT COUNT(*) FROM big.t")
	})

	// With a limit 64 MB above the current heap, sorting 1M rows (which
	// keeps them all) fails with ER_OUT_OF_RESOURCES, a full scan streams,
	// and the server serves on.
	t.Run("QueryMemoryLimit", func(t *testing.T) {
		srv := serveDirWith(t, dir, server.Config{QueryMemoryLimit: settledHeap() + 64<<20})
		c, err := dial(t, srv)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_, _, err = drain(c, "SELECT id, s FROM big.t ORDER BY s DESC, id DESC")
		if mysqlErrNumber(err) != 1041 || !strings.Contains(err.Error(), "query memory limit exceeded") {
			t.Errorf("sorting 1M rows under a 64 MB budget: %v, want error 1041 query memory limit exceeded", err)
		}
		if n, sum, err := drain(c, "SELECT id, s FROM big.t"); err != nil || n != memRows || sum != wantSum {
			t.Errorf("full scan under the budget: %d rows, sum %d, %v", n, sum, err)
		}
		wantRows(t, c, split("999999|"+strings.Repeat("x", 94)+"999999"), "SELECT id, s FROM big.t ORDER BY id DESC LIMIT 1")
	})
}

// stallReaders opens n clients that each read the first row of big.t and
// stop reading; their result sets go to open.
func stallReaders(t *testing.T, srv *server.Server, n int, open *[]*gosql.Rows) {
	t.Helper()
	for range n {
		c, err := dial(t, srv)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		rs, err := c.QueryContext(context.Background(), "SELECT id, s FROM big.t")
		if err != nil {
			t.Fatal(err)
		}
		if !rs.Next() {
			t.Fatalf("no first row: %v", rs.Err())
		}
		*open = append(*open, rs)
	}
}
