package vector_test

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Catches: an uncorrelated aggregate without GROUP BY compared in WHERE
// (`x = (SELECT MAX(y) ...)`, TPC-H Q15) left a filter that runs the
// subquery in the row engine (its alias, the query's text `MAX(y)`, kept
// go-mysql-server from unnesting it into a semi join, which EXPLAIN's
// statement, without text, did), or unnested answering otherwise than the
// row engine: NULL and empty aggregates, NOT over the comparison, a
// grouped subquery (which must stay a filter: it may return more rows).
func TestScalarAggregateSubqueryIsUnnested(t *testing.T) {
	dir := hashJoinTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	unnested := []string{
		"SELECT l.id FROM j.l l WHERE l.d = (SELECT MAX(r.d) FROM j.r r)",
		"SELECT l.id, l.k FROM j.l l WHERE l.k <> (SELECT MIN(r.k) FROM j.r r)",
		"SELECT l.id FROM j.l l WHERE l.d = (SELECT MAX(r.d) FROM j.r r WHERE r.id < 0)",
		"SELECT COUNT(*) FROM j.l l WHERE NOT (l.k = (SELECT MAX(r.k) FROM j.r r WHERE r.k < 30))",
		"SELECT COUNT(*) FROM j.l l WHERE NOT (l.k = (SELECT MAX(r.k) FROM j.r r WHERE r.id < 0))",
		"WITH t AS (SELECT k, SUM(d) AS total FROM j.r GROUP BY k) SELECT l.id, t.total FROM j.l l, t WHERE l.k = t.k AND t.total = (SELECT MAX(total) FROM t)",
	}
	if n := sameAnswers(t, vec, gms, unnested, func(q string) bool { return !filtersBySubquery(t, vec, q) }); n != len(unnested) {
		t.Errorf("%d of %d comparisons with an aggregate were unnested", n, len(unnested))
	}
	// Other comparisons stay filters: a semi join on `>` is a nested loop
	// that would run the subquery again for every row.
	for _, q := range []string{
		"SELECT l.id FROM j.l l WHERE l.d > (SELECT AVG(r.d) FROM j.r r)",
		"SELECT l.id FROM j.l l WHERE l.k < (SELECT MAX(r.k) FROM j.r r)",
	} {
		if !filtersBySubquery(t, vec, q) {
			t.Errorf("a comparison other than = was unnested: %s", q)
		}
		// EXPLAIN's statement has no text, hence no alias on the
		// aggregate; it must show the same filter.
		plan, err := query(t, vec, "EXPLAIN PLAN "+q)
		if err != nil {
			t.Fatal(err)
		}
		if text := strings.Join(plan, "\n"); !strings.Contains(text, "Subquery") || strings.Contains(text, "SemiJoin") {
			t.Errorf("EXPLAIN shows another plan than runs for %s:\n%s", q, text)
		}
	}
	grouped := "SELECT l.id FROM j.l l WHERE l.d = (SELECT MAX(r.d) FROM j.r r GROUP BY r.k)"
	if !filtersBySubquery(t, vec, grouped) {
		t.Errorf("a grouped subquery was unnested: %s", grouped)
	}
	if _, err := query(t, vec, grouped); err == nil || !sql.ErrExpectedSingleRow.Is(err) {
		t.Errorf("%s: %v, want %v", grouped, err, sql.ErrExpectedSingleRow.New())
	}
}

// filtersBySubquery tells whether the plan that q runs (analyzed from its
// text, as the server does) still evaluates a subquery in an expression.
func filtersBySubquery(t *testing.T, e interface {
	AnalyzeQuery(*sql.Context, string) (sql.Node, error)
}, q string) bool {
	t.Helper()
	n, err := e.AnalyzeQuery(sql.NewEmptyContext(), q)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		if _, ok := e.(*plan.Subquery); ok {
			found = true
		}
		return !found
	})
	return found
}
