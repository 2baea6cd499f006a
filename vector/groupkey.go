package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/sqltypes"
)

// intKeyAcc is a select-list column that is the GROUP BY's single integer
// key itself (SELECT l_orderkey ... GROUP BY l_orderkey): its value is the
// group's key, which the group map keeps anyway (aggState.intOf), boxed
// only for the result rows, instead of a first-row value per group.
type intKeyAcc struct {
	st  *aggState
	box func(int64) any // the key as the column's own Go type
}

func (a *intKeyAcc) grow()                                         {}
func (a *intKeyAcc) update(*sql.Context, []sql.Row, []int32) error { return nil }
func (a *intKeyAcc) merge(int32, accumulator, int32)               {}

func (a *intKeyAcc) result(g int32) any {
	if a.st.nullOf[g] {
		return nil
	}
	return a.box(a.st.intOf[g])
}

// markKeyColumns makes the plain columns of the select list that read the
// same column as the single integer key (the same row index) aggIntKey.
func (s *aggregateScan) markKeyColumns() {
	if !s.intKey {
		return
	}
	key, ok := s.keyExprs[0].(*expression.GetField)
	if !ok || intBoxer(key.Type()) == nil {
		return
	}
	for i, a := range s.aggs {
		if a.kind == aggFirst && a.column == key.Index() && a.native {
			s.aggs[i].kind = aggIntKey
		}
	}
}

// intBoxer is the function giving an int64 as the Go type go-mysql-server
// uses for values of the signed integer type t, nil for other types.
func intBoxer(t sql.Type) func(int64) any {
	nt, ok := t.(sql.NumberType)
	if !ok {
		return nil
	}
	switch nt.Type() {
	case sqltypes.Int8:
		return func(n int64) any { return int8(n) }
	case sqltypes.Int16:
		return func(n int64) any { return int16(n) }
	case sqltypes.Int24, sqltypes.Int32:
		return func(n int64) any { return int32(n) }
	case sqltypes.Int64:
		return func(n int64) any { return n }
	}
	return nil
}
