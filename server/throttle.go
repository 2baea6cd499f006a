package server

import (
	"net"
	"sync"
	"time"
)

// loginThrottle slows down password guessing as MySQL's connection_control
// plugin does: after threshold consecutive failed logins of one user name
// from one client host, each further attempt (a right password included)
// waits (failures - threshold + 1) * minDelay, at most maxDelay, before it
// is checked; a successful login resets the count. A threshold of 0 turns
// it off. The wait holds only the attempt's handshake slot (admission), so
// throttled guessing cannot take the slots of logged-in clients.
type loginThrottle struct {
	threshold          int
	minDelay, maxDelay time.Duration
	sleep              func(time.Duration)

	mu       sync.Mutex
	failures map[string]failures
}

type failures struct {
	count int
	last  time.Time
}

// maxThrottled bounds the remembered user@host pairs: an attacker trying
// random user names must not grow the map without end.
const maxThrottled = 10_000

func newLoginThrottle(cfg Config) *loginThrottle {
	return &loginThrottle{threshold: cfg.LoginFailuresBeforeDelay, minDelay: cfg.LoginDelayMin, maxDelay: cfg.LoginDelayMax,
		sleep: time.Sleep, failures: map[string]failures{}}
}

func throttleKey(user string, addr net.Addr) string {
	host := addr.String()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return user + "@" + host
}

// delay is how long an attempt of key waits before it is checked.
func (t *loginThrottle) delay(key string) time.Duration {
	if t.threshold <= 0 {
		return 0
	}
	t.mu.Lock()
	f := t.failures[key]
	t.mu.Unlock()
	if f.count < t.threshold {
		return 0
	}
	d := time.Duration(f.count-t.threshold+1) * t.minDelay
	if d > t.maxDelay || d < 0 {
		d = t.maxDelay
	}
	return d
}

// attempt waits as delay says (telling delayed first, so that the wait
// does not count against the connection's handshake), then runs check and
// counts its outcome.
func (t *loginThrottle) attempt(key string, delayed func(time.Duration), check func() error) error {
	if d := t.delay(key); d > 0 {
		delayed(d)
		t.sleep(d)
	}
	err := check()
	if t.threshold <= 0 {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err == nil {
		delete(t.failures, key)
		return nil
	}
	if _, ok := t.failures[key]; !ok && len(t.failures) >= maxThrottled {
		t.forgetOldest()
	}
	f := t.failures[key]
	t.failures[key] = failures{count: f.count + 1, last: time.Now()}
	return err
}

// forgetOldest drops the pair whose last failure is the oldest.
func (t *loginThrottle) forgetOldest() {
	var oldest string
	var at time.Time
	for k, f := range t.failures {
		if oldest == "" || f.last.Before(at) {
			oldest, at = k, f.last
		}
	}
	delete(t.failures, oldest)
}
