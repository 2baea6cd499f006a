package sqlext

// go-mysql-server v0.20.0 lacks MySQL's GROUP BY ... WITH ROLLUP and the ORDER BY ... NULLS FIRST/LAST of Spark, Flink and standard SQL: vitess rejects both.

import (
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
	word       string // upper case; "(" or ")" for parentheses, "," for commas
	start, end int
	depth      int // of parentheses around it
}

// groupOrderTokens returns the words, parentheses and commas of q outside
// strings, quoted names and comments.
func groupOrderTokens(q string) []groupOrderToken {
	var toks []groupOrderToken
	depth := 0
	for i := 0; i < len(q); {
		if n := skipNonCode(q, i); n > i {
			i = n
			continue
		}
		switch c := q[i]; {
		case c == '(':
			depth++
			toks = append(toks, groupOrderToken{"(", i, i + 1, depth})
		case c == ')':
			toks = append(toks, groupOrderToken{")", i, i + 1, depth})
			depth--
		case c == ',':
			toks = append(toks, groupOrderToken{",", i, i + 1, depth})
		case isIdentByte(c):
			w, end := identAt(q, i)
			toks = append(toks, groupOrderToken{strings.ToUpper(w), i, end, depth})
			i = end
			continue
		}
		i++
	}
	return toks
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
func rewriteWithRollup(q string) (rewritten, bool, error) {
	if !containsFold(q, "ROLLUP") {
		return rewritten{}, false, nil
	}
	toks := groupOrderTokens(q)
	groupBy := map[int]int{} // depth -> end of the last GROUP BY there
	var edits []edit
	for i, t := range toks {
		switch {
		case t.word == "(" || t.word == ")":
			delete(groupBy, t.depth)
		case t.word == "BY" && i > 0 && toks[i-1].word == "GROUP" && toks[i-1].depth == t.depth:
			groupBy[t.depth] = t.end
		case t.word == "WITH" && i+1 < len(toks) && toks[i+1].word == "ROLLUP":
			gb, ok := groupBy[t.depth]
			if !ok {
				continue
			}
			list := strings.TrimSpace(q[gb:t.start])
			if list == "" {
				return rewritten{}, true, fmt.Errorf("GROUP BY ... WITH ROLLUP: the GROUP BY list is empty")
			}
			edits = append(edits, edit{gb, toks[i+1].end, " ROLLUP(" + list + ")"})
			delete(groupBy, t.depth)
		}
	}
	if len(edits) == 0 {
		return rewritten{}, false, nil
	}
	return applyEdits(q, edits), true, nil
}

// rewriteNullsOrder turns each ORDER BY item `x [ASC|DESC] NULLS FIRST|LAST`
// into `(x) IS NULL DESC|ASC, x [ASC|DESC]`.
func rewriteNullsOrder(q string) (rewritten, bool, error) {
	if !containsFold(q, "NULLS") {
		return rewritten{}, false, nil
	}
	toks := groupOrderTokens(q)
	itemStart := map[int]int{} // depth -> start of the current ORDER BY item
	var edits []edit
	for i, t := range toks {
		switch {
		case t.word == "(" || t.word == ")":
			delete(itemStart, t.depth)
		case t.word == "BY" && i > 0 && toks[i-1].word == "ORDER" && toks[i-1].depth == t.depth:
			itemStart[t.depth] = t.end
		case t.word == ",":
			if _, ok := itemStart[t.depth]; ok {
				itemStart[t.depth] = t.end
			}
		case t.word == "NULLS" && i+1 < len(toks) && (toks[i+1].word == "FIRST" || toks[i+1].word == "LAST"):
			start, ok := itemStart[t.depth]
			if !ok {
				continue
			}
			expr, dir := strings.TrimSpace(q[start:t.start]), ""
			if prev := toks[i-1]; prev.end > start && (prev.word == "ASC" || prev.word == "DESC") {
				expr, dir = strings.TrimSpace(q[start:prev.start]), " "+prev.word
			}
			if expr == "" {
				return rewritten{}, true, fmt.Errorf("ORDER BY ... NULLS %s: the ORDER BY item is empty", toks[i+1].word)
			}
			if isNumber(expr) {
				return rewritten{}, true, fmt.Errorf("ORDER BY %s NULLS %s: write the expression, not its position in the select list", expr, toks[i+1].word)
			}
			nulls := " ASC" // NULLS LAST: the NULLs' 1 after the others' 0
			if toks[i+1].word == "FIRST" {
				nulls = " DESC"
			}
			edits = append(edits, edit{start, toks[i+1].end, " (" + expr + ") IS NULL" + nulls + ", " + expr + dir})
		}
	}
	if len(edits) == 0 {
		return rewritten{}, false, nil
	}
	return applyEdits(q, edits), true, nil
}
