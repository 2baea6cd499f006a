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

// SetMinSplitRows sets the fewest rows of a piece of a file a vector read
// shares between workers, and returns a function restoring it.
func SetMinSplitRows(n int64) (restore func()) {
	old := minSplitRows
	minSplitRows = n
	return func() { minSplitRows = old }
}
