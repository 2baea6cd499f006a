package interop

import (
	"fmt"
	"strings"
	"testing"
)

const featureChangelogStream = "changelog (Flink's streaming read: input, lookup, full-compaction producers)"

// change is one commit, made the same way by Java (row kinds) and by
// paimon-sql (statements) on tables of basicCols.
type change struct {
	upserts [][]any // INSERT / +I
	// UPDATE to these rows / +U: Flink's UPDATE on a primary-key table
	// sends only UPDATE_AFTER rows (SupportsRowLevelOperationFlinkTableSink).
	updates [][]any
	deletes [][]any // DELETE of the row as it stands / -D
	compact bool    // a full compaction (Java) / CALL sys.compact, instead of rows
}

var changelogCases = []struct {
	name    string
	options map[string]string
	changes []change
}{
	{"cl_input", map[string]string{"bucket": "2", "changelog-producer": "input"}, []change{
		{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00"), vals(3, "c", "3.00")}},
		{updates: [][]any{vals(2, "b2", "2.50")}},
		{deletes: [][]any{vals(1, "a", "1.00")}},
		{upserts: [][]any{vals(3, "c3", "3.30"), vals(4, "d", "4.00")}},
	}},
	{"cl_input_dv", map[string]string{"bucket": "1", "changelog-producer": "input", "deletion-vectors.enabled": "true"}, []change{
		{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00")}},
		// Rows of deletion-vector tables are visible (to DELETE too) once compacted.
		{compact: true},
		{deletes: [][]any{vals(2, "b", "2.00")}},
		{upserts: [][]any{vals(1, "a1", "1.10")}},
		{updates: [][]any{vals(1, "a2", "1.20")}},
	}},
	{"cl_lookup", map[string]string{"bucket": "1", "changelog-producer": "lookup"}, []change{
		{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00")}},
		{compact: true},
		{upserts: [][]any{vals(1, "a1", "1.10")}},
		{deletes: [][]any{vals(2, "b", "2.00")}},
		{compact: true},
	}},
	// Changes without compactions: both writers compact level 0 up at
	// every commit, looking the keys up below.
	{"cl_lookup_dv", map[string]string{"bucket": "1", "changelog-producer": "lookup", "deletion-vectors.enabled": "true"}, []change{
		{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00"), vals(3, "c", "3.00")}},
		{upserts: [][]any{vals(1, "a1", "1.10"), vals(4, "d", "4.00")}},
		{updates: [][]any{vals(2, "b2", "2.20")}},
		{deletes: [][]any{vals(3, "c", "3.00")}},
	}},
	{"cl_lookup_aggregation", map[string]string{"bucket": "1", "changelog-producer": "lookup", "merge-engine": "aggregation",
		"fields.price.aggregate-function": "sum", "fields.name.aggregate-function": "last_non_null_value"}, []change{
		{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00")}},
		{upserts: [][]any{vals(1, "a1", "0.50")}},
		{upserts: [][]any{vals(1, "a2", "0.25"), vals(3, "c", "3.00")}},
		{compact: true},
		{upserts: [][]any{vals(2, "b1", "1.00")}},
	}},
	{"cl_full_compaction", map[string]string{"bucket": "1", "changelog-producer": "full-compaction"}, []change{
		{upserts: [][]any{vals(1, "a", "1.00"), vals(2, "b", "2.00")}},
		{compact: true},
		{upserts: [][]any{vals(1, "a1", "1.10"), vals(3, "c", "3.00")}},
		{compact: true},
		{updates: [][]any{vals(3, "c1", "3.10")}},
		{deletes: [][]any{vals(2, "b", "2.00")}},
		{compact: true},
	}},
}

// TestChangelogMatchesJava: the same changes, made by Java on one table
// and by paimon-sql on another, give the same changes to Java's streaming
// reader (which reads the changelog files paimon-sql writes).
func TestChangelogMatchesJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, c := range changelogCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			db := ourServer(t, dir)
			if err := sqlExec(db, "CREATE DATABASE IF NOT EXISTS db"); err != nil {
				t.Fatal(err)
			}
			byJava := scenario{name: c.name + "_java", cols: basicCols, pk: []string{"id"}, options: c.options}
			bySQL := scenario{name: c.name + "_sql", cols: basicCols, pk: []string{"id"}, options: c.options}
			j.must(t, dir, createStep(byJava))
			j.must(t, dir, createStep(bySQL))
			for i, ch := range c.changes {
				if ch.compact {
					j.must(t, dir, jstep{"op": "compact", "table": byJava.table(), "full": true})
				} else {
					j.must(t, dir, jstep{"op": "write", "table": byJava.table(), "rows": ch.javaRows()})
				}
				// paimon-sql produces the changelog of lookup and
				// full-compaction tables in its own compactions, on write
				// and in sys.compact.
				if err := sqlExec(db, ch.statements(bySQL.table())...); err != nil {
					t.Fatalf("change %d: %v", i, err)
				}
			}
			want := j.must(t, dir, jstep{"op": "changelog", "table": byJava.table()}).Rows
			got := j.must(t, dir, jstep{"op": "changelog", "table": bySQL.table()}).Rows
			cols := append([]column{{"rowkind", "STRING"}}, basicCols...)
			wantLines, err := neutralRows(want, cols)
			if err != nil {
				t.Fatal(err)
			}
			if len(wantLines) == 0 {
				t.Fatal("Java's streaming read saw no change: the case proves nothing")
			}
			gotLines, err := neutralRows(got, cols)
			outcome(t, featureChangelogStream, dirSQLToJava, c.name+"/changelog", differ(wantLines, gotLines, err))
		})
	}
}

func (ch change) javaRows() []map[string]any {
	var rows []map[string]any
	add := func(kind string, values []any) {
		rows = append(rows, map[string]any{"kind": kind, "values": values})
	}
	for _, r := range ch.upserts {
		add("+I", r)
	}
	for _, r := range ch.updates {
		add("+U", r)
	}
	for _, r := range ch.deletes {
		add("-D", r)
	}
	return rows
}

// statements are one transaction, so that the change is one commit.
func (ch change) statements(table string) []string {
	if ch.compact {
		return []string{fmt.Sprintf("CALL sys.compact('%s')", table)}
	}
	stmts := []string{"BEGIN"}
	if len(ch.upserts) > 0 {
		stmts = append(stmts, insertStatement(table, basicCols, ch.upserts))
	}
	for _, n := range ch.updates {
		stmts = append(stmts, fmt.Sprintf("UPDATE %s SET name = %s, price = %s WHERE id = %v",
			table, sqlLiteral(nameCol.typ, n[1]), sqlLiteral(priceCol.typ, n[2]), n[0]))
	}
	if len(ch.deletes) > 0 {
		ids := make([]string, len(ch.deletes))
		for i, r := range ch.deletes {
			ids[i] = fmt.Sprint(r[0])
		}
		stmts = append(stmts, fmt.Sprintf("DELETE FROM %s WHERE id IN (%s)", table, strings.Join(ids, ", ")))
	}
	return append(stmts, "COMMIT")
}
