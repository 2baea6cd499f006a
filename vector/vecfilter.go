package vector

import (
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
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// The tables of a join come to it through their WHERE conjuncts (a Filter
// over the table's scan, after go-mysql-server pushed each conjunct to its
// table). go-mysql-server's Filter evaluates the condition on every row
// the scan made, each value boxed and converted first. Here such a scan
// reads the table's columns as vectors, evaluates the condition with the
// vector kernels, and makes rows of the rows it keeps only, in the read's
// parallel workers.
//
// The Filter stays in the plan, over a filteredScan mark on its scan, as
// for the aggregation of a join's rows (joinagg.go): the catalog's
// executor runs the Filter through ScanFilter; any other executor, or a
// condition without kernels at execution, runs the Filter as it is.

// filteredScan marks the scan of a table under a Filter that the engine
// evaluates over vectors.
type filteredScan struct {
	inputMark // over the table, perhaps under its alias
}

// newFilteredScan marks the scan child; EXPLAIN FORMAT=TREE's Filter line
// ends with "(vectorized)".
func newFilteredScan(child sql.Node) *filteredScan {
	return &filteredScan{inputMark{child: child, title: "Filtered over vectors", note: "vectorized"}}
}

var (
	_ sql.Node          = (*filteredScan)(nil)
	_ sql.ParentMark    = (*filteredScan)(nil)
	_ sql.ExecSourceRel = (*filteredScan)(nil)
)

// filterJoinInputs marks the filtered scans that are inputs of joins.
func filterJoinInputs(sourceOf SourceOf) analyzer.RuleFunc {
	return topLevelRule(func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok {
			return n, transform.SameTree, nil
		}
		return transform.Node(j, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			f, ok := n.(*plan.Filter)
			if !ok {
				return n, transform.SameTree, nil
			}
			if !vectorFilterable(f, sourceOf) {
				return n, transform.SameTree, nil
			}
			marked, err := f.WithChildren(newFilteredScan(f.Child))
			return marked, transform.NewTree, err
		})
	})
}

// vectorFilterable tells whether a Filter is over the scan of a table
// read as vectors and its condition compiles to a vector kernel over the
// table's columns.
func vectorFilterable(f *plan.Filter, sourceOf SourceOf) bool {
	tbl, alias, ok := scanSource(f.Child, sourceOf)
	if !ok {
		return false
	}
	name := tbl.Name()
	if alias != nil {
		name = alias.Name()
	}
	_, kinds, ok := scanColumns(tbl, f.Child.Schema())
	if !ok {
		return false
	}
	// The analyzer numbers columns its own way until execution: the
	// condition is tried with its columns at the scan's positions.
	at := map[string]int{}
	for i, c := range f.Child.Schema() {
		at[strings.ToLower(c.Name)] = i
	}
	bad := false
	cond, _, err := transform.Expr(f.Expression, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		i, found := at[strings.ToLower(gf.Name())]
		if !found || !strings.EqualFold(gf.Table(), name) {
			bad = true
			return e, transform.SameTree, nil
		}
		return gf.WithIndex(i), transform.NewTree, nil
	})
	if err != nil || bad {
		return false
	}
	k, kind := compileVector(cond, kinds)
	return k != nil && kind == format.VectorBool
}

// scanSource is the Source of the table that n scans (perhaps under an
// alias) when it is read as vectors.
func scanSource(n sql.Node, sourceOf SourceOf) (Source, *plan.TableAlias, bool) {
	rt, alias := resolvedTable(n)
	if rt == nil {
		return nil, nil, false
	}
	tbl, ok := sourceOf(rt.Table)
	if !ok || !tbl.NativeVectors() {
		return nil, nil, false
	}
	return tbl, alias, true
}

// scanColumns are the Fields of tbl that a scan of schema sch reads, and
// their vector kinds; ok is false when a column has none.
func scanColumns(tbl Source, sch sql.Schema) (cols []int, kinds []format.VectorKind, ok bool) {
	fields := tbl.Fields()
	for _, c := range sch {
		i := tbl.FieldIndex(c.Name)
		if i < 0 {
			return nil, nil, false
		}
		k := format.VectorKindOf(fields[i].Type)
		if k == format.VectorNone {
			return nil, nil, false
		}
		cols, kinds = append(cols, i), append(kinds, k)
	}
	return cols, kinds, true
}

// ScanFilter returns the iterator of n when it is a Filter over a scan
// the engine filters (ok false for any other node, and for a condition
// without kernels, which go-mysql-server's Filter then evaluates), or the
// mark's input. The table is the one the plan holds when it runs.
func ScanFilter(ctx *sql.Context, b sql.NodeExecBuilder, n sql.Node, row sql.Row, sourceOf SourceOf) (it sql.RowIter, ok bool, err error) {
	if m, ok := n.(*filteredScan); ok {
		it, err := b.Build(ctx, m.child, row)
		return it, true, err
	}
	if m, ok := n.(*probeScan); ok {
		// A probe side that the join reads as is (or builds on).
		it, err := b.Build(ctx, m.child, row)
		return it, true, err
	}
	f, ok := n.(*plan.Filter)
	if !ok {
		return nil, false, nil
	}
	m, ok := f.Child.(*filteredScan)
	if !ok {
		return nil, false, nil
	}
	tbl, _, ok := scanSource(m.child, sourceOf)
	if !ok {
		return nil, false, nil
	}
	cols, _, ok := scanColumns(tbl, m.child.Schema())
	if !ok {
		return nil, false, nil
	}
	r, conv, err := tbl.Reader(ctx, cols)
	if err != nil {
		return nil, true, err
	}
	kinds := r.VectorKinds()
	if kinds == nil {
		return nil, false, nil
	}
	k, kind := compileVector(f.Expression, kinds)
	if k == nil || kind != format.VectorBool {
		return nil, false, nil
	}
	types := make([]types.DataType, len(cols))
	for i, c := range cols {
		types[i] = tbl.Fields()[c].Type
	}
	vf := &vectorFilter{kernel: k, where: compileConjunction(f.Expression, kinds), cond: f.Expression, types: types, conv: conv}
	it = startFilterScan(ctx, r, vf, m.child)
	return it, true, nil
}

// vectorFilter is a condition over batches of a scan's vectors.
type vectorFilter struct {
	kernel vexpr
	// where is kernel part by part (vecselect.go), nil when not made;
	// picks holds the selectors of the workers that run it.
	where *conjunction
	picks sync.Pool
	cond  sql.Expression // for a batch the kernel leaves to the row path (nil: none)
	// after is a condition without a kernel that the rows the kernel
	// keeps must meet too (nil: none).
	after sql.Expression
	types []types.DataType
	conv  []func(any) any
	// evalMu serialises go-mysql-server's Eval (which may add warnings
	// to the session) between the read's workers.
	evalMu sync.Mutex
}

// rows are the rows of b that the condition keeps, converted for
// go-mysql-server, each a slice of its own (the rows may be kept).
func (f *vectorFilter) rows(ctx *sql.Context, b *format.VectorBatch) ([]sql.Row, error) {
	if f.where != nil {
		return f.rowsWhere(ctx, b)
	}
	v, err := f.kernel(b)
	if errors.Is(err, errRowPath) {
		return f.rowPath(ctx, b)
	}
	if err != nil {
		return nil, err
	}
	kept := 0
	for i, t := range v.Bool {
		if t && !v.IsNull(i) {
			kept++
		}
	}
	out := make([]sql.Row, 0, kept)
	cells := make([]any, kept*len(b.Cols))
	for i, t := range v.Bool {
		if !t || v.IsNull(i) {
			continue
		}
		row := cells[:len(b.Cols):len(b.Cols)]
		cells = cells[len(b.Cols):]
		for j := range b.Cols {
			row[j] = f.conv[j](b.Cols[j].Value(i, f.types[j]))
		}
		out = append(out, row)
	}
	if f.after != nil {
		return f.evalRows(ctx, out, f.after)
	}
	return out, nil
}

// rowsWhere is rows through the conjunction where: only the rows it
// keeps are made.
func (f *vectorFilter) rowsWhere(ctx *sql.Context, b *format.VectorBatch) ([]sql.Row, error) {
	s, _ := f.picks.Get().(*selector)
	if s == nil {
		s = &selector{}
	}
	defer f.picks.Put(s)
	b.Arena = &s.arena
	cur, sel, err := f.where.run(b, s, false)
	b.Arena = nil
	s.arena.Release() // the rows are made of cur's columns
	if errors.Is(err, errRowPath) {
		return f.rowPath(ctx, b)
	}
	if err != nil {
		return nil, err
	}
	out := make([]sql.Row, len(sel))
	cells := make([]any, len(sel)*len(cur.Cols))
	for k, i := range sel {
		row := cells[k*len(cur.Cols) : (k+1)*len(cur.Cols) : (k+1)*len(cur.Cols)]
		for j := range cur.Cols {
			row[j] = f.conv[j](cur.Cols[j].Value(int(i), f.types[j]))
		}
		out[k] = row
	}
	if f.after != nil {
		return f.evalRows(ctx, out, f.after)
	}
	return out, nil
}

// evalRows are the rows of rows on which go-mysql-server's condition
// cond is true.
func (f *vectorFilter) evalRows(ctx *sql.Context, rows []sql.Row, cond sql.Expression) ([]sql.Row, error) {
	f.evalMu.Lock()
	defer f.evalMu.Unlock()
	kept := rows[:0]
	for _, row := range rows {
		res, err := sql.EvaluateCondition(ctx, cond, row)
		if err != nil {
			return nil, err
		}
		if sql.IsTrue(res) {
			kept = append(kept, row)
		}
	}
	return kept, nil
}

// rowPath filters b row by row with go-mysql-server's condition.
func (f *vectorFilter) rowPath(ctx *sql.Context, b *format.VectorBatch) ([]sql.Row, error) {
	out := make([]sql.Row, b.Len)
	for i := range b.Len {
		row := make(sql.Row, len(b.Cols))
		for j := range b.Cols {
			row[j] = f.conv[j](b.Cols[j].Value(i, f.types[j]))
		}
		out[i] = row
	}
	if f.cond == nil {
		return out, nil
	}
	return f.evalRows(ctx, out, f.cond)
}

// filterScanIter hands out the rows the read's workers kept, batch by
// batch, as they come.
type filterScanIter struct {
	batches chan []sql.Row
	done    chan error // the read's end: nil, or its error
	cancel  context.CancelFunc
	cur     []sql.Row
	ended   bool
	err     error
	// For EXPLAIN ANALYZE: the scan's node, the rows read and when.
	stats   *sql.ExecStats
	scan    sql.Node
	read    int64
	started time.Time
	first   time.Duration // from the start to the first batch read
	readMu  sync.Mutex
}

func startFilterScan(ctx *sql.Context, r *read.Reader, f *vectorFilter, scan sql.Node) *filterScanIter {
	rctx, cancel := context.WithCancel(ctx)
	it := &filterScanIter{batches: make(chan []sql.Row, 2), done: make(chan error, 1), cancel: cancel,
		stats: sql.ExecStatsOf(ctx), scan: scan, started: time.Now()}
	consumers := make([]read.VectorConsumer, runtime.GOMAXPROCS(0))
	for w := range consumers {
		consumers[w] = func(b *format.VectorBatch) error {
			it.readMu.Lock()
			if it.read == 0 {
				it.first = time.Since(it.started)
			}
			it.read += int64(b.Len)
			it.readMu.Unlock()
			rows, err := f.rows(ctx, b)
			if err != nil || len(rows) == 0 {
				return err
			}
			select {
			case it.batches <- rows:
				return nil
			case <-rctx.Done():
				return rctx.Err()
			}
		}
	}
	go func() {
		err := r.ReadVectors(rctx, consumers)
		close(it.batches)
		it.done <- err
	}()
	return it
}

// Next implements sql.RowIter.
func (it *filterScanIter) Next(ctx *sql.Context) (sql.Row, error) {
	for len(it.cur) == 0 {
		if it.ended {
			if it.err != nil {
				return nil, it.err
			}
			return nil, io.EOF
		}
		rows, ok := <-it.batches
		if !ok {
			it.finish()
			continue
		}
		it.cur = rows
	}
	row := it.cur[0]
	it.cur = it.cur[1:]
	return row, nil
}

// finish takes the read's outcome (after its last batch) and counts it.
func (it *filterScanIter) finish() {
	it.ended = true
	it.err = <-it.done
	stats.RowsRead.Add(it.read)
	// EXPLAIN ANALYZE's line of the scan under the Filter: the rows read.
	spent := time.Since(it.started)
	first := it.first
	if it.read == 0 {
		first = spent
	}
	it.stats.Record(it.scan, it.read, first, spent)
}

// Close implements sql.RowIter: it stops the read and waits for it.
func (it *filterScanIter) Close(*sql.Context) error {
	it.cancel()
	if !it.ended {
		for range it.batches { //nolint:revive // drained so that the workers end
		}
		it.finish()
	}
	return nil
}

// WithChildren implements sql.Node.
func (m *filteredScan) WithChildren(children ...sql.Node) (sql.Node, error) {
	return remark(m, children, newFilteredScan)
}
