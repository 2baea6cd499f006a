package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// vectorColumnCompare is a comparison of two columns whose vectors'
// integers compare as go-mysql-server compares their values (TPC-H's
// l_commitdate < l_receiptdate): two integer expressions (columns, or
// arithmetic of them), or two DATE or TIMESTAMP columns, compared as instants in microseconds (a DATE is its
// midnight, as go-mysql-server compares a DATE with a DATETIME). NULL
// where either is NULL. nil for any other pair.
func vectorColumnCompare(x expression.Comparer, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	outcome, ok := comparisonOutcome(x, false)
	if !ok {
		return nil, format.VectorNone
	}
	l, r := x.Left(), x.Right()
	var lf, rf vexpr
	lu, ru := int64(1), int64(1)
	if integerType(l.Type()) && integerType(r.Type()) {
		var lk, rk format.VectorKind
		lf, lk = compileVector(l, kinds)
		rf, rk = compileVector(r, kinds)
		if lk != format.VectorInt64 || rk != format.VectorInt64 {
			return nil, format.VectorNone
		}
	} else {
		lf, lu = timeColumn(l, kinds)
		rf, ru = timeColumn(r, kinds)
	}
	if lf == nil || rf == nil {
		return nil, format.VectorNone
	}
	return strictBinaryKernel(lf, rf, format.VectorBool, func(lv, rv, out *format.Vector) error {
		for i := range out.Bool {
			out.Bool[i] = outcome[cmp3(lv.Int64[i]*lu, rv.Int64[i]*ru)+1]
		}
		return nil
	}), format.VectorBool
}

// integerType tells the integer types whose values an int64 holds: all
// but BIGINT UNSIGNED.
func integerType(t sql.Type) bool {
	return gtypes.IsInteger(t) && t != gtypes.Uint64
}
