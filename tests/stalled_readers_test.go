package tests

import (
	"bufio"
	"context"
	gosql "database/sql"
	"fmt"
	"github.com/go-sql-driver/mysql"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"net"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// stalledRows is the size of the table the stalled clients scan, as in
// issue 25: 3M rows (id, v, s) in six files of 500,000 rows, written by
// internal/gentable (15 s here; 28 MB of Parquet whose columns carry
// dictionaries of up to 1 MiB, which a scan decodes while it reads).
const stalledRows = 3_000_000

// TestHundredStalledReadersBoundedRSS (issue 25, item 5): 100 clients that
// each start a full scan of a 3M-row table, read one row and stop reading.
// What a stalled client holds must be bounded, so that memory grows with
// what clients read, not with how many stall: the paimon-sql binary's RSS
// (as the kernel counts it, its peak) must stay under stalledRSSBound and
// its live Go heap (GODEBUG=gctrace) under stalledHeapBound, and a client
// that reads on gets its whole result meanwhile.
//
// Measured under load 26-36 on two cores: RSS 787 MB and live heap 476 MB
// before scans shared decoding slots (core/read/slots.go), 497-532 MB and
// 182-208 MB after; the issue asked for at most 1 GB.
func TestHundredStalledReadersBoundedRSS(t *testing.T) {
	const (
		stalled          = 100
		stalledRSSBound  = 640 << 20
		stalledHeapBound = 320 << 20
	)
	dir := t.TempDir()
	start := time.Now()
	tbl, err := gentable.Write(dir, gentable.Options{Rows: stalledRows, RowsPerFile: 500_000})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d rows in %d files (%.0f MB) in %v", stalledRows, tbl.Files, float64(tbl.Bytes)/1e6, time.Since(start).Round(time.Millisecond))
	name := tbl.Options.Database + "." + tbl.Options.Table

	// gctrace prints the live heap after each collection: its peak is
	// the Go heap the stalled readers took.
	s := startBinary(t, []string{"GODEBUG=gctrace=1"}, "--warehouse", dir, "--conn-write-timeout", "2m", "--metrics-listen", "127.0.0.1:0")
	pid := s.cmd.Process.Pid
	admin := s.db(t)
	defer admin.Close()
	wantRows(t, admin, split(strconv.Itoa(stalledRows)), "SELECT COUNT(*) FROM "+name)
	base := procStatus(t, pid)
	t.Logf("before: RSS %.0f MB (peak %.0f MB)", base.rss/1e6, base.hwm/1e6)

	// The clients' sockets, closed at the end: closing a result set would
	// read it to its end.
	var (
		mu      sync.Mutex
		sockets []net.Conn
	)
	mysql.RegisterDialContext("stalled", func(ctx context.Context, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
		if err == nil {
			mu.Lock()
			sockets = append(sockets, c)
			mu.Unlock()
		}
		return c, err
	})
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr = "root", "stalled", s.sqlAddr
	clients, err := gosql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer clients.Close()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range sockets {
			_ = c.Close()
		}
	}()
	var wg sync.WaitGroup
	errs := make(chan error, stalled)
	for range stalled {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rs, err := clients.QueryContext(context.Background(), "SELECT * FROM "+name)
			if err == nil && !rs.Next() {
				err = fmt.Errorf("no first row: %v", rs.Err())
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// Let every scan fill its buffers and block on its client.
	var stalledAt procMem
	for range 10 {
		time.Sleep(time.Second)
		stalledAt = procStatus(t, pid)
	}
	_, exposition := httpGet(t, "http://"+s.httpAdr+"/metrics")
	heap := metricValue(t, exposition, "go_memstats_heap_inuse_bytes")
	t.Logf("%d stalled: RSS %.0f MB, peak RSS %.0f MB, Go heap in use %.0f MB, peak live heap %d MB", stalled, stalledAt.rss/1e6, stalledAt.hwm/1e6, heap/1e6, peakLiveHeap(s.log()))
	var running int
	for _, p := range processList(t, admin) {
		if strings.Contains(p, name) {
			running++
		}
	}
	if running != stalled {
		t.Errorf("%d statements running while measured, want the %d stalled ones", running, stalled)
	}
	if stalledAt.hwm > stalledRSSBound {
		t.Errorf("%d stalled readers took the server's RSS to %.0f MB, want under %d MiB", stalled, stalledAt.hwm/1e6, stalledRSSBound>>20)
	}
	if live := peakLiveHeap(s.log()); live > stalledHeapBound>>20 {
		t.Errorf("%d stalled readers took the server's live heap to %d MB, want under %d MiB", stalled, live, stalledHeapBound>>20)
	}
	// The stalled scans hold no decoding slot: a client that reads gets
	// every row.
	var v, str gosql.RawBytes
	rs, err := admin.Query("SELECT v, s FROM " + name)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rs.Next() {
		if err := rs.Scan(&v, &str); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if err := rs.Err(); err != nil || n != stalledRows {
		t.Errorf("a full scan beside the stalled ones: %d rows, %v; want %d", n, err, stalledRows)
	}
}

type procMem struct{ rss, hwm float64 }

// procStatus reads a process's resident set and its peak from
// /proc/<pid>/status.
func procStatus(t *testing.T, pid int) procMem {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var m procMem
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
		switch {
		case err != nil:
		case k == "VmRSS":
			m.rss = kb * 1024
		case k == "VmHWM":
			m.hwm = kb * 1024
		}
	}
	return m
}

var gcTraceLine = regexp.MustCompile(`(?m)^gc \d+ @.* \d+->\d+->(\d+) MB`)

// peakLiveHeap is the largest live heap (in MB) of a GODEBUG=gctrace=1 log.
func peakLiveHeap(log string) int {
	peak := 0
	for _, m := range gcTraceLine.FindAllStringSubmatch(log, -1) {
		n, _ := strconv.Atoi(m[1])
		peak = max(peak, n)
	}
	return peak
}
