// Command paimon-membench measures the server's memory over the wire: it
// generates an append table (id BIGINT, v INT, s STRING) with
// internal/gentable, serves it with the paimon-sql server in a child
// process (so the RSS is the server's alone), and reports the child's RSS
//
//   - idle, after a first query;
//   - while a fast client streams the whole table (peak);
//   - while -stalled clients each read one row of the whole table and stop
//     reading;
//   - after the write timeout cut those clients off (with the statements
//     still running).
//
// Run it with:
//
//	go run ./cmd/paimon-membench -rows 10000000 -stalled 100
package main

import (
	"bufio"
	"context"
	gosql "database/sql"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	_ "github.com/go-sql-driver/mysql"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/server"
)

func main() {
	rows := flag.Int64("rows", 10_000_000, "rows of the generated table")
	perFile := flag.Int("rows-per-file", 500_000, "rows per data file")
	dir := flag.String("dir", "", "warehouse directory (default: a temporary directory, removed at exit)")
	stalled := flag.Int("stalled", 100, "clients that read one row and stop")
	writeTimeout := flag.Duration("write-timeout", 20*time.Second, "the server's write timeout")
	memoryLimit := flag.String("query-memory-limit", "", "the server's --query-memory-limit (default: the server's default)")
	heapProfile := flag.String("heapprofile", "", "write a heap profile of the server with the stalled readers to this file")
	serve := flag.String("serve", "", "internal: serve this warehouse and print the address")
	flag.Parse()
	var err error
	if *serve != "" {
		err = serveChild(*serve, *writeTimeout, *memoryLimit)
	} else {
		err = run(*rows, *perFile, *dir, *stalled, *writeTimeout, *memoryLimit, *heapProfile)
	}
	if err != nil {
		log.Fatal(err)
	}
}

// serveChild serves dir until its standard input closes, with the memory
// settings of cmd/paimon-sql: the query memory limit is also the runtime's
// soft memory limit.
func serveChild(dir string, writeTimeout time.Duration, memoryLimit string) error {
	limit := server.DefaultQueryMemoryLimit()
	if memoryLimit != "" {
		n, err := humanize.ParseBytes(memoryLimit)
		if err != nil {
			return err
		}
		limit = n
	}
	debug.SetMemoryLimit(int64(limit))
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return err
	}
	defer fsys.Close()
	provider, err := catalog.NewProvider(ctx, fsys)
	if err != nil {
		return err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	server.RouteLibraryLogs(quiet)
	srv, err := server.New(server.Config{Listen: "127.0.0.1:0", ConnWriteTimeout: writeTimeout, MaxConnections: 1000, QueryMemoryLimit: limit},
		provider, server.Options{Logger: quiet})
	if err != nil {
		return err
	}
	go func() { _ = srv.Start() }()
	pprofLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() { _ = http.Serve(pprofLn, nil) }() // net/http/pprof's handlers
	fmt.Println(srv.Addr(), pprofLn.Addr())
	_, _ = io.Copy(io.Discard, os.Stdin)
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return nil
}

func run(rows int64, perFile int, dir string, stalled int, writeTimeout time.Duration, memoryLimit, heapProfile string) error {
	if dir == "" {
		tmp, err := os.MkdirTemp("", "paimon-membench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	start := time.Now()
	tbl, err := gentable.Write(dir, gentable.Options{Rows: rows, RowsPerFile: perFile})
	if err != nil {
		return err
	}
	fmt.Printf("generated %d rows in %d files (%.1f MB) in %v\n", rows, tbl.Files, float64(tbl.Bytes)/1e6, time.Since(start).Round(time.Millisecond))

	child := exec.Command(os.Args[0], "-serve", dir, "-write-timeout", writeTimeout.String(), "-query-memory-limit", memoryLimit)
	child.Stderr = os.Stderr
	stdin, err := child.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := child.StdoutPipe()
	if err != nil {
		return err
	}
	if err := child.Start(); err != nil {
		return err
	}
	defer func() {
		_ = stdin.Close()
		_ = child.Wait()
	}()
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return fmt.Errorf("server address: %w", err)
	}
	addrs := strings.Fields(addr)
	dsn := fmt.Sprintf("root@tcp(%s)/%s", addrs[0], tbl.Options.Database)
	pprofURL := "http://" + addrs[1] + "/debug/pprof/heap?gc=1"
	liveHeap := func() uint64 { return heapAlloc(pprofURL + "&debug=1") }
	pid := child.Process.Pid

	db, err := gosql.Open("mysql", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	var n int64
	if err := db.QueryRow("SELECT COUNT(*) FROM " + tbl.Options.Table).Scan(&n); err != nil {
		return err
	}
	fmt.Printf("server RSS idle: %s\n", mb(rss(pid, "VmRSS")))

	full := "SELECT id, v, s FROM " + tbl.Options.Table
	peak, d, got, err := streamWatchingRSS(db, full, pid)
	if err != nil {
		return err
	}
	if got != rows {
		return fmt.Errorf("%s: %d rows, want %d", full, got, rows)
	}
	fmt.Printf("streaming %d rows to a fast client: server RSS peak %s (sampled every 20ms; VmHWM %s), %.0f rows/s\n",
		got, mb(peak), mb(rss(pid, "VmHWM")), float64(got)/d.Seconds())

	if stalled == 0 {
		return nil
	}
	return stallReaders(dsn, full, pid, stalled, writeTimeout, db, liveHeap, func() error {
		if heapProfile == "" {
			return nil
		}
		return saveURL(pprofURL, heapProfile)
	})
}

// streamWatchingRSS reads every row of q as raw bytes while sampling the
// server's RSS.
func streamWatchingRSS(db *gosql.DB, q string, pid int) (peak uint64, d time.Duration, n int64, err error) {
	stop := make(chan struct{})
	done := make(chan uint64)
	go func() {
		var p uint64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				done <- p
				return
			case <-tick.C:
				p = max(p, rss(pid, "VmRSS"))
			}
		}
	}()
	start := time.Now()
	n, err = drain(db, q)
	d = time.Since(start)
	close(stop)
	return <-done, d, n, err
}

func drain(db *gosql.DB, q string) (int64, error) {
	rs, err := db.Query(q)
	if err != nil {
		return 0, err
	}
	defer rs.Close()
	var a, b, c gosql.RawBytes
	var n int64
	for rs.Next() {
		if err := rs.Scan(&a, &b, &c); err != nil {
			return n, err
		}
		n++
	}
	return n, rs.Err()
}

// stallReaders opens clients that read one row of q and stop, reports the
// server's RSS while they are stalled and after the write timeout.
func stallReaders(dsn, q string, pid, stalled int, writeTimeout time.Duration, admin *gosql.DB, liveHeap func() uint64, profile func() error) error {
	before := rss(pid, "VmRSS")
	var dbs []*gosql.DB
	defer func() {
		for _, db := range dbs {
			_ = db.Close()
		}
	}()
	start := time.Now()
	errs := make(chan error, stalled)
	for range stalled {
		db, err := gosql.Open("mysql", dsn)
		if err != nil {
			return err
		}
		dbs = append(dbs, db)
		go func() { errs <- readOneRow(db, q) }()
	}
	var refused []string
	for range stalled {
		if err := <-errs; err != nil {
			refused = append(refused, err.Error())
		}
	}
	setUp := time.Now()
	waitStableRSS(pid) // the statements fill the socket buffers and block
	fmt.Printf("%d stalled readers: server RSS %s once stable (before them %s; %d running statements; set up in %v, stable after %v)\n",
		stalled, mb(rss(pid, "VmRSS")), mb(before), running(admin, q), setUp.Sub(start).Round(time.Millisecond), time.Since(setUp).Round(time.Second))
	cutOff := time.Now()
	if len(refused) > 0 {
		fmt.Printf("  %d of them were refused, e.g. %s\n", len(refused), refused[0])
	}
	if err := profile(); err != nil {
		return err
	}
	// On 2 shared cores the last statements fill their sockets well after
	// the RSS first looks stable; their scans then wait a second before
	// releasing their files. Measure again shortly before the write timeout.
	if wait := writeTimeout - 10*time.Second - time.Since(cutOff); wait > 0 {
		time.Sleep(wait)
		fmt.Printf("  %v later, still stalled: server RSS %s, live heap %s (%d running statements)\n",
			time.Since(cutOff).Round(time.Second), mb(rss(pid, "VmRSS")), mb(liveHeap()), running(admin, q))
	}
	// Statements that reached their first blocked write late (2 cores for
	// all the scans) are cut off later.
	time.Sleep(writeTimeout + 15*time.Second - time.Since(cutOff))
	fmt.Printf("after the write timeout (%v): server RSS %s, %d running statements\n",
		writeTimeout, mb(rss(pid, "VmRSS")), running(admin, q))
	return nil
}

// waitStableRSS waits until the RSS of pid grew less than 1% in each of 3
// consecutive seconds (at most 3 minutes).
func waitStableRSS(pid int) {
	last, stable := rss(pid, "VmRSS"), 0
	for deadline := time.Now().Add(3 * time.Minute); stable < 3 && time.Now().Before(deadline); {
		time.Sleep(time.Second)
		now := rss(pid, "VmRSS")
		if now < last+last/100 {
			stable++
		} else {
			stable = 0
		}
		last = now
	}
}

// readOneRow runs q, reads one row and leaves the result open and unread:
// the server blocks writing to this client.
func readOneRow(db *gosql.DB, q string) error {
	rs, err := db.Query(q)
	if err != nil {
		return err
	}
	if !rs.Next() {
		return fmt.Errorf("no first row: %v", rs.Err())
	}
	return nil
}

// saveURL writes the body of a GET of url to path.
func saveURL(url, path string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// heapAlloc is the HeapAlloc of a heap profile's text form at url (after a
// collection when the url asks for one), 0 if it cannot be read.
func heapAlloc(url string) uint64 {
	resp, err := http.Get(url)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "# HeapAlloc = "); ok {
			n, _ := strconv.ParseUint(v, 10, 64)
			return n
		}
	}
	return 0
}

// running counts the statements q in the server's process list.
func running(db *gosql.DB, q string) int {
	rs, err := db.Query("SHOW PROCESSLIST")
	if err != nil {
		return -1
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	vals := make([]gosql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	n := 0
	for rs.Next() {
		if rs.Scan(ptrs...) == nil {
			for _, v := range vals {
				if v.String == q {
					n++
				}
			}
		}
	}
	return n
}

// rss is a field of /proc/pid/status (VmRSS, VmHWM) in bytes.
func rss(pid int, field string) uint64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == field+":" {
			kb, _ := strconv.ParseUint(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func mb(n uint64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }
