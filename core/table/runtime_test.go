package table

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

type counter struct{ n int }

type otherCounter struct{ n int }

// Catches: two opens of one table through one runtime that do not share
// their state (two commit locks, two maintenance schedules for one table),
// state shared between tables, branches, kinds or runtimes, and a branch
// opened from a table that leaves the runtime behind.
func TestRuntimeSharesStatePerTable(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ns := schema.NewSchema{Fields: []types.DataField{{ID: 0, Name: "a", Type: types.New(types.Int)}}, Options: map[string]string{}}
	for _, root := range []string{"d.db/t", "d.db/u", "d.db/t/branch/branch-b"} {
		if _, err := schema.NewManager(fsys, root).Create(ctx, ns); err != nil {
			t.Fatal(err)
		}
	}
	rt := NewRuntime()
	open := func(r *Runtime, name, branch string) *Table {
		t.Helper()
		tbl, err := r.Open(ctx, fsys, "d", name, branch)
		if err != nil {
			t.Fatal(err)
		}
		return tbl
	}
	first, second := open(rt, "t", ""), open(rt, "t", "")
	StateOf[counter](first).n++
	if got := StateOf[counter](second).n; got != 1 {
		t.Fatalf("a second open of the table sees %d, want the first open's 1", got)
	}
	if got := StateOf[otherCounter](second).n; got != 0 {
		t.Fatalf("another kind of state is shared: %d", got)
	}
	if got := StateOf[counter](open(rt, "u", "")).n; got != 0 {
		t.Fatalf("another table shares the state: %d", got)
	}
	branch := open(rt, "t", "b")
	if got := StateOf[counter](branch).n; got != 0 {
		t.Fatalf("a branch shares the table's state: %d", got)
	}
	StateOf[counter](branch).n++
	viaTable, err := first.OnBranch(ctx, "b")
	if err != nil {
		t.Fatal(err)
	}
	if got := StateOf[counter](viaTable).n; got != 1 {
		t.Fatalf("the branch opened from the table has %d, want the branch's 1", got)
	}
	if got := StateOf[counter](open(NewRuntime(), "t", "")).n; got != 0 {
		t.Fatalf("another runtime shares the state: %d", got)
	}
	alone, err := Open(ctx, fsys, "d", "t", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := StateOf[counter](alone).n; got != 0 {
		t.Fatalf("a table opened with a runtime of its own shares the state: %d", got)
	}
}

// Catches: a Wait that returns while background work runs (shutdown would
// cut maintenance off between its deletions), that does not give up when
// its context ends, or that does not return when the last work ends.
func TestRuntimeWaitFollowsBackgroundWork(t *testing.T) {
	rt := NewRuntime()
	if err := rt.Wait(context.Background()); err != nil {
		t.Fatalf("Wait with nothing running: %v", err)
	}
	release := make(chan struct{})
	rt.Go(func() { <-release })
	rt.Go(func() { <-release })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := rt.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Wait during a run = %v, want the deadline", err)
	}
	done := make(chan error, 1)
	go func() { done <- rt.Wait(context.Background()) }()
	close(release)
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Wait did not return after the last run ended")
	}
}
