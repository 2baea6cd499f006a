package vector_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/vector"
)

// notInRow is a row of n.a or n.b: its id and its nullable k and s.
type notInRow struct {
	id int
	k  *int
	s  *string
}

// notInRows are n.a's rows (ids 0..59, k = id % 12, s = 's' || k, both
// NULL for every seventh id) and n.b's (k = 0..8 and s the same, k NULL
// at id 3 and s at id 5).
func notInRows() (a, b []notInRow) {
	for i := range 60 {
		r := notInRow{id: i}
		if i%7 != 0 {
			k, s := i%12, fmt.Sprintf("s%d", i%12)
			r.k, r.s = &k, &s
		}
		a = append(a, r)
	}
	for i := range 9 {
		r := notInRow{id: i}
		k, s := i, fmt.Sprintf("s%d", i)
		if i != 3 {
			r.k = &k
		}
		if i != 5 {
			r.s = &s
		}
		b = append(b, r)
	}
	return a, b
}

func (r notInRow) values() string {
	k, s := "NULL", "NULL"
	if r.k != nil {
		k = fmt.Sprint(*r.k)
	}
	if r.s != nil {
		s = "'" + *r.s + "'"
	}
	return fmt.Sprintf("(%d, %s, %s)", r.id, k, s)
}

func notInTables(t *testing.T) string {
	t.Helper()
	db := sqltest.OpenDir(t, t.TempDir())
	a, b := notInRows()
	var av, bv []string
	for _, r := range a {
		av = append(av, r.values())
	}
	for _, r := range b {
		bv = append(bv, r.values())
	}
	for _, q := range []string{
		"CREATE DATABASE n",
		"CREATE TABLE n.a (id INT NOT NULL, k INT, s VARCHAR(10))",
		"CREATE TABLE n.b (id INT NOT NULL, k BIGINT, s VARCHAR(10))",
		"INSERT INTO n.a VALUES " + strings.Join(av, ", "),
		"INSERT INTO n.b VALUES " + strings.Join(bv, ", "),
	} {
		if _, err := db.Exec(sqltest.Root, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return db.Dir
}

// sqlEqual is SQL's = of two nullable values: nil for unknown.
func sqlEqual[T comparable](x, y *T) *bool {
	if x == nil || y == nil {
		return nil
	}
	eq := *x == *y
	return &eq
}

// notIn is SQL's x NOT IN (set) over the rows of set, from the equality
// of x with each (unknown with any: nil): true when every one is false,
// false when one is true, else unknown.
func notIn(eqs []*bool) *bool {
	unknown := false
	for _, e := range eqs {
		switch {
		case e == nil:
			unknown = true
		case *e:
			f := false
			return &f
		}
	}
	if unknown {
		return nil
	}
	t := true
	return &t
}

// Catches: NOT IN over a subquery run as the engine's hash join (the
// left join of NOT IN under its IS NULL filter) answering otherwise than
// SQL: a NULL in the subquery's keys makes NOT IN unknown for every row
// it does not match (no row passes), a NULL on the left is unknown
// against a non-empty subquery and true against an empty one; integer,
// string and two-column keys, and a subquery of NULLs only. The answer is
// computed here from the rows written (SQL's three-valued NOT IN), and
// go-mysql-server's executor must give it too.
func TestNotInMatchesSQL(t *testing.T) {
	dir := notInTables(t)
	vec, _ := newEngine(t, dir)
	gms := rowEngine(t, dir)
	a, b := notInRows()
	cases := []struct {
		where string                    // the subquery's WHERE on n.b
		keep  func(id int) bool         // the same in Go
		cols  string                    // the compared columns
		eq    func(x, y notInRow) *bool // their equality
	}{
		{"TRUE", func(int) bool { return true }, "k", nil},
		{"TRUE", func(int) bool { return true }, "s", nil},
		{"k IS NOT NULL", func(id int) bool { return id != 3 }, "k", nil},
		{"id <> 3", func(id int) bool { return id != 3 }, "k", nil},
		{"id <> 5", func(id int) bool { return id != 5 }, "s", nil},
		{"id > 100", func(int) bool { return false }, "k", nil},
		{"id = 3", func(id int) bool { return id == 3 }, "k", nil},
		{"id = 5", func(id int) bool { return id == 5 }, "s", nil},
		{"id <> 3 AND id <> 5", func(id int) bool { return id != 3 && id != 5 }, "k, s", nil},
		{"id <> 5", func(id int) bool { return id != 5 }, "k, s", nil},
		{"id > 4", func(id int) bool { return id > 4 }, "k, s", nil},
	}
	engineRan := 0
	for _, c := range cases {
		q := fmt.Sprintf("SELECT id FROM n.a WHERE (%s) NOT IN (SELECT %s FROM n.b WHERE %s)", c.cols, c.cols, c.where)
		var want []string
		for _, x := range a {
			var eqs []*bool
			for _, y := range b {
				if !c.keep(y.id) {
					continue
				}
				var eq *bool
				switch c.cols {
				case "k":
					eq = sqlEqual(x.k, y.k)
				case "s":
					eq = sqlEqual(x.s, y.s)
				default: // k AND s
					ek, es := sqlEqual(x.k, y.k), sqlEqual(x.s, y.s)
					switch {
					case ek != nil && !*ek || es != nil && !*es:
						f := false
						eq = &f
					case ek != nil && es != nil:
						tr := true
						eq = &tr
					}
				}
				eqs = append(eqs, eq)
			}
			if r := notIn(eqs); r != nil && *r {
				want = append(want, fmt.Sprint(x.id))
			}
		}
		slices.Sort(want)
		if notInJoinRuns(t, vec, q) {
			engineRan++
		}
		got, err := query(t, vec, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %v\nwant %v", q, got, want)
		}
		if rows, err := query(t, gms, q); err != nil || !slices.Equal(rows, want) {
			t.Errorf("%s (go-mysql-server's executor):\n got %v %v\nwant %v", q, rows, err, want)
		}
	}
	t.Logf("%d of %d queries ran NOT IN's join in the engine", engineRan, len(cases))
	if engineRan < 5 {
		t.Errorf("%d of %d queries ran NOT IN's join in the engine, want at least 5", engineRan, len(cases))
	}
}

// notInJoinRuns tells whether q's plan has NOT IN's left join and the
// engine runs it.
func notInJoinRuns(t *testing.T, e interface {
	AnalyzeQuery(*sql.Context, string) (sql.Node, error)
}, q string) bool {
	t.Helper()
	n, err := e.AnalyzeQuery(sql.NewEmptyContext(), q)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if j, ok := n.(*plan.JoinNode); ok && j.Op == plan.JoinTypeLeftOuterHashExcludeNulls && vector.RunsHashJoin(j) {
			found = true
		}
		return !found
	})
	return found
}
