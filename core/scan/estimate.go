package scan

import (
	"context"
	"math"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Selectivities assumed where the statistics say nothing of a value: an
// equality keeps one value in ten, a range a third (Selinger's guesses).
const (
	unknownEqSelectivity    = 0.1
	unknownRangeSelectivity = 1.0 / 3
)

// EstimateRows estimates how many rows of the plan's files the filter
// keeps, for the join planner: file by file, from the file's row count
// (less the rows its deletion vector deletes) and the value statistics of
// the filtered columns (min, max and null count). Planning with the filter
// already left out the partitions, buckets and files that cannot match.
// The figure is an estimate, never a promise: a primary-key table's files
// may hold several versions of a row, and a value's share of a file is
// taken as its share of the [min, max] range.
func (p *Plan) EstimateRows(ctx context.Context, filter predicate.Predicate) (float64, error) {
	var total float64
	for _, sp := range p.Splits {
		for _, f := range rowGroupHeads(sp.Files) {
			rows := float64(f.RowCount)
			if dv, ok := sp.DeletionFiles[f.FileName]; ok && dv.Cardinality != nil {
				rows -= float64(*dv.Cardinality)
			}
			if rows <= 0 {
				continue
			}
			if filter == nil {
				total += rows
				continue
			}
			stats, err := fileStats(ctx, sp.Table, p.Schema, f)
			if err != nil {
				return 0, err
			}
			if f.FirstRowID != nil {
				stats = nil // a row group's columns are spread over several files
			}
			total += rows * selectivity(filter, stats)
		}
	}
	return total, nil
}

// ColumnSummary is what a plan's files tell of one column over all of
// them: its smallest and largest value (nil when unknown) and its NULLs.
type ColumnSummary struct {
	Min, Max  any
	NullCount int64
	Rows      int64
	// Known is false when a file had no statistics for the column.
	Known bool
}

// Summarize gathers the column's statistics over the plan's files.
func (p *Plan) Summarize(ctx context.Context, column string) (ColumnSummary, error) {
	s := ColumnSummary{Known: true}
	for _, sp := range p.Splits {
		for _, f := range rowGroupHeads(sp.Files) {
			s.Rows += f.RowCount
			stats, err := fileStats(ctx, sp.Table, p.Schema, f)
			if err != nil {
				return s, err
			}
			var cs predicate.Stats
			ok := stats != nil && f.FirstRowID == nil
			if ok {
				cs, ok = stats(column)
			}
			if !ok || cs.NullCount == nil {
				s.Known = false
				continue
			}
			s.NullCount += *cs.NullCount
			if cs.Min != nil && (s.Min == nil || less(cs.Min, s.Min)) {
				s.Min = cs.Min
			}
			if cs.Max != nil && (s.Max == nil || less(s.Max, cs.Max)) {
				s.Max = cs.Max
			}
		}
	}
	return s, nil
}

// DistinctEstimate bounds the distinct non-NULL values of the column: no
// more than its non-NULL values, and for an integer or DATE column no more
// than the integers between its smallest and largest. ok is false when
// nothing bounds them but the row count.
func (s ColumnSummary) DistinctEstimate() (ndv float64, ok bool) {
	nonNull := float64(s.Rows - s.NullCount)
	if !s.Known || s.Min == nil || s.Max == nil {
		return nonNull, false
	}
	if c, ok := types.Compare(s.Min, s.Max); ok && c == 0 {
		return min(nonNull, 1), true
	}
	lo, okLo := integral(s.Min)
	hi, okHi := integral(s.Max)
	if !okLo || !okHi {
		return nonNull, false
	}
	return max(1, min(nonNull, hi-lo+1)), true
}

// selectivity estimates the share of a file's rows that p keeps, from the
// file's column statistics (nil: none).
func selectivity(p predicate.Predicate, stats func(string) (predicate.Stats, bool)) float64 {
	switch x := p.(type) {
	case predicate.And:
		s := 1.0
		for _, c := range x {
			s *= selectivity(c, stats)
		}
		return s
	case predicate.Or:
		miss := 1.0
		for _, c := range x {
			miss *= 1 - selectivity(c, stats)
		}
		return 1 - miss
	case predicate.Leaf:
		var cs predicate.Stats
		ok := stats != nil
		if ok {
			cs, ok = stats(x.Field)
		}
		return clamp01(leafSelectivity(x, cs, ok))
	}
	return 1
}

func leafSelectivity(l predicate.Leaf, s predicate.Stats, known bool) float64 {
	if !known || s.RowCount <= 0 {
		return unknownSelectivity(l)
	}
	nullShare := unknownEqSelectivity
	if s.NullCount != nil {
		nullShare = float64(*s.NullCount) / float64(s.RowCount)
	}
	switch l.Op {
	case predicate.IsNull:
		return nullShare
	case predicate.IsNotNull:
		return 1 - nullShare
	}
	nonNull := 1 - nullShare
	if s.Min == nil || s.Max == nil {
		return nonNull * unknownSelectivity(l)
	}
	switch l.Op {
	case predicate.Eq:
		return nonNull * equalShare(s, l.Literals[0])
	case predicate.NotEq:
		return nonNull * (1 - equalShare(s, l.Literals[0]))
	case predicate.In:
		var sum float64
		for _, lit := range l.Literals {
			sum += equalShare(s, lit)
		}
		return nonNull * min(1, sum)
	}
	return nonNull * rangeShare(l.Op, s, l.Literals[0])
}

func unknownSelectivity(l predicate.Leaf) float64 {
	switch l.Op {
	case predicate.Eq, predicate.IsNull:
		return unknownEqSelectivity
	case predicate.NotEq, predicate.IsNotNull:
		return 1 - unknownEqSelectivity
	case predicate.In:
		return min(1, float64(len(l.Literals))*unknownEqSelectivity)
	}
	return unknownRangeSelectivity
}

// equalShare is the share of a file's non-NULL values equal to v: none
// outside [min, max], else one of its distinct values, counted as the
// integers in the range for integer and DATE columns.
func equalShare(s predicate.Stats, v any) float64 {
	cMin, ok1 := types.Compare(s.Min, v)
	cMax, ok2 := types.Compare(s.Max, v)
	if !ok1 || !ok2 {
		return unknownEqSelectivity
	}
	if cMin > 0 || cMax < 0 {
		return 0
	}
	if cMin == 0 && cMax == 0 {
		return 1
	}
	nonNull := float64(s.RowCount)
	if s.NullCount != nil {
		nonNull -= float64(*s.NullCount)
	}
	lo, okLo := integral(s.Min)
	hi, okHi := integral(s.Max)
	if okLo && okHi {
		return 1 / max(1, min(nonNull, hi-lo+1))
	}
	return 1 / max(1, min(nonNull, 1/unknownEqSelectivity))
}

// rangeShare is the share of a file's non-NULL values that a comparison
// with v keeps: the part of [min, max] on its side for numbers, dates and
// times; for other values all or nothing outside the range, else a guess.
func rangeShare(op predicate.Op, s predicate.Stats, v any) float64 {
	cMin, ok1 := types.Compare(s.Min, v)
	cMax, ok2 := types.Compare(s.Max, v)
	if !ok1 || !ok2 {
		return unknownRangeSelectivity
	}
	below := op == predicate.Lt || op == predicate.LtEq // keeps values below v
	switch {
	case cMax < 0 || (cMax == 0 && op == predicate.LtEq):
		return boolShare(below) // every value is below v (or v itself, kept)
	case cMin > 0 || (cMin == 0 && op == predicate.GtEq):
		return boolShare(!below)
	}
	lo, okLo := number(s.Min)
	hi, okHi := number(s.Max)
	x, okX := number(v)
	if !okLo || !okHi || !okX || hi <= lo {
		return unknownRangeSelectivity
	}
	share := (x - lo) / (hi - lo)
	if !below {
		share = 1 - share
	}
	return clamp01(share)
}

func boolShare(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

// less orders two statistics values of one column.
func less(a, b any) bool {
	c, ok := types.Compare(a, b)
	return ok && c < 0
}

// integral is an integer or DATE statistic as a number.
func integral(v any) (float64, bool) {
	switch x := v.(type) {
	case int8, int16, int32, int64:
		return number(x)
	case decimal.Decimal:
		if x.Exponent() >= 0 {
			return x.InexactFloat64(), true
		}
	}
	return 0, false
}

// number is a statistic of a number, date or time as a float, for the
// share of a range.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case float32:
		return finite(float64(x))
	case float64:
		return finite(x)
	case decimal.Decimal:
		return x.InexactFloat64(), true
	case time.Time:
		return float64(x.UnixMicro()), true
	}
	return 0, false
}

func finite(x float64) (float64, bool) {
	return x, !math.IsNaN(x) && !math.IsInf(x, 0)
}
