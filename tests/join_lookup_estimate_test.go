package tests

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 24, TPC-H Q02's shape: partsupp joins part (filtered to a few
// rows) and supplier (unfiltered), all primary-key tables. Each partsupp
// row finds at most one part by part's key, and go-mysql-server v0.20.0
// estimated such a join at all of partsupp's rows whatever part's filter
// kept; partsupp was then joined to supplier first, making every partsupp
// row. The join planner now scales the lookup's rows by the rows part's
// filter keeps (sql/memo/estimates.go), so partsupp is joined to the
// filtered part first, and read filtered by its keys.
func TestJoinToFilteredKeyTableFirst(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE q2",
		"CREATE TABLE q2.part (p_partkey BIGINT NOT NULL, p_size INT, p_type VARCHAR(20), PRIMARY KEY (p_partkey)) WITH ('bucket' = '2')",
		"CREATE TABLE q2.supplier (s_suppkey BIGINT NOT NULL, s_name VARCHAR(20), PRIMARY KEY (s_suppkey)) WITH ('bucket' = '2')",
		"CREATE TABLE q2.partsupp (ps_partkey BIGINT NOT NULL, ps_suppkey BIGINT NOT NULL, ps_cost INT, PRIMARY KEY (ps_partkey, ps_suppkey)) WITH ('bucket' = '2')")
	const parts, suppliers, perPart = 2000, 100, 4
	var rows []string
	for p := 1; p <= parts; p++ {
		typ := "'LARGE BRASS'"
		switch {
		case p%7 == 0:
			typ = "NULL" // NULL never matches LIKE
		case p%3 == 0:
			typ = "'SMALL TIN'"
		}
		rows = append(rows, fmt.Sprintf("(%d, %d, %s)", p, p%50, typ))
	}
	sqlRun(t, w.db, "INSERT INTO q2.part VALUES "+strings.Join(rows, ","))
	rows = rows[:0]
	for s := 1; s <= suppliers; s++ {
		rows = append(rows, fmt.Sprintf("(%d, 's%d')", s, s))
	}
	sqlRun(t, w.db, "INSERT INTO q2.supplier VALUES "+strings.Join(rows, ","))
	rows = rows[:0]
	for p := 1; p <= parts; p++ {
		for i := 0; i < perPart; i++ {
			// supplier 0 does not exist: such rows join no supplier
			rows = append(rows, fmt.Sprintf("(%d, %d, %d)", p, (p*7+i*31)%(suppliers+1), (p*13+i)%97))
		}
	}
	sqlRun(t, w.db, "INSERT INTO q2.partsupp VALUES "+strings.Join(rows, ","))

	q := "SELECT p_partkey, s_name, ps_cost FROM q2.part, q2.supplier, q2.partsupp " +
		"WHERE p_partkey = ps_partkey AND s_suppkey = ps_suppkey AND p_size = 15 AND p_type LIKE '%BRASS'"
	plan := explainText(t, w.db, "EXPLAIN FORMAT=TREE "+q)
	depth := func(join string) int {
		for _, l := range strings.Split(plan, "\n") {
			if strings.Contains(l, join) {
				return len(l) - len(strings.TrimLeft(l, " "))
			}
		}
		t.Fatalf("no %q in the plan:\n%s", join, plan)
		return 0
	}
	// the join made first is the deeper one in the tree
	if withPart, withSupplier := depth("(part.p_partkey = partsupp.ps_partkey)"), depth("(supplier.s_suppkey = partsupp.ps_suppkey)"); withPart <= withSupplier {
		t.Errorf("partsupp is not joined to the filtered part first:\n%s", plan)
	}
	if !strings.Contains(plan, "Table scan on partsupp") {
		t.Errorf("no scan of partsupp:\n%s", plan)
	}

	var want []string
	for p := 1; p <= parts; p++ {
		if p%50 != 15 || p%7 == 0 || p%3 == 0 {
			continue
		}
		for i := 0; i < perPart; i++ {
			if s := (p*7 + i*31) % (suppliers + 1); s != 0 {
				want = append(want, fmt.Sprintf("%d|s%d|%d", p, s, (p*13+i)%97))
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("the data selects no row")
	}
	wantRows(t, w.db, split(want...), q)
}
