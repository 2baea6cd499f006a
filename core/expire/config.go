package expire

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// ErrInvalid is wrapped by every error about an invalid argument or option.
var ErrInvalid = errors.New("invalid expiration setting")

// Config is a resolved expiration: what NewConfig makes of the table's
// options and the call's overrides. Expire validates it again, so a Config
// built by hand cannot bypass the checks.
type Config struct {
	// RetainMax is the most snapshots kept: older ones expire whatever
	// their age (snapshot.num-retained.max).
	RetainMax int64
	// RetainMin is the fewest snapshots kept, whatever their age
	// (snapshot.num-retained.min).
	RetainMin int64
	// TimeRetained: a snapshot may expire once its successor was committed
	// more than this long before the run started (snapshot.time-retained).
	// OlderThan, when set, replaces it.
	TimeRetained time.Duration
	// OlderThan is the procedure's exact cutoff: a snapshot may expire only
	// if its successor was committed strictly before this instant.
	OlderThan *time.Time
	// MaxDeletes bounds a run to the ids [earliest, earliest+MaxDeletes)
	// (snapshot.expire.limit).
	MaxDeletes int64
	// Threads bounds the concurrent file operations
	// (file-operation.thread-num).
	Threads int
	// CleanEmptyDirectories removes bucket and partition directories that
	// the run leaves empty (snapshot.clean-empty-directories).
	CleanEmptyDirectories bool
	// ChangelogDecoupled tells that changelog.* retains changelogs longer
	// than snapshots: expiring a snapshot then keeps its changelog (the
	// snapshot is written to changelog/ as changelog-N, and its changelog
	// files and manifests stay) for ExpireChangelogs.
	ChangelogDecoupled bool
	// ProduceChangelog tells that changelog-producer writes changelog
	// files. Without them a decoupled table's changelog is the files its
	// writes added, so snapshot expiration keeps those and the data
	// manifest lists too.
	ProduceChangelog bool
	// ConsumerChangelogOnly lets consumers hold back only changelogs, not
	// snapshots (consumer.changelog-only on a decoupled table).
	ConsumerChangelogOnly bool
	// Changelog is the retention of the long-lived changelogs
	// (changelog.num-retained.*, changelog.time-retained, each falling
	// back to its snapshot.* option).
	Changelog ChangelogRetention

	// Now is the clock the time rule reads once per run; nil is time.Now.
	Now func() time.Time
	// Progress, when set, is told how the deletions advance. Calls are
	// serialized; it must return quickly.
	Progress func(Progress)
}

// Overrides are the arguments of one call (CALL sys.expire_snapshots):
// each non-nil field replaces what the table's options say.
type Overrides struct {
	RetainMax  *int
	RetainMin  *int
	OlderThan  *time.Time
	MaxDeletes *int
	// Options are dynamic table options, merged over the table's own
	// before any option is read (the procedure's 'options' argument).
	Options options.Options
}

// validate applies the checks of NewConfig to a resolved config. It fails
// where Java would fall back or run: this path deletes files.
func (c *Config) validate() error {
	switch {
	case c.RetainMin < 1:
		return fmt.Errorf("%w: retain_min must be at least 1, got %d (a smaller value would delete files of retained snapshots)", ErrInvalid, c.RetainMin)
	case c.RetainMax < c.RetainMin:
		return fmt.Errorf("%w: retainMax (%d) must not be less than retainMin (%d).", ErrInvalid, c.RetainMax, c.RetainMin) //nolint:staticcheck // ST1005: Java's message, word for word
	case c.MaxDeletes < 1:
		return fmt.Errorf("%w: max_deletes must be at least 1, got %d", ErrInvalid, c.MaxDeletes)
	case c.TimeRetained < 0:
		return fmt.Errorf("%w: the time retained must not be negative, got %s", ErrInvalid, c.TimeRetained)
	}
	return nil
}

// threads is the effective parallelism: Java uses the processor count for
// a missing or non-positive file-operation.thread-num.
func (c *Config) threads() int {
	if c.Threads > 0 {
		return c.Threads
	}
	return runtime.NumCPU()
}

func (c *Config) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// cutoffMillis is the epoch millisecond a successor's commit time must be
// strictly below for its predecessor to expire.
func (c *Config) cutoffMillis() int64 {
	if c.OlderThan != nil {
		// Snapshot times are whole milliseconds: t < OlderThan holds exactly
		// when t < OlderThan rounded up to the next millisecond.
		floor := c.OlderThan.Truncate(time.Millisecond)
		ms := floor.UnixMilli()
		if c.OlderThan.After(floor) {
			ms++
		}
		return ms
	}
	return c.now().UnixMilli() - c.TimeRetained.Milliseconds()
}
