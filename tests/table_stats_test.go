package tests

import (
	"strings"
	"testing"
)

// Issue 24 item 3: what MySQL shows of a table's statistics comes from the
// manifests the join planner reads: information_schema.TABLES.TABLE_ROWS is
// the row count, the CARDINALITY of a primary key's last column (SHOW
// INDEX, information_schema.STATISTICS) is the row count too (every row has
// its own key), and ANALYZE TABLE answers InnoDB's "status OK": the
// statistics are the snapshot's own, always current.
func TestTableStatisticsShowRowCounts(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE st",
		"CREATE TABLE st.pk (a INT NOT NULL, b INT NOT NULL, v VARCHAR(5), PRIMARY KEY (a, b)) WITH ('bucket' = '1')",
		"INSERT INTO st.pk VALUES (1, 1, 'x'), (1, 2, 'y'), (2, 1, 'z')",
		"CREATE TABLE st.app (x INT)",
		"INSERT INTO st.app VALUES (1), (2)", "INSERT INTO st.app VALUES (3), (4), (5)")
	wantRows(t, w.db, split("app|5", "pk|3"),
		"SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'st' ORDER BY TABLE_NAME")
	wantRows(t, w.db, split("a|1|0", "b|2|3"),
		"SELECT COLUMN_NAME, SEQ_IN_INDEX, CARDINALITY FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'st' AND TABLE_NAME = 'pk' ORDER BY SEQ_IN_INDEX")
	res := mustQuery(t, w.db, "SHOW INDEX FROM st.pk")
	var cards []string
	for _, r := range res.rows {
		cards = append(cards, r[4]+"|"+r[6]) // Column_name, Cardinality
	}
	if got := strings.Join(cards, ","); got != "a|0,b|3" {
		t.Errorf("SHOW INDEX cardinalities %s, want a|0,b|3", got)
	}
	wantRows(t, w.db, split("st.pk|analyze|status|OK", "st.app|analyze|status|OK"), "ANALYZE TABLE st.pk, st.app")
	// A new snapshot is counted at once: nothing to analyze.
	sqlRun(t, w.db, "INSERT INTO st.pk VALUES (3, 1, 'w')")
	wantRows(t, w.db, split("b|4"),
		"SELECT COLUMN_NAME, CARDINALITY FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'st' AND TABLE_NAME = 'pk' AND SEQ_IN_INDEX = 2")
}
