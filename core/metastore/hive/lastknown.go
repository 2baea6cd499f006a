package hive

import (
	"errors"
	"sync"
)

// errUnreachable marks a call that did not reach the metastore (no connection, or the
// connection broke): the metastore may well hold the answer, we just could not ask.
var errUnreachable = errors.New("the Hive Metastore is unreachable")

// lastKnown keeps the last answers of the lookups a query makes (databases, tables,
// locations), so that while the metastore is unreachable the tables already known keep
// being read, as Java's catalog serves its cached tables (cache-enabled). Writes do not
// use it: a commit with 'lock.enabled' needs the metastore's lock, and DDL the metastore.
type lastKnown struct {
	mu      sync.Mutex
	answers map[string]any
}

func (l *lastKnown) remember(key string, v any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.answers == nil {
		l.answers = map[string]any{}
	}
	l.answers[key] = v
}

func (l *lastKnown) forget(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.answers, key)
}

// recall is the last answer for key when err says the metastore was unreachable.
func recall[T any](l *lastKnown, key string, err error) (T, bool) {
	var zero T
	if !errors.Is(err, errUnreachable) {
		return zero, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := l.answers[key].(T)
	return v, ok
}
