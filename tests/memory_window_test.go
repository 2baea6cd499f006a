package tests

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/server"
)

// Issue 25, memory: a window function's output rows count against
// --query-memory-limit as its input rows do. A running JSON_ARRAYAGG keeps
// an array per row, each one row longer: over 10,000 rows, 50 million
// array elements (about 800 MB), which the window built whole, uncounted.
func TestQueryMemoryLimitCountsWindowOutput(t *testing.T) {
	if inOwnProcess(t) {
		return
	}
	dir := warehouseWith(t, "CREATE DATABASE wo", "CREATE TABLE wo.t (id BIGINT, s VARCHAR(100))",
		"INSERT INTO wo.t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000) SELECT i, LPAD(i, 100, 'x') FROM n")
	base := settledHeap()
	limit := base + 200<<20
	srv := serveDirWith(t, dir, server.Config{QueryMemoryLimit: limit})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	running := "SELECT MAX(JSON_LENGTH(j)) FROM (SELECT JSON_ARRAYAGG(s) OVER (ORDER BY id) j FROM wo.t) w"
	growth := peakHeapGrowth(func() { _, err = query(c, running) })
	t.Logf("running JSON_ARRAYAGG over 10,000 rows under a %d MiB limit: %v; the live heap grew by at most %d MiB", limit>>20, err, growth>>20)
	if mysqlErrNumber(err) != 1041 || !strings.Contains(err.Error(), "query memory limit exceeded") {
		t.Errorf("running JSON_ARRAYAGG under a %d MiB limit: %v, want error 1041", limit>>20, err)
	}
	if growth > limit-base+256<<20 {
		t.Errorf("the live heap grew by %d MiB under a limit %d MiB above it", growth>>20, (limit-base)>>20)
	}
	// A window whose output fits runs, with its answer.
	wantRows(t, c, split("500"), "SELECT MAX(JSON_LENGTH(j)) FROM (SELECT JSON_ARRAYAGG(s) OVER (ORDER BY id) j FROM wo.t WHERE id <= 500) w")
}
