package vector

import (
	"encoding/binary"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// Vector kernels of DATE and TIMESTAMP columns beyond comparisons: their
// parts (YEAR, MONTH, EXTRACT...). A DATE vector holds days since
// 1970-01-01, a TIMESTAMP vector microseconds of the wall clock since
// then (format.VectorInt64); go-mysql-server sees both as time.Time in
// UTC. TIMESTAMP_LTZ columns, shown in the session's time zone, are not
// given to these kernels (planVectors hides them).

const (
	microsPerDay    = 86_400_000_000
	microsPerSecond = 1_000_000
)

// microsPerUnit is the microseconds of one unit of the integer vector of
// a DATE or TIMESTAMP column of type t; 0 for another type.
func microsPerUnit(t sql.Type) int64 {
	switch {
	case t == gtypes.Date:
		return microsPerDay
	case gtypes.IsTime(t) && t.Type() == sqltypes.Datetime:
		return 1
	}
	return 0
}

// timeColumn compiles e, a DATE or TIMESTAMP column, to its integer
// vector and the microseconds of its unit.
func timeColumn(e sql.Expression, kinds []format.VectorKind) (vexpr, int64) {
	gf, ok := e.(*expression.GetField)
	unit := microsPerUnit(e.Type())
	if !ok || unit == 0 {
		return nil, 0
	}
	f, k := compileVector(gf, kinds)
	if k != format.VectorInt64 {
		return nil, 0
	}
	return f, unit
}

// floorDiv is a / b rounded down (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

// instantOf is the time.Time go-mysql-server sees for value n of a
// vector whose unit is unit microseconds.
func instantOf(n, unit int64) time.Time {
	if unit == microsPerDay {
		return time.Unix(n*86400, 0).UTC()
	}
	return time.UnixMicro(n).UTC()
}

// datePart is the function of a date part go-mysql-server computes, of
// the expressions that take one; nil for others.
func datePart(e sql.Expression) (part func(time.Time) int64, child sql.Expression) {
	switch x := e.(type) {
	case *function.Year:
		return func(t time.Time) int64 { return int64(t.Year()) }, x.Child
	case *function.Month:
		return func(t time.Time) int64 { return int64(t.Month()) }, x.Child
	case *function.Day:
		return func(t time.Time) int64 { return int64(t.Day()) }, x.Child
	case *function.Quarter:
		return func(t time.Time) int64 { return int64(t.Month()-1)/3 + 1 }, x.Child
	case *function.Extract:
		unit, ok := x.LeftChild.(*expression.Literal)
		if !ok {
			return nil, nil
		}
		switch unit.Value() {
		case "YEAR":
			return func(t time.Time) int64 { return int64(t.Year()) }, x.RightChild
		case "MONTH":
			return func(t time.Time) int64 { return int64(t.Month()) }, x.RightChild
		case "DAY":
			return func(t time.Time) int64 { return int64(t.Day()) }, x.RightChild
		case "QUARTER":
			return func(t time.Time) int64 { return int64(t.Month()-1)/3 + 1 }, x.RightChild
		}
	}
	return nil, nil
}

// vectorDatePart is YEAR, MONTH, DAY, QUARTER or EXTRACT of one of them
// from a DATE or TIMESTAMP column.
func vectorDatePart(e sql.Expression, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	part, child := datePart(e)
	if part == nil {
		return nil, format.VectorNone
	}
	f, unit := timeColumn(child, kinds)
	if f == nil {
		return nil, format.VectorNone
	}
	return strictUnaryKernel(f, format.VectorInt64, func(v, out *format.Vector) error {
		// Rows of one day share their part: a batch of timestamps
		// sorted by time converts each day once.
		lastDay, lastPart := int64(1<<62), int64(0)
		for i, n := range v.Int64 {
			day := n
			if unit != microsPerDay {
				day = floorDiv(n, microsPerDay)
			}
			if day != lastDay {
				lastDay, lastPart = day, part(instantOf(day, microsPerDay))
			}
			out.Int64[i] = lastPart
		}
		return nil
	}), format.VectorInt64
}

// timeComparer is unscaledComparer of a DATE or TIMESTAMP column and a
// constant that go-mysql-server compares as DATETIMEs (a date, a
// datetime, a string): the column's instant against the constant's.
func timeComparer(e sql.Expression, c any, kinds []format.VectorKind) (vexpr, threshold, bool) {
	switch c.(type) {
	case time.Time, string:
	default:
		return nil, threshold{}, false // numbers are left to go-mysql-server
	}
	f, unit := timeColumn(e, kinds)
	cv, _, err := gtypes.DatetimeMaxPrecision.Convert(sql.NewEmptyContext(), c)
	tm, isTime := cv.(time.Time)
	if f == nil || err != nil || !isTime {
		return nil, threshold{}, false
	}
	if sec := tm.Unix(); sec > 9_000_000_000_000 || sec < -9_000_000_000_000 {
		return nil, threshold{}, false // beyond int64 microseconds
	}
	// The constant as whole microseconds and the nanoseconds beyond, in
	// the column's unit: a value n is the instant n * unit microseconds.
	micros := tm.Unix()*microsPerSecond + int64(tm.Nanosecond()/1000)
	nanos := tm.Nanosecond() % 1000
	floor := floorDiv(micros, unit)
	return f, threshold{floor: floor, exact: floor*unit == micros && nanos == 0}, true
}

// appendTimeKey is appendKey of the time.Time of value n of a vector
// whose unit is unit microseconds.
func appendTimeKey(b []byte, n, unit int64) []byte {
	micros := n * unit
	sec := floorDiv(micros, microsPerSecond)
	b = binary.LittleEndian.AppendUint64(append(b, keyTime), uint64(sec))
	return binary.LittleEndian.AppendUint32(b, uint32((micros-sec*microsPerSecond)*1000))
}
