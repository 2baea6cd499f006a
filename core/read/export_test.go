package read

import "time"

// SetSuspendAfter sets how long workers wait for the consumer before they
// suspend their files, and returns a function restoring it.
func SetSuspendAfter(d time.Duration) (restore func()) {
	old := suspendAfter
	suspendAfter = d
	return func() { suspendAfter = old }
}

// StartedWorkers is how many workers the read of it has started.
func StartedWorkers(it *Iterator) int {
	it.pool.mu.Lock()
	defer it.pool.mu.Unlock()
	return it.pool.started
}

// Tasks is how many units of work the read of r is cut into.
func Tasks(r *Reader) int { return len(r.tasks()) }

// SetSplitRows sets the fewest rows of a part of a file workers share, and
// returns a function restoring it.
func SetSplitRows(n int64) (restore func()) {
	old := splitRows
	splitRows = n
	return func() { splitRows = old }
}
