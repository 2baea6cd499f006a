package vector

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/shopspring/decimal"
)

// A HAVING that compares an exact SUM with a constant (TPC-H Q18's
// HAVING SUM(l_quantity) > 300) is tested by the aggregate scan on the
// groups' unscaled integers before any result row is made: of Q18's 1.5
// million groups at scale factor 1, a few dozen pass, and the rest cost
// no decimal, row or comparison of go-mysql-server's. The HAVING stays
// above the scan and tests the rows that remain, so the scan only leaves
// out groups for which the comparison is false or NULL, and keeps any it
// cannot tell (a sum kept beyond int64).

// sumTest is one such comparison: the aggregate's index in the select
// list, the constant as the sum's unscaled integers compare with it, and
// the comparison's outcome for each result -1, 0, 1 of comparing the sum
// with the constant.
type sumTest struct {
	agg     int
	at      threshold
	outcome [3]bool
	text    string // for EXPLAIN
}

// havingOf maps each GroupBy under a HAVING to the HAVING's condition.
func havingOf(n sql.Node) map[*plan.GroupBy]sql.Expression {
	out := map[*plan.GroupBy]sql.Expression{}
	transform.Inspect(n, func(n sql.Node) bool {
		h, ok := n.(*plan.Having)
		if !ok {
			return true
		}
		// Through projections of the GroupBy's columns (of the select
		// list's aliases): the HAVING reads the aggregates by their ids.
		child := h.Child
		for {
			p, ok := child.(*plan.Project)
			if !ok {
				break
			}
			child = p.Child
		}
		if gb, ok := child.(*plan.GroupBy); ok {
			out[gb] = h.Cond
		}
		return true
	})
	return out
}

// planSumTests finds the conjuncts of cond that compare an exact SUM of
// the scan's select list with an integer or decimal constant.
func (s *aggregateScan) planSumTests(cond sql.Expression) []sumTest {
	if cond == nil || len(s.keys) == 0 {
		return nil
	}
	var tests []sumTest
	for _, c := range expression.SplitConjunction(cond) {
		cmp, ok := c.(expression.Comparer)
		if !ok {
			continue
		}
		e, v, outcome, ok := constComparison(cmp)
		gf, isField := e.(*expression.GetField)
		if !ok || !isField || v == nil {
			continue
		}
		i := s.sumIndex(gf.Id())
		if i < 0 {
			continue
		}
		var d decimal.Decimal
		switch x := v.(type) {
		case decimal.Decimal:
			d = x
		default:
			n, isInt := asInt64(v)
			if _, isBool := v.(bool); !isInt || isBool {
				continue
			}
			d = decimal.NewFromInt(n)
		}
		at, ok := unscaledThreshold(d.Shift(s.aggs[i].unit))
		if !ok {
			continue
		}
		tests = append(tests, sumTest{agg: i, at: at, outcome: outcome, text: c.String()})
	}
	return tests
}

// sumIndex is the index of the exact SUM (not AVG) of the select list
// whose column id is id, or -1.
func (s *aggregateScan) sumIndex(id sql.ColumnId) int {
	if id == 0 {
		return -1
	}
	for i, e := range s.gb.SelectedExprs {
		if s.aggs[i].kind != aggExactSum {
			continue
		}
		if ide, ok := e.(sql.IdExpression); ok && ide.Id() == id {
			return i
		}
	}
	return -1
}

// dropped tells whether group g fails one of the scan's sum tests for
// sure.
func (st *aggState) dropped(g int32) bool {
	for _, t := range st.s.sumTests {
		a := st.accs[t.agg].(*exactAcc)
		if a.n[g] == 0 {
			return true // NULL
		}
		if a.hi != nil {
			continue
		}
		if _, ok := a.dec[g]; ok {
			continue
		}
		v, r := a.lo[g], 1
		switch {
		case v < t.at.floor:
			r = -1
		case v == t.at.floor && t.at.exact:
			r = 0
		case v == t.at.floor:
			r = -1
		}
		if !t.outcome[r+1] {
			return true
		}
	}
	return false
}

// sumTestsText is the sum tests for EXPLAIN, "" for none.
func (s *aggregateScan) sumTestsText() string {
	texts := make([]string, len(s.sumTests))
	for i, t := range s.sumTests {
		texts[i] = t.text
	}
	return strings.Join(texts, " AND ")
}
