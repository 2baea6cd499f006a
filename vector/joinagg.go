package vector

import (
	"errors"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
)

// A GROUP BY over a join (TPC-H's Q03, Q05, Q10 ...) cannot be an
// aggregate scan, which reads one table; go-mysql-server's GroupBy
// aggregates its rows by hashing each row's keys formatted as text
// (fmt's %v) into a 64-bit hash and updating a buffer per aggregate and
// group through interfaces. Here the joined rows are aggregated by the
// aggregate scan's own groups and accumulators instead: keys encoded
// exactly (appendKey), typed per-group arrays, SUM and AVG exact.
//
// The GroupBy stays in the plan, over a joinRows mark on its child, so
// that go-mysql-server's later rules (validation, execution indexes) see
// it as they always do; the executor (the catalog's, through
// JoinAggregate) runs a GroupBy over the mark with the GroupBy's final
// expressions, and any other executor runs the GroupBy as it is.

// joinRows marks the input of a GroupBy that the engine aggregates: a
// join's rows.
type joinRows struct {
	inputMark // over the join
}

// newJoinRows marks the GroupBy's input child; EXPLAIN FORMAT=TREE's
// GroupBy line ends with "(vectorized)".
func newJoinRows(child sql.Node) *joinRows {
	return &joinRows{inputMark{child: child, title: "Aggregated by the vectorized engine", note: "vectorized"}}
}

var (
	_ sql.Node          = (*joinRows)(nil)
	_ sql.ParentMark    = (*joinRows)(nil)
	_ sql.ExecSourceRel = (*joinRows)(nil)
)

// aggregateJoins marks the input of each GroupBy over a join whose
// aggregates and keys the engine computes.
func aggregateJoins(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	// Subqueries read the rows around them by positions the analyzer
	// fixed for a GroupBy (as for the aggregate scan).
	if !scope.IsEmpty() || hasSubquery(n) {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		gb, ok := n.(*plan.GroupBy)
		if !ok || !overJoin(gb.Child) || planJoinAggregate(gb) == nil {
			return n, transform.SameTree, nil
		}
		marked, err := gb.WithChildren(newJoinRows(gb.Child))
		return marked, transform.NewTree, err
	})
}

// overJoin tells whether n's rows come from a join (through filters,
// projections and aliases).
func overJoin(n sql.Node) bool {
	for {
		switch x := n.(type) {
		case *plan.JoinNode:
			return true
		case *plan.Filter, *plan.Project, *plan.TableAlias, *plan.SubqueryAlias:
			n = x.Children()[0]
		default:
			return false
		}
	}
}

// planJoinAggregate is the aggregation of gb over its child's rows as they
// are (its expressions read the child's columns), or nil when the engine
// does not compute one of its keys or aggregates.
func planJoinAggregate(gb *plan.GroupBy) *aggregateScan {
	if gb.Rollup {
		return nil
	}
	s := &aggregateScan{gb: gb, serial: true, keepsRows: true}
	same := func(e sql.Expression) sql.Expression { return e }
	for _, k := range gb.GroupByExprs {
		if !groupable(k.Type()) {
			return nil
		}
		f, ok := compile(k)
		if !ok {
			return nil
		}
		s.keys, s.keyExprs = append(s.keys, f), append(s.keyExprs, k)
	}
	if len(gb.GroupByExprs) == 1 {
		k := gb.GroupByExprs[0]
		s.intKey = gtypes.IsInteger(k.Type()) && !gtypes.IsUnsigned(k.Type()) && native(k) != nil
	}
	for _, e := range gb.SelectedExprs {
		a, ok := planAggregate(e, same)
		if !ok {
			return nil
		}
		s.aggs, s.argExprs = append(s.aggs, a), append(s.argExprs, a.expr)
	}
	s.markKeyColumns()
	return s
}

// JoinAggregate returns the iterator of n when it is a GroupBy over a
// join that the engine aggregates, or the mark's input (ok false for any
// other node): the join is built by b under row, as go-mysql-server builds
// a GroupBy's child, and its rows aggregated here.
func JoinAggregate(ctx *sql.Context, b sql.NodeExecBuilder, n sql.Node, row sql.Row) (it sql.RowIter, ok bool, err error) {
	if m, ok := n.(*joinRows); ok {
		// A GroupBy that go-mysql-server runs after all builds its input.
		it, err := b.Build(ctx, m.child, row)
		return it, true, err
	}
	gb, ok := n.(*plan.GroupBy)
	if !ok {
		return nil, false, nil
	}
	m, ok := gb.Child.(*joinRows)
	if !ok {
		return nil, false, nil
	}
	s := planJoinAggregate(gb)
	if s == nil { // the expressions changed since the rule ran
		return nil, false, nil
	}
	if lc := planLeftJoinCounts(s, m.child, row); lc != nil {
		rows, err := lc.run(ctx, b)
		return sql.RowsToRowIter(rows...), true, err
	}
	child, err := b.Build(ctx, m.child, row)
	if err != nil {
		return nil, true, err
	}
	rows, err := s.aggregateRows(ctx, child)
	if err != nil {
		return nil, true, err
	}
	return sql.RowsToRowIter(rows...), true, nil
}

// joinBatchRows is how many rows are aggregated at a time: the memory
// limit and KILL are looked at between batches.
const joinBatchRows = 1024

// aggregateRows aggregates the rows of it (closed here) in one state.
func (s *aggregateScan) aggregateRows(ctx *sql.Context, it sql.RowIter) (out []sql.Row, err error) {
	st := s.newState(ctx)
	defer func() {
		if closeErr := it.Close(ctx); err == nil && closeErr != nil {
			out, err = nil, closeErr
		}
	}()
	batch := make([][]any, 0, joinBatchRows)
	flush := func() error {
		if err := st.add(ctx, batch, nil); err != nil {
			return err
		}
		batch = batch[:0]
		if err := st.count(); err != nil {
			return err
		}
		return ctx.Err()
	}
	for {
		row, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if batch = append(batch, row); len(batch) == joinBatchRows {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return st.results(len(s.keys) == 0), nil
}

// WithChildren implements sql.Node.
func (m *joinRows) WithChildren(children ...sql.Node) (sql.Node, error) {
	return remark(m, children, newJoinRows)
}
