package vector

import (
	"math/bits"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// exactAcc is SUM or AVG of integers or decimals for every group, kept
// columnar as unscaled integers at one scale, the argument's: an int64 per
// group while every group's sum fits one, then (after the first sum that
// does not) 128 bits per group, and only a value that is no int64 at that
// scale (a decimal of more places or digits, a huge unsigned integer) is
// added in decimal, in a map of the few groups that have one. A sum of
// fewer than 2^64 int64 values cannot overflow 128 bits.
//
// A group costs 16 bytes (24 once wide), where a decimal per group costs
// a big.Int and its words.
type exactAcc struct {
	arg   evalFn
	avg   bool
	scale int32 // of AVG's argument, which the quotient's scale follows
	// unit is the scale of the unscaled integers in lo and hi.
	unit int32
	lo   []int64 // a group's sum, or its low 64 bits once hi is made
	hi   []int64 // nil, or the high 64 bits of every group's sum
	n    []int64 // values added to the group
	dec  map[int32]decimal.Decimal
}

func newExactAcc(a aggSpec) *exactAcc {
	return &exactAcc{arg: a.arg, avg: a.kind == aggExactAvg, scale: a.scale, unit: a.unit}
}

func (a *exactAcc) grow() {
	a.lo = append(a.lo, 0)
	a.n = append(a.n, 0)
	if a.hi != nil {
		a.hi = append(a.hi, 0)
	}
}

// widen makes every group's sum 128 bits: the high word of an int64 is
// its sign.
func (a *exactAcc) widen() {
	a.hi = make([]int64, len(a.lo), cap(a.lo))
	for g, v := range a.lo {
		a.hi[g] = v >> 63
	}
}

// addUnscaled adds v * 10^-unit to group g.
func (a *exactAcc) addUnscaled(g int32, v int64) {
	a.n[g]++
	if a.hi == nil {
		s := a.lo[g] + v
		if (a.lo[g]^s)&(v^s) >= 0 { // no overflow
			a.lo[g] = s
			return
		}
		a.widen()
	}
	lo, c := bits.Add64(uint64(a.lo[g]), uint64(v), 0)
	a.lo[g] = int64(lo)
	a.hi[g] += v>>63 + int64(c) // v's sign extension, and the carry
}

// addDecimal adds d to group g: as an unscaled integer when it is one at
// the accumulator's unit, else in decimal.
func (a *exactAcc) addDecimal(g int32, d decimal.Decimal) {
	if u, ok := unscaledAt(d, a.unit); ok {
		a.addUnscaled(g, u)
		return
	}
	a.n[g]++
	a.addExact(g, d)
}

// addExact adds d to group g's decimal part, not counting it.
func (a *exactAcc) addExact(g int32, d decimal.Decimal) {
	if a.dec == nil {
		a.dec = map[int32]decimal.Decimal{}
	}
	if old, ok := a.dec[g]; ok {
		d = old.Add(d)
	}
	a.dec[g] = d
}

// unscaledAt is d * 10^unit when that is an int64.
func unscaledAt(d decimal.Decimal, unit int32) (int64, bool) {
	shift := d.Exponent() + unit
	if shift < 0 || shift > maxVectorScale || d.NumDigits() > 18 {
		return 0, false
	}
	return mulInt64(d.CoefficientInt64(), pow10(shift))
}

func (a *exactAcc) update(ctx *sql.Context, rows []sql.Row, gidx []int32) error {
	return eachValue(ctx, a.arg, rows, gidx, func(g int32, v any) error { return a.add(ctx, g, v) })
}

// add adds a value of the row path to group g, as exactSum.add takes it.
func (a *exactAcc) add(ctx *sql.Context, g int32, v any) error {
	if n, ok := asInt64(v); ok {
		if a.unit == 0 {
			a.addUnscaled(g, n)
			return nil
		}
		if u, ok := mulInt64(n, pow10(a.unit)); ok {
			a.addUnscaled(g, u)
			return nil
		}
		a.addDecimal(g, decimal.NewFromInt(n))
		return nil
	}
	switch x := v.(type) {
	case uint64:
		a.addDecimal(g, decimal.NewFromUint64(x))
	case decimal.Decimal:
		a.addDecimal(g, x)
	case decimal.NullDecimal:
		if x.Valid {
			a.addDecimal(g, x.Decimal)
		}
	default:
		// Anything else (a string a CASE made) counts by its decimal value.
		d, _, err := gtypes.InternalDecimalType.Convert(ctx, v)
		if err != nil {
			return err
		}
		a.addDecimal(g, d.(decimal.Decimal))
	}
	return nil
}

// updateVec adds the selected non-NULL values of arg (integers, or
// decimals unscaled at the given scale); gidx nil means group 0.
func (a *exactAcc) updateVec(arg *format.Vector, scale int32, sel, gidx []int32) {
	if arg.Kind != format.VectorDecimal64 {
		scale = 0
	}
	vals := arg.Int64
	if scale != a.unit {
		for i, r := range sel {
			if !arg.IsNull(int(r)) {
				a.addDecimal(groupAt(gidx, i), decimal.New(vals[r], -scale))
			}
		}
		return
	}
	if gidx == nil && arg.Nulls == nil {
		for _, r := range sel {
			a.addUnscaled(0, vals[r])
		}
		return
	}
	for i, r := range sel {
		if !arg.IsNull(int(r)) {
			a.addUnscaled(groupAt(gidx, i), vals[r])
		}
	}
}

func (a *exactAcc) merge(g int32, o accumulator, og int32) {
	b := o.(*exactAcc)
	if b.n[og] == 0 {
		return
	}
	if b.hi == nil {
		a.addUnscaled(g, b.lo[og])
		a.n[g]--
	} else {
		if a.hi == nil {
			a.widen()
		}
		lo, c := bits.Add64(uint64(a.lo[g]), uint64(b.lo[og]), 0)
		a.lo[g] = int64(lo)
		a.hi[g] += b.hi[og] + int64(c)
	}
	if d, ok := b.dec[og]; ok {
		a.addExact(g, d)
	}
	a.n[g] += b.n[og]
}

// result is the SUM, or the AVG as MySQL computes it (exactSum.result);
// NULL when nothing was added.
func (a *exactAcc) result(g int32) any {
	n := a.n[g]
	if n == 0 {
		return nil
	}
	var total decimal.Decimal
	if a.hi == nil {
		total = decimal.New(a.lo[g], -a.unit)
	} else {
		total = int128(a.hi[g], uint64(a.lo[g]), a.unit)
	}
	if d, ok := a.dec[g]; ok {
		total = total.Add(d)
	}
	if !a.avg {
		return total
	}
	q, _ := total.QuoRem(decimal.NewFromInt(n), quotientScale(a.scale, 0))
	return q
}

// sumUnit is the scale at which the aggregate scan adds the argument e of
// SUM or AVG: decimalScale's when it has one within int64's digits (the
// scale of the vector kernels' unscaled integers), else the scale of e's
// type.
func sumUnit(e sql.Expression) int32 {
	if s, ok := decimalScale(e); ok && s <= maxVectorScale {
		return s
	}
	return min(argumentScale(e.Type()), maxVectorScale)
}
