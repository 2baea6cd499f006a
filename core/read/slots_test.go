package read

import (
	"context"
	"testing"
	"time"
)

// A worker whose consumer takes nothing gives its slot back at once when
// another worker waits for one (well before suspendAfter), suspending its
// files first, and takes one again before it decodes on: stalled consumers
// cannot keep other reads from decoding.
func TestStalledWorkerGivesItsSlotToAWaitingOne(t *testing.T) {
	defer SetSuspendAfter(time.Hour)()
	pool := newSlotPool(1)
	ctx := context.Background()
	stalled, err := pool.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan result) // a consumer that takes nothing yet
	suspended := make(chan struct{})
	sent := make(chan error, 1)
	go func() {
		sent <- send(ctx, out, [][]any{{1}}, func() { close(suspended) }, stalled)
	}()

	start := time.Now()
	other, err := pool.acquire(ctx) // waits until the stalled worker lets go
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-suspended:
	default:
		t.Fatal("the stalled worker gave its slot back without suspending its files")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("the waiting worker got a slot after %v", d)
	}

	// The consumer takes the batch: the stalled worker waits for a slot
	// again, and gets it once the other gives it back.
	<-out
	select {
	case err := <-sent:
		t.Fatalf("send returned (%v) while the only slot was held by another worker", err)
	case <-time.After(100 * time.Millisecond):
	}
	other.release()
	if err := <-sent; err != nil || !stalled.held {
		t.Fatalf("send: %v, slot held %v; want nil and the slot taken again", err, stalled.held)
	}
	stalled.release()

	// Cancelled while waiting for a slot: no slot is left taken.
	holder, _ := pool.acquire(ctx)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := pool.acquire(cctx); err == nil {
		t.Fatal("a cancelled wait for a slot succeeded")
	}
	holder.release()
	if s, err := pool.acquire(ctx); err != nil || !s.held {
		t.Fatalf("the slot after a cancelled wait: %v", err)
	}
}
