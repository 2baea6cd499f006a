package vector

import (
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// TPC-H Q13 counts each customer's orders: `SELECT c_custkey,
// COUNT(o_orderkey) FROM customer LEFT JOIN orders ON c_custkey =
// o_custkey ... GROUP BY c_custkey`. Aggregated over the join's rows, each
// of the customer's orders is first made into a joined row (1.5 million
// at scale factor 1) to be counted once. When the GROUP BY key is the
// join's left key itself, each group's counts are sums over the rows of
// one key of the right side, so the right side is counted per key as it
// is read, and each left row adds the counts of its key: COUNT(*) the
// rows of its key (1 for a left row that matched nothing: its
// NULL-extended row), COUNT(col) those whose col is not NULL (0 for no
// match). No joined row is made.

// leftJoinCounts is such a GROUP BY over a LEFT JOIN on one integer key
// whose equality is the join's whole condition: grouped by the left key
// and selecting only COUNT(*), COUNT of right columns and left columns.
type leftJoinCounts struct {
	hj *hashJoin
	// key is the left key on the left side's rows.
	key sql.Expression
	// outputs are, per selected expression, what it is: a count of the
	// right side's rows (countStar), of its non-NULL values in column
	// col, or the value of the left side's column col on the group's
	// first row.
	outputs []countOutput
}

type countOutput struct {
	kind aggKind // aggCountStar, aggCount, aggFirst
	col  int
}

// leftJoinCountRuns counts the GROUP BYs run as leftJoinCounts (for the
// tests).
var leftJoinCountRuns atomic.Int64

// planLeftJoinCounts returns nil unless s, the aggregation of the rows of
// child under the parent row row, has leftJoinCounts' shape.
func planLeftJoinCounts(s *aggregateScan, child sql.Node, row sql.Row) *leftJoinCounts {
	j, ok := child.(*plan.JoinNode)
	if !ok || j.Op != plan.JoinTypeLeftOuterHash || len(row) != 0 {
		return nil
	}
	hj := planHashJoin(j)
	if hj == nil || !hj.intKey || len(s.gb.GroupByExprs) != 1 {
		return nil
	}
	lk, _ := hj.leftKeys[0].(*expression.GetField)
	rk, _ := hj.rightKeys[0].(*expression.GetField)
	eq, ok := j.Filter.(*expression.Equals)
	if !ok || lk == nil || rk == nil {
		return nil
	}
	l, r := eq.Left(), eq.Right()
	if !sameColumn(l, lk) {
		l, r = r, l
	}
	if !sameColumn(l, lk) || !sameColumn(r, rk) || !sameColumn(s.gb.GroupByExprs[0], lk) {
		return nil
	}
	lc := &leftJoinCounts{hj: hj, key: lk}
	for _, a := range s.aggs {
		out := countOutput{kind: a.kind}
		gf, isField := a.expr.(*expression.GetField)
		switch {
		case a.kind == aggCountStar:
		case a.kind == aggCount && isField && gf.Index() >= hj.leftWidth && gf.Index() < hj.leftWidth+hj.rightWidth:
			out.col = gf.Index() - hj.leftWidth
		case (a.kind == aggFirst || a.kind == aggIntKey) && isField && gf.Index() < hj.leftWidth:
			// The key itself is aggIntKey (markKeyColumns): also the
			// value of its column on the group's first row.
			out.kind, out.col = aggFirst, gf.Index()
		default:
			return nil
		}
		lc.outputs = append(lc.outputs, out)
	}
	return lc
}

// sameColumn tells whether e is the column c (by table and name: the
// join's condition and its HashLookup's keys number columns in different
// rows).
func sameColumn(e sql.Expression, c *expression.GetField) bool {
	gf, ok := e.(*expression.GetField)
	return ok && strings.EqualFold(gf.Table(), c.Table()) && strings.EqualFold(gf.Name(), c.Name())
}

// Bytes counted per key of the right side's counts and per group: the
// map's entry and share of its buckets, and the counts or first row.
const countKeyBytes = 48

// run builds both sides with b and returns the groups' rows.
func (lc *leftJoinCounts) run(ctx *sql.Context, b sql.NodeExecBuilder) (out []sql.Row, err error) {
	leftJoinCountRuns.Add(1)
	hj := lc.hj
	started := time.Now()
	// EXPLAIN ANALYZE: the Hash holds the right rows of a key, and the
	// join the rows it stands for (COUNT(*)'s: a left row's matches, or
	// its NULL-extended row).
	var keyed, joined int64
	defer func() {
		if err == nil {
			spent := time.Since(started)
			sql.ExecStatsOf(ctx).Record(hj.hash, keyed, spent, spent)
			sql.ExecStatsOf(ctx).Record(hj.j, joined, spent, spent)
		}
	}()
	var held int64
	grow := func(n int64) error {
		if err := ctx.Memory.Grow(n); err != nil {
			return err
		}
		held += n
		return nil
	}
	defer func() { ctx.Memory.Shrink(held) }()

	// The right side's counts per key: of rows, then of each counted
	// column's non-NULL values.
	width := 1 + len(lc.outputs)
	at := map[int64]int{}
	var counts []int64
	build, err := b.Build(ctx, hj.build, make(sql.Row, hj.leftWidth))
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, build, func(r sql.Row) error {
		v, err := hj.rightKeys[0].Eval(ctx, r)
		if err != nil || v == nil {
			return err // a NULL key matches no left row
		}
		k, _ := asInt64(v)
		i, seen := at[k]
		if !seen {
			i = len(counts)
			at[k] = i
			counts = append(counts, make([]int64, width)...)
			if err := grow(countKeyBytes + 8*int64(width)); err != nil {
				return err
			}
		}
		counts[i]++
		keyed++
		for o, out := range lc.outputs {
			if out.kind == aggCount && r[out.col] != nil {
				counts[i+1+o]++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// The groups, in the order of their first left rows.
	groups := map[int64]int{}
	nullGroup := -1
	probe, err := b.Build(ctx, hj.j.Left(), nil)
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, probe, func(r sql.Row) error {
		v, err := lc.key.Eval(ctx, r)
		if err != nil {
			return err
		}
		g, ok := nullGroup, v == nil && nullGroup >= 0
		var k int64
		if !ok {
			k, _ = asInt64(v)
			g, ok = groups[k]
		}
		if !ok {
			g = len(out)
			if v == nil {
				nullGroup = g
			} else {
				groups[k] = g
			}
			row := make(sql.Row, len(lc.outputs))
			for o, c := range lc.outputs {
				if c.kind == aggFirst {
					row[o] = r[c.col]
				} else {
					row[o] = int64(0)
				}
			}
			out = append(out, row)
			if err := grow(countKeyBytes + valuesBytes(row)); err != nil {
				return err
			}
		}
		i, matched := -1, false
		if v != nil {
			i, matched = at[k]
		}
		joined++
		if matched {
			joined += counts[i] - 1
		}
		for o, c := range lc.outputs {
			switch {
			case c.kind == aggCountStar && matched:
				out[g][o] = out[g][o].(int64) + counts[i]
			case c.kind == aggCountStar:
				out[g][o] = out[g][o].(int64) + 1 // its NULL-extended row
			case c.kind == aggCount && matched:
				out[g][o] = out[g][o].(int64) + counts[i+1+o]
			}
		}
		return nil
	})
	return out, err
}

// eachRow calls f on each row of it, which it closes, looking at ctx's
// cancellation every joinBatchRows rows.
func eachRow(ctx *sql.Context, it sql.RowIter, f func(sql.Row) error) (err error) {
	defer func() {
		if closeErr := it.Close(ctx); err == nil {
			err = closeErr
		}
	}()
	for n := 1; ; n++ {
		r, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(r); err != nil {
			return err
		}
		if n%joinBatchRows == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
}
