package table

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
)

// A read plans on a snapshot and then reads its manifests and data files,
// which may take seconds or minutes. Snapshot expiration in another process
// would delete the files of that snapshot as soon as it is no longer among
// the retained ones (`retain_max => 1` right after a commit), and the read
// would fail half way ("file does not exist"). So, as a database's purge
// keeps the versions an open read view needs, expiration keeps the
// snapshots that reads under way use (core/expire reads ReadMarkers):
//
//   - while this process reads a table branch, it keeps one read marker,
//     <table>/_reading/<process>-<n>, holding the lowest snapshot id its
//     reads under way may use. It is written before a read looks for its
//     snapshot, rewritten every InFlightRefresh (with the lowest id of the
//     reads then under way), and deleted after the last read ends;
//   - expiration reads the markers after it found the latest snapshot and
//     expires nothing from the lowest live marker's snapshot on. A read
//     whose marker it did not see wrote it later, so it plans on that
//     latest snapshot or a newer one, which expiration keeps anyway.
//
// A marker not rewritten for InFlightLease belongs to a process that
// died: expiration ignores (and deletes) it. Java Paimon has no such
// record (its reads fail with "snapshot expires too fast" and rely on
// snapshot.time-retained) and ignores the directory, as it does
// _inflight.

// ReadingDir is the directory of a table's read markers.
const ReadingDir = "_reading"

var reads = struct {
	sync.Mutex
	tables map[string]*tableReads // table location and branch -> its reads
	seq    int
}{tables: map[string]*tableReads{}}

// tableReads are the reads under way on one table branch in this process
// and their marker. A new one (with a new marker name) starts after the
// last read of the previous one ended.
type tableReads struct {
	t      *Table
	marker string         // the marker's warehouse path
	floors map[*int]int64 // each read's lowest snapshot id; guarded by reads
	write  sync.Mutex     // serializes writes of the marker
	stop   chan struct{}  // closed by the last read's end
	done   chan struct{}  // closed once the marker is deleted
	ok     bool           // guarded by write: the marker holds written
	held   int64          // guarded by write: the id the marker holds
	// written (guarded by write) tells that the marker was written once.
	written bool
}

// Read is one read recorded by BeginRead.
type Read struct {
	r     *tableReads
	key   string
	token *int
	once  sync.Once
}

// BeginRead records that a read of the table's branch starts, before it
// looks for its snapshot: snapshot is the id it reads, or 0 for the latest
// one. It returns once a marker on storage protects that snapshot from
// expiration, or once writing it failed: the read then goes on unprotected
// (a read-only store), as reads did before. End the read with End; tell
// Planned the snapshot a read of the latest found.
func (t *Table) BeginRead(ctx context.Context, snapshot int64) *Read {
	key, token := t.location()+"\x00"+t.Branch, new(int)
	reads.Lock()
	r := reads.tables[key]
	if r == nil {
		reads.seq++
		r = &tableReads{
			t:      t,
			marker: t.Root + "/" + ReadingDir + "/" + processID + "-" + strconv.Itoa(reads.seq),
			floors: map[*int]int64{},
			stop:   make(chan struct{}), done: make(chan struct{}),
		}
		reads.tables[key] = r
		go r.keep()
	}
	r.floors[token] = math.MaxInt64 // holds nothing back until it knows its id
	reads.Unlock()
	r.protect(ctx, token, snapshot)
	return &Read{r: r, key: key, token: token}
}

// Planned tells the snapshot a read of the latest planned on: the marker
// may hold it instead of an older one from its next renewal on, so that
// reads that follow each other without a pause do not hold back
// expiration for ever.
func (rd *Read) Planned(id int64) {
	reads.Lock()
	defer reads.Unlock()
	if low, ok := rd.r.floors[rd.token]; ok && id > low {
		rd.r.floors[rd.token] = id
	}
}

// ReadOf begins a read of snapshot id (> 0; a time-travel, incremental or
// system-table read names the lowest snapshot it uses) and, once its
// marker is written, checks that the snapshot is still there. Expiration
// reads the markers when it starts: one that started before this marker
// was written may expire id, but it reads the markers again after it
// deleted the snapshot files and before it deletes any data file or
// manifest (core/expire), so a read that found id after writing its marker
// keeps every file it needs. A read that finds id gone fails with
// snapshot.ErrNoSnapshot instead of reading files that may be deleted
// under it. A snapshot a tag names counts as there: the tag keeps its
// files. End the read with End; on an error it has ended.
func (t *Table) ReadOf(ctx context.Context, id int64) (*Read, error) {
	rd := t.BeginRead(ctx, id)
	err := t.snapshotOrTag(ctx, id)
	if err != nil {
		rd.End()
		return nil, err
	}
	return rd, nil
}

// snapshotOrTag checks that snapshot id, or a tag of it, exists.
func (t *Table) snapshotOrTag(ctx context.Context, id int64) error {
	if ok, err := t.Snapshots.Exists(ctx, id); err != nil || ok {
		return err
	}
	tags, err := t.Tags.All(ctx)
	if err != nil {
		return err
	}
	for _, tag := range tags {
		if tag.Snapshot.ID == id {
			return nil
		}
	}
	return fmt.Errorf("%s: snapshot %d was expired as the read started: %w", t.FullName(), id, snapshot.ErrNoSnapshot)
}

// End ends the read; the last read of a marker deletes it before End
// returns, so that an expiration that follows finds nothing held. It may
// be called more than once.
func (rd *Read) End() {
	rd.once.Do(func() {
		r := rd.r
		reads.Lock()
		delete(r.floors, rd.token)
		last := len(r.floors) == 0
		if last && reads.tables[rd.key] == r {
			delete(reads.tables, rd.key)
		}
		reads.Unlock()
		if last {
			close(r.stop)
			<-r.done
		}
	})
}

// protect makes the marker hold the read's snapshot (for the latest, any
// id the marker already holds will do: the latest only grows).
func (r *tableReads) protect(ctx context.Context, token *int, snapshot int64) {
	r.write.Lock()
	defer r.write.Unlock()
	if r.ok && (snapshot == 0 || r.held <= snapshot) {
		r.setFloor(token, r.held)
		return
	}
	// A new marker, a failed one, or an older snapshot than it holds.
	if snapshot == 0 {
		// The LATEST hint is written after its snapshot, so the latest
		// snapshot the read finds is at least the hinted one: one read
		// instead of the two more a full lookup makes.
		latest, ok := r.t.Snapshots.LatestHint(ctx)
		if !ok || latest < 1 {
			var err error
			if latest, ok, err = r.t.Snapshots.LatestID(ctx); err != nil {
				return // the read will meet the same error
			}
			if !ok {
				latest = 1 // no snapshot yet: the first one to come
			}
		}
		snapshot = latest
	}
	r.setFloor(token, snapshot)
	_ = r.writeMarker(ctx)
}

func (r *tableReads) setFloor(token *int, id int64) {
	reads.Lock()
	defer reads.Unlock()
	if _, ok := r.floors[token]; ok {
		r.floors[token] = id
	}
}

// keep renews the marker until the last read ends, then deletes it (and,
// on a local disk, the directory it leaves empty).
func (r *tableReads) keep() {
	defer close(r.done)
	tick := time.NewTicker(InFlightRefresh)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), InFlightRefresh)
			r.write.Lock()
			_ = r.writeMarker(ctx)
			r.write.Unlock()
			cancel()
		case <-r.stop:
			r.write.Lock() // a write under way ends first
			defer r.write.Unlock()
			ctx, cancel := context.WithTimeout(context.Background(), InFlightRefresh)
			defer cancel()
			// Tried twice; a marker left behind only holds expiration back
			// until its lease ends.
			err := r.t.FS.Delete(ctx, r.marker)
			if err != nil {
				err = r.t.FS.Delete(ctx, r.marker)
			}
			if err == nil {
				_ = r.t.FS.RemoveEmptyDir(r.marker[:strings.LastIndexByte(r.marker, '/')])
			}
			return
		}
	}
}

// readMarker is what a read marker holds.
type readMarker struct {
	Branch string `json:"branch"`
	// Snapshot is the lowest snapshot id a read under way may use.
	Snapshot int64  `json:"snapshot"`
	Host     string `json:"host,omitempty"`
	PID      int    `json:"pid"`
}

// writeMarker writes the lowest id of the reads under way; callers hold
// r.write.
func (r *tableReads) writeMarker(ctx context.Context) error {
	reads.Lock()
	low := int64(math.MaxInt64)
	for _, id := range r.floors {
		low = min(low, id)
	}
	reads.Unlock()
	if low == math.MaxInt64 {
		return nil // no read knows its snapshot yet
	}
	host, _ := os.Hostname()
	data, _ := json.Marshal(readMarker{Branch: r.t.Branch, Snapshot: low, Host: host, PID: os.Getpid()})
	write := r.t.FS.Write // replaces the marker at once
	if !r.written {
		// The first write of a name no other file has: on a local disk
		// without Write's temporary file, rename and attributes file,
		// which would double the time of a short query. Expiration that
		// reads it half written holds every snapshot for that run.
		write = r.t.FS.WriteNew
	}
	err := write(ctx, r.marker, data)
	for try := 0; try < 3 && fs.IsNotExist(err); try++ {
		// The end of another marker removed the directory, empty for an
		// instant, while this write created it.
		err = write(ctx, r.marker, data)
	}
	r.written = r.written || err == nil
	if err != nil {
		r.ok = false
		return err
	}
	r.ok, r.held = true, low
	return nil
}

// ReadMarkers is the lowest snapshot id that reads under way on the
// branch, in any process, may use (false when there is none), and the
// markers of processes that died. A marker that cannot be parsed holds
// every snapshot until its lease ends: what it protects is unknown.
func ReadMarkers(ctx context.Context, fsys *fs.FS, root, branch string, now time.Time) (low int64, ok bool, dead []string, err error) {
	dir := root + "/" + ReadingDir
	entries, err := fsys.List(ctx, dir)
	if err != nil {
		return 0, false, nil, fmt.Errorf("list reads under way: %w", err)
	}
	low = math.MaxInt64
	for _, e := range entries {
		if e.IsDir {
			continue
		}
		p := dir + "/" + e.Name
		if e.ModTime.Before(now.Add(-InFlightLease)) {
			dead = append(dead, p)
			continue
		}
		if !isMarkerName(e.Name) {
			continue // the temporary file of a marker being written (local disks)
		}
		data, err := fsys.ReadFile(ctx, p)
		if fs.IsNotExist(err) {
			continue // its reads ended
		}
		if err != nil {
			return 0, false, nil, fmt.Errorf("read the read marker %s: %w", p, err)
		}
		var m readMarker
		if json.Unmarshal(data, &m) != nil || m.Snapshot < 0 {
			return 0, true, dead, nil
		}
		if m.Branch == branch {
			low = min(low, m.Snapshot)
		}
	}
	if low == math.MaxInt64 {
		return 0, false, dead, nil
	}
	return low, true, dead, nil
}
