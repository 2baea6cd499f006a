package vector

import (
	"container/heap"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/iters"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// ORDER BY ... LIMIT n over a table's scan (perhaps under a WHERE whose
// condition has vector kernels). go-mysql-server's TopN keeps a heap of n
// rows, but only after the scan made a row of every row, each value boxed
// and converted, in one goroutine. Here the read's workers each keep a
// heap of the n best rows of the batches they read: a row's ORDER BY
// columns are converted first and compared with the worst row kept, and
// only a row that beats it is made whole. The heaps are merged at the end.
// Rows compare as go-mysql-server's Sorter compares them (NULLs first in
// ascending order, each type's Compare, collations included); ties come in
// any order, as MySQL allows.
//
// The TopN stays in the plan, over a topNInput mark on its input, as for
// the aggregation of a join's rows (joinagg.go): the catalog's executor
// runs the TopN through TopN; any other executor, or an input without
// vectors at execution, runs the TopN as it is.

// topNInput marks the input of a TopN that the engine runs over vectors.
type topNInput struct {
	inputMark // over the scan, perhaps under its Filter and alias
}

// newTopNInput marks the TopN's input child; EXPLAIN FORMAT=TREE's TopN
// line ends with "(vectorized)".
func newTopNInput(child sql.Node) *topNInput {
	return &topNInput{inputMark{child: child, title: "Sorted by the vectorized engine", note: "vectorized"}}
}

var (
	_ sql.Node          = (*topNInput)(nil)
	_ sql.ParentMark    = (*topNInput)(nil)
	_ sql.ExecSourceRel = (*topNInput)(nil)
)

// vectorizeTopN marks the inputs of the TopN nodes it can run.
func vectorizeTopN(sourceOf SourceOf) analyzer.RuleFunc {
	return topLevelRule(func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		t, ok := n.(*plan.TopN)
		if !ok || t.CalcFoundRows || !topNVectorizable(t, sourceOf) {
			return n, transform.SameTree, nil
		}
		marked, err := t.WithChildren(newTopNInput(t.Child))
		return marked, transform.NewTree, err
	})
}

// topNVectorizable tells whether t sorts the scan of a table read as
// vectors, perhaps filtered by a condition with vector kernels, by its
// columns.
func topNVectorizable(t *plan.TopN, sourceOf SourceOf) bool {
	scan := t.Child
	if f, ok := scan.(*plan.Filter); ok {
		if !vectorFilterable(f, sourceOf) {
			return false
		}
		scan = f.Child
	}
	tbl, alias, ok := scanSource(scan, sourceOf)
	if !ok {
		return false
	}
	if _, _, ok := scanColumns(tbl, scan.Schema()); !ok {
		return false
	}
	name := tbl.Name()
	if alias != nil {
		name = alias.Name()
	}
	at := map[string]bool{}
	for _, c := range scan.Schema() {
		at[strings.ToLower(c.Name)] = true
	}
	for _, sf := range t.Fields {
		gf, ok := sf.Column.(*expression.GetField)
		if !ok || !at[strings.ToLower(gf.Name())] || !strings.EqualFold(gf.Table(), name) {
			return false
		}
	}
	return true
}

// TopN returns the iterator of n when it is a TopN over an input the
// engine sorts (ok false for any other node, and for an input without
// vectors at execution, which go-mysql-server's TopN then sorts), or the
// mark's input.
func TopN(ctx *sql.Context, b sql.NodeExecBuilder, n sql.Node, row sql.Row, sourceOf SourceOf) (it sql.RowIter, ok bool, err error) {
	if m, ok := n.(*topNInput); ok {
		it, err := b.Build(ctx, m.child, row)
		return it, true, err
	}
	t, ok := n.(*plan.TopN)
	if !ok {
		return nil, false, nil
	}
	m, ok := t.Child.(*topNInput)
	if !ok || len(row) != 0 {
		return nil, false, nil
	}
	scan, filter := m.child, (*plan.Filter)(nil)
	if f, ok := scan.(*plan.Filter); ok {
		scan, filter = f.Child, f
	}
	tbl, _, ok := scanSource(scan, sourceOf)
	if !ok {
		return nil, false, nil
	}
	cols, _, ok := scanColumns(tbl, scan.Schema())
	if !ok {
		return nil, false, nil
	}
	keys, ok := sortColumns(t.Fields, len(cols))
	if !ok {
		return nil, false, nil
	}
	limit, err := iters.GetInt64Value(ctx, t.Limit)
	if err != nil {
		return nil, true, err
	}
	r, conv, err := tbl.Reader(ctx, cols)
	if err != nil {
		return nil, true, err
	}
	kinds := r.VectorKinds()
	if kinds == nil {
		return nil, false, nil
	}
	dt := make([]types.DataType, len(cols))
	for i, c := range cols {
		dt[i] = tbl.Fields()[c].Type
	}
	f := &vectorFilter{types: dt, conv: conv}
	if filter != nil {
		k, kind := compileVector(filter.Expression, kinds)
		if k == nil || kind != format.VectorBool {
			return nil, false, nil
		}
		f.kernel, f.cond = k, filter.Expression
	}
	s := &topNScan{ctx: ctx, fields: t.Fields, keys: keys, isKey: make([]bool, len(cols)), limit: limit, f: f,
		width: len(cols), stats: sql.ExecStatsOf(ctx), scan: scan, filter: filter}
	for _, k := range keys {
		s.isKey[k] = true
	}
	return s.start(r), true, nil
}

// sortColumns are the columns of a row of width columns that the sort
// fields read (all plain columns); ok is false otherwise.
func sortColumns(fields sql.SortFields, width int) ([]int, bool) {
	var keys []int
	for _, sf := range fields {
		gf, ok := sf.Column.(*expression.GetField)
		if !ok || gf.Index() < 0 || gf.Index() >= width {
			return nil, false
		}
		keys = append(keys, gf.Index())
	}
	return keys, true
}

// topNScan reads the scan's vectors in the read's workers, each into a
// heap of its own, and hands out the merged heap's rows in order.
type topNScan struct {
	ctx    *sql.Context
	fields sql.SortFields
	keys   []int  // the columns the sort fields read
	isKey  []bool // by column: whether keys has it
	limit  int64
	f      *vectorFilter // its kernel nil without a WHERE
	width  int
	heaps  []*rowHeap // a worker's each
	out    []sql.Row
	mem    *sql.MemoryManager
	// For EXPLAIN ANALYZE: the scan and Filter nodes, their rows.
	stats      *sql.ExecStats
	scan       sql.Node
	filter     *plan.Filter
	read, kept int64
	countMu    sync.Mutex
	started    time.Time
	first      time.Duration // from the start to the first batch read
	done       bool
}

func (s *topNScan) start(r *read.Reader) *topNIter {
	s.mem, s.started = s.ctx.Memory, time.Now()
	workers := runtime.GOMAXPROCS(0)
	s.heaps = make([]*rowHeap, workers)
	consumers := make([]read.VectorConsumer, workers)
	for w := range consumers {
		h := &rowHeap{TopRowsHeap: expression.TopRowsHeap{Sorter: expression.Sorter{SortFields: s.fields, Ctx: s.ctx}}, limit: int(s.limit), mem: s.mem}
		s.heaps[w] = h
		consumers[w] = func(b *format.VectorBatch) error { return s.consume(h, b) }
	}
	rctx, cancel := context.WithCancel(s.ctx)
	it := &topNIter{s: s, cancel: cancel, done: make(chan error, 1)}
	if s.limit <= 0 {
		cancel()
		it.done <- nil
		return it
	}
	go func() { it.done <- r.ReadVectors(rctx, consumers) }()
	return it
}

// consume offers the rows of b that the WHERE keeps to the worker's heap.
func (s *topNScan) consume(h *rowHeap, b *format.VectorBatch) error {
	var (
		kept int64
		err  error
	)
	if s.f.kernel == nil {
		kept, err = s.offerAll(h, b, nil)
	} else {
		v, kerr := s.f.kernel(b)
		switch {
		case errors.Is(kerr, errRowPath):
			// The kernel leaves the batch to go-mysql-server's condition.
			var rows []sql.Row
			if rows, err = s.f.rowPath(s.ctx, b); err == nil {
				kept = int64(len(rows))
				for _, row := range rows {
					if err = h.offer(row); err != nil {
						break
					}
				}
			}
		case kerr != nil:
			err = kerr
		default:
			kept, err = s.offerAll(h, b, v)
		}
	}
	s.countMu.Lock()
	if s.read == 0 {
		s.first = time.Since(s.started)
	}
	s.read += int64(b.Len)
	s.kept += kept
	s.countMu.Unlock()
	return err
}

// offerAll offers the rows of b that keep holds true (every row when nil):
// the sort columns first, the row made whole only when it beats the
// heap's worst.
func (s *topNScan) offerAll(h *rowHeap, b *format.VectorBatch, keep *format.Vector) (int64, error) {
	f := s.f
	probe := make(sql.Row, s.width)
	var kept int64
	for i := range b.Len {
		if keep != nil && (!keep.Bool[i] || keep.IsNull(i)) {
			continue
		}
		kept++
		for _, k := range s.keys {
			probe[k] = f.conv[k](b.Cols[k].Value(i, f.types[k]))
		}
		better, err := h.beats(probe)
		if err != nil {
			return kept, err
		}
		if !better {
			continue
		}
		row := make(sql.Row, s.width)
		for j := range row {
			if s.isKey[j] {
				row[j] = probe[j]
			} else {
				row[j] = f.conv[j](b.Cols[j].Value(i, f.types[j]))
			}
		}
		if err := h.offer(row); err != nil {
			return kept, err
		}
	}
	return kept, nil
}

// merge puts the workers' heaps into one, whose rows are the answer.
func (s *topNScan) merge() error {
	all := &rowHeap{TopRowsHeap: expression.TopRowsHeap{Sorter: expression.Sorter{SortFields: s.fields, Ctx: s.ctx}}, limit: int(s.limit), mem: s.mem}
	for _, h := range s.heaps {
		// Its rows move: counted again as the merged heap keeps them.
		h.release()
		for _, row := range h.Sorter.Rows {
			if err := all.offer(row); err != nil {
				return err
			}
		}
	}
	rows, err := all.TopRowsHeap.Rows()
	s.heaps = append(s.heaps, all) // released at Close
	s.out = rows
	return err
}

// rowHeap is a heap of at most limit rows whose top is the worst,
// counted against the memory limit.
type rowHeap struct {
	expression.TopRowsHeap
	limit int
	mem   *sql.MemoryManager
	held  int64
}

// beats tells whether row would be kept: the heap is not full, or row
// sorts before its worst.
func (h *rowHeap) beats(row sql.Row) (bool, error) {
	if h.Len() < h.limit {
		return true, nil
	}
	h.Sorter.Rows = append(h.Sorter.Rows, row)
	better := h.Sorter.Less(len(h.Sorter.Rows)-1, 0)
	h.Sorter.Rows = h.Sorter.Rows[:len(h.Sorter.Rows)-1]
	return better, h.LastError
}

// offer keeps row if it beats the worst, which it then drops.
func (h *rowHeap) offer(row sql.Row) error {
	better, err := h.beats(row)
	if err != nil || !better {
		return err
	}
	n := sql.EstimateRowBytes(row)
	if err := h.mem.Grow(n); err != nil {
		return err
	}
	h.held += n
	heap.Push(&h.TopRowsHeap, row)
	if h.Len() > h.limit {
		worst := heap.Pop(&h.TopRowsHeap).(sql.Row)
		n := sql.EstimateRowBytes(worst)
		h.mem.Shrink(n)
		h.held -= n
	}
	return h.LastError
}

// release uncounts the heap's rows.
func (h *rowHeap) release() {
	h.mem.Shrink(h.held)
	h.held = 0
}

// topNIter waits for the read, then hands out the merged rows.
type topNIter struct {
	s      *topNScan
	cancel context.CancelFunc
	done   chan error
	ended  bool
	err    error
	next   int
}

// Next implements sql.RowIter.
func (it *topNIter) Next(*sql.Context) (sql.Row, error) {
	if !it.ended {
		it.ended = true
		it.err = <-it.done
		it.s.finish()
		if it.err == nil {
			it.err = it.s.merge()
		}
	}
	if it.err != nil {
		return nil, it.err
	}
	if it.next >= len(it.s.out) {
		return nil, io.EOF
	}
	row := it.s.out[it.next]
	it.next++
	return row, nil
}

// finish counts the read (once) for the server's statistics and EXPLAIN
// ANALYZE's lines of the scan and of the Filter.
func (s *topNScan) finish() {
	if s.done {
		return
	}
	s.done = true
	spent := time.Since(s.started)
	first := s.first
	if s.read == 0 {
		first = spent
	}
	stats.RowsRead.Add(s.read)
	s.stats.Record(s.scan, s.read, first, spent)
	if s.filter != nil {
		s.stats.Record(s.filter, s.kept, first, spent)
	}
}

// Close implements sql.RowIter: it stops the read, waits for it and gives
// back what the heaps counted.
func (it *topNIter) Close(*sql.Context) error {
	it.cancel()
	if !it.ended {
		it.ended = true
		it.err = <-it.done // stopped before its end: the cancellation's error, not returned
		it.s.finish()
	}
	for _, h := range it.s.heaps {
		h.release()
	}
	it.s.out = nil
	return nil
}

// WithChildren implements sql.Node.
func (m *topNInput) WithChildren(children ...sql.Node) (sql.Node, error) {
	return remark(m, children, newTopNInput)
}
