package vector

import (
	"math"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// A WHERE condition is most often an AND of conditions (TPC-H Q06: a date
// range, a discount range, a quantity bound), each of which keeps a part
// of the rows. Evaluated as one kernel, every part and every AND runs over
// every row of a batch, and so do the aggregates' arguments. A conjunction
// evaluates its parts in turn instead, each over the rows the parts before
// it did not refuse, and moves those rows together (compacts the batch)
// when few are left, so that the next parts, and the keys and arguments
// after them, run over those rows only.
//
// A part is evaluated on exactly the rows go-mysql-server's AND evaluates
// it on (it stops at the first FALSE, not at a NULL), so that a kernel
// leaves a batch to the row path (errRowPath) only where the row engine
// evaluates the same expression on the same row.

// conjunction is a condition as the kernels of its AND-ed parts, in the
// order go-mysql-server evaluates them.
type conjunction struct {
	parts []vexpr
	// ranges[i], when set, is part i as a range of integers (a DATE or
	// DECIMAL compared with constants): rows are kept by their value
	// directly, with no vector of results.
	ranges []*intRange
}

// intRange is a part that keeps the rows whose value of f is within
// lo .. hi (a NULL gives NULL: such a batch is left to the part's kernel).
type intRange struct {
	f      vexpr
	lo, hi int64
}

// compactBelow is the share of a batch's rows under which the rows left
// are moved together before the next kernel: moving a row costs about
// what a kernel costs, so a batch is compacted when that saves at least a
// quarter of the next kernels' rows.
const compactBelow = 0.75

// compileConjunction compiles e's AND-ed parts for columns of the given
// kinds; nil when a part has no kernel or is not a predicate.
func compileConjunction(e sql.Expression, kinds []format.VectorKind) *conjunction {
	c := &conjunction{}
	for _, p := range andParts(e, nil) {
		k, kind := compileVector(p, kinds)
		if k == nil || kind != format.VectorBool {
			return nil
		}
		c.parts = append(c.parts, k)
		c.ranges = append(c.ranges, compileRange(p, kinds))
	}
	return c
}

// compileRange is part p as a range when compileVector compiles it as a
// comparison of a decimal or DATE with constants (vectorTypedCompare,
// vectorBetween) whose rows kept are one range of the operand's integers.
func compileRange(p sql.Expression, kinds []format.VectorKind) *intRange {
	switch x := p.(type) {
	case *expression.Between:
		lo, lok := constantValue(x.Lower)
		hi, hok := constantValue(x.Upper)
		if !lok || !hok || lo == nil || hi == nil {
			return nil
		}
		ge := comparedRange(x.Val, lo, [3]bool{false, true, true}, kinds)
		le := comparedRange(x.Val, hi, [3]bool{true, true, false}, kinds)
		if ge == nil || le == nil || max(ge.lo, le.lo) > min(ge.hi, le.hi) {
			return nil
		}
		return &intRange{f: ge.f, lo: max(ge.lo, le.lo), hi: min(ge.hi, le.hi)}
	case expression.Comparer:
		// The kernels compileVector tries before vectorTypedCompare.
		if f, _ := vectorCompare(x, kinds); f != nil {
			return nil
		}
		if f, _ := vectorStringCompare(x, kinds); f != nil {
			return nil
		}
		if f, _ := vectorColumnCompare(x, kinds); f != nil {
			return nil
		}
		e, c, outcome, ok := constComparison(x)
		if !ok || c == nil {
			return nil
		}
		return comparedRange(e, c, outcome, kinds)
	}
	return nil
}

// comparedRange is the range of e's integers whose comparison with c has
// an outcome (by the result -1, 0, 1) that is true, as unscaledComparer's
// kernel decides it; nil when that is not one non-empty range.
func comparedRange(e sql.Expression, c any, outcome [3]bool, kinds []format.VectorKind) *intRange {
	f, th, ok := unscaledOperand(e, c, kinds)
	if !ok {
		return nil
	}
	below, above := outcome[0], outcome[2]
	at := below // a constant between two integers: its floor is below it
	if th.exact {
		at = outcome[1]
	}
	r := &intRange{f: f, lo: math.MinInt64, hi: math.MaxInt64}
	switch fl := th.floor; {
	case below && at && above:
	case below && at:
		r.hi = fl
	case below && !above && fl > math.MinInt64:
		r.hi = fl - 1
	case at && above:
		r.lo = fl
	case above && !below && fl < math.MaxInt64:
		r.lo = fl + 1
	case at && !below && !above:
		r.lo, r.hi = fl, fl
	default:
		return nil // no row, or all but one: left to the kernel
	}
	return r
}

// probeConjunction is the filter of a probe side read filtered by the
// build side's keys (probescan.go) part by part: the condition's parts,
// when it has kernels (after is nil), then the key tests, so that the keys
// of only the rows the condition keeps are looked up. Those are the rows
// its kernel keeps: a row both the condition and the keys accept.
func probeConjunction(cond, after sql.Expression, kinds []format.VectorKind, keys []vexpr) *conjunction {
	c := &conjunction{}
	if cond != nil && after == nil {
		if c = compileConjunction(cond, kinds); c == nil {
			return nil
		}
	}
	return c.withKeyTests(keys)
}

// withKeyTests is c followed by the key tests keys (a probe side's, an
// aggregate probe's), so that the keys of only the rows c keeps are looked
// up.
func (c *conjunction) withKeyTests(keys []vexpr) *conjunction {
	out := &conjunction{parts: slices.Clone(c.parts), ranges: slices.Clone(c.ranges)}
	for _, k := range keys {
		out.parts, out.ranges = append(out.parts, k), append(out.ranges, nil)
	}
	return out
}

// andParts appends the parts of nested ANDs, left to right.
func andParts(e sql.Expression, parts []sql.Expression) []sql.Expression {
	if a, ok := e.(*expression.And); ok {
		return andParts(a.RightChild, andParts(a.LeftChild, parts))
	}
	return append(parts, e)
}

// selector is the memory of one worker's conjunctions, reused batch after
// batch.
type selector struct {
	batches [2]format.VectorBatch // compacted rows, used in turn
	next    int                   // the one of batches to compact into next
	live    []int32
	unknown []bool // rows some part was NULL on: evaluated on, never kept
	scratch []bool
	sel     []int32
	// arena lends the kernels' vectors where the selector's user has no
	// arena of its own (vecfilter.go).
	arena format.VectorArena
}

// run evaluates the conjunction over b. It returns the batch the rows it
// keeps are in (b, or a compaction of b's rows in s's memory) and their
// indexes in that batch. With compactEnd the rows kept are also compacted
// when few (for kernels that run over the whole batch after it). The
// batch and indexes returned are valid until the next run.
func (c *conjunction) run(b *format.VectorBatch, s *selector, compactEnd bool) (*format.VectorBatch, []int32, error) {
	cur := b
	all := true // every row of cur is live: s.live is not used
	s.unknown = s.unknown[:0]
	for k, part := range c.parts {
		done := false
		if r := c.ranges[k]; r != nil {
			var err error
			if done, err = s.keepRange(r, cur, all); err != nil {
				return nil, nil, err
			}
		}
		if !done {
			v, err := part(cur)
			if err != nil {
				return nil, nil, err
			}
			s.refine(v, cur.Len, all)
		}
		all = false
		last := k == len(c.parts)-1
		if len(s.live) == 0 || last && !compactEnd {
			break
		}
		// A range narrows the live rows where they are; a kernel, and
		// what runs after the last part, compute over every row.
		if (last || c.ranges[k+1] == nil) && float64(len(s.live)) < compactBelow*float64(cur.Len) {
			cur = s.compact(cur)
			all = true
		}
	}
	s.sel = s.sel[:0]
	switch {
	case all:
		for i := range int32(cur.Len) {
			if len(s.unknown) == 0 || !s.unknown[i] {
				s.sel = append(s.sel, i)
			}
		}
	default:
		for _, i := range s.live {
			if len(s.unknown) == 0 || !s.unknown[i] {
				s.sel = append(s.sel, i)
			}
		}
	}
	return cur, s.sel, nil
}

// refine narrows the live rows to those where v is not FALSE, and marks
// the rows where it is NULL unknown; all says every row of the batch of
// n rows is live.
func (s *selector) refine(v *format.Vector, n int, all bool) {
	if v.Nulls != nil && len(s.unknown) == 0 {
		s.unknown = grow(s.unknown, n)
		clear(s.unknown)
	}
	// As in keepRange, without a branch on the data when no row is NULL.
	k := 0
	switch {
	case all && v.Nulls == nil:
		s.live = grow(s.live, n)
		for i, t := range v.Bool[:n] {
			s.live[k] = int32(i)
			if t {
				k++
			}
		}
	case all:
		s.live = grow(s.live, n)
		for i, t := range v.Bool[:n] {
			if t || v.Nulls[i] {
				s.live[k] = int32(i)
				k++
			}
		}
	default:
		for _, i := range s.live {
			s.live[k] = i
			if v.Bool[i] || v.Nulls != nil && v.Nulls[i] {
				k++
			}
		}
	}
	s.live = s.live[:k]
	if v.Nulls != nil {
		for _, i := range s.live {
			if v.Nulls[i] {
				s.unknown[i] = true
			}
		}
	}
}

// keepRange narrows the live rows to those whose value of r.f is within
// r's range; done is false (nothing narrowed) when a value is NULL.
func (s *selector) keepRange(r *intRange, cur *format.VectorBatch, all bool) (done bool, err error) {
	v, err := r.f(cur)
	if err != nil || v.Nulls != nil {
		return false, err
	}
	// One unsigned comparison tests lo <= n <= hi; each row's index is
	// written and the count advanced when it is kept, so that the loop
	// has no branch to mispredict on the data.
	vals, lo, span := v.Int64[:cur.Len], r.lo, uint64(r.hi-r.lo)
	k := 0
	if all {
		s.live = grow(s.live, cur.Len)
		for i, n := range vals {
			s.live[k] = int32(i)
			if uint64(n-lo) <= span {
				k++
			}
		}
	} else {
		for _, i := range s.live {
			s.live[k] = i
			if uint64(vals[i]-lo) <= span {
				k++
			}
		}
	}
	s.live = s.live[:k]
	return true, nil
}

// compact moves the live rows of cur into one of s's batches, which it
// returns; their unknown marks move with them.
func (s *selector) compact(cur *format.VectorBatch) *format.VectorBatch {
	dst := &s.batches[s.next]
	s.next = 1 - s.next
	dst.Len, dst.Arena = len(s.live), cur.Arena
	dst.Cols = grow(dst.Cols, len(cur.Cols))
	for j := range cur.Cols {
		gatherVector(&dst.Cols[j], &cur.Cols[j], s.live)
	}
	if len(s.unknown) > 0 {
		s.scratch = s.scratch[:0]
		for _, i := range s.live {
			s.scratch = append(s.scratch, s.unknown[i])
		}
		s.unknown, s.scratch = s.scratch, s.unknown
	}
	return dst
}

// gatherVector makes dst the rows rows of src, in order, reusing dst's
// memory (src's dictionary is shared, as batches share it).
func gatherVector(dst, src *format.Vector, rows []int32) {
	n := len(rows)
	data, nulls := dst.Data, dst.Nulls
	dst.Reset(src.Kind, n)
	if src.Nulls != nil {
		dst.Nulls = grow(nulls, n)
		for j, i := range rows {
			dst.Nulls[j] = src.Nulls[i]
		}
	}
	switch src.Kind {
	case format.VectorInt64, format.VectorDecimal64:
		for j, i := range rows {
			dst.Int64[j] = src.Int64[i]
		}
	case format.VectorFloat64:
		for j, i := range rows {
			dst.Float64[j] = src.Float64[i]
		}
	case format.VectorBool:
		for j, i := range rows {
			dst.Bool[j] = src.Bool[i]
		}
	case format.VectorBytes:
		if src.Dict != nil {
			dst.Dict, dst.Index = src.Dict, grow(dst.Index, n)
			for j, i := range rows {
				dst.Index[j] = src.Index[i]
			}
			return
		}
		data = data[:0]
		for j, i := range rows {
			data = append(data, src.Data[src.Offsets[i]:src.Offsets[i+1]]...)
			dst.Offsets[j+1] = int32(len(data))
		}
		dst.Data = data
	}
}

// grow is s with length n, reallocated when its capacity is less.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
