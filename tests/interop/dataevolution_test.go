package interop

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// writeColumns is a Java commit of some columns of the rows from row id
// firstRowID on (a data-evolution table's partial-column files).
func writeColumns(firstRowID int, columns []string, rows ...[]any) step {
	out := make([]map[string]any, len(rows))
	for i, r := range rows {
		out[i] = map[string]any{"values": r}
	}
	return step{javaOp: jstep{"op": "writeColumns", "columns": columns, "rows": out, "firstRowId": firstRowID}}
}

// TestDataEvolutionReadsMatchJava: Java writes whole rows and then files
// of some columns of the same rows to a data-evolution table; after each
// commit paimon-sql must read what Java reads (the newest file of each
// column wins, columns nobody wrote stay as first written), for every
// row, a projection, a filter, a count and the incremental read of the
// commit (its files alone).
func TestDataEvolutionReadsMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	sc := scenario{name: "data_evolution", cols: []column{idCol, nameCol, priceCol},
		options: map[string]string{"row-tracking.enabled": "true", "data-evolution.enabled": "true"},
		steps: []step{
			javaWrites(ins(1, "a", "1.10"), ins(2, "b", "2.20"), ins(3, "c", "3.30")), // row ids 0-2
			writeColumns(0, []string{"price"}, vals("9.99"), vals("8.88"), vals(nil)),
			javaWrites(ins(4, "d", "4.40"), ins(5, "e", "5.50")), // row ids 3-4
			writeColumns(3, []string{"name"}, vals("D"), vals("E")),
			writeColumns(0, []string{"name", "price"}, vals("A2", "0.01"), vals(nil, "0.02"), vals("C2", "0.03")),
			writeColumns(3, []string{"price", "id"}, vals("4.44", 40), vals("5.55", 50)),
		}}
	dir := t.TempDir()
	db := ourServer(t, dir)
	if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, dir, createStep(sc))
	nameOnly := []column{nameCol}
	const feature = "data evolution (Java's partial-column files)"
	check := func(i int, what, problem string) {
		outcome(t, feature, dirJavaToSQL, fmt.Sprintf("%s/%d/%s", sc.name, i, what), problem)
	}
	for i, st := range sc.steps {
		if err := applyStep(t, j, db, dir, sc, sc.cols, st); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		javaRows, jerr := javaRead(t, j, dir, sc.table(), nil, sc.cols)
		ours, qerr := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
		check(i, "rows", differ(javaRows, ours, firstErr(jerr, qerr)))
		names, err := ourRead(db, "SELECT name FROM "+sc.table(), nameOnly)
		check(i, "projection", differ(cellsAt(javaRows, 1), names, err))
		// File statistics cover the columns a file wrote: a filter must
		// not drop the file of an overwritten column.
		var wantD []string
		for _, line := range javaRows {
			if strings.Split(line, " | ")[1] == "D" {
				wantD = append(wantD, line)
			}
		}
		filtered, err := ourRead(db, "SELECT * FROM "+sc.table()+" WHERE name = 'D'", sc.cols)
		check(i, "filter", differ(wantD, filtered, err))
		auditCols := append([]column{{"rowkind", "STRING"}}, sc.cols...)
		javaAudit, jerr := javaRead(t, j, dir, sc.table()+"$audit_log", nil, auditCols)
		ourAudit, qerr := ourRead(db, "SELECT * FROM db.`data_evolution$audit_log`", auditCols)
		check(i, "audit_log", differ(javaAudit, ourAudit, firstErr(jerr, qerr)))
		between := fmt.Sprintf("%d,%d", i, i+1)
		javaDelta, jerr := javaRead(t, j, dir, sc.table(), map[string]string{"incremental-between": between}, sc.cols)
		ourDelta, qerr := ourRead(db, "SELECT * FROM "+sc.table()+" /*+ OPTIONS('incremental-between' = '"+between+"') */", sc.cols)
		if jerr != nil && strings.Contains(jerr.Error(), "Required column is missing") {
			// A file of some columns alone lacks NOT NULL id: both refuse.
			problem := ""
			if qerr == nil || !strings.Contains(qerr.Error(), "NOT NULL column id is not in the file") {
				problem = fmt.Sprintf("Java fails (%v), paimon-sql gives %v, %v", jerr, ourDelta, qerr)
			}
			check(i, "incremental", problem)
		} else {
			check(i, "incremental", differ(javaDelta, ourDelta, firstErr(jerr, qerr)))
		}
		count, err := sqlRows(db, "SELECT COUNT(*) FROM "+sc.table())
		problem := ""
		if err != nil || len(count) != 1 || *count[0][0] != strconv.Itoa(len(javaRows)) {
			problem = fmt.Sprintf("COUNT(*) = %v (%v), Java reads %d rows", count, err, len(javaRows))
		}
		check(i, "count", problem)
	}
}

// cellsAt keeps the cell at index c of each " | "-joined line.
func cellsAt(lines []string, c int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Split(l, " | ")[c]
	}
	return sortedLines(out)
}
