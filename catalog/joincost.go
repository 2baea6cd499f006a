package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/memo"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// lookupRowCost is what the join planner is told one key lookup into a
// Paimon table costs, in its unit: reading one row in a scan. A lookup
// finds the key's bucket and files and decodes the pages that may hold it
// (section 4.4 of docs/sql.md), tens of microseconds, where a scan or a
// hash join spends about a microsecond a row; go-mysql-server's coster
// prices a lookup as 1.3 rows of a scan, as it would be in a B-tree, and
// so chose lookup joins with tens of thousands of outer rows (TPC-H Q02,
// Q05, Q08, Q09 over primary-key tables took 9 to over 30 s).
const lookupRowCost = 1000

// JoinCoster wraps go-mysql-server's coster of plans with what lookups into
// Paimon tables cost, so that a join looks its keys up only when the outer
// side is small and hashes otherwise.
func (p *Provider) JoinCoster(inner memo.Coster) memo.Coster {
	return joinCoster{inner}
}

type joinCoster struct{ inner memo.Coster }

func (c joinCoster) EstimateCost(ctx *sql.Context, rel memo.RelExpr, stats sql.StatsProvider) (float64, error) {
	cost, err := c.inner.EstimateCost(ctx, rel, stats)
	if err != nil {
		return cost, err
	}
	if lj, ok := rel.(*memo.LookupJoin); ok && isPaimonTable(lj.Lookup.Table.UnderlyingTable()) {
		outer := max(1, float64(lj.Left.RelProps.GetStats().RowCount()))
		cost += outer * lookupRowCost
	}
	if j, ok := rel.(memo.JoinRel); ok {
		jp := j.JoinPrivate()
		if rerunsInner(jp.Op) && (len(jp.Right.RelProps.TableIdNodes()) > 1 || isOpaque(jp.Right)) {
			outer := max(1, float64(jp.Left.RelProps.GetStats().RowCount()))
			cost += outer * jp.Right.Cost
		}
	}
	return cost, nil
}

// rerunsInner tells whether a join of this kind runs its inner (right) side
// again for every outer row: the nested loops do (go-mysql-server's join
// iterators build the inner side anew per outer row; joins.go keeps the
// rows of a lone Paimon scan, not of a join), where a hash join builds it
// once and a lookup join looks keys up. go-mysql-server's coster counts the
// inner side's cost once, so a comma join of seven small tables became
// nested loops over joins of joins, each re-read for every outer row (issue
// 24: past 10 s for a few hundred rows in all).
func rerunsInner(op plan.JoinType) bool {
	return !op.IsHash() && !op.IsLookup() && !op.IsMerge() && !op.IsRange()
}

// isOpaque tells a join leaf that is a subquery the join order builder
// takes whole (a grouped subquery): a nested loop runs it again per outer
// row as it runs a join.
func isOpaque(g *memo.ExprGroup) bool {
	_, ok := g.First.(*memo.OpaqueRel)
	return ok
}

func isPaimonTable(t sql.Table) bool {
	_, ok := t.(*Table)
	return ok
}
