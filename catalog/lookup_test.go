package catalog

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"

	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// lookupTable generates a primary-key table of rows keys in 4 buckets: each
// bucket's file holds several 20,000-row pages.
func lookupTable(t *testing.T, o gentable.Options) *gentable.Table {
	t.Helper()
	o.PrimaryKey, o.Buckets = true, 4
	tbl, err := gentable.Write(t.TempDir(), o)
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

// want is row r as the engine renders it, in the given version.
func want(tbl *gentable.Table, r int64, version int) string {
	var parts []string
	for c := range tbl.Schema.Fields {
		parts = append(parts, fmt.Sprint(tbl.Value(r, c, version)))
	}
	return strings.Join(parts, "|")
}

// pruned runs q and returns its rows and the data files planned and rows
// scanned meanwhile.
func pruned(t *testing.T, q string, run func() ([]string, error)) ([]string, int64, int64) {
	t.Helper()
	f0, r0 := stats.FilesScanned.Load(), stats.RowsRead.Load()
	rows, err := run()
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return rows, stats.FilesScanned.Load() - f0, stats.RowsRead.Load() - r0
}

// A key equality reads one bucket's file and, of it, the page that may hold
// the key; an IN list the buckets and pages of its keys. EXPLAIN shows the
// primary key index.
func TestKeyLookupPrunes(t *testing.T) {
	const n = 200_000
	tbl := lookupTable(t, gentable.Options{Rows: n})
	e, _ := newEngine(t, tbl.Dir)
	// The first statement plans the whole table once for its row count.
	if _, err := query(t, e, "SELECT * FROM bench.t WHERE id = 3"); err != nil {
		t.Fatal(err)
	}
	for _, k := range []int64{0, 1, 77_777, n - 1} {
		q := fmt.Sprintf("SELECT * FROM bench.t WHERE id = %d", k)
		rows, files, read := pruned(t, q, func() ([]string, error) { return query(t, e, q) })
		if len(rows) != 1 || rows[0] != want(tbl, k, 0) {
			t.Fatalf("%s: %v, want %s", q, rows, want(tbl, k, 0))
		}
		if files != 1 || read > 20_000 {
			t.Errorf("%s: %d files planned, %d rows scanned: want 1 file and at most a page", q, files, read)
		}
	}
	q := "SELECT * FROM bench.t WHERE id IN (5, 150000, 150001, 999999999)"
	rows, files, read := pruned(t, q, func() ([]string, error) { return query(t, e, q) })
	wantRows := []string{want(tbl, 150000, 0), want(tbl, 150001, 0), want(tbl, 5, 0)}
	if strings.Join(rows, "\n") != strings.Join(sortedCopy(wantRows), "\n") {
		t.Fatalf("%s: %v", q, rows)
	}
	// A file's pages are judged by every key of the list, also keys
	// hashed to other buckets.
	if files > 3 || read > 4*20_000 {
		t.Errorf("%s: %d files planned, %d rows scanned", q, files, read)
	}
	q = "SELECT * FROM bench.t WHERE id = -1"
	if rows, _ := query(t, e, q); len(rows) != 0 {
		t.Fatalf("%s: %v", q, rows)
	}
	plan, err := query(t, e, "EXPLAIN PLAN SELECT * FROM bench.t WHERE id = 42")
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.Join(plan, "\n"); !strings.Contains(s, "IndexedTableAccess") || !strings.Contains(s, "index: [t.id]") {
		t.Errorf("EXPLAIN shows no index lookup:\n%s", s)
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// Lookups over merged files (level 0 with updates and deletes) and over
// partitions return the merged row, as a full scan does.
func TestKeyLookupMergedAndPartitioned(t *testing.T) {
	for _, o := range []gentable.Options{
		{Rows: 60_000, Snapshots: 3, Level0: true, UpdateEvery: 5, DeleteEvery: 7},
		{Rows: 60_000, Partitions: 3},
	} {
		tbl := lookupTable(t, o)
		e, _ := newEngine(t, tbl.Dir)
		for _, k := range []int64{0, 5, 7, 35, 12_345, 40_000, 59_999} {
			// id + 0 is not an index lookup: the full scan is the reference.
			full, err := query(t, e, fmt.Sprintf("SELECT * FROM bench.t WHERE id + 0 = %d", k))
			if err != nil {
				t.Fatal(err)
			}
			got, err := query(t, e, fmt.Sprintf("SELECT * FROM bench.t WHERE id = %d", k))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(full, "\n") {
				t.Fatalf("%+v: key %d: lookup %v, scan %v", o, k, got, full)
			}
			if deleted := o.DeleteEvery > 0 && k%o.DeleteEvery == 0; deleted != (len(got) == 0) {
				t.Fatalf("%+v: key %d: %v", o, k, got)
			}
		}
	}
}

// BenchmarkKeyLookup times point lookups and 10-key IN lists on a 1M-key
// table of 4 buckets through the in-process engine (no wire).
func BenchmarkKeyLookup(b *testing.B) {
	tbl, err := gentable.Write(b.TempDir(), gentable.Options{Rows: 1_000_000, PrimaryKey: true, Buckets: 4})
	if err != nil {
		b.Fatal(err)
	}
	e, _ := newEngine(b, tbl.Dir)
	for _, c := range []struct {
		name string
		q    func(i int) string
	}{
		{"point", func(i int) string { return fmt.Sprintf("SELECT * FROM bench.t WHERE id = %d", i*7919%1_000_000) }},
		{"in10", func(i int) string {
			var keys []string
			for k := range 10 {
				keys = append(keys, fmt.Sprint((i*7919+k*99_991)%1_000_000))
			}
			return "SELECT * FROM bench.t WHERE id IN (" + strings.Join(keys, ",") + ")"
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := query(b, e, c.q(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Joins between Paimon tables: a cross join and a non-equi inner join read
// their inner table once, not once per outer row; an equi-join on the
// primary key from a small outer table is a lookup join and returns exactly
// the matching rows, from a larger one a hash join (JoinCoster: 400 lookups
// cost more than reading the 50,000 rows once).
func TestJoinsReadInnerOnce(t *testing.T) {
	dir := t.TempDir()
	for _, o := range []gentable.Options{
		{Table: "a", Rows: 300},
		{Table: "b", Rows: 400},
		{Table: "s", Rows: 20},
		{Table: "k", Rows: 50_000, PrimaryKey: true, Buckets: 4},
	} {
		if _, err := gentable.Write(dir, o); err != nil {
			t.Fatal(err)
		}
	}
	e, _ := newEngine(t, dir)
	check := func(q, want string, maxFiles int64) {
		t.Helper()
		rows, files, _ := pruned(t, q, func() ([]string, error) { return query(t, e, q) })
		if got := strings.Join(rows, ","); got != want {
			t.Fatalf("%s: %s, want %s", q, got, want)
		}
		if files > maxFiles {
			t.Errorf("%s: %d data files planned: the inner side was read again", q, files)
		}
	}
	check("SELECT COUNT(*) FROM bench.a, bench.b", "120000", 4)
	check("SELECT COUNT(*) FROM bench.a JOIN bench.b ON a.id < b.id", fmt.Sprint(300*299/2+300*100), 4)
	check("SELECT COUNT(*) FROM bench.a CROSS JOIN bench.b WHERE b.id = 7", "300", 4)
	check("SELECT COUNT(*) FROM bench.a, bench.b WHERE b.id < 0", "0", 4)
	// 400 ids, of which those below 50,000 exist in k: all of them.
	check("SELECT COUNT(*), CAST(SUM(k.v) AS SIGNED) FROM bench.b JOIN bench.k ON k.id = b.id",
		fmt.Sprintf("400|%d", sumV(t, e, "k", 400)), 1<<20)
	check("SELECT COUNT(*), CAST(SUM(k.v) AS SIGNED) FROM bench.s JOIN bench.k ON k.id = s.id",
		fmt.Sprintf("20|%d", sumV(t, e, "k", 20)), 1<<20)
	for q, want := range map[string]string{
		"EXPLAIN PLAN SELECT k.v FROM bench.s JOIN bench.k ON k.id = s.id": "LookupJoin",
		"EXPLAIN PLAN SELECT k.v FROM bench.b JOIN bench.k ON k.id = b.id": "HashJoin",
	} {
		plan, err := query(t, e, q)
		if err != nil {
			t.Fatal(err)
		}
		if s := strings.Join(plan, "\n"); !strings.Contains(s, want) || (want == "HashJoin" && strings.Contains(s, "LookupJoin")) {
			t.Errorf("%s: no %s:\n%s", q, want, s)
		}
	}
}

// sumV is SUM(v) of the first n rows of a table, from a full scan.
func sumV(t *testing.T, e *sqle.Engine, table string, n int) int64 {
	t.Helper()
	rows, err := query(t, e, fmt.Sprintf("SELECT CAST(SUM(v) AS SIGNED) FROM bench.%s WHERE id + 0 < %d", table, n))
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v %v", rows, err)
	}
	s, err := strconv.ParseInt(rows[0], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Index lookups return their rows in key order and go-mysql-server keeps
// the sorts and MIN/MAX over the table: rows come from buckets read in
// parallel, in no overall order.
func TestLookupsKeepOrder(t *testing.T) {
	tbl := lookupTable(t, gentable.Options{Rows: 3000, RowsPerFile: 500})
	e, _ := newEngine(t, tbl.Dir)
	for q, want := range map[string]string{
		"SELECT MAX(id) FROM bench.t":                                                 "2999",
		"SELECT MIN(id) FROM bench.t":                                                 "0",
		"SELECT id FROM bench.t ORDER BY id DESC LIMIT 1":                             "2999",
		"SELECT id FROM bench.t WHERE id > 5 ORDER BY id LIMIT 3":                     "6,7,8",
		"SELECT id FROM bench.t WHERE id IN (9, 2, 2000, 7) ORDER BY id LIMIT 3":      "2,7,9",
		"SELECT id FROM bench.t WHERE id IN (9, 2, 2000, 7) ORDER BY id DESC LIMIT 2": "2000,9",
		"SELECT id FROM bench.t WHERE id > 2990 ORDER BY id DESC LIMIT 3":             "2997,2998,2999",
	} {
		rows, err := query(t, e, q)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(rows, ","); got != want {
			t.Errorf("%s: %s, want %s (sorted)", q, got, want)
		}
	}
}
