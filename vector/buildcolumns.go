package vector

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A semi or anti join returns its probe rows only: of a build row, only
// the columns of its keys and of the join's condition are ever read. Its
// build side, read as vectors filtered by the probe side's keys
// (buildfilter.go), then decodes those columns only, and its rows hold
// NULL in the others. TPC-H Q21's EXISTS and NOT EXISTS are `SELECT *`
// over lineitem: four columns of its sixteen are read, where its comments
// and instructions were decoded for every row.

// narrowedBuilds counts the build sides read with fewer columns (for the
// tests, which prove the path ran).
var narrowedBuilds atomic.Int64

// buildColumnsRead are the columns of a build row that the join reads
// (nil for all): those of its build keys and of its condition, for a semi
// or anti join that builds on its right side.
func (hj *hashJoin) buildColumnsRead() []bool {
	if hj.swapped || hj.j.Op != plan.JoinTypeSemiHash && hj.j.Op != plan.JoinTypeAntiHashIncludeNulls {
		return nil
	}
	read := make([]bool, len(hj.build.Schema()))
	all := false
	mark := func(e sql.Expression, start int) {
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if gf, ok := e.(*expression.GetField); ok && gf.Index() >= start {
				if i := gf.Index() - start; i < len(read) {
					read[i] = true
				} else {
					all = true
				}
			}
			return all
		})
	}
	mark(hj.j.Filter, len(hj.parent)+hj.leftWidth) // the joined row: parent, left, right
	for _, k := range hj.rightKeys {
		mark(k, 0)
	}
	if all {
		return nil
	}
	return read
}

// narrowed is pf reading only the columns of the scan's rows that read
// marks, with those its keys and condition need, and the positions in
// the scan's rows of the columns it reads; ok is false when it would read
// them all anyway.
func (pf *probeFilter) narrowed(read []bool) (n *probeFilter, at []int, ok bool) {
	if len(read) != len(pf.cols) || len(pf.above) > 0 {
		return nil, nil, false
	}
	read = append([]bool(nil), read...)
	for _, a := range pf.at {
		read[a] = true
	}
	for _, k := range pf.sideways {
		read[k.col] = true
	}
	all := false
	if pf.cond != nil {
		transform.InspectExpr(pf.cond, func(e sql.Expression) bool {
			if gf, ok := e.(*expression.GetField); ok {
				if gf.Index() < 0 || gf.Index() >= len(read) {
					all = true
				} else {
					read[gf.Index()] = true
				}
			}
			return all
		})
	}
	pos := make([]int, len(read)) // a column's position among those read
	for i, r := range read {
		if r {
			pos[i] = len(at)
			at = append(at, i)
		}
	}
	if all || len(at) == len(read) {
		return nil, nil, false
	}
	c := *pf
	c.cols, c.at, c.sideways = nil, nil, nil
	for _, i := range at {
		c.cols = append(c.cols, pf.cols[i])
	}
	for _, a := range pf.at {
		c.at = append(c.at, pos[a])
	}
	for _, k := range pf.sideways {
		k.col = pos[k.col]
		c.sideways = append(c.sideways, k)
	}
	if pf.cond != nil {
		cond, _, err := transform.Expr(pf.cond, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if gf, ok := e.(*expression.GetField); ok {
				return gf.WithIndex(pos[gf.Index()]), transform.NewTree, nil
			}
			return e, transform.SameTree, nil
		})
		if err != nil {
			return nil, nil, false
		}
		c.cond = cond
	}
	return &c, at, true
}

// widenedRows puts the values of its rows at the positions at of rows of
// width columns, NULL in the others.
type widenedRows struct {
	sql.RowIter
	at    []int
	width int
}

func (w *widenedRows) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := w.RowIter.Next(ctx)
	if err != nil {
		return nil, err
	}
	out := make(sql.Row, w.width)
	for i, v := range row {
		out[w.at[i]] = v
	}
	return out, nil
}
