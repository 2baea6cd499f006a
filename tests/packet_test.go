package tests

import (
	"context"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/server"
)

// Issue 25 item 5: statements and string results are bounded by
// max_allowed_packet, 64 MiB by default as in MySQL, and the query memory
// limit counts the statement's text.

func TestMaxAllowedPacketBoundsStringResults(t *testing.T) {
	e := startServer(t, nil)
	wantRows(t, e.db, split("67108864"), "SELECT @@max_allowed_packet")
	c := oneConn(t, e.db)
	for _, tc := range []struct {
		sql, fn string
		args    uint64 // bytes of arguments, which are built
	}{
		{"SELECT LPAD('a', 100 << 20, 'b')", "lpad", 0},
		{"SELECT RPAD('a', 20 << 20, 'b')", "rpad", 0}, // 80 MiB in utf8mb4, as MySQL counts
		{"SELECT REPEAT('ab', 40 << 20)", "repeat", 0},
		{"SELECT SPACE(100 << 20)", "space", 0},
		{"SELECT CONCAT(REPEAT('a', 40 << 20), REPEAT('b', 40 << 20))", "concat", 80 << 20},
		{"SELECT CONCAT_WS(',', REPEAT('a', 40 << 20), REPEAT('b', 40 << 20))", "concat_ws", 80 << 20},
		{"SELECT REPLACE(REPEAT('a', 1 << 20), 'a', REPEAT('b', 100))", "replace", 1 << 20},
	} {
		var n int
		growth := peakHeapGrowth(func() {
			res, err := query(c, "SELECT x IS NULL FROM ("+tc.sql+" AS x) t")
			if err != nil {
				t.Errorf("%s: %v", tc.sql, err)
				return
			}
			if len(res.rows) != 1 || res.rows[0][0] != "1" {
				t.Errorf("%s: %v, want NULL", tc.sql, res.rows)
			}
			n = len(res.rows)
		})
		if n == 0 {
			continue
		}
		want := "Warning|1301|Result of " + tc.fn + "() was larger than max_allowed_packet (67108864) - truncated"
		if got := strings.Join(mustQuery(t, c, "SHOW WARNINGS").rows[0], "|"); got != want {
			t.Errorf("%s: warning %q, want %q", tc.sql, got, want)
		}
		if growth > tc.args+48<<20 {
			t.Errorf("%s: the live heap grew by %d MiB, want the result never built", tc.sql, growth>>20)
		}
	}
	wantRows(t, c, split("1000000|1000000"), "SELECT LENGTH(LPAD('a', 1000000, 'b')), LENGTH(SPACE(1000000))")

	// Settable, as in MySQL: new sessions take the global value.
	sqlRun(t, e.db, "SET GLOBAL max_allowed_packet = 1048576")
	small := oneConn(t, e.open("+00:00", false))
	wantRows(t, small, split("1|0"), "SELECT REPEAT('a', 1048577) IS NULL, REPEAT('a', 1048576) IS NULL")
	// A statement larger than max_allowed_packet is refused.
	big := "SELECT LENGTH('" + strings.Repeat("a", 2<<20) + "')"
	if _, err := small.ExecContext(context.Background(), big); mysqlErrNumber(err) != 1153 {
		t.Errorf("a 2 MiB statement with max_allowed_packet 1 MiB: %v, want error 1153", err)
	}
	wantRows(t, small, split("1"), "SELECT 1")
}

// The query memory limit counts the statement's text: a statement whose
// copies would take the heap above it is refused before it runs.
func TestQueryMemoryLimitCountsStatementText(t *testing.T) {
	srv := startServerWith(t, server.Config{QueryMemoryLimit: settledHeap() + 96<<20, MaxAllowedPacket: 1 << 30})
	c, err := dial(t, srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	big := "SELECT LENGTH('" + strings.Repeat("a", 30<<20) + "')"
	_, err = c.ExecContext(context.Background(), big)
	if mysqlErrNumber(err) != 1041 || !strings.Contains(err.Error(), "query memory limit exceeded") {
		t.Errorf("a 30 MiB statement under a 96 MiB budget: %v, want error 1041 query memory limit exceeded", err)
	}
	wantRows(t, c, split("1000"), "SELECT LENGTH('"+strings.Repeat("a", 1000)+"')")
}
