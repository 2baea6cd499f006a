package maintenance

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestWaitFollowsBackgroundRuns: Wait returns at once when no background
// run is going, gives up with ctx's error while one is, and returns when
// the last one ends (what the server's shutdown relies on).
func TestWaitFollowsBackgroundRuns(t *testing.T) {
	if err := Wait(context.Background()); err != nil {
		t.Fatalf("Wait with nothing running: %v", err)
	}
	bgMu.Lock()
	bgRunning++
	bgMu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Wait during a run = %v, want the deadline", err)
	}
	done := make(chan error, 1)
	go func() { done <- Wait(context.Background()) }()
	bgMu.Lock()
	bgRunning--
	bgIdle.Broadcast()
	bgMu.Unlock()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Wait did not return after the last run ended")
	}
}
