package catalog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// pin is the snapshot a table reads: nil for the latest at scan time; or
// the snapshots an incremental read covers.
type pin struct {
	snapshot    *spec.Snapshot
	incremental *incremental
	// readOptimized reads the table as t$ro: a primary-key table's top
	// level only (scan.Options.ReadOptimized).
	readOptimized bool
}

// readOnly tells why a pinned table cannot be written or altered ("" when
// it can).
func (p pin) readOnly() string {
	switch {
	case p.snapshot != nil:
		return "read AS OF a snapshot"
	case p.incremental != nil:
		return "read incrementally (OPTIONS incremental-between)"
	case p.readOptimized:
		return "its read-optimized view ($" + readOptimizedSuffix + ")"
	}
	return ""
}

// resolveAsOf turns an AS OF value into a snapshot: a tag name, else a
// number is a snapshot id, else a 'yyyy-MM-dd HH:mm:ss[.SSS]' instant in
// the session time zone; a time.Time is such an instant.
func resolveAsOf(ctx *sql.Context, t *table.Table, asOf any) (pin, error) {
	switch v := asOf.(type) {
	case nil:
		return pin{}, nil
	case time.Time:
		return atTime(ctx, t, wallClockIn(v, sqlext.SessionLocation(ctx)))
	case string:
		if opts, ok, err := sqlext.DecodeHint(v); ok {
			if err != nil {
				return pin{}, err
			}
			return resolveHint(ctx, t, opts)
		}
		s := strings.TrimSpace(v)
		// A tag wins over a snapshot id of the same spelling, as in Spark's
		// VERSION AS OF.
		tag, err := t.Tags.Get(ctx, s)
		if err == nil {
			return pin{snapshot: &tag.Snapshot}, nil
		}
		if !errors.Is(err, snapshot.ErrNoTag) {
			return pin{}, err
		}
		if id, err := strconv.ParseInt(s, 10, 64); err == nil {
			return atSnapshot(ctx, t, id)
		}
		if instant, ok := sqlext.ParseInstant(s, sqlext.SessionLocation(ctx)); ok {
			return atTime(ctx, t, instant)
		}
		return pin{}, mysqlerr.WrongArguments("AS OF '%s': %s has no tag '%s', and it is neither a snapshot id nor a timestamp %s", s, t.FullName(), s, sqlext.InstantForms)
	}
	return pin{}, fmt.Errorf("AS OF takes a snapshot id, a tag name or a timestamp, not %T", asOf)
}

func atSnapshot(ctx *sql.Context, t *table.Table, id int64) (pin, error) {
	s, err := t.Snapshots.Snapshot(ctx, id)
	if errors.Is(err, snapshot.ErrNoSnapshot) {
		return pin{}, mysqlerr.WrongArguments("snapshot %d of %s does not exist%s", id, t.FullName(), snapshotRange(ctx, t))
	}
	if err != nil {
		return pin{}, err
	}
	return pin{snapshot: s}, nil
}

func atTime(ctx *sql.Context, t *table.Table, instant time.Time) (pin, error) {
	s, err := t.Snapshots.AtOrBefore(ctx, instant.UnixMilli())
	if err != nil {
		return pin{}, err
	}
	if s == nil {
		return pin{}, mysqlerr.WrongArguments("no snapshot of %s was committed at or before %s%s", t.FullName(),
			instant.In(sqlext.SessionLocation(ctx)).Format("2006-01-02 15:04:05.000"), snapshotRange(ctx, t))
	}
	return pin{snapshot: s}, nil
}

// snapshotRange describes the snapshots that exist, for error messages.
func snapshotRange(ctx *sql.Context, t *table.Table) string {
	all, err := t.Snapshots.All(ctx)
	if err != nil || len(all) == 0 {
		return " (the table has no snapshots)"
	}
	first, last := all[0], all[len(all)-1]
	loc := sqlext.SessionLocation(ctx)
	return fmt.Sprintf(" (snapshots %d to %d exist, committed from %s to %s; older ones were expired or never written)",
		first.ID, last.ID,
		time.UnixMilli(first.TimeMillis).In(loc).Format("2006-01-02 15:04:05.000"),
		time.UnixMilli(last.TimeMillis).In(loc).Format("2006-01-02 15:04:05.000"))
}

// wallClockIn reads the wall clock of t (go-mysql-server hands DATETIME
// values over as UTC) as a time in loc.
func wallClockIn(t time.Time, loc *time.Location) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc)
}
