package tests

import (
	"strconv"
	"testing"
	"time"
)

// TestUptimeCountsSecondsSinceStart: SHOW GLOBAL STATUS's Uptime (monitoring
// tools, mysqladmin extended-status) is the server's age in seconds.
func TestUptimeCountsSecondsSinceStart(t *testing.T) {
	before := time.Now()
	e := startServer(t, nil)
	time.Sleep(1100 * time.Millisecond)
	for _, q := range []string{"SHOW GLOBAL STATUS LIKE 'Uptime'", "SHOW STATUS WHERE Variable_name = 'Uptime'"} {
		res := mustQuery(t, e.db, q)
		if len(res.rows) != 1 {
			t.Fatalf("%s: %v", q, res.rows)
		}
		up, err := strconv.ParseInt(res.rows[0][1], 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if most := int64(time.Since(before) / time.Second); up < 1 || up > most {
			t.Errorf("%s = %d, want between 1 and %d", q, up, most)
		}
	}
}
