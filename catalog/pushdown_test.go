package catalog

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/predicate"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// pushedFilter analyzes q and returns the filter the Paimon table received.
func pushedFilter(t *testing.T, q string) predicate.Predicate {
	t.Helper()
	e, _ := newEngine(t, testfixture.CopyWarehouse(t, testfixture.JavaWritten))
	node, err := e.AnalyzeQuery(sql.NewEmptyContext(), q)
	if err != nil {
		t.Fatal(err)
	}
	var found predicate.Predicate
	transform.Inspect(node, func(n sql.Node) bool {
		var tbl sql.Table
		switch x := n.(type) {
		case *plan.ResolvedTable:
			tbl = unwrap(x.Table)
		case *plan.IndexedTableAccess:
			tbl = x.Table
		}
		if tbl, ok := tbl.(*Table); ok && tbl.filter != nil {
			found = tbl.filter
		}
		return true
	})
	return found
}

// WHERE conditions reach the scan as predicates with Paimon-typed literals.
func TestFiltersArePushedToTheScan(t *testing.T) {
	cases := []struct {
		q    string
		want predicate.Predicate
	}{
		{"SELECT * FROM pk_09.pk_09 WHERE f1 = 20",
			predicate.And{predicate.Leaf{Field: "f1", Op: predicate.Eq, Literals: []any{int32(20)}}}},
		{"SELECT * FROM pk_09.pk_09 WHERE 10 < f1 AND f0 IS NOT NULL",
			predicate.And{predicate.Leaf{Field: "f1", Op: predicate.Gt, Literals: []any{int32(10)}}, predicate.Leaf{Field: "f0", Op: predicate.IsNotNull}}},
		{"SELECT * FROM pk_09.pk_09 WHERE f1 IN (10, 20)",
			predicate.And{predicate.Leaf{Field: "f1", Op: predicate.In, Literals: []any{int32(10), int32(20)}}}},
		{"SELECT f0 FROM pk_09.pk_09 p WHERE p.f1 = 10 OR p.f2 = 1",
			predicate.And{predicate.Or{predicate.Leaf{Field: "f1", Op: predicate.Eq, Literals: []any{int32(10)}}, predicate.Leaf{Field: "f2", Op: predicate.Eq, Literals: []any{int32(1)}}}}},
	}
	for _, c := range cases {
		got := pushedFilter(t, c.q)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s\n got  %s\n want %s", c.q, fmt.Sprint(got), fmt.Sprint(c.want))
		}
	}
}

// A literal that does not convert exactly to the column type is not pushed:
// 1.5 must not prune f1 = 1 or f1 = 2.
func TestInexactLiteralsAreNotPushed(t *testing.T) {
	if got := pushedFilter(t, "SELECT * FROM pk_09.pk_09 WHERE f1 = 1.5"); got != nil {
		t.Fatalf("pushed %v", got)
	}
	if got := pushedFilter(t, "SELECT * FROM pk_09.pk_09 WHERE f1 = 20 OR f3 + 1 > 2"); got != nil {
		t.Fatalf("pushed a disjunction with an untranslatable side: %v", got)
	}
}

// A DECIMAL range bound with more places than the column's scale is pushed
// as the bound at the column's scale that selects the same values (f2 is
// DECIMAL(6,3): f2 > 0.0005 is f2 >= 0.001); an equality with it matches
// no value, so it is not pushed, and an IN list leaves it out.
func TestDecimalBoundsAtTheColumnScale(t *testing.T) {
	leaf := func(op predicate.Op, lits ...any) predicate.Predicate {
		return predicate.And{predicate.Leaf{Field: "f2", Op: op, Literals: lits}}
	}
	dec := decimal.RequireFromString
	cases := []struct {
		where string
		want  predicate.Predicate
	}{
		{"f2 > 0.0005", leaf(predicate.GtEq, dec("0.001"))},
		{"f2 >= 0.0005", leaf(predicate.GtEq, dec("0.001"))},
		{"0.0005 < f2", leaf(predicate.GtEq, dec("0.001"))},
		{"f2 < 0.0015", leaf(predicate.LtEq, dec("0.001"))},
		{"f2 <= -0.0005", leaf(predicate.LtEq, dec("-0.001"))},
		{"f2 > -0.0015", leaf(predicate.GtEq, dec("-0.001"))},
		{"f2 > 0.001", leaf(predicate.Gt, dec("0.001"))},
		{"f2 IN (0.0005, 1.5)", leaf(predicate.In, dec("1.5"))},
		{"f2 = 0.0005", nil},
	}
	for _, c := range cases {
		got := pushedFilter(t, "SELECT * FROM append_table_alter_table_with_cast.append_table_alter_table_with_cast WHERE "+c.where)
		if fmt.Sprint(got) != fmt.Sprint(c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("%s\n got  %v\n want %v", c.where, got, c.want)
		}
	}
}
