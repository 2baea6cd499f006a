package memo

// paimon-sql: an integrator's estimates of filtered tables and of joins.
// v0.20.0 estimates a filtered table at 85% of its rows whatever the filter,
// and an equality join at 1.25 times its smaller side whatever the keys, so
// the join order did not follow the filters (a large table filtered to a
// few rows looked larger than a small table) nor the keys (a join on a key
// keeps no more rows than the other side has). A Coster that also
// implements CardinalityEstimator gives these figures from the tables' own
// statistics; where it has none, v0.20.0's estimates stay.

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/stats"
)

// CardinalityEstimator is what a Coster may also implement to estimate
// cardinalities from a table's statistics.
type CardinalityEstimator interface {
	// FilteredRows estimates the rows of table that filters (conjuncts)
	// keep; ok is false when the table has no statistics.
	FilteredRows(ctx *sql.Context, table sql.Table, filters []sql.Expression) (rows float64, ok bool)
	// DistinctValues estimates the distinct non-NULL tuples of the columns
	// over the whole table; ok is false when nothing bounds them.
	DistinctValues(ctx *sql.Context, table sql.Table, columns []string) (ndv float64, ok bool)
}

func (m *Memo) estimator() (CardinalityEstimator, bool) {
	e, ok := m.c.(CardinalityEstimator)
	return e, ok
}

// sourceTable is the table a relation reads, through an alias.
func sourceTable(n plan.TableIdNode) (sql.Table, bool) {
	if a, ok := n.(*plan.TableAlias); ok {
		n, ok = a.Child.(plan.TableIdNode)
		if !ok {
			return nil, false
		}
	}
	if tn, ok := n.(sql.TableNode); ok {
		if _, isTable := n.(*plan.ResolvedTable); isTable {
			return tn.UnderlyingTable(), true
		}
	}
	return nil, false
}

// estimatedFilterRows asks the estimator for the rows of a filtered table.
func estimatedFilterRows(rel *Filter) (sql.Statistic, bool) {
	m := rel.Group().m
	est, ok := m.estimator()
	if !ok {
		return nil, false
	}
	src, ok := rel.Child.First.(SourceRel)
	if !ok {
		return nil, false
	}
	if _, opaque := src.(*OpaqueRel); opaque {
		return nil, false
	}
	table, ok := sourceTable(src.TableIdNode())
	if !ok {
		return nil, false
	}
	rows, ok := est.FilteredRows(m.Ctx, table, rel.Filters)
	if !ok {
		return nil, false
	}
	return &stats.Statistic{RowCnt: uint64(math.Max(1, math.Round(rows)))}, true
}

// estimatedJoinRows estimates an inner or left outer join on
// equalities between columns of tables the estimator knows, by the
// textbook rule: each left row matches right rows of its key value, the
// key's values spread evenly, |L| * |R| / max(ndv(L keys), ndv(R keys)),
// each side's distinct keys no more than its rows.
func estimatedJoinRows(rel JoinRel, left, right sql.Statistic) (sql.Statistic, bool) {
	jp := rel.JoinPrivate()
	m := jp.Left.m
	est, ok := m.estimator()
	if !ok {
		return nil, false
	}
	op := jp.Op
	isInner := op.IsInner() || op == plan.JoinTypeHash || op == plan.JoinTypeLookup || op == plan.JoinTypeMerge
	// Semi and anti joins keep v0.20.0's estimate: their other conditions
	// (Q21's l3.l_suppkey <> l1.l_suppkey) decide more than the keys do.
	if !isInner && !op.IsLeftOuter() {
		return nil, false
	}
	leftCols := map[sql.TableId][]string{}
	rightCols := map[sql.TableId][]string{}
	for _, f := range jp.Filter {
		eq, ok := f.(*expression.Equals)
		if !ok {
			continue
		}
		l, okL := eq.Left().(*expression.GetField)
		r, okR := eq.Right().(*expression.GetField)
		if !okL || !okR {
			continue
		}
		switch {
		case jp.Left.RelProps.OutputTables().Contains(int(l.TableId())) && jp.Right.RelProps.OutputTables().Contains(int(r.TableId())):
		case jp.Left.RelProps.OutputTables().Contains(int(r.TableId())) && jp.Right.RelProps.OutputTables().Contains(int(l.TableId())):
			l, r = r, l
		default:
			continue
		}
		leftCols[l.TableId()] = append(leftCols[l.TableId()], l.Name())
		rightCols[r.TableId()] = append(rightCols[r.TableId()], r.Name())
	}
	if len(leftCols) == 0 {
		return nil, false
	}
	lRows := math.Max(1, float64(left.RowCount()))
	rRows := math.Max(1, float64(right.RowCount()))
	lNdv, okL := sideDistinct(m, est, jp.Left, leftCols, lRows)
	rNdv, okR := sideDistinct(m, est, jp.Right, rightCols, rRows)
	if !okL || !okR {
		return nil, false
	}
	inner := lRows * rRows / math.Max(lNdv, rNdv)
	card := inner
	if op.IsLeftOuter() {
		card = math.Max(lRows, inner)
	}
	return &stats.Statistic{RowCnt: uint64(math.Max(1, math.Round(card)))}, true
}

// sideDistinct estimates the distinct key tuples of one side of a join:
// the product over its tables of each table's distinct tuples of its key
// columns, no more than the side's rows.
func sideDistinct(m *Memo, est CardinalityEstimator, g *ExprGroup, cols map[sql.TableId][]string, rows float64) (float64, bool) {
	ndv := 1.0
	for id, names := range cols {
		var table sql.Table
		for _, n := range g.RelProps.TableIdNodes() {
			if n.Id() == id {
				table, _ = sourceTable(n)
				break
			}
		}
		if table == nil {
			return 0, false
		}
		d, ok := est.DistinctValues(m.Ctx, table, names)
		if !ok {
			return 0, false
		}
		ndv *= math.Max(1, d)
	}
	return math.Min(ndv, rows), true
}

// injectiveLookupRows estimates a lookup join that finds at most one row
// per left row: v0.20.0 took the left side's rows, as if every left row
// found its row, which holds for a foreign key into a whole table but not
// when the looked-up table is filtered. Each left row then finds its row
// as often as the filter keeps one (TPC-H Q02's partsupp looking up parts
// of one size and type was estimated at all of partsupp's rows, so it was
// joined to supplier before part).
func injectiveLookupRows(n *LookupJoin) sql.Statistic {
	left := n.Left.RelProps.GetStats()
	f, ok := n.Right.First.(*Filter)
	if !ok {
		return left
	}
	all := float64(f.Child.RelProps.GetStats().RowCount())
	kept := float64(n.Right.RelProps.GetStats().RowCount())
	if all <= 0 || kept >= all {
		return left
	}
	return &stats.Statistic{RowCnt: uint64(math.Max(1, math.Round(float64(left.RowCount())*kept/all)))}
}
