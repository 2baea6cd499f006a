package tests

import (
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestPooledConnectionsAreLoggedAtDebugOnly: a BI tool's pool opens and
// closes hundreds of connections (and load balancers probe the port), so at
// the default level (info) none of them writes a log line; at debug each
// shows its opening and closing.
func TestPooledConnectionsAreLoggedAtDebugOnly(t *testing.T) {
	const conns = 60
	for _, level := range []string{"info", "debug"} {
		t.Run(level, func(t *testing.T) {
			dir := demoWarehouse(t)
			s := startBinary(t, nil, "--warehouse", dir, "--log-level", level)
			// Start-up ends with go-mysql-server's "Server ready" line,
			// which may come after the port answers: count from there.
			waitFor(10*time.Second, func() bool { return strings.Contains(s.log(), "Server ready") })
			before := len(strings.Split(s.log(), "\n"))
			churnConnections(t, s, conns)
			// The lines come through a pipe, the closing ones after the
			// clients have gone: at debug, wait for them; at info, give
			// them the time they take at debug.
			var lines []string
			opened := 0
			count := func() bool {
				lines = strings.Split(s.log(), "\n")[before:]
				opened = 0
				for _, l := range lines {
					if strings.Contains(l, `"msg":"NewConnection"`) {
						opened++
					}
				}
				return opened >= conns
			}
			if level == "debug" {
				waitFor(30*time.Second, count)
			} else {
				time.Sleep(time.Second)
				count()
			}
			switch level {
			case "info":
				if len(lines) > 0 {
					t.Errorf("%d connections wrote %d lines at info, want none:\n%s", conns, len(lines), strings.Join(lines, "\n"))
				}
			case "debug":
				// The pool's connections and the probes that logged in.
				if opened < conns {
					t.Errorf("%d NewConnection lines at debug, want at least %d:\n%s", opened, conns, strings.Join(lines, "\n"))
				}
			}
		})
	}
}

// churnConnections opens n pooled connections at once, each running a
// query and closing (no idle connections are kept), then probes the port
// with connections that close before or right after the greeting.
func churnConnections(t *testing.T, s *opsServer, n int) {
	t.Helper()
	db := s.db(t)
	db.SetMaxIdleConns(0)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var one int
			errs <- db.QueryRow("SELECT 1").Scan(&one)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		c, err := net.Dial("tcp", s.sqlAddr)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
			_, _ = c.Read(make([]byte, 512)) // the greeting
		}
		_ = c.Close()
	}
}
