package tests

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// A result row of a million columns (SELECT 1,1,...,1: 2 MB of text) made
// the server ask room for 128 such rows at once, 4.3 GiB of heap for one
// row; the batch now grows with the rows it holds (680 MiB measured, most
// of it the statement's parse tree, plan and the client's copy, all in
// this process).
func TestWideRowResultHeapBounded(t *testing.T) {
	e := startServer(t, nil)
	var peak uint64
	stop, stopped := make(chan bool), make(chan bool)
	go func() {
		defer close(stopped)
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				peak = max(peak, m.HeapAlloc)
			}
		}
	}()
	res, err := query(e.db, "SELECT 1"+strings.Repeat(",1", 999999))
	close(stop)
	<-stopped
	if err != nil || len(res.cols) != 1000000 || len(res.rows) != 1 {
		t.Fatalf("%d columns, %d rows, %v; want one row of 1,000,000 columns", len(res.cols), len(res.rows), err)
	}
	t.Logf("peak heap %d MiB", peak>>20)
	if peak > 2<<30 {
		t.Errorf("peak heap %d MiB for one row of a million columns, want under 2 GiB", peak>>20)
	}
}
