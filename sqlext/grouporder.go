package sqlext

// go-mysql-server v0.20.0 lacks MySQL's GROUP BY ... WITH ROLLUP and the ORDER BY ... NULLS FIRST/LAST of Spark, Flink and standard SQL: vitess rejects both.

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Two clauses of analytic SQL that vitess does not read:
//
//   - MySQL's `GROUP BY a, b WITH ROLLUP` becomes the standard
//     `GROUP BY ROLLUP(a, b)`, which vitess reads as a function call and
//     the patched planner (third_party/go-mysql-server, plan.GroupBy's
//     Rollup) runs as MySQL runs WITH ROLLUP, GROUPING() included;
//   - `ORDER BY x [ASC|DESC] NULLS FIRST|LAST` becomes
//     `ORDER BY (x) IS NULL DESC|ASC, x [ASC|DESC]`: MySQL sorts NULL as the
//     smallest value, so a leading key 1 for NULL puts the NULLs where
//     asked, in a query's ORDER BY or a window's.
//
// Both work at every nesting level (subqueries, derived tables, windows)
// and leave strings, quoted names and comments alone.

// groupOrderToken is a word or parenthesis of the code of a query.
type groupOrderToken struct {
	// word is one of groupOrderWords in upper case, "" for any other
	// word, "(" or ")" for parentheses, "," for commas
	word       string
	start, end int
	depth      int // of parentheses around it
}

// groupOrderWords are the words the rewrites below look for: only these are
// named (upper-casing every word of an 8 MB statement cost seconds).
var groupOrderWords = []string{"GROUP", "ORDER", "BY", "WITH", "ROLLUP", "NULLS", "FIRST", "LAST", "ASC", "DESC"}

// groupOrderScan reads the words, parentheses and commas of a query outside
// strings, quoted names and comments, one at a time: a pass keeps the few
// tokens it looks back at, not a slice of all of them (4 million tokens of a
// statement of 8 MB). It looks at the statement's context as it goes.
type groupOrderScan struct {
	q     string
	i     int
	depth int
	stop  canceller
}

func newGroupOrderScan(ctx context.Context, q string) *groupOrderScan {
	return &groupOrderScan{q: q, stop: canceller{ctx: ctx}}
}

// next returns the next token; ok is false at the end of the query, err
// set when the statement was stopped.
func (s *groupOrderScan) next() (t groupOrderToken, ok bool, err error) {
	for s.i < len(s.q) {
		if err := s.stop.at(s.i); err != nil {
			return t, false, err
		}
		i := s.i
		if n := skipNonCode(s.q, i); n > i {
			s.i = n
			continue
		}
		s.i++
		switch c := s.q[i]; {
		case c == '(':
			s.depth++
			return groupOrderToken{"(", i, i + 1, s.depth}, true, nil
		case c == ')':
			s.depth--
			return groupOrderToken{")", i, i + 1, s.depth + 1}, true, nil
		case c == ',':
			return groupOrderToken{",", i, i + 1, s.depth}, true, nil
		case isIdentByte(c):
			w, end := identAt(s.q, i)
			s.i = end
			t = groupOrderToken{"", i, end, s.depth}
			for _, k := range groupOrderWords {
				if len(w) == len(k) && strings.EqualFold(w, k) {
					t.word = k
					break
				}
			}
			return t, true, nil
		}
	}
	return t, false, nil
}

// containsFold tells whether q contains the upper-case ASCII word w in any
// case. The token passes below cost seconds on a statement of megabytes
// (8 MB: 9 and 15 s on a loaded machine, in one pass the parser checks
// for cancellation only after); one that cannot apply skips them.
func containsFold(q, w string) bool {
	for i := 0; i+len(w) <= len(q); i++ {
		if q[i]|0x20 == w[0]|0x20 && strings.EqualFold(q[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// edit replaces q[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// applyEdits applies non-overlapping edits to q.
func applyEdits(q string, edits []edit) rewritten {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b strings.Builder
	var sh shifts
	last := 0
	for _, e := range edits {
		b.WriteString(q[last:e.start])
		b.WriteString(e.text)
		sh = append(sh, shift{end: b.Len(), delta: len(e.text) - (e.end - e.start)})
		last = e.end
	}
	b.WriteString(q[last:])
	return rewritten{text: b.String(), toQuery: sh.toQuery}
}

// rewriteWithRollup turns each `GROUP BY list WITH ROLLUP` into
// `GROUP BY ROLLUP(list)`.
func rewriteWithRollup(ctx context.Context, q string) (rewritten, bool, error) {
	if !containsFold(q, "ROLLUP") {
		return rewritten{}, false, nil
	}
	scan := newGroupOrderScan(ctx, q)
	groupBy := map[int]int{} // depth -> end of the last GROUP BY there
	var edits []edit
	var prev groupOrderToken
	for {
		t, ok, err := scan.next()
		if err != nil {
			return rewritten{}, false, err
		}
		if !ok {
			break
		}
		switch {
		case t.word == "(" || t.word == ")":
			delete(groupBy, t.depth)
		case t.word == "BY" && prev.word == "GROUP" && prev.depth == t.depth:
			groupBy[t.depth] = t.end
		case t.word == "ROLLUP" && prev.word == "WITH":
			gb, ok := groupBy[t.depth]
			if !ok {
				break
			}
			list := strings.TrimSpace(q[gb:prev.start])
			if list == "" {
				return rewritten{}, true, fmt.Errorf("GROUP BY ... WITH ROLLUP: the GROUP BY list is empty")
			}
			edits = append(edits, edit{gb, t.end, " ROLLUP(" + list + ")"})
			delete(groupBy, t.depth)
		}
		prev = t
	}
	if len(edits) == 0 {
		return rewritten{}, false, nil
	}
	return applyEdits(q, edits), true, nil
}

// rewriteNullsOrder turns each ORDER BY item `x [ASC|DESC] NULLS FIRST|LAST`
// into `(x) IS NULL DESC|ASC, x [ASC|DESC]`.
func rewriteNullsOrder(ctx context.Context, q string) (rewritten, bool, error) {
	if !containsFold(q, "NULLS") {
		return rewritten{}, false, nil
	}
	scan := newGroupOrderScan(ctx, q)
	// depth -> start of the current ORDER BY item there; itemTaken once
	// its NULLS FIRST|LAST was rewritten, so that a second one in the same
	// item is left to the parser to refuse, not copied again (each copy of
	// a long item would make the pass quadratic).
	itemStart := map[int]int{}
	const itemTaken = -1
	var edits []edit
	var before, prev groupOrderToken // the two tokens before t
	for {
		t, ok, err := scan.next()
		if err != nil {
			return rewritten{}, false, err
		}
		if !ok {
			break
		}
		switch {
		case t.word == "(" || t.word == ")":
			delete(itemStart, t.depth)
		case t.word == "BY" && prev.word == "ORDER" && prev.depth == t.depth:
			itemStart[t.depth] = t.end
		case t.word == ",":
			if _, ok := itemStart[t.depth]; ok {
				itemStart[t.depth] = t.end
			}
		case (t.word == "FIRST" || t.word == "LAST") && prev.word == "NULLS":
			start, ok := itemStart[t.depth]
			if !ok || start == itemTaken {
				break
			}
			expr, dir := strings.TrimSpace(q[start:prev.start]), ""
			if before.end > start && (before.word == "ASC" || before.word == "DESC") {
				expr, dir = strings.TrimSpace(q[start:before.start]), " "+before.word
			}
			if expr == "" {
				return rewritten{}, true, fmt.Errorf("ORDER BY ... NULLS %s: the ORDER BY item is empty", t.word)
			}
			if isNumber(expr) {
				return rewritten{}, true, fmt.Errorf("ORDER BY %s NULLS %s: write the expression, not its position in the select list", expr, t.word)
			}
			nulls := " ASC" // NULLS LAST: the NULLs' 1 after the others' 0
			if t.word == "FIRST" {
				nulls = " DESC"
			}
			edits = append(edits, edit{start, t.end, " (" + expr + ") IS NULL" + nulls + ", " + expr + dir})
			itemStart[t.depth] = itemTaken
		}
		before, prev = prev, t
	}
	if len(edits) == 0 {
		return rewritten{}, false, nil
	}
	return applyEdits(q, edits), true, nil
}
