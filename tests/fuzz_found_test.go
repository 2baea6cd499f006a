package tests

// Regression tests for the faults TestFuzzStatements found, each the
// smallest statement that showed one.

import "testing"

// An aggregate that reads no column (MAX(1), a constant GROUP BY) took the
// vectorized path with a projection of nil, which the reader reads as
// every column: boxing them against no converter panicked.
func TestAggregateOfNoColumn(t *testing.T) {
	e := startServer(t, nil)
	for _, tbl := range []string{"pk_with_bitmap_dv.pk_with_bitmap_dv", "pk_table_with_dv_cardinality.pk_table_with_dv_cardinality",
		"append_table_with_append_pt_branch.append_table_with_append_pt_branch", "pk_09.pk_09"} {
		n := mustQuery(t, e.db, "SELECT COUNT(*) FROM "+tbl).rows[0][0]
		wantRows(t, e.db, split("1|2|"+n), "SELECT MAX(1), MIN(2), COUNT(*) FROM "+tbl)
		wantRows(t, e.db, split("x"), "SELECT 'x' FROM "+tbl+" GROUP BY CURRENT_DATE()")
	}
	wantRows(t, e.db, split("1"), "SELECT MAX(1) FROM `append_table_with_append_pt_branch`.`append_table_with_append_pt_branch$ro`")
}
