package read

import (
	"context"
	"runtime"
	"sync"
)

// A worker reading a file holds what decoding it needs: the open row
// group's pages, its columns' decoded dictionaries (up to 1 MiB each) and
// read buffers, a few MB per file. Each scan bounds its own read-ahead (one
// file per worker, a few batches), but not how many scans decode at once:
// 100 clients that each start a full scan, read one row and stop reading
// all decode until their sockets fill (issue 25: 1 GB of RSS, most of it
// parquet-go's dictionaries of 100 open files). So a worker decodes only
// while it holds one of openSlots, process-wide:
//
//   - it takes a slot before it opens its task's files, and gives it back
//     when the task ends;
//   - while its consumer takes no batch, it suspends its files (releasing
//     their pages and dictionaries) and gives the slot back: after
//     suspendAfter, or at once when another worker waits for a slot. It
//     takes a slot again before it decodes on.
//
// A consumer that keeps reading keeps its slot; one that stalls holds none,
// so memory grows with the scans that make progress, not with the clients
// that stall, and a few stalled clients cannot keep others from reading.
// Reads that cannot suspend (primary-key diffs) take no slot.
var openSlots = newSlotPool(max(16, 8*runtime.GOMAXPROCS(0)))

type slotPool struct {
	free chan struct{} // a token per slot not held

	mu      sync.Mutex
	waiting int
	// wanted is closed while a worker waits for a slot.
	wanted chan struct{}
}

func newSlotPool(n int) *slotPool {
	p := &slotPool{free: make(chan struct{}, n), wanted: make(chan struct{})}
	for range n {
		p.free <- struct{}{}
	}
	return p
}

// slot is one worker's hold on a slot of its pool.
type slot struct {
	pool *slotPool
	held bool
}

// acquire waits for a slot, or for ctx to end.
func (p *slotPool) acquire(ctx context.Context) (*slot, error) {
	s := &slot{pool: p}
	return s, s.take(ctx)
}

// take waits until s holds its slot again.
func (s *slot) take(ctx context.Context) error {
	if s == nil || s.held {
		return nil
	}
	p := s.pool
	select {
	case <-p.free:
		s.held = true
		return nil
	default:
	}
	p.mu.Lock()
	if p.waiting++; p.waiting == 1 {
		close(p.wanted) // the workers blocked on their consumers suspend now
	}
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		if p.waiting--; p.waiting == 0 {
			p.wanted = make(chan struct{})
		}
		p.mu.Unlock()
	}()
	select {
	case <-p.free:
		s.held = true
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release gives the slot back; it may be called when not held.
func (s *slot) release() {
	if s == nil || !s.held {
		return
	}
	s.held = false
	s.pool.free <- struct{}{}
}

// wanted is closed while another worker waits for a slot (never, for a
// worker that holds none).
func (s *slot) wanted() <-chan struct{} {
	if s == nil || !s.held {
		return nil
	}
	s.pool.mu.Lock()
	defer s.pool.mu.Unlock()
	return s.pool.wanted
}
