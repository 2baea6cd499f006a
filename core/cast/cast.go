// Package cast converts values between Paimon data types the way Java Paimon
// does when it reads a data file written under an older schema after
// ALTER TABLE ... MODIFY COLUMN (org.apache.paimon.casting.CastExecutors and
// its *CastRule classes), and tells which type changes ALTER TABLE accepts
// (org.apache.paimon.types.DataTypeCasts and SchemaManager).
//
// Values use the representation documented in package types; nil is NULL
// and every cast maps NULL to NULL.
package cast

import (
	"errors"
	"fmt"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Func converts one non-nil value of the source type to the target type. A
// nil input yields nil. A nil result without error is SQL NULL, which Java
// produces e.g. for a DECIMAL that does not fit its new precision.
type Func func(any) (any, error)

// ErrNoCast means Java Paimon has no cast rule between the two types, so a
// table cannot hold such a type change.
var ErrNoCast = errors.New("cast: no cast rule")

// ErrUnsupported means Java Paimon has a cast rule that this package does
// not implement.
var ErrUnsupported = errors.New("cast: cast rule not implemented")

// Resolve returns the conversion from values of type from to values of type
// to, as Java's CastExecutors.resolve, extended like SchemaEvolutionUtil with
// element-wise ARRAY and MAP-value casts. Types equal apart from nullability
// convert by identity. loc stands for the JVM default time zone that Java
// uses for TIMESTAMP_LTZ conversions; nil means UTC.
func Resolve(from, to types.DataType, loc *time.Location) (Func, error) {
	if loc == nil {
		loc = time.UTC
	}
	if from.WithNullable(true).Equal(to.WithNullable(true)) {
		return identity, nil
	}
	f, err := resolve(from, to, loc)
	if err != nil {
		return nil, fmt.Errorf("%w from %s to %s", err, from.SQL(), to.SQL())
	}
	return nullSafe(f), nil
}

func identity(v any) (any, error) { return v, nil }

func nullSafe(f Func) Func {
	return func(v any) (any, error) {
		if v == nil {
			return nil, nil
		}
		return f(v)
	}
}

// resolve dispatches on the target type first, like CastExecutors looks up
// its rules by target type, root and family before the input's.
func resolve(from, to types.DataType, loc *time.Location) (Func, error) {
	switch {
	case from.Kind == types.Array && to.Kind == types.Array:
		return arrayToArray(from, to, loc)
	case from.Kind == types.Map && to.Kind == types.Map:
		return mapToMap(from, to, loc)
	case to.IsString():
		return toCharString(from, to, loc)
	case to.Kind == types.Binary || to.Kind == types.VarBinary:
		return toBinaryString(from, to)
	case to.Kind == types.Boolean:
		return toBoolean(from)
	case to.Kind == types.Decimal:
		return toDecimal(from, to)
	case isIntegerKind(to.Kind) || isFloatKind(to.Kind):
		return toNumber(from, to)
	case to.Kind == types.Date:
		return toDate(from, loc)
	case to.Kind == types.Time:
		return toTime(from, loc)
	case to.IsTimestamp():
		return toTimestamp(from, to, loc)
	case from.IsString() && (to.Kind == types.Array || to.Kind == types.Map || to.Kind == types.Row):
		// StringToArrayCastRule, StringToMapCastRule, StringToRowCastRule.
		return nil, ErrUnsupported
	}
	return nil, ErrNoCast
}

func isIntegerKind(k types.Kind) bool {
	return k == types.TinyInt || k == types.SmallInt || k == types.Int || k == types.BigInt
}

func isFloatKind(k types.Kind) bool { return k == types.Float || k == types.Double }

func isNumericKind(k types.Kind) bool {
	return isIntegerKind(k) || isFloatKind(k) || k == types.Decimal
}

// typeError reports a value whose Go type does not match its Paimon type.
func typeError(v any, want string) error {
	return fmt.Errorf("cast: got %T, want %s value", v, want)
}
