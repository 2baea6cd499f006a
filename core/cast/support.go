package cast

import (
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// kindSet is a set of type roots.
type kindSet uint64

func setOf(kinds ...types.Kind) kindSet {
	var s kindSet
	for _, k := range kinds {
		s |= 1 << uint(k)
	}
	return s
}

func (s kindSet) has(k types.Kind) bool { return s&(1<<uint(k)) != 0 }

// The DataTypeFamily groups that DataTypeCasts refers to.
var (
	charString    = setOf(types.Char, types.VarChar)
	binaryString  = setOf(types.Binary, types.VarBinary)
	integerFamily = setOf(types.TinyInt, types.SmallInt, types.Int, types.BigInt)
	numeric       = integerFamily | setOf(types.Decimal, types.Float, types.Double)
	timestamps    = setOf(types.Timestamp, types.TimestampLTZ)
	datetime      = timestamps | setOf(types.Date, types.Time)
	predefined    = charString | binaryString | numeric | datetime |
		setOf(types.Boolean, types.Variant, types.Blob)
	constructed = setOf(types.Array, types.Vector, types.Multiset, types.Map, types.Row)
)

type castRules struct{ implicit, explicit kindSet }

// castingRules is DataTypeCasts' table: for each target root, the source
// roots it accepts implicitly (without losing information) and the further
// ones it accepts explicitly (SQL CAST). Roots not listed accept only
// themselves.
var castingRules = func() map[types.Kind]castRules {
	toNumber := charString | setOf(types.Boolean, types.Timestamp, types.TimestampLTZ)
	return map[types.Kind]castRules{
		types.Char:      {setOf(types.Char), predefined | constructed},
		types.VarChar:   {charString, predefined | constructed},
		types.Boolean:   {setOf(types.Boolean), charString | integerFamily},
		types.Binary:    {setOf(types.Binary), charString | setOf(types.VarBinary)},
		types.VarBinary: {binaryString, charString | setOf(types.Binary)},
		types.Decimal:   {numeric, toNumber},
		types.TinyInt:   {setOf(types.TinyInt), numeric | toNumber},
		types.SmallInt:  {setOf(types.TinyInt, types.SmallInt), numeric | toNumber},
		types.Int:       {setOf(types.TinyInt, types.SmallInt, types.Int), numeric | toNumber},
		types.BigInt:    {integerFamily, numeric | toNumber},
		types.Float:     {integerFamily | setOf(types.Float, types.Decimal), numeric | toNumber},
		types.Double:    {numeric, toNumber},
		types.Date:      {setOf(types.Date, types.Timestamp), timestamps | charString},
		types.Time: {setOf(types.Time, types.Timestamp),
			setOf(types.Time) | timestamps | charString},
		types.Timestamp:    {timestamps, datetime | charString | numeric},
		types.TimestampLTZ: {timestamps, datetime | charString | numeric},
	}
}()

// CanCast is DataTypeCasts.supportsCast. With allowExplicit false it tells
// implicit casts (widening without loss, e.g. INT to BIGINT); with true it
// also admits explicit casts (SQL CAST, e.g. STRING to INT). A nullable
// source never casts implicitly to a NOT NULL target.
func CanCast(from, to types.DataType, allowExplicit bool) bool {
	if from.Nullable && !to.Nullable && !allowExplicit {
		return false
	}
	if from.WithNullable(true).Equal(to.WithNullable(true)) {
		return true
	}
	r, ok := castingRules[to.Kind]
	switch {
	case from.Kind == to.Kind:
		return true
	case !ok:
		return false
	case r.implicit.has(from.Kind):
		return true
	}
	return allowExplicit && r.explicit.has(from.Kind)
}

// AlterAllowed tells whether ALTER TABLE may change a column's type from
// from to to, as SchemaManager checks it: DataTypeCasts must allow the cast
// (explicit casts unless 'disable-explicit-type-casting') and a cast rule
// must exist, so that old data files stay readable. Cast rules Java has but
// this package lacks also refuse, since such a table could not be read.
//
// Like Java, a changed ARRAY or MAP is refused as a whole; an ALTER of the
// nested path (e.g. "col.element") is checked on the element types.
func AlterAllowed(from, to types.DataType, allowExplicit bool) bool {
	if !CanCast(from, to, allowExplicit) {
		return false
	}
	if from.WithNullable(true).Equal(to.WithNullable(true)) {
		return true
	}
	if from.IsNested() && from.Kind == to.Kind {
		return false
	}
	_, err := Resolve(from, to, time.UTC)
	return err == nil
}
