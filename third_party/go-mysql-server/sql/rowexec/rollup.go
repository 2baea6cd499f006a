// paimon-sql: GROUP BY ... WITH ROLLUP (plan.GroupBy.Rollup), which
// go-mysql-server v0.20.0 lacks.

package rowexec

import (
	"errors"
	"io"
	"sort"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// rollupIter aggregates every row into a group at each level of the
// rollup: level L keeps the first L grouping expressions, level 0 is the
// grand total. A group of level L gives NULL for what it rolls up (a
// grouping expression after the first L, or a select expression reading
// only columns of those) and GROUPING() its bits. The groups come out in
// MySQL's order: by the grouping values, each super-aggregate row after
// the rows it sums up.
type rollupIter struct {
	selected, grouping []sql.Expression
	child              sql.RowIter
	// levels[L] says how each selected expression is computed at level L.
	levels  [][]rollupSelect
	groups  sql.KeyValueCache
	dispose sql.DisposeFunc
	order   []*rollupGroup
	pos     int
}

// rollupSelect is one selected expression at one level: an aggregate, a
// GROUPING() with the arguments it rolls up, the NULL of a rolled-up
// expression, or the group's first value of anything else.
type rollupSelect struct {
	grouping *aggregation.Grouping
	rolledUp []bool // of grouping's arguments
	null     bool
}

type rollupGroup struct {
	level int
	vals  []interface{} // of grouping[:level], from the group's first row
	bufs  []sql.AggregationBuffer
}

func newRollupIter(selected, grouping []sql.Expression, child sql.RowIter) *rollupIter {
	it := &rollupIter{selected: selected, grouping: grouping, child: child}
	key := func(e sql.Expression) string { return strings.ToLower(e.String()) }
	for level := 0; level <= len(grouping); level++ {
		kept, keptCols := map[string]bool{}, map[string]bool{}
		for _, g := range grouping[:level] {
			kept[key(g)] = true
			for _, c := range columnsOf(g) {
				keptCols[c] = true
			}
		}
		rolled, rolledCols := map[string]bool{}, map[string]bool{}
		for _, g := range grouping[level:] {
			if !kept[key(g)] {
				rolled[key(g)] = true
				for _, c := range columnsOf(g) {
					if !keptCols[c] {
						rolledCols[c] = true
					}
				}
			}
		}
		sels := make([]rollupSelect, len(selected))
		for i, e := range selected {
			switch e := e.(type) {
			case *aggregation.Grouping:
				sels[i].grouping = e
				for _, a := range e.Children() {
					sels[i].rolledUp = append(sels[i].rolledUp, rolled[key(a)])
				}
			case sql.Aggregation:
			default:
				if rolled[key(e)] {
					sels[i].null = true
					break
				}
				for _, c := range columnsOf(e) {
					if rolledCols[c] {
						sels[i].null = true
					}
				}
			}
		}
		it.levels = append(it.levels, sels)
	}
	return it
}

// columnsOf names the columns an expression reads.
func columnsOf(e sql.Expression) []string {
	var cols []string
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok {
			cols = append(cols, strings.ToLower(gf.String()))
		}
		return false
	})
	return cols
}

func (it *rollupIter) Next(ctx *sql.Context) (sql.Row, error) {
	if it.groups == nil {
		it.groups, it.dispose = ctx.Memory.NewHistoryCache()
		if err := it.compute(ctx); err != nil {
			return nil, err
		}
	}
	if it.pos >= len(it.order) {
		return nil, io.EOF
	}
	g := it.order[it.pos]
	it.pos++
	return evalBuffers(ctx, g.bufs)
}

func (it *rollupIter) compute(ctx *sql.Context) error {
	vals := make([]interface{}, len(it.grouping))
	for {
		row, err := it.child.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		for i, g := range it.grouping {
			if vals[i], err = g.Eval(ctx, row); err != nil {
				return err
			}
		}
		hash := xxhash.New()
		for level := 0; level <= len(it.grouping); level++ {
			// The key of level L extends level L-1's; the level is part of
			// it, so that a rolled-up NULL is not a NULL of the data.
			if level > 0 {
				if err := writeGroupValue(ctx, hash, it.grouping[level-1].Type(), vals[level-1]); err != nil {
					return err
				}
				_, _ = hash.Write([]byte{0})
			}
			key := hash.Sum64() ^ uint64(level)
			g, err := it.group(ctx, key, level, vals)
			if err != nil {
				return err
			}
			if err := updateBuffers(ctx, g.bufs, row); err != nil {
				return err
			}
		}
	}
	sort.SliceStable(it.order, func(a, b int) bool { return it.compare(ctx, it.order[a], it.order[b]) < 0 })
	return nil
}

// group returns the group of key, made on its first row.
func (it *rollupIter) group(ctx *sql.Context, key uint64, level int, vals []interface{}) (*rollupGroup, error) {
	v, err := it.groups.Get(key)
	if err == nil {
		return v.(*rollupGroup), nil
	}
	if !errors.Is(err, sql.ErrKeyNotFound) {
		return nil, err
	}
	g := &rollupGroup{level: level, vals: append([]interface{}(nil), vals[:level]...), bufs: make([]sql.AggregationBuffer, len(it.selected))}
	for i, e := range it.selected {
		s, err := it.levels[level][i], error(nil)
		switch {
		case s.grouping != nil:
			g.bufs[i] = s.grouping.NewRollupBuffer(s.rolledUp)
		case s.null:
			g.bufs[i], err = aggregation.NewFirst(expression.NewLiteral(nil, e.Type())).NewBuffer()
		default:
			g.bufs[i], err = newAggregationBuffer(e)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := it.groups.Put(key, g); err != nil {
		return nil, err
	}
	it.order = append(it.order, g)
	return g, nil
}

// compare orders groups by their grouping values, NULL first and a
// rolled-up value after every value it rolls up.
func (it *rollupIter) compare(ctx *sql.Context, a, b *rollupGroup) int {
	for j, g := range it.grouping {
		aIn, bIn := j < a.level, j < b.level
		switch {
		case !aIn && !bIn:
			return 0
		case !aIn:
			return 1
		case !bIn:
			return -1
		}
		av, bv := a.vals[j], b.vals[j]
		switch {
		case av == nil && bv == nil:
		case av == nil: // NULL first, as MySQL sorts
			return -1
		case bv == nil:
			return 1
		default:
			if c, err := g.Type().Compare(ctx, av, bv); err == nil && c != 0 {
				return c
			}
		}
	}
	return 0
}

func (it *rollupIter) Close(ctx *sql.Context) error {
	for _, g := range it.order {
		for _, b := range g.bufs {
			b.Dispose()
		}
	}
	it.order = nil
	if it.dispose != nil {
		it.dispose()
		it.dispose = nil
	}
	return it.child.Close(ctx)
}
