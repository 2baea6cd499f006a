// paimon-sql: what EXPLAIN ANALYZE measures per operator, and the
// interfaces through which an integrator's nodes and tables describe
// themselves in EXPLAIN FORMAT=TREE (plan.ExplainTree).

package sql

import (
	"context"
	"reflect"
	"sync"
	"time"
)

// TreeDescriber is a node that names itself in EXPLAIN FORMAT=TREE (a
// node of an integrator: go-mysql-server's own are named by
// plan.ExplainTree). The line has no "-> " and no statistics.
type TreeDescriber interface {
	DescribeTree(ctx *Context) string
}

// ParentMark is a node of an integrator that marks how its parent runs
// (the parent's work taken over by the integrator's engine): EXPLAIN
// FORMAT=TREE adds "(mark)" to the parent's line and shows the mark's
// inputs in its place.
type ParentMark interface {
	MarkParent() string
}

// ScanDescriber is a table that says what a scan of it reads, such as the
// partitions and files left after pruning, shown after "Table scan on t".
// It returns "" when it has nothing to say.
type ScanDescriber interface {
	DescribeScan(ctx *Context) string
}

// OperatorStats is what the iterators of one plan node did in one
// statement: how many were built (loops), the rows they returned, and
// the time from building each to its first row and to its last, summed
// over the loops. The time is spent inside the node's build and Next
// calls, its children's included, as MySQL's EXPLAIN ANALYZE counts it.
type OperatorStats struct {
	Loops, Rows  int64
	First, Total time.Duration
}

// ExecStats records OperatorStats by plan node while a statement runs
// under EXPLAIN ANALYZE.
type ExecStats struct {
	mu     sync.Mutex
	byNode map[Node]*OperatorStats
	// aliases are copies of plan nodes made to run them (a correlated
	// subquery's plan with the outer row in it), counted for the node of
	// the plan they copy while they run.
	aliases map[Node]Node
}

// Alias counts the iterators of copy for orig, until Unalias.
func (s *ExecStats) Alias(copy, orig Node) {
	if s == nil || !comparableNode(copy) || !comparableNode(orig) || copy == orig {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.aliases == nil {
		s.aliases = map[Node]Node{}
	}
	s.aliases[copy] = orig
}

// Unalias forgets the copies Alias was given.
func (s *ExecStats) Unalias(copies []Node) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range copies {
		delete(s.aliases, c)
	}
}

type execStatsKey struct{}

// WithExecStats is ctx recording the statistics of the iterators built
// with it into the ExecStats returned.
func WithExecStats(ctx *Context) (*Context, *ExecStats) {
	s := &ExecStats{byNode: map[Node]*OperatorStats{}}
	return ctx.WithContext(context.WithValue(ctx.Context, execStatsKey{}, s)), s
}

// ExecStatsOf is the ExecStats that ctx records into, nil outside
// EXPLAIN ANALYZE.
func ExecStatsOf(ctx *Context) *ExecStats {
	if ctx == nil || ctx.Context == nil {
		return nil
	}
	s, _ := ctx.Value(execStatsKey{}).(*ExecStats)
	return s
}

// Of is what n's iterators did; ok is false when none was built.
func (s *ExecStats) Of(n Node) (st OperatorStats, ok bool) {
	if s == nil || !comparableNode(n) {
		return OperatorStats{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.byNode[n]
	if !ok {
		return OperatorStats{}, false
	}
	return *p, true
}

// Track wraps iter, built for n in build, so that its rows and time count
// for n. Nodes that are not pointers (a few value types) are not tracked:
// they cannot be told apart.
func (s *ExecStats) Track(n Node, build time.Duration, iter RowIter) RowIter {
	if s == nil || iter == nil || !comparableNode(n) {
		return iter
	}
	s.mu.Lock()
	if orig, ok := s.aliases[n]; ok {
		n = orig
	}
	s.mu.Unlock()
	return &trackedIter{RowIter: iter, s: s, n: n, spent: build}
}

func comparableNode(n Node) bool {
	return n != nil && reflect.TypeOf(n).Kind() == reflect.Pointer
}

// Record counts one run of n that returned rows, for an integrator that
// runs a node's work itself (a hash table built by its own join).
func (s *ExecStats) Record(n Node, rows int64, first, total time.Duration) {
	if s == nil || !comparableNode(n) {
		return
	}
	s.add(n, rows, first, total)
}

func (s *ExecStats) add(n Node, rows int64, first, total time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.byNode[n]
	if p == nil {
		p = &OperatorStats{}
		s.byNode[n] = p
	}
	p.Loops++
	p.Rows += rows
	p.First += first
	p.Total += total
}

// trackedIter counts one iterator's rows and time, added to its node's
// statistics once, at the end of its rows or at Close.
type trackedIter struct {
	RowIter
	s          *ExecStats
	n          Node
	rows       int64
	spent      time.Duration
	first      time.Duration
	seenFirst  bool
	registered bool
}

func (t *trackedIter) Next(ctx *Context) (Row, error) {
	start := time.Now()
	row, err := t.RowIter.Next(ctx)
	t.spent += time.Since(start)
	if !t.seenFirst {
		t.first, t.seenFirst = t.spent, true
	}
	if err == nil {
		t.rows++
	} else {
		t.register()
	}
	return row, err
}

func (t *trackedIter) Close(ctx *Context) error {
	t.register()
	return t.RowIter.Close(ctx)
}

func (t *trackedIter) register() {
	if t.registered {
		return
	}
	t.registered = true
	if !t.seenFirst {
		t.first = t.spent
	}
	t.s.add(t.n, t.rows, t.first, t.spent)
}
