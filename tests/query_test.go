package tests

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// num reads a numeric cell; NULL is not a number.
func num(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// filterCase is a WHERE clause and the same condition in Go over a record.
type filterCase struct {
	where string
	keep  func(r map[string]string) bool
}

func eqNum(col string, v float64) func(map[string]string) bool {
	return func(r map[string]string) bool { n, ok := num(r[col]); return ok && n == v }
}

// checkFilters compares each filtered query with the unfiltered result
// filtered in Go: pruning may skip files, never change rows.
func checkFilters(t *testing.T, e *env, from string, cases []filterCase) {
	t.Helper()
	all := mustQuery(t, e.db, "SELECT * FROM "+from)
	if len(all.rows) == 0 {
		t.Fatalf("%s is empty", from)
	}
	for _, c := range cases {
		var want [][]string
		for i, r := range all.records() {
			if c.keep(r) {
				want = append(want, all.rows[i])
			}
		}
		wantRows(t, e.db, want, "SELECT * FROM "+from+" WHERE "+c.where)
		// COUNT(*) may be answered from manifests: same number.
		res := mustQuery(t, e.db, "SELECT COUNT(*) FROM "+from+" WHERE "+c.where)
		if res.rows[0][0] != fmt.Sprint(len(want)) {
			t.Errorf("COUNT(*) WHERE %s = %s, want %d", c.where, res.rows[0][0], len(want))
		}
	}
}

func TestWhereOnPartitionAndKeyColumnsNeverChangesResults(t *testing.T) {
	e := startServer(t, nil)
	t.Run("pk_09", func(t *testing.T) {
		checkFilters(t, e, "pk_09.pk_09", []filterCase{
			{"f1 = 10", eqNum("f1", 10)},
			{"f1 = 20", eqNum("f1", 20)},
			{"f1 = 30", eqNum("f1", 30)},
			{"f1 <> 10", func(r map[string]string) bool { n, _ := num(r["f1"]); return n != 10 }},
			{"f1 > 10", func(r map[string]string) bool { n, _ := num(r["f1"]); return n > 10 }},
			{"f1 IN (20, 30)", func(r map[string]string) bool { n, _ := num(r["f1"]); return n == 20 || n == 30 }},
			{"f1 BETWEEN 5 AND 15", func(r map[string]string) bool { n, _ := num(r["f1"]); return n >= 5 && n <= 15 }},
			{"NOT (f1 = 10)", func(r map[string]string) bool { n, _ := num(r["f1"]); return n != 10 }},
			{"f1 = 10 AND f2 = 1", func(r map[string]string) bool { return eqNum("f1", 10)(r) && eqNum("f2", 1)(r) }},
			{"f1 = 20 OR f2 = 0", func(r map[string]string) bool { return eqNum("f1", 20)(r) || eqNum("f2", 0)(r) }},
			{"f0 = 'Alice'", func(r map[string]string) bool { return r["f0"] == "Alice" }},
			{"f0 = 'Alice' AND f1 = 10 AND f2 = 1", func(r map[string]string) bool {
				return r["f0"] == "Alice" && eqNum("f1", 10)(r) && eqNum("f2", 1)(r)
			}},
			{"f0 < 'C'", func(r map[string]string) bool { return r["f0"] < "C" }},
			{"f0 LIKE 'T%'", func(r map[string]string) bool { return strings.HasPrefix(r["f0"], "T") }},
			{"f1 IS NULL", func(r map[string]string) bool { return r["f1"] == "NULL" }},
			{"f3 > 15", func(r map[string]string) bool { n, ok := num(r["f3"]); return ok && n > 15 }},
			{"f1 = '10'", eqNum("f1", 10)},
		})
	})
	t.Run("pk_table_with_mor", func(t *testing.T) {
		checkFilters(t, e, "pk_table_with_mor.pk_table_with_mor", []filterCase{
			{"p0 = 0 AND p1 = 0", func(r map[string]string) bool { return eqNum("p0", 0)(r) && eqNum("p1", 0)(r) }},
			{"p1 = 1", eqNum("p1", 1)},
			{"p0 = 1 OR p1 = 1", func(r map[string]string) bool { return eqNum("p0", 1)(r) || eqNum("p1", 1)(r) }},
			{"k0 = 1", eqNum("k0", 1)},
			{"k1 >= 1 AND p0 = 0", func(r map[string]string) bool {
				n, _ := num(r["k1"])
				return n >= 1 && eqNum("p0", 0)(r)
			}},
			{"v2 IS NULL", func(r map[string]string) bool { return r["v2"] == "NULL" }},
		})
	})
	t.Run("append_table_alter_table_with_cast", func(t *testing.T) {
		checkFilters(t, e, "append_table_alter_table_with_cast.append_table_alter_table_with_cast", []filterCase{
			{"key0 = 1", eqNum("key0", 1)},
			{"key0 = 0 AND key1 = 1", func(r map[string]string) bool { return eqNum("key0", 0)(r) && eqNum("key1", 1)(r) }},
			{"key1 = 2", eqNum("key1", 2)},
			// f3 changed type (STRING -> INT) after the first snapshot.
			{"f3 >= 150", func(r map[string]string) bool { n, _ := num(r["f3"]); return n >= 150 }},
			{"f6 IS NULL", func(r map[string]string) bool { return r["f6"] == "NULL" }},
			{"f2 < 0", func(r map[string]string) bool { n, _ := num(r["f2"]); return n < 0 }},
		})
	})
	t.Run("pk_with_bitmap_dv", func(t *testing.T) {
		checkFilters(t, e, "pk_with_bitmap_dv.pk_with_bitmap_dv", []filterCase{
			{"`key` = 3", eqNum("key", 3)},
			{"`key` = 0", eqNum("key", 0)},
			{"`key` >= 5", func(r map[string]string) bool { n, _ := num(r["key"]); return n >= 5 }},
			{"f0 = 'Bob'", func(r map[string]string) bool { return r["f0"] == "Bob" }},
			{"f2 IS NULL", func(r map[string]string) bool { return r["f2"] == "NULL" }},
		})
	})
	t.Run("append_with_global_index", func(t *testing.T) {
		checkFilters(t, e, "append_with_global_index.append_with_global_index", []filterCase{
			{"f0 = 'Tony'", func(r map[string]string) bool { return r["f0"] == "Tony" }},
			{"f1 = 20", eqNum("f1", 20)},
			{"f2 = 1", eqNum("f2", 1)},
			{"f2 IS NULL", func(r map[string]string) bool { return r["f2"] == "NULL" }},
		})
	})
	t.Run("pk_table_with_mor AS OF 1", func(t *testing.T) {
		checkFilters(t, e, "pk_table_with_mor.pk_table_with_mor AS OF 1", []filterCase{
			{"p1 = 1", eqNum("p1", 1)},
			{"v0 > 11", func(r map[string]string) bool { n, _ := num(r["v0"]); return n > 11 }},
		})
	})
}

func TestWhereOnPartitionReturnsREADMERows(t *testing.T) {
	e := startServer(t, nil)
	var want []string
	for _, r := range dvTableLatestRows {
		if strings.Split(r, "|")[1] == "20" {
			want = append(want, r)
		}
	}
	wantRows(t, e.db, split(want...), "SELECT * FROM pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external WHERE f1 = 20")
	wantRows(t, e.db, split("Alice|10|1|19.1"), "SELECT * FROM pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external WHERE f0 = 'Alice'")
	wantRows(t, e.db, nil, "SELECT * FROM pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external WHERE f0 = 'Tony'")
}

func TestLimitReturnsAtMostNRowsOfTheResult(t *testing.T) {
	e := startServer(t, nil)
	all := mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09")
	full := map[string]int{}
	for _, l := range canon(all.rows) {
		full[l]++
	}
	for _, n := range []int{0, 1, 3, len(all.rows), len(all.rows) + 5} {
		res := mustQuery(t, e.db, fmt.Sprintf("SELECT * FROM pk_09.pk_09 LIMIT %d", n))
		if want := min(n, len(all.rows)); len(res.rows) != want {
			t.Errorf("LIMIT %d: %d rows, want %d", n, len(res.rows), want)
		}
		seen := map[string]int{}
		for _, l := range canon(res.rows) {
			seen[l]++
			if seen[l] > full[l] {
				t.Errorf("LIMIT %d returned %q, which is not a row of the table", n, l)
			}
		}
	}
	// ORDER BY + LIMIT: the top rows of the full result.
	sorted := append([][]string{}, all.rows...)
	sort.Slice(sorted, func(i, j int) bool {
		a, _ := num(sorted[i][3])
		b, _ := num(sorted[j][3])
		return a > b
	})
	res := mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09 ORDER BY f3 DESC LIMIT 2")
	if fmt.Sprint(res.rows) != fmt.Sprint(sorted[:2]) {
		t.Errorf("ORDER BY f3 DESC LIMIT 2 = %v, want %v", res.rows, sorted[:2])
	}
	res = mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09 ORDER BY f3 DESC LIMIT 2 OFFSET 1")
	if fmt.Sprint(res.rows) != fmt.Sprint(sorted[1:3]) {
		t.Errorf("LIMIT 2 OFFSET 1 = %v, want %v", res.rows, sorted[1:3])
	}
}

func TestCountStarMatchesRowsForEveryTableAndSnapshot(t *testing.T) {
	e := startServer(t, nil)
	cases := []struct {
		from string
		want int
	}{
		{"pk_dv_index_not_in_data_no_external.pk_dv_index_not_in_data_no_external", len(dvTableLatestRows)},
		{"pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external", len(dvTableLatestRows)},
		{"pk_dv_index_in_data_no_external.pk_dv_index_in_data_no_external AS OF 2", len(dvTableFirstRows)},
		{"pk_table_with_dv_cardinality.pk_table_with_dv_cardinality", len(dvCardinalityLatestRows)},
		{"pk_with_bitmap_dv.pk_with_bitmap_dv", len(bitmapDVLatestRows)},
		{"pk_with_bitmap_dv.pk_with_bitmap_dv AS OF 2", len(bitmapDVFirstRows)},
		{"pk_table_with_mor.pk_table_with_mor", len(morLatestRows)},
		{"pk_table_with_mor.pk_table_with_mor AS OF 1", len(morSnapshot1Rows)},
		{"pk_table_with_mor.pk_table_with_mor AS OF 2", len(morSnapshot2Rows)},
		{"append_with_global_index.append_with_global_index", len(globalIndexRows)},
		{"append_table_alter_table_with_cast.append_table_alter_table_with_cast", len(castLatestRows)},
		{"append_table_alter_table_with_cast.append_table_alter_table_with_cast AS OF 1", len(castSnapshot1Rows)},
		{"append_table_with_append_pt_branch.`append_table_with_append_pt_branch$branch_test`", len(branchTestRows)},
	}
	for _, c := range cases {
		for _, expr := range []string{"COUNT(*)", "COUNT(1)"} {
			res := mustQuery(t, e.db, "SELECT "+expr+" FROM "+c.from)
			if res.rows[0][0] != fmt.Sprint(c.want) {
				t.Errorf("SELECT %s FROM %s = %s, want %d", expr, c.from, res.rows[0][0], c.want)
			}
		}
	}
}

func TestProjectionsInAnyOrderMatchTheFullRows(t *testing.T) {
	e := startServer(t, nil)
	for _, c := range []struct {
		from string
		cols []string
	}{
		{"pk_09.pk_09", []string{"f3", "f0", "f2"}},
		{"pk_09.pk_09", []string{"f2"}},
		{"pk_09.pk_09", []string{"f1", "f1", "f0"}},
		{"pk_table_with_mor.pk_table_with_mor", []string{"v2", "s0", "k0", "p1"}},
		{"pk_table_with_mor.pk_table_with_mor AS OF 2", []string{"v1", "k1"}},
		{"append_table_alter_table_with_cast.append_table_alter_table_with_cast", []string{"f6", "key0", "f4"}},
		{"pk_with_bitmap_dv.pk_with_bitmap_dv", []string{"f3", "key"}},
	} {
		all := mustQuery(t, e.db, "SELECT * FROM "+c.from)
		var want [][]string
		for _, r := range all.records() {
			var row []string
			for _, col := range c.cols {
				row = append(row, r[col])
			}
			want = append(want, row)
		}
		quoted := make([]string, len(c.cols))
		for i, col := range c.cols {
			quoted[i] = "`" + col + "`"
		}
		q := "SELECT " + strings.Join(quoted, ", ") + " FROM " + c.from
		res := mustQuery(t, e.db, q)
		wantCols(t, q, res, c.cols...)
		sameRows(t, q, res.rows, want)
	}
}

func TestServerSidePreparedStatementsBindParameters(t *testing.T) {
	e := startServer(t, nil) // e.db does not interpolate: ? goes to the server
	all := mustQuery(t, e.db, "SELECT * FROM pk_09.pk_09")
	for _, c := range []struct {
		q    string
		args []any
		keep func(r map[string]string) bool
	}{
		{"SELECT * FROM pk_09.pk_09 WHERE f1 = ?", []any{20}, eqNum("f1", 20)},
		{"SELECT * FROM pk_09.pk_09 WHERE f1 = ?", []any{10}, eqNum("f1", 10)},
		{"SELECT * FROM pk_09.pk_09 WHERE f1 = ? AND f2 = ?", []any{10, 0}, func(r map[string]string) bool {
			return eqNum("f1", 10)(r) && eqNum("f2", 0)(r)
		}},
		{"SELECT * FROM pk_09.pk_09 WHERE f0 = ?", []any{"Alice"}, func(r map[string]string) bool { return r["f0"] == "Alice" }},
		{"SELECT * FROM pk_09.pk_09 WHERE f3 > ?", []any{15.5}, func(r map[string]string) bool { n, ok := num(r["f3"]); return ok && n > 15.5 }},
	} {
		var want [][]string
		for i, r := range all.records() {
			if c.keep(r) {
				want = append(want, all.rows[i])
			}
		}
		wantRows(t, e.db, want, c.q, c.args...)
	}
	// An explicit prepared statement executed twice with different values.
	stmt, err := e.db.Prepare("SELECT COUNT(*) FROM pk_09.pk_09 WHERE f1 = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	for _, f1 := range []int{10, 20, 30} {
		var n int
		if err := stmt.QueryRow(f1).Scan(&n); err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, r := range all.records() {
			if eqNum("f1", float64(f1))(r) {
				want++
			}
		}
		if n != want {
			t.Errorf("prepared COUNT(*) WHERE f1 = %d: %d, want %d", f1, n, want)
		}
	}
	// A system table through a prepared statement (quoted name).
	root := tableDir(e.dir, "pk_09")
	s3 := snapshotByID(t, root, 3)
	wantRows(t, e.db, split(fmt.Sprintf("%d|%s", s3.ID, s3.CommitKind)),
		"SELECT snapshot_id, commit_kind FROM pk_09.`pk_09$snapshots` WHERE snapshot_id = ?", 3)
}
