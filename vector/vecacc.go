package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
)

// accumulator keeps one select-list entry's state for every group of a
// worker, in a typed array indexed by group.
type accumulator interface {
	grow() // a new group
	// update adds rows; gidx[i] is the group of rows[i].
	update(ctx *sql.Context, rows []sql.Row, gidx []int32) error
	// merge adds group og of o (the same entry of another worker) into g.
	merge(g int32, o accumulator, og int32)
	result(g int32) any
}

// eachValue calls f with the group and the argument's value of each of
// the rows (of groups gidx) whose value is not NULL: the row path of the
// aggregates, which skip NULLs.
func eachValue(ctx *sql.Context, arg evalFn, rows []sql.Row, gidx []int32, f func(g int32, v any) error) error {
	for i, row := range rows {
		v, err := arg(ctx, row)
		if err != nil {
			return err
		}
		if v == nil {
			continue
		}
		if err := f(gidx[i], v); err != nil {
			return err
		}
	}
	return nil
}

func newAccumulator(a aggSpec) accumulator {
	switch a.kind {
	case aggCountStar:
		return &countAcc{}
	case aggCount:
		return &countAcc{arg: a.arg}
	case aggCountDistinct:
		return &distinctAcc{arg: a.arg}
	case aggExactSum, aggExactAvg:
		return newExactAcc(a)
	case aggFloatSum, aggFloatAvg:
		return &floatAcc{arg: a.arg, avg: a.kind == aggFloatAvg}
	case aggMin, aggMax:
		return &extremeAcc{arg: a.arg, typ: a.typ, max: a.kind == aggMax}
	}
	return &firstAcc{arg: a.arg}
}

type countAcc struct {
	arg evalFn // nil: count rows
	n   []int64
}

func (a *countAcc) grow() { a.n = append(a.n, 0) }

func (a *countAcc) update(ctx *sql.Context, rows []sql.Row, gidx []int32) error {
	if a.arg == nil {
		for _, g := range gidx {
			a.n[g]++
		}
		return nil
	}
	return eachValue(ctx, a.arg, rows, gidx, func(g int32, _ any) error {
		a.n[g]++
		return nil
	})
}

func (a *countAcc) merge(g int32, o accumulator, og int32) { a.n[g] += o.(*countAcc).n[og] }

func (a *countAcc) result(g int32) any { return a.n[g] }

type distinctAcc struct {
	arg  evalFn
	seen []map[string]struct{}
	buf  []byte
}

func (a *distinctAcc) grow() { a.seen = append(a.seen, map[string]struct{}{}) }

func (a *distinctAcc) update(ctx *sql.Context, rows []sql.Row, gidx []int32) error {
	return eachValue(ctx, a.arg, rows, gidx, func(g int32, v any) error {
		a.buf = appendKey(a.buf[:0], v)
		m := a.seen[g]
		if _, ok := m[string(a.buf)]; !ok {
			m[string(a.buf)] = struct{}{}
		}
		return nil
	})
}

func (a *distinctAcc) merge(g int32, o accumulator, og int32) {
	m := a.seen[g]
	for k := range o.(*distinctAcc).seen[og] {
		m[k] = struct{}{}
	}
}

func (a *distinctAcc) result(g int32) any { return int64(len(a.seen[g])) }

// floatAcc adds doubles as go-mysql-server does, in float64.
type floatAcc struct {
	arg evalFn
	avg bool
	sum []float64
	n   []int64
}

func (a *floatAcc) grow() {
	a.sum = append(a.sum, 0)
	a.n = append(a.n, 0)
}

func (a *floatAcc) update(ctx *sql.Context, rows []sql.Row, gidx []int32) error {
	return eachValue(ctx, a.arg, rows, gidx, func(g int32, v any) error {
		if f, ok := asFloat64(v); ok {
			a.sum[g] += f
			a.n[g]++
		}
		return nil
	})
}

func (a *floatAcc) merge(g int32, o accumulator, og int32) {
	f := o.(*floatAcc)
	a.sum[g] += f.sum[og]
	a.n[g] += f.n[og]
}

func (a *floatAcc) result(g int32) any {
	if a.n[g] == 0 {
		return nil
	}
	if a.avg {
		return a.sum[g] / float64(a.n[g])
	}
	return a.sum[g]
}

// extremeAcc is MIN or MAX, compared as the argument's type compares.
type extremeAcc struct {
	arg evalFn
	typ sql.Type
	max bool
	val []any
	ctx *sql.Context
	// A batch of vectors' row of each group's extreme, -1 for none; the
	// groups it set (updateVec).
	best    []int32
	touched []int32
}

func (a *extremeAcc) grow() { a.val = append(a.val, nil) }

func (a *extremeAcc) better(ctx *sql.Context, v, than any) (bool, error) {
	if than == nil {
		return true, nil
	}
	var c int
	switch x := v.(type) {
	case int64:
		y, ok := than.(int64)
		if !ok {
			return a.compare(ctx, v, than)
		}
		c = cmp3(x, y)
	case float64:
		y, ok := than.(float64)
		if !ok {
			return a.compare(ctx, v, than)
		}
		c = cmp3(x, y)
	case string:
		y, ok := than.(string)
		if !ok {
			return a.compare(ctx, v, than)
		}
		c = compareStrings(x, y)
	case decimal.Decimal:
		y, ok := than.(decimal.Decimal)
		if !ok {
			return a.compare(ctx, v, than)
		}
		c = x.Cmp(y)
	default:
		return a.compare(ctx, v, than)
	}
	return c > 0 == a.max && c != 0, nil
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (a *extremeAcc) compare(ctx *sql.Context, v, than any) (bool, error) {
	c, err := a.typ.Compare(ctx, v, than)
	return c > 0 == a.max && c != 0, err
}

func (a *extremeAcc) update(ctx *sql.Context, rows []sql.Row, gidx []int32) error {
	a.ctx = ctx
	return eachValue(ctx, a.arg, rows, gidx, func(g int32, v any) error { return a.offer(ctx, g, v) })
}

// offer makes v group g's value when better than the group's.
func (a *extremeAcc) offer(ctx *sql.Context, g int32, v any) error {
	b, err := a.better(ctx, v, a.val[g])
	if b && err == nil {
		a.val[g] = v
	}
	return err
}

func (a *extremeAcc) merge(g int32, o accumulator, og int32) {
	v := o.(*extremeAcc).val[og]
	if v == nil {
		return
	}
	ctx := a.ctx
	if ctx == nil {
		ctx = o.(*extremeAcc).ctx
	}
	if b, err := a.better(ctx, v, a.val[g]); err == nil && b {
		a.val[g] = v
	}
}

func (a *extremeAcc) result(g int32) any { return a.val[g] }

// firstAcc is a column of the select list that is not aggregated: its
// value on the first row of the group, as go-mysql-server gives it. A
// value of an integer or decimal column vector is kept as its int64 and
// boxed for the result row only (most groups of TPC-H Q18's subquery are
// left out by its HAVING before that); a value of the row path as it is.
type firstAcc struct {
	arg   evalFn
	state []firstState
	val   []any   // nil until a value of the row path is kept
	ints  []int64 // nil until a vector's integer is kept
	box   func(int64) any
}

// firstState is where group's value is.
type firstState uint8

const (
	firstUnset firstState = iota
	firstVal              // in val
	firstInt              // in ints, boxed by box
)

func (a *firstAcc) grow() {
	a.state = append(a.state, firstUnset)
	if a.val != nil {
		a.val = append(a.val, nil)
	}
	if a.ints != nil {
		a.ints = append(a.ints, 0)
	}
}

func (a *firstAcc) isSet(g int32) bool { return a.state[g] != firstUnset }

func (a *firstAcc) setVal(g int32, v any) {
	if a.val == nil {
		a.val = make([]any, len(a.state), cap(a.state))
	}
	a.val[g], a.state[g] = v, firstVal
}

func (a *firstAcc) setInt(g int32, n int64, box func(int64) any) {
	if a.ints == nil {
		a.ints = make([]int64, len(a.state), cap(a.state))
	}
	a.ints[g], a.state[g], a.box = n, firstInt, box
}

func (a *firstAcc) update(ctx *sql.Context, rows []sql.Row, gidx []int32) error {
	for i, row := range rows {
		g := gidx[i]
		if a.isSet(g) {
			continue
		}
		v, err := a.arg(ctx, row)
		if err != nil {
			return err
		}
		a.setVal(g, v)
	}
	return nil
}

func (a *firstAcc) merge(g int32, o accumulator, og int32) {
	f := o.(*firstAcc)
	if a.isSet(g) {
		return
	}
	switch f.state[og] {
	case firstVal:
		a.setVal(g, f.val[og])
	case firstInt:
		a.setInt(g, f.ints[og], f.box)
	}
}

func (a *firstAcc) result(g int32) any {
	switch a.state[g] {
	case firstVal:
		return a.val[g]
	case firstInt:
		return a.box(a.ints[g])
	}
	return nil
}
