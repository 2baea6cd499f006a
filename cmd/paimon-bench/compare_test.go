package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/internal/tpch"
)

// The table goes between the markers, replacing the previous one, and the
// rest of the document stays.
func TestWriteDoc(t *testing.T) {
	path := filepath.Join(t.TempDir(), "perf.md")
	doc := "# Perf\n\n<!-- compare:begin -->\nold table\n<!-- compare:end -->\n\nafter\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"first\n", "| a | b |\n"} {
		if err := writeDoc(path, body); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := os.ReadFile(path)
	want := "# Perf\n\n<!-- compare:begin -->\n| a | b |\n<!-- compare:end -->\n\nafter\n"
	if string(got) != want {
		t.Fatalf("document:\n%s\nwant:\n%s", got, want)
	}
	if err := os.WriteFile(path, []byte("no markers"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeDoc(path, "x"); err == nil || !strings.Contains(err.Error(), "compare:begin") {
		t.Fatalf("without markers: %v", err)
	}
}

// Medians are taken per figure; the ratio is paimon-sql's time over the
// peer's, so for a rate (higher is better) it is the peer's over ours.
func TestMarkdownRatios(t *testing.T) {
	b := &bench{sides: []side{&sqlSide{label: "paimon-sql"}, &sqlSide{label: "MariaDB"}}}
	ws := []workload{{id: "q", title: "query", unit: "s"}, {id: "r", title: "rate", unit: "rows/s", higherBetter: true},
		{id: "l", title: "lookup", unit: "p50/p99"}}
	res := map[string]result{
		"q": {"paimon-sql": {{3}, {1}, {2}}, "MariaDB": {{1}, {1}, {1}}},
		"r": {"paimon-sql": {{100_000}}, "MariaDB": {{400_000}}},
		"l": {"paimon-sql": {{1, 9}, {3, 5}, {2, 7}}, "MariaDB": {{0.5, 1}}},
	}
	table := b.markdown(ws, res)
	for _, want := range []string{
		"| query | 2.00 s | 1.00 s | 2.00× |",
		"| rate | 100 k rows/s | 400 k rows/s | 4.00× |",
		"| lookup | 2.00 / 7.00 ms | 0.5 / 1.00 ms | 4.00× |",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
}

// The TPC-H table: a failed query shows how it failed and leaves the
// geometric means, which cover only the queries every side answered
// correctly; the ratios are paimon-sql's time over the peer's.
func TestTPCHMarkdown(t *testing.T) {
	b := &tpchBench{timeout: 30 * time.Second, queries: tpch.Queries(), sides: []tpchSide{&sqlSide{label: "paimon-sql"}, &sqlSide{label: "MariaDB"}, &duckSide{}}}
	res := map[string]map[string]*tpchOutcome{}
	for i, q := range tpch.Queries() {
		s := time.Duration(i+1) * time.Second
		res[q.Name] = map[string]*tpchOutcome{
			"paimon-sql": {times: []time.Duration{4 * s, 2 * s, 3 * s}},
			"MariaDB":    {times: []time.Duration{s}},
			"DuckDB":     {times: []time.Duration{s / 2}},
		}
	}
	res["q02"]["paimon-sql"] = &tpchOutcome{failure: "timeout"}
	res["q03"]["MariaDB"] = &tpchOutcome{failure: "wrong"}
	table := b.markdown(res)
	for _, want := range []string{
		"| Q01 | 3.00 | 1.00 | 0.5 | 3.00× | 6.00× |",
		"| Q02 | timeout (> 30s) | 2.00 | 1.00 |  |  |",
		"| Q03 | 9.00 | wrong answer | 1.50 |  | 6.00× |",
		"| correct (against DuckDB's answer) | 21 / 22 | 21 / 22 | 22 / 22 | | |",
		"| geometric mean over the 20 queries all sides answer correctly |",
		" 3.00× | 6.00× |",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
}
