package tests

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// serveDataEvolution serves a copy of the Java-written data-evolution
// fixture (testdata/java-data-evolution/README.md).
func serveDataEvolution(t *testing.T) *env {
	t.Helper()
	return serveDir(t, testfixture.CopyWarehouse(t, testfixture.JavaDataEvolution))
}

// A data-evolution table whose later files hold some columns of earlier
// rows reads each column from the newest file that wrote it, as Java does:
// at every snapshot, in projections, under a filter and in COUNT(*).
func TestDataEvolutionPartialColumnFiles(t *testing.T) {
	e := serveDataEvolution(t)
	const tbl = "db.data_evolution"
	// The rows after each snapshot, from what each commit wrote.
	bySnapshot := map[string][][]string{
		"1": {{"1", "a", "1.10"}, {"2", "b", "2.20"}, {"3", "c", "3.30"}},
		"2": {{"1", "a", "9.99"}, {"2", "b", "8.88"}, {"3", "c", "NULL"}},
		"3": {{"1", "a", "9.99"}, {"2", "b", "8.88"}, {"3", "c", "NULL"}, {"4", "d", "4.40"}, {"5", "e", "5.50"}},
		"4": {{"1", "a", "9.99"}, {"2", "b", "8.88"}, {"3", "c", "NULL"}, {"4", "D", "4.40"}, {"5", "E", "5.50"}},
		"5": {{"1", "A2", "0.01"}, {"2", "NULL", "0.02"}, {"3", "C2", "0.03"}, {"4", "D", "4.40"}, {"5", "E", "5.50"}},
		"6": {{"1", "A2", "0.01"}, {"2", "NULL", "0.02"}, {"3", "C2", "0.03"}, {"40", "D", "4.44"}, {"50", "E", "5.55"}},
	}
	for id, want := range bySnapshot {
		got := mustQuery(t, e.db, "SELECT * FROM "+tbl+" AS OF "+id+" ORDER BY id")
		sameRows(t, "snapshot "+id, got.rows, want)
	}
	sameRows(t, "latest", mustQuery(t, e.db, "SELECT * FROM "+tbl+" ORDER BY id").rows, bySnapshot["6"])
	sameRows(t, "projection", mustQuery(t, e.db, "SELECT price, id FROM "+tbl+" WHERE id > 2 ORDER BY id").rows,
		[][]string{{"0.03", "3"}, {"4.44", "40"}, {"5.55", "50"}})
	// The first file's statistics say name is 'd'..'e' there: it must not
	// be pruned, nor the file that overwrote name.
	sameRows(t, "filter on an overwritten column", mustQuery(t, e.db, "SELECT id FROM "+tbl+" WHERE name = 'D'").rows,
		[][]string{{"40"}})
	var audit [][]string
	for _, r := range bySnapshot["6"] {
		audit = append(audit, append([]string{"+I"}, r...))
	}
	sameRows(t, "$audit_log", mustQuery(t, e.db, "SELECT * FROM db.`data_evolution$audit_log` ORDER BY id").rows, audit)
	sameRows(t, "COUNT(*)", mustQuery(t, e.db, "SELECT COUNT(*) FROM "+tbl).rows, [][]string{{"5"}})
	sameRows(t, "incremental: snapshot 3 added rows 4 and 5",
		mustQuery(t, e.db, "SELECT COUNT(*) FROM "+tbl+" /*+ OPTIONS('incremental-between' = '2,3') */").rows, [][]string{{"2"}})
	// Read alone, a file of some columns gives NULL for the nullable ones
	// it lacks and fails for a NOT NULL one, as Java's reads do.
	sameRows(t, "incremental: the file of price and id", mustQuery(t, e.db, "SELECT * FROM "+tbl+" /*+ OPTIONS('incremental-between' = '5,6') */ ORDER BY id").rows,
		[][]string{{"40", "NULL", "4.44"}, {"50", "NULL", "5.55"}})
	if err := queryErr(t, e.db, "SELECT * FROM "+tbl+" /*+ OPTIONS('incremental-between' = '1,2') */"); err == nil || !strings.Contains(err.Error(), "NOT NULL column id is not in the file") {
		t.Errorf("incremental read of the price file alone: got %v, want the missing NOT NULL id named", err)
	}
	if err := queryErr(t, e.db, "CALL sys.compact('"+tbl+"')"); err == nil || !strings.Contains(err.Error(), "data-evolution.enabled") && !strings.Contains(err.Error(), "row-tracking.enabled") {
		t.Errorf("compaction of a data-evolution table: got %v, want a refusal", err)
	}
}
