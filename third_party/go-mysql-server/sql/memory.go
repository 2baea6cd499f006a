// Copyright 2020-2021 Dolthub, Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package sql

import (
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	errors "gopkg.in/src-d/go-errors.v1"
)

// Disposable objects can erase all their content when they're no longer in use.
// Expressions and Nodes that implement Disposable will have Dispose called on them as a final stage of query
// execution. This can be used to clean up cached memory that wouldn't get caught via the normal garbage collection
// process.
type Disposable interface {
	// Dispose the contents.
	Dispose()
}

func Dispose(i interface{}) {
	if d, ok := i.(Disposable); ok {
		d.Dispose()
	}
}

// Freeable objects can free their memory.
type Freeable interface {
	// Free the memory.
	Free()
}

// KeyValueCache is a cache of key value pairs.
type KeyValueCache interface {
	// Put a new value in the cache.
	Put(uint64, interface{}) error
	// Get the value with the given key. An error is returned if the specified key does not exist.
	Get(uint64) (interface{}, error)
	// Size returns the number of elements in the cache.
	Size() int
}

// RowsCache is a cache of rows.
type RowsCache interface {
	// Add a new row to the cache. If there is no memory available, it will try to
	// free some memory. If after that there is still no memory available, it
	// will return an error and erase all the content of the cache.
	Add(Row) error
	// Get returns all rows.
	Get() []Row
}

// Rows2Cache is a cache of Row2s.
type Rows2Cache interface {
	RowsCache
	// Add2 a new row to the cache. If there is no memory available, it will try to
	// free some memory. If after that there is still no memory available, it
	// will return an error and erase all the content of the cache.
	Add2(Row2) error
	// Get2 gets all rows.
	Get2() []Row2
}

// ErrNoMemoryAvailable is returned when there is no more available memory.
var ErrNoMemoryAvailable = errors.NewKind("no memory available")

// ErrKeptRowsOverLimit is MemoryManager.Grow's refusal (paimon-sql).
var ErrKeptRowsOverLimit = errors.NewKind("the rows kept by sorts, groups, joins and windows, and the regular expressions, would pass the memory limit")

const maxMemoryKey = "MAX_MEMORY"

const (
	b   = 1
	kib = 1024 * b
	mib = 1024 * kib
)

var maxMemory = func() uint64 {
	val := os.Getenv(maxMemoryKey)
	var v uint64
	if val != "" {
		var err error
		v, err = strconv.ParseUint(val, 10, 64)
		if err != nil {
			panic("MAX_MEMORY environment variable must be a number, but got: " + val)
		}
	}

	return v * uint64(mib)
}()

// Reporter is a component that gives information about the memory usage.
type Reporter interface {
	// MaxMemory returns the maximum number of memory allowed in bytes.
	MaxMemory() uint64
	// UsedMemory returns the memory in use in bytes.
	UsedMemory() uint64
}

// ProcessMemory is a reporter for the memory used by the process and the
// maximum amount of memory allowed controlled by the MAX_MEMORY environment
// variable.
var ProcessMemory Reporter = new(processReporter)

type processReporter struct{}

func (processReporter) UsedMemory() uint64 {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	return s.HeapInuse + s.StackInuse
}

func (processReporter) MaxMemory() uint64 { return maxMemory }

// HasAvailableMemory reports whether more memory is available to the program if
// it hasn't reached the max memory limit.
func HasAvailableMemory(r Reporter) bool {
	maxMemory := r.MaxMemory()
	if maxMemory == 0 {
		return true
	}

	return r.UsedMemory() < maxMemory
}

// MemoryManager is in charge of keeping track and managing all the components that operate
// in memory. There should only be one instance of a memory manager running at the
// same time in each process.
type MemoryManager struct {
	mu       sync.RWMutex
	reporter Reporter
	caches   map[uint64]Disposable
	token    uint64
	// paimon-sql: the bytes of rows that buffers hold (Grow), nil in a
	// manager that does not count them; see ForQuery.
	held  *heldBytes
	total *atomic.Int64 // paimon-sql: of the queries ForQuery made
}

// NewMemoryManager creates a new manager with the given memory reporter. If nil is given,
// then the Process reporter will be used by default.
func NewMemoryManager(r Reporter) *MemoryManager {
	if r == nil {
		r = ProcessMemory
	}

	return &MemoryManager{
		reporter: r,
		caches:   make(map[uint64]Disposable),
		total:    new(atomic.Int64), // paimon-sql
	}
}

// paimon-sql: ByteChecker is a Reporter that can tell whether n more bytes
// fit under its limit (the server's live-heap check).
type ByteChecker interface {
	CheckFor(n uint64) error
}

// CheckFor fails when n more bytes would take the memory the reporter
// watches past its limit; nil when the reporter cannot tell. paimon-sql:
// what string functions ask before they build a large result.
func (m *MemoryManager) CheckFor(n uint64) error {
	if c, ok := m.reporter.(ByteChecker); ok {
		return c.CheckFor(n)
	}
	return nil
}

// HasAvailable reports whether the memory manager has any available memory.
func (m *MemoryManager) HasAvailable() bool {
	return HasAvailableMemory(m.reporter)
}

// DisposeFunc is a function to completely erase a cache and remove it from the manager.
type DisposeFunc func()

// NewLRUCache returns an empty LRU cache and a function to dispose it when it's
// no longer needed.
func (m *MemoryManager) NewLRUCache(size uint) (KeyValueCache, DisposeFunc) {
	c := newLRUCache(m, m.reporter, size)
	pos := m.addCache(c)
	return c, func() {
		c.Dispose()
		m.removeCache(pos)
	}
}

// NewHistoryCache returns an empty history cache and a function to dispose it when it's
// no longer needed.
func (m *MemoryManager) NewHistoryCache() (KeyValueCache, DisposeFunc) {
	c := newHistoryCache(m, m.reporter)
	pos := m.addCache(c)
	return c, func() {
		c.Dispose()
		m.removeCache(pos)
	}
}

// NewRowsCache returns an empty rows cache and a function to dispose it when it's
// no longer needed.
func (m *MemoryManager) NewRowsCache() (RowsCache, DisposeFunc) {
	c := newRowsCache(m, m.reporter)
	pos := m.addCache(c)
	return c, func() {
		c.Dispose()
		m.removeCache(pos)
	}
}

// NewRowsCache returns an empty rows cache and a function to dispose it when it's
// no longer needed.
func (m *MemoryManager) NewRows2Cache() (Rows2Cache, DisposeFunc) {
	c := newRowsCache(m, m.reporter)
	pos := m.addCache(c)
	return c, func() {
		c.Dispose()
		m.removeCache(pos)
	}
}

func (m *MemoryManager) addCache(c Disposable) (pos uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.token++
	m.caches[m.token] = c
	return m.token
}

func (m *MemoryManager) removeCache(pos uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.caches, pos)

	if len(m.caches) == 0 {
		m.token = 0
	}
}

// Free the memory of all freeable caches.
func (m *MemoryManager) Free() {
	m.mu.RLock()
	defer m.mu.RUnlock()

	for _, c := range m.caches {
		if f, ok := c.(Freeable); ok {
			f.Free()
		}
	}
}

func (m *MemoryManager) NumCaches() int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.caches)
}

// paimon-sql: the rows that sorts, GROUP BY, DISTINCT, hash-join build
// tables and window inputs keep are counted in bytes (EstimateRowBytes)
// against the reporter's MaxMemory, summed over all running queries, and a
// buffer that would pass it fails with ErrKeptRowsOverLimit. The count is
// deterministic, unlike the reporter's live heap, which lags the
// allocations by up to a garbage collection. Each query has its own
// manager (ForQuery), which forgets everything the query counted when it
// ends (EndQuery), whatever its iterators did.

// heldBytes is what one query's buffers hold, and the total of all.
type heldBytes struct {
	mu    sync.Mutex
	bytes int64
	ended bool
	total *atomic.Int64
}

// ForQuery is a manager for one query: its caches are its own, and its
// buffers count against the limit together with every other query's of m.
func (m *MemoryManager) ForQuery() *MemoryManager {
	return &MemoryManager{reporter: m.reporter, caches: make(map[uint64]Disposable),
		held: &heldBytes{total: m.total}, total: m.total}
}

// Grow counts n more bytes held by the query's buffers, or fails with
// ErrKeptRowsOverLimit when all queries would then hold more than
// MaxMemory (nothing is counted then).
func (m *MemoryManager) Grow(n int64) error {
	if m == nil || m.held == nil || n <= 0 {
		return nil
	}
	h := m.held
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended {
		return nil
	}
	limit := m.reporter.MaxMemory()
	if t := h.total.Add(n); limit > 0 && uint64(t) > limit {
		h.total.Add(-n)
		return ErrKeptRowsOverLimit.New()
	}
	h.bytes += n
	return nil
}

// Shrink uncounts n bytes that a buffer no longer holds (at most what the
// query holds).
func (m *MemoryManager) Shrink(n int64) {
	if m == nil || m.held == nil || n <= 0 {
		return
	}
	h := m.held
	h.mu.Lock()
	defer h.mu.Unlock()
	n = min(n, h.bytes)
	h.bytes -= n
	h.total.Add(-n)
}

// EndQuery uncounts everything the query's buffers held; later calls of
// Grow and Shrink count nothing.
func (m *MemoryManager) EndQuery() {
	if m == nil || m.held == nil {
		return
	}
	h := m.held
	h.mu.Lock()
	defer h.mu.Unlock()
	h.total.Add(-h.bytes)
	h.bytes, h.ended = 0, true
}

// CountedBytes is what one buffer counted with its query's manager
// (paimon-sql).
type CountedBytes struct {
	m *MemoryManager
	n int64
}

// Grow counts n more bytes with m (see MemoryManager.Grow).
func (c *CountedBytes) Grow(m *MemoryManager, n int64) error {
	if err := m.Grow(n); err != nil {
		return err
	}
	c.m, c.n = m, c.n+n
	return nil
}

// Release uncounts what c counted.
func (c *CountedBytes) Release() {
	c.m.Shrink(c.n)
	c.n = 0
}

// EstimateRowBytes is about what a kept row holds (paimon-sql): its
// slice, an interface per value, and the bytes of strings and byte
// slices; other values count a machine word or two.
func EstimateRowBytes(row Row) int64 {
	n := int64(24 + 16*len(row))
	for _, v := range row {
		n += estimateValueBytes(v)
	}
	return n
}

func estimateValueBytes(v any) int64 {
	switch v := v.(type) {
	case nil, bool, int8, uint8:
		return 0
	case string:
		return 16 + int64(len(v))
	case []byte:
		return 24 + int64(len(v))
	case Row:
		return EstimateRowBytes(v)
	case []AggregationBuffer:
		return 24 + 64*int64(len(v))
	case JSONWrapper:
		// A document's tree: a running JSON_ARRAYAGG OVER (ORDER BY ...)
		// keeps one per row, each larger than the last.
		if doc, err := v.ToInterface(); err == nil {
			return 16 + estimateJSONBytes(doc)
		}
		return 16
	default:
		return 16
	}
}

// estimateJSONBytes is about what a JSON value's Go tree holds (paimon-sql).
func estimateJSONBytes(v any) int64 {
	switch v := v.(type) {
	case string:
		return 16 + int64(len(v))
	case []any:
		n := int64(24)
		for _, e := range v {
			n += estimateJSONBytes(e)
		}
		return n
	case map[string]any:
		n := int64(48)
		for k, e := range v {
			n += 16 + int64(len(k)) + estimateJSONBytes(e)
		}
		return n
	default:
		return 16
	}
}
