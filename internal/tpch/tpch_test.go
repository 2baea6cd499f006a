package tpch

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The query file yields TPC-H's 22 queries, named q01..q22, without the
// test's comments.
func TestQueries(t *testing.T) {
	qs := Queries()
	if len(qs) != 22 {
		t.Fatalf("%d queries, want 22", len(qs))
	}
	for i, q := range qs {
		if want := fmt.Sprintf("q%02d", i+1); q.Name != want {
			t.Errorf("query %d is named %q, want %q", i+1, q.Name, want)
		}
		if !strings.HasPrefix(q.SQL, "SELECT") && !strings.HasPrefix(q.SQL, "WITH") || strings.Contains(q.SQL, "--") || strings.HasSuffix(q.SQL, ";") {
			t.Errorf("%s: %q", q.Name, q.SQL)
		}
	}
}

// Rows quotes text and dates, keeps numbers bare, doubles quotes, and
// keeps the first row of a repeated key; Inserts batches them.
func TestRowsAndInserts(t *testing.T) {
	dir := t.TempDir()
	data := "1\t2\t10\t1.50\tit's\n1\t3\t11\t2.00\tb\n1\t2\t99\t9.99\tdup\n2\t2\t12\t3.00\tc\n"
	if err := os.WriteFile(filepath.Join(dir, "partsupp.tsv"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	var stmts []string
	if err := Inserts(dir, Tables[4], "db.partsupp", 2, func(s string) error { stmts = append(stmts, s); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"INSERT INTO db.partsupp VALUES (1, 2, 10, 1.50, 'it''s'), (1, 3, 11, 2.00, 'b')",
		"INSERT INTO db.partsupp VALUES (2, 2, 12, 3.00, 'c')",
	}
	if strings.Join(stmts, "\n") != strings.Join(want, "\n") {
		t.Fatalf("statements:\n%s\nwant:\n%s", strings.Join(stmts, "\n"), strings.Join(want, "\n"))
	}
}
