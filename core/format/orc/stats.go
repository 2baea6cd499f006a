package orc

import (
	"math"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// convertStats turns ORC column statistics into Paimon bounds of the
// column's type. Bounds ORC does not keep exactly are left unknown: CHAR
// (the file holds padded values, readers see them trimmed), NaN floats.
func convertStats(s columnStatistics, sc statsColumn, rows int64) ColumnStats {
	cs := ColumnStats{NullCount: rows - int64(s.numberOfValues), RowCount: rows}
	if cs.NullCount < 0 {
		cs.NullCount = -1
	}
	if s.numberOfValues == 0 {
		return cs
	}
	t := sc.typ
	switch {
	case s.ints != nil:
		lo, hi := s.ints.min, s.ints.max
		switch t.Kind {
		case types.TinyInt:
			cs.Min, cs.Max = int8(lo), int8(hi)
		case types.SmallInt:
			cs.Min, cs.Max = int16(lo), int16(hi)
		case types.Int, types.Time:
			cs.Min, cs.Max = int32(lo), int32(hi)
		case types.BigInt:
			cs.Min, cs.Max = lo, hi
		}
	case s.dates != nil && t.Kind == types.Date:
		cs.Min, cs.Max = s.dates.min, s.dates.max
	case s.doubles != nil:
		lo, hi := s.doubles.min, s.doubles.max
		if math.IsNaN(lo) || math.IsNaN(hi) {
			break
		}
		switch t.Kind {
		case types.Float:
			cs.Min, cs.Max = float32(lo), float32(hi)
		case types.Double:
			cs.Min, cs.Max = lo, hi
		}
	case s.strings != nil && t.IsString() && sc.orcKind != kindChar:
		if s.strings.hasMin && s.strings.hasMax {
			cs.Min, cs.Max = s.strings.min, s.strings.max
		}
	case s.buckets != nil && t.Kind == types.Boolean && len(s.buckets) > 0:
		trues := int64(s.buckets[0])
		cs.Min, cs.Max = int64(s.numberOfValues)-trues == 0, trues != 0
	case s.decimals != nil && t.Kind == types.Decimal:
		lo, err1 := decimal.NewFromString(s.decimals.min)
		hi, err2 := decimal.NewFromString(s.decimals.max)
		if err1 == nil && err2 == nil {
			cs.Min, cs.Max = lo, hi
		}
	case s.timestamps != nil && t.IsTimestamp():
		lo := time.UnixMilli(s.timestamps.minUTC).UTC()
		hi := time.UnixMilli(s.timestamps.maxUTC).UTC()
		if n := s.timestamps.minNanos; n > 0 && n <= 1e6 {
			lo = lo.Add(time.Duration(n - 1))
		}
		if n := s.timestamps.maxNanos; n > 0 && n <= 1e6 {
			hi = hi.Add(time.Duration(n - 1))
		} else {
			// Without sub-millisecond bounds the maximum may lie
			// anywhere in its millisecond.
			hi = hi.Add(999_999)
		}
		cs.Min, cs.Max = lo, hi
	}
	return cs
}
