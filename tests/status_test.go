package tests

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestUptimeCountsSecondsSinceStart: SHOW GLOBAL STATUS's Uptime (monitoring
// tools, mysqladmin extended-status) is the server's age in seconds.
func TestUptimeCountsSecondsSinceStart(t *testing.T) {
	before := time.Now()
	e := startServer(t, nil)
	// Uptime counts whole seconds: wait for the first.
	uptime := func() string { return mustQuery(t, e.db, "SHOW GLOBAL STATUS LIKE 'Uptime'").rows[0][1] }
	if !waitFor(5*time.Second, func() bool { return uptime() != "0" }) {
		t.Fatalf("Uptime is %s 5 s after the start", uptime())
	}
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

// TestMysqladminStatus: `mysqladmin status` (COM_STATISTICS, which vitess
// does not answer) prints the server's status line, over TLS too.
func TestMysqladminStatus(t *testing.T) {
	requireMySQLClient(t) // mariadb-client brings mysqladmin
	bin, err := exec.LookPath("mysqladmin")
	if err != nil {
		t.Fatalf("mysqladmin: %v", err)
	}
	e := startServer(t, nil)
	mustQuery(t, e.db, "SELECT 1")
	for _, ssl := range []string{"--skip-ssl", "--ssl"} {
		out, err := exec.Command(bin, "-h127.0.0.1", "-P"+strconv.Itoa(e.port()), "-uroot", ssl, "status").CombinedOutput()
		if err != nil {
			t.Fatalf("mysqladmin %s status: %v\n%s", ssl, err, out)
		}
		line := string(out)
		if !strings.HasPrefix(line, "Uptime: ") || !strings.Contains(line, "Threads: ") || !strings.Contains(line, "Questions: ") {
			t.Errorf("mysqladmin %s status printed %q", ssl, line)
		}
	}
	// The connection goes on after the answer.
	out, err := exec.Command(bin, "-h127.0.0.1", "-P"+strconv.Itoa(e.port()), "-uroot", "--skip-ssl", "status", "ping").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "mysqld is alive") {
		t.Errorf("status then ping: %v\n%s", err, out)
	}
}
