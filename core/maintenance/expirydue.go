package maintenance

import (
	"context"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
)

// A full snapshot-expiration check reads the schema, the consumers, both
// hints and the snapshots after the earliest: a dozen file operations on
// every commit, for a table that keeps its snapshots an hour and expires
// nothing most of the time. After a check that expired nothing, the run
// remembers when expiration can next be due, and later runs check only
// the two hints against that until then.
//
// Nothing can expire while the earliest snapshot id is the one seen, the
// count stays below snapshot.num-retained.max and its successor (the
// snapshot that must be older than snapshot.time-retained for it to go) is
// still too young. Consumers, snapshot.num-retained.min and
// snapshot.expire.limit only keep more. Another writer's expiration moves
// EARLIEST, which sends the next run through the full check; so does a
// changed configuration.
type expiryIdle struct {
	retainMax    int64         // snapshot.num-retained.max of the check
	timeRetained time.Duration // snapshot.time-retained of the check
	earliest     int64
	succMs       int64 // the commit time of snapshot earliest+1
}

// expiryState is what this process remembers of a table's last full
// check (table.StateOf): nil when it expired something or could not tell.
type expiryState struct {
	mu   sync.Mutex
	idle *expiryIdle
}

// notDue tells whether the last full check of the table proves that
// nothing can expire now. It reads the EARLIEST hint and the latest
// snapshot id.
func (s *expiryState) notDue(ctx context.Context, snaps *snapshot.Manager, cfg expire.Config, now time.Time) bool {
	s.mu.Lock()
	idle := s.idle
	s.mu.Unlock()
	if idle == nil {
		return false
	}
	if cfg.OlderThan != nil || cfg.RetainMax != idle.retainMax || cfg.TimeRetained != idle.timeRetained ||
		now.UnixMilli()-cfg.TimeRetained.Milliseconds() >= idle.succMs {
		return false
	}
	earliest, ok := snaps.EarliestHint(ctx)
	if !ok || earliest != idle.earliest {
		return false
	}
	latest, ok, err := snaps.LatestID(ctx)
	return err == nil && ok && latest-earliest < cfg.RetainMax
}

// note records, after a full check that expired nothing, when expiration
// can next be due; it forgets the table when that cannot be told (a
// missing hint or successor).
func (s *expiryState) note(ctx context.Context, snaps *snapshot.Manager, cfg expire.Config) {
	s.forget()
	if cfg.OlderThan != nil {
		return
	}
	earliest, ok := snaps.EarliestHint(ctx)
	if !ok {
		return
	}
	succ, err := snaps.Snapshot(ctx, earliest+1)
	if err != nil {
		return
	}
	s.mu.Lock()
	s.idle = &expiryIdle{retainMax: cfg.RetainMax, timeRetained: cfg.TimeRetained, earliest: earliest, succMs: succ.TimeMillis}
	s.mu.Unlock()
}

// forget sends the next run through the full check.
func (s *expiryState) forget() {
	s.mu.Lock()
	s.idle = nil
	s.mu.Unlock()
}
