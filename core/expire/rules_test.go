package expire

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/commit"
)

// timedTable makes an append table with 6 snapshots committed at distinct
// milliseconds, and returns their commit times by id.
func timedTable(t *testing.T) (*env, map[int64]time.Time) {
	e := newEnv(t)
	e.createTable("t", nil, nil, nil)
	ts := map[int64]time.Time{}
	for i := range 6 {
		time.Sleep(3 * time.Millisecond)
		var ow *commit.Overwrite
		if i%2 == 1 {
			ow = &commit.Overwrite{Mode: commit.OverwriteTable} // something to delete
		}
		s := e.write("t", [][]any{row(int64(i), 0, "v")}, ow)
		ts[s.ID] = time.UnixMilli(s.TimeMillis)
	}
	return e, ts
}

func (e *env) expectSnapshots(name string, want ...int64) {
	e.t.Helper()
	if got := e.snapshotIDs(name); !slices.Equal(got, want) {
		e.t.Fatalf("snapshots %v, want %v", got, want)
	}
}

// Catches: retain_max not applied, or applied off by one.
func TestRetainMax(t *testing.T) {
	e, _ := timedTable(t)
	e.expire("t", Overrides{RetainMax: intp(3), RetainMin: intp(1)}, false)
	e.expectSnapshots("t", 4, 5, 6)
	e.checkFiles("t", nil)
}

// Catches: the old "own time" rule instead of the successor rule, and a
// drifting or inclusive cutoff. A snapshot expires only if its successor
// was committed strictly before older_than.
func TestOlderThanSuccessorRule(t *testing.T) {
	e, ts := timedTable(t)
	// Snapshot 4's own time is before the cutoff, but its successor was
	// committed exactly at it: 4 stays (Java's drifting cutoff lets it go).
	cut := ts[5]
	e.expire("t", Overrides{OlderThan: &cut, RetainMin: intp(1)}, false)
	e.expectSnapshots("t", 4, 5, 6)
	cut = ts[6]
	e.expire("t", Overrides{OlderThan: &cut, RetainMin: intp(1)}, false)
	e.expectSnapshots("t", 5, 6)
	cut = ts[6].Add(time.Millisecond)
	e.expire("t", Overrides{OlderThan: &cut, RetainMin: intp(1)}, false)
	e.expectSnapshots("t", 6)
	e.checkFiles("t", nil)
}

// Catches: snapshot.time-retained ignored or measured from the wrong clock.
func TestTimeRetained(t *testing.T) {
	e, ts := timedTable(t)
	tbl := e.open("t")
	cfg, err := NewConfig(map[string]string{"snapshot.time-retained": "1 h"}, Overrides{RetainMin: intp(1)})
	if err != nil {
		t.Fatal(err)
	}
	// The cutoff is exactly snapshot 4's time: 3 stays, as in Java.
	cfg.Now = func() time.Time { return ts[4].Add(time.Hour) }
	if _, err := Expire(e.ctx, tbl, cfg, false); err != nil {
		t.Fatal(err)
	}
	e.expectSnapshots("t", 3, 4, 5, 6)
	e.checkFiles("t", nil)
}

// Catches: retain_min not protecting the newest snapshots.
func TestRetainMin(t *testing.T) {
	e, ts := timedTable(t)
	late := ts[6].Add(time.Hour)
	e.expire("t", Overrides{OlderThan: &late, RetainMin: intp(3)}, false)
	e.expectSnapshots("t", 4, 5, 6)
	e.checkFiles("t", nil)
}

// Catches: max_deletes counted from the wrong end, or the hint not
// following each limited run (T-STB testExpireWithLimit).
func TestMaxDeletes(t *testing.T) {
	e, ts := timedTable(t)
	late := ts[6].Add(time.Hour)
	o := Overrides{OlderThan: &late, RetainMin: intp(1), MaxDeletes: intp(2)}
	e.expire("t", o, false)
	e.expectSnapshots("t", 3, 4, 5, 6)
	if e.hint("t") != "3" {
		t.Fatalf("EARLIEST %s", e.hint("t"))
	}
	e.expire("t", o, false)
	e.expectSnapshots("t", 5, 6)
	e.checkFiles("t", nil)
}

// Catches: a consumer's next snapshot (or a later one) expired.
func TestConsumerKeepsSnapshot(t *testing.T) {
	e, _ := timedTable(t)
	if err := e.open("t").Consumers.Reset(e.ctx, "c1", 3); err != nil {
		t.Fatal(err)
	}
	e.expire("t", keepLast(1), false)
	e.expectSnapshots("t", 3, 4, 5, 6)
	e.checkFiles("t", nil)
}

// Catches: the fastest (or the first) consumer limiting the run instead of
// the slowest.
func TestSlowestConsumerLimits(t *testing.T) {
	e, _ := timedTable(t)
	c := e.open("t").Consumers
	for id, next := range map[string]int64{"a": 5, "b": 2, "c": 4} {
		if err := c.Reset(e.ctx, id, next); err != nil {
			t.Fatal(err)
		}
	}
	e.expire("t", keepLast(1), false)
	e.expectSnapshots("t", 2, 3, 4, 5, 6)
	e.checkFiles("t", nil)
}

// Catches: a run that expires nothing but leaves a missing hint missing, or
// rewrites a stale one (Java rewrites only a missing or unreadable hint).
func TestEarliestHintWhenNothingExpires(t *testing.T) {
	e := appendTable(t, 3)
	hint := filepath.Join(e.wh, "t.db", "t", "snapshot", "EARLIEST")
	if err := os.Remove(hint); err != nil {
		t.Fatal(err)
	}
	res := e.expire("t", Overrides{}, true) // a dry run writes nothing
	if res.Expired != 0 || e.hint("t") != "<missing>" {
		t.Fatalf("dry run: %+v, hint %s", res, e.hint("t"))
	}
	e.expire("t", Overrides{}, false) // retain min 10: nothing to expire
	if e.hint("t") != "1" {
		t.Fatalf("EARLIEST %s, want 1", e.hint("t"))
	}
	if err := os.WriteFile(hint, []byte("0"), 0o644); err != nil {
		t.Fatal(err)
	}
	e.expire("t", Overrides{}, false)
	if e.hint("t") != "0" {
		t.Fatalf("a stale but readable hint was rewritten to %s", e.hint("t"))
	}
	e.expectSnapshots("t", 1, 2, 3)
}

// Catches: invalid arguments or options that fall back to defaults or
// expire something. Each must fail before anything is read or deleted.
func TestInvalidSettingsRejected(t *testing.T) {
	cases := []struct {
		name string
		opts map[string]string
		o    Overrides
		want string
	}{
		{"retain_min 0", nil, Overrides{RetainMin: intp(0)}, "retain_min must be at least 1"},
		{"retain_max below retain_min", nil, Overrides{RetainMax: intp(2), RetainMin: intp(3)}, "retainMax (2) must not be less than retainMin (3)."},
		{"retain_max below default min", nil, Overrides{RetainMax: intp(5)}, "retainMax (5) must not be less than retainMin (10)."},
		{"max_deletes 0", nil, Overrides{MaxDeletes: intp(0)}, "max_deletes must be at least 1"},
		{"negative retain_max", nil, Overrides{RetainMax: intp(-1), RetainMin: intp(1)}, "must not be less than retainMin"},
		{"option min 0", map[string]string{"snapshot.num-retained.min": "0"}, Overrides{}, "snapshot.num-retained.min should be at least 1"},
		{"option min above max", map[string]string{"snapshot.num-retained.max": "3"}, Overrides{}, "should not be larger than snapshot.num-retained.max"},
		{"option not an int", map[string]string{"snapshot.num-retained.max": "lots"}, Overrides{}, "Could not parse value 'lots' for key 'snapshot.num-retained.max'"},
		{"option with blanks", map[string]string{"snapshot.num-retained.min": " 5"}, Overrides{}, "Could not parse value ' 5'"},
		{"option duration", map[string]string{"snapshot.time-retained": "1.5h"}, Overrides{}, "snapshot.time-retained"},
		{"option limit 0", map[string]string{"snapshot.expire.limit": "0"}, Overrides{}, "snapshot.expire.limit should be at least 1"},
		{"option bool", map[string]string{"consumer.changelog-only": "yes"}, Overrides{}, "consumer.changelog-only"},
		{"option threads", map[string]string{"delete-file.thread-num": "x"}, Overrides{}, "delete-file.thread-num"},
		{"dynamic min 0", nil, Overrides{Options: map[string]string{"snapshot.num-retained.min": "0"}}, "should be at least 1"},
		{"dynamic path option", nil, Overrides{Options: map[string]string{"index-file-in-data-file-dir": "true"}}, "Change 'index-file-in-data-file-dir' is not supported yet"},
		{"changelog min 0", map[string]string{"changelog.num-retained.min": "0"}, Overrides{}, "changelog.num-retained.min should be at least 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewConfig(c.opts, c.o)
			if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
	// A changelog retained longer than snapshots is decoupled, not refused.
	if c, err := NewConfig(map[string]string{"changelog.num-retained.max": "100", "snapshot.num-retained.max": "20"}, Overrides{}); err != nil || !c.ChangelogDecoupled || c.Changelog.RetainMax != 100 {
		t.Fatalf("decoupled changelog: %+v, %v", c, err)
	}
	// The same rules hold for a Config built by hand, and nothing expires.
	e := appendTable(t, 3)
	_, err := Expire(e.ctx, e.open("t"), Config{RetainMax: 5, RetainMin: 0, MaxDeletes: 10}, false)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("error %v", err)
	}
	e.expectSnapshots("t", 1, 2, 3)
	// Same dynamic option value as the table's: allowed.
	if _, err := NewConfig(map[string]string{"bucket-key": "id"}, Overrides{Options: map[string]string{"bucket-key": "id"}}); err != nil {
		t.Fatal(err)
	}
}

// Catches: defaults that differ from Java's, and the fallback keys.
func TestDefaults(t *testing.T) {
	c, err := NewConfig(nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if c.RetainMin != 10 || c.RetainMax != 2147483647 || c.TimeRetained != time.Hour || c.MaxDeletes != 50 || c.Threads != 0 || c.CleanEmptyDirectories || c.ChangelogDecoupled {
		t.Fatalf("defaults %+v", c)
	}
	c, err = NewConfig(map[string]string{"delete-file.thread-num": "3", "snapshot.expire.clean-empty-directories": "TRUE", "snapshot.time-retained": "2days"}, Overrides{})
	if err != nil || c.Threads != 3 || !c.CleanEmptyDirectories || c.TimeRetained != 48*time.Hour {
		t.Fatalf("fallback keys: %+v %v", c, err)
	}
	c, err = NewConfig(map[string]string{"file-operation.thread-num": "5", "delete-file.thread-num": "3"}, Overrides{})
	if err != nil || c.Threads != 5 {
		t.Fatalf("new key first: %+v %v", c, err)
	}
}
