package interop

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/stats"
)

// File indexes work both ways: Java's scan and reader skip the files of a
// table paimon-sql wrote with 'file-index.*' options (bloom filter, bitmap,
// BSI; embedded in the manifest or in '.index' files), and paimon-sql skips
// the files of the same table written by Java. Every file holds 'a' and
// 'z', 0 and 1000000, so min/max statistics skip nothing: only an index
// can.
func TestFileIndexesBothWays(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	db := ourServer(t, dir)
	cols := []column{{"id", "INT"}, {"c", "STRING"}, {"tag", "STRING"}, {"n", "BIGINT"}}
	const files = 6
	batch := func(i int) [][]any {
		return [][]any{vals(10*i, "a", "red", 0), vals(10*i+1, fmt.Sprintf("k%d", i), fmt.Sprintf("g%d", i), 1000*i),
			vals(10*i+2, "z", "blue", 1000000)}
	}
	queries := []struct {
		where [][]any // Java's [column, op, value]
		sql   string
		id    int // the one matching row
	}{
		{[][]any{{"c", "=", "k3"}}, "c = 'k3'", 31},
		{[][]any{{"tag", "=", "g4"}}, "tag = 'g4'", 41},
		{[][]any{{"n", ">", 1999}, {"n", "<", 2001}}, "n > 1999 AND n < 2001", 21},
	}
	for _, place := range []struct{ name, threshold string }{{"embedded", "64kb"}, {"external", "1 b"}} {
		for _, writer := range []string{"java", "sql"} {
			name := fmt.Sprintf("fi_%s_%s", place.name, writer)
			t.Run(name, func(t *testing.T) {
				sc := scenario{name: name, cols: cols, options: map[string]string{
					"file-index.bloom-filter.columns": "c", "file-index.bloom-filter.c.items": "100",
					"file-index.bitmap.columns": "tag", "file-index.bsi.columns": "n",
					"file-index.in-manifest-threshold": place.threshold}}
				j.must(t, dir, createStep(sc))
				for i := 1; i <= files; i++ {
					if writer == "java" {
						var rows []map[string]any
						for _, r := range batch(i) {
							rows = append(rows, map[string]any{"kind": "+I", "values": r})
						}
						j.must(t, dir, jstep{"op": "write", "table": sc.table(), "rows": rows})
					} else if err := sqlExec(db, insertStatement(sc.table(), cols, batch(i))); err != nil {
						t.Fatal(err)
					}
				}
				for _, q := range queries {
					// Java: without the indexes it plans all 6 files and,
					// for the BSI's range, returns their 18 rows (Parquet's
					// dictionary filter would skip the row groups of the
					// equalities); with them, at most the 3 rows of the
					// matching file (fewer where a bitmap selects rows).
					// Java evaluates embedded indexes while planning, index
					// files while reading.
					r := j.must(t, dir, jstep{"op": "filteredRead", "table": sc.table(), "where": q.where})
					ids := map[int]bool{}
					for _, raw := range r.Rows {
						var cells []json.RawMessage
						if err := json.Unmarshal(raw, &cells); err != nil {
							t.Fatal(err)
						}
						var id int
						_ = json.Unmarshal(cells[0], &id)
						ids[id] = true
					}
					if !ids[q.id] || len(r.Rows) > 3 {
						t.Errorf("Java, %s: rows %s, want the row %d and at most its file's", q.sql, rows(r.Rows), q.id)
					}
					if place.name == "embedded" && r.PlannedFiles != 1 {
						t.Errorf("Java, %s: %d files planned, want 1", q.sql, r.PlannedFiles)
					}
					// paimon-sql skips the other files.
					before := stats.FilesIndexSkipped.Load()
					got, err := sqlRows(db, fmt.Sprintf("SELECT id FROM %s WHERE %s", sc.table(), q.sql))
					if err != nil {
						t.Fatal(err)
					}
					if len(got) != 1 || got[0][0] == nil || *got[0][0] != fmt.Sprint(q.id) {
						t.Errorf("paimon-sql, %s: %v", q.sql, got)
					}
					if n := stats.FilesIndexSkipped.Load() - before; n != files-1 {
						t.Errorf("paimon-sql, %s: %d files skipped by the index, want %d", q.sql, n, files-1)
					}
				}
			})
		}
	}
}

func rows(raw []json.RawMessage) string {
	s := make([]string, len(raw))
	for i, r := range raw {
		s[i] = string(r)
	}
	return "[" + strings.Join(s, " ") + "]"
}
