package tests

import (
	"context"
	gosql "database/sql"
	"runtime"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/server"
)

// Issue 25, "what must hold": --query-memory-limit counts string
// functions. A result each fits max_allowed_packet, but a string function
// about to build more than 1 MiB asks the query memory limit first (the
// live-heap check that statement text asks): a result the limit has no
// room for fails with 1041 before it is built, where it was built and sent.
func TestQueryMemoryLimitCountsStringResults(t *testing.T) {
	srv := startServerWith(t, server.Config{QueryMemoryLimit: settledHeap() + 96<<20, MaxAllowedPacket: 1 << 30})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Smaller results are built.
	wantRows(t, c, split("8388608"), "SELECT LENGTH(REPEAT('a', 8 << 20))")
	wantRows(t, c, split("1000"), "SELECT LENGTH(LPAD('a', 1000, 'b'))")
	for _, q := range []string{
		"SELECT LENGTH(REPEAT('a', 120 << 20))",
		"SELECT LENGTH(CONCAT(REPEAT('a', 60 << 20), REPEAT('b', 60 << 20)))",
		"SELECT LENGTH(LPAD('a', 40 << 20, 'b'))", // asked as 4 bytes a character, utf8mb4's most
		"SELECT LENGTH(SPACE(120 << 20))",
	} {
		var n gosql.NullInt64
		err := c.QueryRowContext(context.Background(), q).Scan(&n)
		if mysqlErrNumber(err) != 1041 || !strings.Contains(err.Error(), "query memory limit exceeded") {
			t.Errorf("%s under a 96 MiB budget: %v (%v), want error 1041 query memory limit exceeded", q, err, n)
		}
	}
	// The garbage of the refused statements (CONCAT's arguments) collected,
	// the server serves on.
	runtime.GC()
	wantRows(t, c, split("8388608"), "SELECT LENGTH(REPEAT('a', 8 << 20))")
}
