package tests

// Security of sessions (issue 25): the process list shows other users'
// statements only with PROCESS and never a password; logins are bounded
// (handshake timeout, connection limits, throttling of failed logins).

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSecurityProcessListHidesOthersAndPasswords: a user with only USAGE
// polls information_schema.PROCESSLIST and SHOW PROCESSLIST while root
// creates users with passwords and runs a two-second statement holding a
// secret: the user sees only its own session, and root, who holds PROCESS,
// sees the long statement with its secret masked.
func TestSecurityProcessListHidesOthersAndPasswords(t *testing.T) {
	s := startSecure(t, nil)
	reader := s.user(t, "reader")
	admin := s.openAs("root", "")

	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 150 {
			sqlRun(t, s.db, fmt.Sprintf("CREATE USER 'p%d'@'%%' IDENTIFIED BY 'Secret-%d'", i, i),
				fmt.Sprintf("DROP USER 'p%d'@'%%'", i))
		}
	}()
	go func() {
		defer wg.Done()
		mustQuery(t, s.db, "SELECT SLEEP(2), 's3.secret-key' = 'Secret-sleep'")
	}()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()

	sawMasked := false
	for polls := 0; ; polls++ {
		select {
		case <-done:
			if !sawMasked {
				t.Error("root never saw the long statement in the process list")
			}
			return
		default:
		}
		for _, q := range []string{"SELECT user, info FROM information_schema.processlist", "SHOW FULL PROCESSLIST"} {
			res := mustQuery(t, reader, q)
			for _, info := range res.column("info") {
				if strings.Contains(info, "Secret-") {
					t.Fatalf("%s shows a password: %q", q, info)
				}
			}
			if u := res.column("user"); len(u) == 0 || strings.Join(u, ",") != strings.Repeat("reader,", len(u)-1)+"reader" {
				t.Fatalf("%s as a USAGE user: users %v, want its own sessions only", q, u)
			}
		}
		for _, info := range mustQuery(t, admin, "SELECT info FROM information_schema.processlist").column("info") {
			if strings.Contains(info, "Secret-") {
				t.Fatalf("the process list shows root a password: %q", info)
			}
			sawMasked = sawMasked || strings.Contains(info, "'s3.secret-key' = <secret>")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
