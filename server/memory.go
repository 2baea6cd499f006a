package server

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dustin/go-humanize"
)

// queryMemory is the global memory budget of query execution, checked two
// ways; past it, a statement fails with ER_OUT_OF_RESOURCES instead of the
// process running out of memory:
//   - counted: the rows that sorts (ORDER BY, top-N), GROUP BY, DISTINCT,
//     hash-join build tables and window inputs keep are counted in
//     estimated bytes (go-mysql-server's MemoryManager.Grow, one account
//     per statement, given back when it ends), and all running
//     statements' together may not pass the limit. The count is
//     deterministic: a statement that keeps more than the limit always
//     fails, at the row that passes it;
//   - sampled: Go cannot tell which statement owns which other bytes, so
//     the server's live heap (what the last garbage collection found
//     reachable) is checked too, by go-mysql-server's row caches before
//     they keep a row (queryMemory is the sql.Reporter of the engine's
//     MemoryManager), by the result path before the first full batch of a
//     result (result.go; smaller results are never refused, so SHOW
//     PROCESSLIST and KILL work above the limit) and for statement text.
//
// Scans are not metered one by one: their buffers are bounded (a few batches
// per scan) and the heap check sees them.
type queryMemory struct {
	limit uint64
	calls atomic.Uint64
	live  atomic.Uint64 // sampled /gc/heap/live:bytes
	// lastGC is when check last collected garbage (unix nanoseconds).
	lastGC atomic.Int64

	mu     sync.Mutex // guards sample, which metrics.Read fills
	sample [1]metrics.Sample
}

// heapSampleEvery is how many calls reuse a sample of the live heap: reading
// it costs ~300ns and GMS's caches ask once per row.
const heapSampleEvery = 1024

// gcEvery bounds how often check collects garbage: with many statements
// starting while the heap is over the limit, one collection serves them all.
const gcEvery = 100 * time.Millisecond

var _ sql.Reporter = (*queryMemory)(nil)

func newQueryMemory(limit uint64) *queryMemory {
	m := &queryMemory{limit: limit}
	m.sample[0].Name = "/gc/heap/live:bytes"
	m.read()
	return m
}

// MaxMemory implements sql.Reporter.
func (m *queryMemory) MaxMemory() uint64 { return m.limit }

// UsedMemory implements sql.Reporter. Above the limit it reads the heap
// afresh: GMS collects garbage and asks again before it gives up.
func (m *queryMemory) UsedMemory() uint64 {
	if m.calls.Add(1)%heapSampleEvery == 0 {
		return m.read()
	}
	if v := m.live.Load(); v < m.limit {
		return v
	}
	return m.read()
}

func (m *queryMemory) read() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	metrics.Read(m.sample[:])
	v := m.sample[0].Value.Uint64()
	m.live.Store(v)
	return v
}

// check fails when the live heap is above the limit. The live heap is what
// the last collection found, which may predate the end of a large statement:
// above the limit, check collects garbage (at most every gcEvery) and looks
// again.
func (m *queryMemory) check() error { return m.checkFor(0) }

// CheckFor is checkFor for go-mysql-server's string functions
// (sql.ByteChecker, a patch): one about to build a result of n bytes
// (more than 1 MiB) asks first.
func (m *queryMemory) CheckFor(n uint64) error { return m.checkFor(n) }

// checkFor fails when n more bytes would take the live heap above the
// limit, as check does.
func (m *queryMemory) checkFor(n uint64) error {
	if m.UsedMemory()+n < m.limit {
		return nil
	}
	if last := m.lastGC.Load(); time.Since(time.Unix(0, last)) >= gcEvery && m.lastGC.CompareAndSwap(last, time.Now().UnixNano()) {
		runtime.GC()
	}
	if m.read()+n < m.limit {
		return nil
	}
	return m.exceeded()
}

// statementTextCopies is how many copies of a statement's text running it
// makes, at most: the parser's tokens and tree, the plan's strings, the
// process list and the logs. A statement is refused when that much more
// memory would take the heap above the limit: three statements of 300 MiB
// took a server limited to 1 GiB to 5.9 GiB.
const statementTextCopies = 4

// checkStatement fails when running a statement of n bytes would take the
// live heap above the limit.
func (m *queryMemory) checkStatement(n int) error {
	return m.checkFor(uint64(n) * statementTextCopies)
}

func (m *queryMemory) exceeded() error {
	return mysql.NewSQLError(mysql.EROutOfResources, mysql.SSUnknownSQLState,
		"query memory limit exceeded: the statement needs more memory than the query memory limit (%s) leaves; the statement was stopped",
		humanize.IBytes(m.limit))
}

// keptRowsExceeded is exceeded for the counted rows, which say what took
// the memory.
func (m *queryMemory) keptRowsExceeded() error {
	return mysql.NewSQLError(mysql.EROutOfResources, mysql.SSUnknownSQLState,
		"query memory limit exceeded: the rows that running statements keep for sorts, GROUP BY, DISTINCT, hash joins and windows, and their regular expressions (about 64 MiB each), would pass the query memory limit (%s); the statement was stopped",
		humanize.IBytes(m.limit))
}

// DefaultQueryMemoryLimit is half the memory of the machine or of its
// container (cgroup v2 memory.max), or 1 GiB when neither can be read.
func DefaultQueryMemoryLimit() uint64 {
	total := machineMemory()
	if c := cgroupMemoryLimit(); c > 0 && (total == 0 || c < total) {
		total = c
	}
	if total == 0 {
		return 1 << 30
	}
	return total / 2
}

// machineMemory is MemTotal of /proc/meminfo, 0 when unknown.
func machineMemory() uint64 {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			kb, err := strconv.ParseUint(f[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// cgroupMemoryLimit is the memory.max of the process's cgroup (v2), 0 when
// unlimited or unknown.
func cgroupMemoryLimit() uint64 {
	data, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	if err != nil { // "max"
		return 0
	}
	return n
}
