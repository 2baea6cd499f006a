package table

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// Files a writer has written but not committed yet are referenced by no
// snapshot: orphan-file cleanup must not take them for orphans, whatever
// its cut-off. Writes under way are therefore recorded twice:
//
//   - in this process, per table, with their start (OldestWrite), for a
//     cleanup in the same process;
//   - on storage, for cleanups in other processes: while this process has
//     writes under way on a table, it keeps one in-flight marker,
//     <table>/_inflight/<process>-<n>, holding the start of its oldest
//     write. It is created before the first file of the writes, rewritten
//     every InFlightRefresh, and deleted when the last write ends (after
//     its commit). A cleanup reads the markers before it lists candidates
//     and keeps every file written after the oldest live start
//     (InFlightMarkers). A marker not rewritten for InFlightLease belongs to
//     a process that died: cleanups ignore and delete it, and a commit
//     whose marker went that long without renewal fails rather than
//     publish files a cleanup may have taken (CheckInFlight).
//
// Java Paimon keeps no such record (its cleanup relies on older_than, one
// day by default); Java ignores the directory (its cleanup lists only
// bucket and partition directories, whose names hold "bucket-" or "=").
const (
	// InFlightDir is the directory of a table's in-flight markers.
	InFlightDir = "_inflight"
	// InFlightRefresh is how often a marker is rewritten.
	InFlightRefresh = 30 * time.Second
	// InFlightLease is how long a marker not rewritten counts as live.
	InFlightLease = 5 * time.Minute
	// InFlightMargin is kept between a marker's times and the cut-off of
	// a cleanup that reads it: the clocks of servers and storage may
	// differ that much. A commit needs a renewal younger than
	// InFlightLease - InFlightMargin.
	InFlightMargin = time.Minute
)

// processID names this process's markers.
var processID = func() string {
	_, _ = rand.Read(processIDBytes[:])
	return hex.EncodeToString(processIDBytes[:])
}()

var processIDBytes [8]byte

var writes = struct {
	sync.Mutex
	tables map[string]*tableWrites // table location -> its writes
	seq    int
}{tables: map[string]*tableWrites{}}

// tableWrites are the writes under way on one table in this process and
// their marker. A new one (with a new marker name) starts after the last
// write of the previous one ended.
type tableWrites struct {
	fs      *fs.FS
	marker  string             // the marker's warehouse path
	started map[*int]time.Time // guarded by writes
	created chan struct{}      // closed once the first write of the marker was tried
	stop    chan struct{}      // closed by the last write's end
	done    chan struct{}      // closed once the marker is deleted
	mu      sync.Mutex         // guards the fields below
	err     error              // the last failed write of the marker
	renewed time.Time          // start of the last successful write of the marker
	lapsed  time.Time          // when a renewal came too late (zero: never)
	clock   func() time.Time   // time.Now; tests turn it
}

// BeginWrite records that a write to the table starts now, before it
// writes any file: it returns once the marker exists on storage (or its
// creation failed, which CheckInFlight reports at the commit). The
// returned function ends the write (once the commit succeeded, failed or
// was given up), and may be called more than once.
func (t *Table) BeginWrite() (end func()) {
	key, token := t.location(), new(int)
	writes.Lock()
	w := writes.tables[key]
	if w == nil {
		writes.seq++
		w = &tableWrites{
			fs:      t.FS,
			marker:  t.Root + "/" + InFlightDir + "/" + processID + "-" + strconv.Itoa(writes.seq),
			started: map[*int]time.Time{},
			created: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{}),
			clock: time.Now,
		}
		writes.tables[key] = w
		go w.keep()
	}
	w.started[token] = time.Now()
	writes.Unlock()
	<-w.created
	var once sync.Once
	return func() {
		once.Do(func() {
			writes.Lock()
			delete(w.started, token)
			last := len(w.started) == 0
			if last {
				delete(writes.tables, key)
			}
			writes.Unlock()
			if last {
				close(w.stop)
				<-w.done
			}
		})
	}
}

// keep creates the marker, renews it until the last write ends, then
// deletes it (and, on a local disk, the directory it leaves empty).
func (w *tableWrites) keep() {
	defer close(w.done)
	w.renew()
	close(w.created)
	tick := time.NewTicker(InFlightRefresh)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			w.renew()
		case <-w.stop:
			ctx, cancel := context.WithTimeout(context.Background(), InFlightRefresh)
			defer cancel()
			// Tried twice; a marker left behind only holds cleanups back
			// until its lease ends.
			err := w.fs.Delete(ctx, w.marker)
			if err != nil {
				err = w.fs.Delete(ctx, w.marker)
			}
			if err == nil {
				_ = w.fs.RemoveEmptyDir(w.marker[:strings.LastIndexByte(w.marker, '/')])
			}
			return
		}
	}
}

// markerContent is what a marker holds.
type markerContent struct {
	// Start is the start of the oldest write under way, in Unix
	// milliseconds of the writer's clock.
	Start int64  `json:"start"`
	Host  string `json:"host,omitempty"`
	PID   int    `json:"pid"`
}

// renew writes the marker with the start of the oldest write under way.
func (w *tableWrites) renew() {
	before := w.clock()
	err := w.writeMarker()
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.err = err
		return
	}
	if !w.renewed.IsZero() && before.Sub(w.renewed) > InFlightLease-InFlightMargin || w.renewed.IsZero() && w.err != nil {
		// Cleanups elsewhere may have ignored the marker meanwhile.
		w.lapsed = before
	}
	w.err, w.renewed = nil, before
}

// oldest is the start of the oldest write; callers hold writes.
func (w *tableWrites) oldest() time.Time {
	var oldest time.Time
	for _, s := range w.started {
		if oldest.IsZero() || s.Before(oldest) {
			oldest = s
		}
	}
	return oldest
}

func (w *tableWrites) writeMarker() error {
	writes.Lock()
	oldest := w.oldest()
	writes.Unlock()
	if oldest.IsZero() {
		oldest = time.Now()
	}
	host, _ := os.Hostname()
	data, _ := json.Marshal(markerContent{Start: oldest.UnixMilli(), Host: host, PID: os.Getpid()})
	ctx, cancel := context.WithTimeout(context.Background(), InFlightRefresh)
	defer cancel()
	err := w.fs.Write(ctx, w.marker, data)
	for try := 0; try < 3 && err != nil && ctx.Err() == nil; try++ {
		// The end of another marker removed the directory, empty for an
		// instant, while this write created it: "no such file" from the
		// file's creation, or "file exists" from the directory's, when
		// it was created and removed again in between (seen in issue
		// 25's soak: an INSERT refused). Any other failure is tried
		// again too: the write fails without a marker.
		err = w.fs.Write(ctx, w.marker, data)
	}
	return err
}

// CheckInFlight tells whether the writes under way on the table in this
// process are still covered by their marker, so that a commit may publish
// their files: the marker was written, renewed recently enough for every
// cleanup elsewhere to respect it, and never lapsed since the oldest of
// them began. Call it between BeginWrite and its end.
func (t *Table) CheckInFlight() error {
	writes.Lock()
	w := writes.tables[t.location()]
	var oldest time.Time
	if w != nil {
		oldest = w.oldest()
	}
	writes.Unlock()
	if w == nil {
		return fmt.Errorf("%s: no write is recorded for orphan-file cleanup; nothing was committed", t.FullName())
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case w.renewed.IsZero():
		return fmt.Errorf("%s: the write could not be recorded on storage for orphan-file cleanup: %v; nothing was committed", t.FullName(), w.err)
	case w.clock().Sub(w.renewed) > InFlightLease-InFlightMargin:
		return fmt.Errorf("%s: the write's in-flight marker was last renewed %v ago (%v): orphan-file cleanup elsewhere may have taken its files; nothing was committed, run the statement again",
			t.FullName(), w.clock().Sub(w.renewed).Round(time.Second), w.err)
	case oldest.Before(w.lapsed):
		return fmt.Errorf("%s: the write's in-flight marker went unrenewed for longer than %v during the write: orphan-file cleanup elsewhere may have taken its files; nothing was committed, run the statement again",
			t.FullName(), InFlightLease-InFlightMargin)
	}
	return nil
}

// OldestWrite is the start of the oldest write to the table (any branch)
// still under way in this process; false when there is none.
func (t *Table) OldestWrite() (time.Time, bool) {
	writes.Lock()
	defer writes.Unlock()
	var oldest time.Time
	if w := writes.tables[t.location()]; w != nil {
		oldest = w.oldest()
	}
	return oldest, !oldest.IsZero()
}

// InFlight is what the in-flight markers of a table say.
type InFlight struct {
	// Oldest is the start of the oldest write under way elsewhere (by its
	// writer's clock); zero when there is none.
	Oldest time.Time
	// Dead are the markers whose lease ended: their process died.
	Dead []string
}

// InFlightMarkers reads the in-flight markers of the table at root. A
// marker that cannot be parsed is an error: what it protects is unknown.
func InFlightMarkers(ctx context.Context, fsys *fs.FS, root string, now time.Time) (InFlight, error) {
	var out InFlight
	dir := root + "/" + InFlightDir
	entries, err := fsys.List(ctx, dir)
	if err != nil {
		return out, fmt.Errorf("list in-flight writes: %w", err)
	}
	for _, e := range entries {
		if e.IsDir {
			continue
		}
		p := dir + "/" + e.Name
		if e.ModTime.Before(now.Add(-InFlightLease)) {
			out.Dead = append(out.Dead, p)
			continue
		}
		if !isMarkerName(e.Name) {
			continue // the temporary file of a marker being written (local disks)
		}
		data, err := fsys.ReadFile(ctx, p)
		if fs.IsNotExist(err) {
			continue // its writes ended
		}
		if err != nil {
			return out, fmt.Errorf("read in-flight marker: %w", err)
		}
		var m markerContent
		if err := json.Unmarshal(data, &m); err != nil || m.Start <= 0 {
			return out, fmt.Errorf("in-flight marker %s cannot be read (%q): remove it by hand once no write runs", p, data)
		}
		start := time.UnixMilli(m.Start)
		if out.Oldest.IsZero() || start.Before(out.Oldest) {
			out.Oldest = start
		}
	}
	return out, nil
}

// isMarkerName tells a marker (<process>-<n>) from the temporary file of
// one being written.
func isMarkerName(name string) bool {
	proc, n, ok := strings.Cut(name, "-")
	if !ok || len(proc) != 2*len(processIDBytes) {
		return false
	}
	if _, err := hex.DecodeString(proc); err != nil {
		return false
	}
	_, err := strconv.ParseUint(n, 10, 64)
	return err == nil
}

// location names the table (all its branches) across FS handles.
func (t *Table) location() string { return t.FS.Location(t.Root) }
