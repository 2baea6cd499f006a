package commit

import (
	"context"
	"errors"
	"sync"

	"github.com/google/uuid"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Group commit. Concurrent statements of one process on one table would
// otherwise race for every snapshot id, and under enough of them some give
// up after commit.max-retries. Commits that only add files as an APPEND
// never conflict in Java (plain appends are not conflict-checked, and the
// readers order files by sequence number, not by snapshot), so the
// commits waiting for the same table are merged into one snapshot: one
// caller commits the batch while the next batch gathers.

// tableCommits is what the commits of one table or branch share in this
// process (table.StateOf): their groups, one per schema (only commits
// written with the same schema and options are merged).
type tableCommits struct {
	groups sync.Map // schema id -> *group
}

// group is the queue of one table's mergeable commits.
type group struct {
	mu      sync.Mutex
	pending []*groupRequest
	busy    bool // a batch is being committed
}

type groupRequest struct {
	changes  Changes
	done     chan struct{} // closed when snap and err are set
	promoted chan struct{} // closed when this request is to commit the next batch
	snap     *spec.Snapshot
	err      error
}

// Shared commits cm to t like a Committer of its own with a fresh
// commit user, but merges it with the Shared calls running at the
// same time on the same table when all of them only add files in an
// APPEND (no overwrite, index or conflict-checked changes). The merged
// changes form one snapshot, whose result every caller gets.
//
// A compaction committed with the APPEND (compaction on write) follows
// it as a COMPACT snapshot of its own, as Committer.Commit does: it would
// otherwise keep the APPEND out of the group, and concurrent statements of
// a primary-key table, each compacting the buckets it wrote, would race
// for every snapshot id until some gave up. Should the COMPACT fail, the
// APPEND snapshot is returned with the error, as Committer.Commit returns it.
func Shared(ctx context.Context, t *table.Table, opts options.Options, cm Request) (*spec.Snapshot, error) {
	if !mergeable(cm) {
		c, err := New(t, uuid.NewString(), opts)
		if err != nil {
			return nil, err
		}
		return c.Commit(ctx, cm)
	}
	g, _ := table.StateOf[tableCommits](t).groups.LoadOrStore(cm.SchemaID, &group{})
	req := &groupRequest{changes: cm.Append, done: make(chan struct{}), promoted: make(chan struct{})}
	snap, err := g.(*group).submit(ctx, t, opts, cm.SchemaID, req)
	if err != nil || cm.Compact.empty() {
		return snap, err
	}
	c, err := New(t, uuid.NewString(), opts)
	if err != nil {
		return snap, err
	}
	compacted, err := c.Commit(ctx, Request{Identifier: BatchIdentifier, SchemaID: cm.SchemaID, Compact: cm.Compact})
	if err != nil {
		return snap, err
	}
	return compacted, nil
}

// mergeable tells whether the APPEND of cm only adds data and changelog
// files of a batch write (its compaction, if any, is committed after it).
func mergeable(cm Request) bool {
	if cm.Overwrite != nil || cm.CheckAppendConflicts || cm.Watermark != nil || len(cm.Properties) > 0 ||
		cm.Identifier != BatchIdentifier || cm.Append.empty() || len(cm.Append.Index) > 0 {
		return false
	}
	return !shouldBeOverwrite(cm.Append)
}

// submit queues req and waits for its batch: the caller that finds the
// group idle, or is promoted by the previous batch, commits a batch.
func (g *group) submit(ctx context.Context, t *table.Table, opts options.Options, schemaID int64, req *groupRequest) (*spec.Snapshot, error) {
	g.mu.Lock()
	g.pending = append(g.pending, req)
	lead := !g.busy
	g.busy = true
	g.mu.Unlock()
	if !lead {
		select {
		case <-req.done:
			return req.snap, req.err
		case <-req.promoted:
		}
	}
	g.commitBatch(ctx, t, opts, schemaID)
	<-req.done
	return req.snap, req.err
}

// commitBatch commits every pending request as one snapshot, then hands
// the group to the first request that arrived meanwhile. The batch is
// committed whatever happens to the caller's context: the other callers'
// files are in it. Should the commit panic, the batch still gets an answer
// and the group a new leader.
func (g *group) commitBatch(ctx context.Context, t *table.Table, opts options.Options, schemaID int64) {
	g.mu.Lock()
	batch := g.pending
	g.pending = nil
	g.mu.Unlock()

	var snap *spec.Snapshot
	// What the batch hears when the commit panics: its snapshot may have
	// been created, so the callers must keep their files.
	var err error = &uncertainError{final: true, err: errors.New("the shared commit of this statement failed: check the table before writing again")}
	defer func() {
		for _, r := range batch {
			r.snap, r.err = snap, err
			close(r.done)
		}
		g.handOver()
	}()
	merged := Request{Identifier: BatchIdentifier, SchemaID: schemaID}
	for _, r := range batch {
		merged.Append.Files = append(merged.Append.Files, r.changes.Files...)
		merged.Append.Changelog = append(merged.Append.Changelog, r.changes.Changelog...)
	}
	var c *Committer
	if c, err = New(t, uuid.NewString(), opts); err == nil {
		snap, err = c.Commit(context.WithoutCancel(ctx), merged)
	}
}

// handOver promotes the first pending request to commit the next batch,
// or marks the group idle.
func (g *group) handOver() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.pending) > 0 {
		close(g.pending[0].promoted)
	} else {
		g.busy = false
	}
}

// OutcomeUnknown tells whether a commit error leaves open whether the
// snapshot was created: the caller must then keep the files it wrote,
// which the snapshot may reference.
func OutcomeUnknown(err error) bool {
	var unsure *uncertainError
	return errors.As(err, &unsure)
}
