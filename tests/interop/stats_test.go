package interop

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// Avro files carry no statistics, so both sides compute the manifest
// statistics of an Avro data file from its rows while writing it. The
// same rows written by Java into one table and by paimon-sql into its twin
// must give the same $files statistics (as Java shows them), for append
// and primary-key tables and several stats modes.
func TestAvroStatsMatchJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	cols := []column{idCol, nameCol, priceCol, {"ok", "BOOLEAN"}, {"f", "DOUBLE"}, {"ts", "TIMESTAMP(3)"}, {"by", "BYTES"},
		{"arr", map[string]any{"type": "ARRAY", "element": "INT"}}}
	rows := [][]any{
		vals(3, "a name longer than sixteen characters", "1.10", true, 1.5, "2024-01-02 03:04:05.678", "AQID", []any{1, nil}),
		vals(1, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
		vals(2, "zz", "-7.25", false, math.Copysign(0, -1), "1969-12-31 23:59:59.999", "", []any{}),
	}
	for _, c := range []struct {
		name    string
		pk      []string
		options map[string]string
	}{
		{"append", nil, nil},
		{"append_full", nil, map[string]string{"metadata.stats-mode": "full"}},
		{"append_counts_keep2", nil, map[string]string{"metadata.stats-mode": "counts", "metadata.stats-keep-first-n-columns": "2",
			"fields.price.stats-mode": "full"}},
		{"pk", []string{"id"}, map[string]string{"bucket": "1"}},
		{"pk_keep3_not_dense", []string{"id"}, map[string]string{"bucket": "1", "metadata.stats-keep-first-n-columns": "3",
			"metadata.stats-dense-store": "false", "metadata.stats-mode": "truncate(4)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			db := ourServer(t, dir)
			options := map[string]string{"file.format": "avro"}
			for k, v := range c.options {
				options[k] = v
			}
			var files [2][]string
			for i, side := range []string{"java", "sql"} {
				sc := scenario{name: c.name + "_" + side, cols: cols, pk: c.pk, options: options}
				j.must(t, dir, createStep(sc))
				if side == "java" {
					jrows := make([]map[string]any, len(rows))
					for r, v := range rows {
						jrows[r] = map[string]any{"kind": "+I", "values": v}
					}
					j.must(t, dir, jstep{"op": "write", "table": sc.table(), "rows": jrows})
				} else if err := sqlExec(db, insertStatement(sc.table(), cols, rows)); err != nil {
					t.Fatal(err)
				}
				files[i] = filesStats(t, j, dir, sc.table())
			}
			if len(files[0]) == 0 || !strings.Contains(files[0][0], `"avro"`) {
				t.Fatalf("Java wrote no Avro file: %v", files[0])
			}
			t.Logf("Java's statistics: %s", strings.Join(files[0], "\n"))
			if strings.Join(files[0], "\n") != strings.Join(files[1], "\n") {
				t.Errorf("$files statistics differ:\nJava:       %s\npaimon-sql: %s", strings.Join(files[0], "\n"), strings.Join(files[1], "\n"))
			}
		})
	}
}

// filesStats reads table$files with Java: per data file its format,
// level, row count, keys and statistics.
func filesStats(t *testing.T, j *javaDriver, dir, table string) []string {
	t.Helper()
	r := j.must(t, dir, jstep{"op": "read", "table": table + "$files"})
	var out []string
	for _, raw := range r.Rows {
		var cells []json.RawMessage
		if err := json.Unmarshal(raw, &cells); err != nil {
			t.Fatal(err)
		}
		// file_format, level, record_count, min_key, max_key,
		// null_value_counts, min_value_stats, max_value_stats
		var parts []string
		for _, c := range []int{3, 5, 6, 8, 9, 10, 11, 12} {
			parts = append(parts, string(cells[c]))
		}
		out = append(out, fmt.Sprint(parts))
	}
	return sortedLines(out)
}
