package table

import (
	"sync"
	"time"
)

// Writes under way in this process, per table: files a writer has written
// but not committed yet are referenced by no snapshot, and orphan-file
// cleanup must not take them for orphans, whatever its cut-off.
var writes = struct {
	sync.Mutex
	started map[string]map[*int]time.Time // table location -> write -> start
}{started: map[string]map[*int]time.Time{}}

// BeginWrite records that a write to the table starts now, before it
// writes any file; the returned function ends it (once the commit
// succeeded, failed or was given up), and may be called more than once.
func (t *Table) BeginWrite() (end func()) {
	key, token := t.location(), new(int)
	writes.Lock()
	if writes.started[key] == nil {
		writes.started[key] = map[*int]time.Time{}
	}
	writes.started[key][token] = time.Now()
	writes.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			writes.Lock()
			defer writes.Unlock()
			delete(writes.started[key], token)
			if len(writes.started[key]) == 0 {
				delete(writes.started, key)
			}
		})
	}
}

// OldestWrite is the start of the oldest write to the table (any branch)
// still under way in this process; false when there is none.
func (t *Table) OldestWrite() (time.Time, bool) {
	writes.Lock()
	defer writes.Unlock()
	var oldest time.Time
	for _, start := range writes.started[t.location()] {
		if oldest.IsZero() || start.Before(oldest) {
			oldest = start
		}
	}
	return oldest, !oldest.IsZero()
}

// location names the table (all its branches) across FS handles.
func (t *Table) location() string { return t.FS.Location(t.Root) }
