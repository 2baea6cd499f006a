package tests

import (
	"fmt"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/server"
)

// regexSum is a select list of n REGEXP_LIKE calls with distinct patterns,
// each a regular expression (a go-icu-regex WebAssembly module, about 64
// MiB of heap) that lives until the statement ends; over 'abc' it is 1.
func regexSum(n int) string {
	parts := []string{"REGEXP_LIKE(s, '^a')"}
	for i := 1; i < n; i++ {
		parts = append(parts, fmt.Sprintf("REGEXP_LIKE(s, 'z%d')", i))
	}
	return "SELECT " + strings.Join(parts, " + ") + " FROM r.t"
}

// Issue 25, memory: a statement's regular expressions count against
// --query-memory-limit (about 64 MiB each), so that one with many of them
// fails with 1041 instead of taking the server past the limit: 20 held
// 1.3 GB, and go-icu-regex keeps the modules pooled after the statement.
func TestQueryMemoryLimitCountsRegularExpressions(t *testing.T) {
	if inOwnProcess(t) {
		return
	}
	dir := warehouseWith(t, "CREATE DATABASE r", "CREATE TABLE r.t (s VARCHAR(10))", "INSERT INTO r.t VALUES ('abc')")
	base := settledHeap()
	limit := base + 400<<20
	srv := serveDirWith(t, dir, server.Config{QueryMemoryLimit: limit})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	growth := peakHeapGrowth(func() {
		_, err = query(c, regexSum(20))
	})
	t.Logf("20 regular expressions under a %d MiB limit: %v; the live heap grew by at most %d MiB", limit>>20, err, growth>>20)
	if mysqlErrNumber(err) != 1041 || !strings.Contains(err.Error(), "regular expressions") {
		t.Errorf("20 regular expressions under a %d MiB limit: %v, want error 1041", limit>>20, err)
	}
	if growth > limit+128<<20 {
		t.Errorf("the live heap grew by %d MiB under a limit of %d MiB", growth>>20, limit>>20)
	}
	// The failed statement's count was given back: a few run, again and
	// again, on the pooled modules.
	for range 3 {
		wantRows(t, c, split("1"), regexSum(3))
	}
	// A pattern from each row compiles one expression at a time.
	wantRows(t, c, split("1"), "SELECT COUNT(*) FROM r.t WHERE s REGEXP CONCAT('^', LEFT(s, 1))")
}
