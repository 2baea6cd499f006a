package table

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
)

// Runtime is the state one process keeps about the tables it opens, which
// every open of a table through it shares: core/commit's commit queue and
// snapshot-creation lock, core/maintenance's schedule and its one run at a
// time. Two handles on one table must share them, or their commits would
// race for every snapshot id and their maintenance runs for the same files.
// The server makes one (catalog.Provider) and every catalog of the process
// (SQL, procedures, REST, the metastore catalogs) opens tables with it. It
// also counts the background work started for its tables, so that shutdown
// can wait for it (Wait).
type Runtime struct {
	states sync.Map // stateKey -> *T of the state's type
	clock  atomic.Pointer[func() time.Time]

	bgMu      sync.Mutex
	bgRunning int        // background functions running, guarded by bgMu
	bgIdle    *sync.Cond // broadcast when bgRunning drops to 0
}

// stateKey names one kind of state of one table or branch: its type and
// the location of the snapshot directory (or, DirectoryStateOf, the table
// directory) it is kept for.
type stateKey struct {
	kind     reflect.Type
	location string
}

// NewRuntime returns a Runtime that shares nothing yet.
func NewRuntime() *Runtime {
	r := &Runtime{}
	r.bgIdle = sync.NewCond(&r.bgMu)
	return r
}

// Open opens db.name of the filesystem catalog on the given branch ("" or
// "main" for the table itself), sharing r's state with the other opens.
func (r *Runtime) Open(ctx context.Context, fsys *fs.FS, db, name, branch string) (*Table, error) {
	t, err := Open(ctx, fsys, db, name, branch)
	return r.adopt(t, err)
}

// OpenIn opens db.name on the given branch at the location the catalog ms
// records for it, with the catalog's commit lock, sharing r's state with
// the other opens.
func (r *Runtime) OpenIn(ctx context.Context, fsys *fs.FS, ms metastore.Metastore, db, name, branch string) (*Table, error) {
	t, err := OpenIn(ctx, fsys, ms, db, name, branch)
	return r.adopt(t, err)
}

func (r *Runtime) adopt(t *Table, err error) (*Table, error) {
	if err != nil {
		return nil, err
	}
	t.Runtime = r
	return t, nil
}

// StateOf returns the state of type T that t's runtime keeps for t's
// snapshot directory (the table or its branch), a zero T made at first
// use. A table built without a runtime shares nothing: each call returns a
// new T.
func StateOf[T any](t *Table) *T {
	if t.Runtime == nil {
		return new(T)
	}
	key := stateKey{reflect.TypeFor[T](), t.FS.Location(t.Snapshots.Dir())}
	v, _ := t.Runtime.states.LoadOrStore(key, new(T))
	return v.(*T)
}

// DirectoryStateOf is StateOf for t's table directory as a whole: one T
// for the table and all its branches, for what must exclude them all
// (a rename of the directory and the commits into it).
func DirectoryStateOf[T any](t *Table) *T {
	if t.Runtime == nil {
		return new(T)
	}
	key := stateKey{reflect.TypeFor[T](), t.FS.Location(t.Root)}
	v, _ := t.Runtime.states.LoadOrStore(key, new(T))
	return v.(*T)
}

// Now is the clock of r's tables: the time commits record (snapshot
// times, data file creation times, tag creation times) and the time by
// which ages are judged (snapshot, tag, partition and consumer expiry,
// orphan files, how long a listing of the warehouse is trusted). It is the
// wall clock unless SetClock set another; a table built without a runtime
// uses the wall clock.
func (r *Runtime) Now() time.Time {
	if r != nil {
		if now := r.clock.Load(); now != nil {
			return (*now)()
		}
	}
	return time.Now()
}

// SetClock makes now the clock of r's tables (nil: the wall clock again),
// so that a test moves time forward instead of sleeping until a retention
// passes: what commits record and what maintenance judges move together.
// The times the file system gives files (their modification times) stay
// the store's own.
func (r *Runtime) SetClock(now func() time.Time) {
	if now == nil {
		r.clock.Store(nil)
		return
	}
	r.clock.Store(&now)
}

// Go runs f in the background and counts it until it returns, for Wait. A
// table built without a runtime just runs it.
func (r *Runtime) Go(f func()) {
	if r == nil {
		go f()
		return
	}
	r.bgMu.Lock()
	r.bgRunning++
	r.bgMu.Unlock()
	go func() {
		defer func() {
			r.bgMu.Lock()
			if r.bgRunning--; r.bgRunning == 0 {
				r.bgIdle.Broadcast()
			}
			r.bgMu.Unlock()
		}()
		f()
	}()
}

// Wait returns once no background function of r runs, or with ctx's error
// when ctx ends first: the server's shutdown waits so that a maintenance
// run is not cut off between its deletions (catalog.Provider.Close).
func (r *Runtime) Wait(ctx context.Context) error {
	idle := make(chan struct{})
	go func() {
		r.bgMu.Lock()
		for r.bgRunning > 0 {
			r.bgIdle.Wait()
		}
		r.bgMu.Unlock()
		close(idle)
	}()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("background maintenance still running: %w", ctx.Err())
	}
}
