package memo

// paimon-sql: a subtree the join order builder cannot take apart (a GroupBy,
// a window, an engine's own scan node) under a Project of one table's
// columns is a leaf of the join graph, as a derived table is, instead of
// making the whole join unplannable. go-mysql-server v0.20.0 gave up on the
// whole join tree (ErrUnsupportedReorderNode), so TPC-H Q18's
// `o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY l_orderkey HAVING
// ...)` left customer, orders and lineitem in nested loops.

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// OpaqueRel is a join-graph leaf over an opaqueNode; it executes as the
// node it wraps.
type OpaqueRel struct {
	*sourceBase
	Table *opaqueNode
}

var _ RelExpr = (*OpaqueRel)(nil)
var _ SourceRel = (*OpaqueRel)(nil)

func (r *OpaqueRel) String() string                { return FormatExpr(r) }
func (r *OpaqueRel) Name() string                  { return strings.ToLower(r.Table.Name()) }
func (r *OpaqueRel) TableId() sql.TableId          { return TableIdForSource(r.g.Id) }
func (r *OpaqueRel) TableIdNode() plan.TableIdNode { return r.Table }
func (r *OpaqueRel) OutputCols() sql.Schema        { return r.Table.Schema() }
func (r *OpaqueRel) Children() []*ExprGroup        { return nil }
func (b *ExecBuilder) buildOpaqueRel(r *OpaqueRel, _ ...sql.Node) (sql.Node, error) {
	return r.Table.Project, nil
}

// opaqueRowCount estimates the rows of an opaque leaf as those of the
// largest table it reads (a grouped subquery has at most as many groups):
// the default, 1,024 rows, made a join with the lineitem grouped by a
// decorrelated subquery (TPC-H Q20) look small enough for tens of
// thousands of key lookups into another table.
func opaqueRowCount(r *OpaqueRel) uint64 {
	rows := uint64(defaultTableSize)
	prov := r.Group().m.StatsProvider()
	if prov == nil {
		return rows
	}
	found := false
	transform.Inspect(r.Table.Project, func(n sql.Node) bool {
		if rt, ok := n.(*plan.ResolvedTable); ok {
			if card, err := prov.RowCount(r.Group().m.Ctx, rt.Database().Name(), rt.UnderlyingTable()); err == nil && (!found || card > rows) {
				rows, found = card, true
			}
		}
		return true
	})
	return rows
}

// opaqueNode presents a Project as a table for the join order builder: its
// id is the one table its columns come from, its columns their ids. It
// never leaves the memo.
type opaqueNode struct {
	*plan.Project
	id   sql.TableId
	cols sql.ColSet
}

var _ plan.TableIdNode = (*opaqueNode)(nil)

// newOpaqueNode returns the leaf for p when the join order builder cannot
// take p's child apart and p projects distinct columns of one table.
func newOpaqueNode(p *plan.Project) (*opaqueNode, bool) {
	if reorderable(p.Child) || len(p.Projections) == 0 {
		return nil, false
	}
	n := &opaqueNode{Project: p}
	for i, e := range p.Projections {
		gf, ok := e.(*expression.GetField)
		if !ok || gf.Id() == 0 || n.cols.Contains(gf.Id()) || i > 0 && gf.TableId() != n.id {
			return nil, false
		}
		n.id = gf.TableId()
		n.cols.Add(gf.Id())
	}
	return n, true
}

// reorderable tells whether populateSubgraph takes n apart without
// ErrUnsupportedReorderNode.
func reorderable(n sql.Node) bool {
	switch n := n.(type) {
	case *plan.Project:
		// a leaf of its own (a decorrelated subquery joined below,
		// analyzer/decorrelate_scalar_subqueries.go), or taken apart
		if _, ok := newOpaqueNode(n); ok {
			return true
		}
		return reorderable(n.Child)
	case *plan.Filter, *plan.Having, *plan.Limit, *plan.Sort, *plan.Distinct, *plan.Max1Row,
		*plan.StripRowNode, *plan.CachedResults:
		return reorderable(n.Children()[0])
	case *plan.JoinNode:
		return reorderable(n.Left()) && reorderable(n.Right())
	case *plan.SetOp:
		return true
	case plan.TableIdNode:
		switch n.(type) {
		case *plan.ResolvedTable, *plan.TableAlias, *plan.RecursiveTable, *plan.SubqueryAlias, *plan.RecursiveCte,
			*plan.IndexedTableAccess, *plan.ValueDerivedTable, *plan.JSONTable, *plan.EmptyTable, sql.TableFunction:
			return true
		}
	}
	return false
}

func (n *opaqueNode) Name() string        { return fmt.Sprintf("opaque(%d)", n.id) }
func (n *opaqueNode) Id() sql.TableId     { return n.id }
func (n *opaqueNode) Columns() sql.ColSet { return n.cols }
func (n *opaqueNode) WithId(id sql.TableId) plan.TableIdNode {
	c := *n
	c.id = id
	return &c
}
func (n *opaqueNode) WithColumns(cols sql.ColSet) plan.TableIdNode {
	c := *n
	c.cols = cols
	return &c
}
