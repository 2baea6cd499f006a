package catalog

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/sqlext"
	"github.com/paimon-sql/paimon-sql/systables"
)

// incremental is a batch incremental read: the files added by snapshots
// start+1 .. end. An empty range (start == end, or no snapshot) reads no
// rows, as Java's EmptyResultStartingScanner.
type incremental struct {
	start, end int64
	changelog  bool // read changelog files instead of data files
	// from and to are set for a diff read (Java's diff mode, and two
	// tags): the rows that differ between the two snapshots.
	from, to *spec.Snapshot
}

func (r *incremental) empty() bool { return r.from == nil && r.start >= r.end }

func (r *incremental) plan(ctx *sql.Context, t *table.Table, sch *spec.TableSchema, filter predicate.Predicate) (*scan.Plan, error) {
	if err := r.hold(ctx, t); err != nil {
		return nil, err
	}
	if r.from != nil {
		return scan.Diff(ctx, t, r.from, r.to, sch, scan.Options{Filter: filter})
	}
	if r.empty() {
		return &scan.Plan{Table: t, Schema: sch}, scan.CheckSupported(t, sch)
	}
	return scan.Incremental(ctx, t, r.start, r.end, r.changelog, sch, scan.Options{Filter: filter})
}

// hold keeps expiration from deleting the files of the snapshots the read
// uses until the statement ends (core/table.ReadOf): from the older of the
// two of a diff, or from start+1, the first snapshot whose files a range
// read reads.
func (r *incremental) hold(ctx *sql.Context, t *table.Table) error {
	var low int64
	switch {
	case r.from != nil:
		low = min(r.from.ID, r.to.ID)
	case r.empty():
		return nil
	default:
		low = r.start + 1
	}
	rd, err := t.ReadOf(ctx, low)
	if err == nil && !endWithStatement(ctx, rd) {
		rd.End()
	}
	return err
}

// incrementalPlanner plans the audit log of the pinned incremental read;
// nil when the pin is not incremental.
func (p pin) incrementalPlanner(t *table.Table) systables.Planner {
	if p.incremental == nil {
		return nil
	}
	return func(ctx *sql.Context, sch *spec.TableSchema) (*scan.Plan, error) {
		return p.incremental.plan(ctx, t, sch, nil)
	}
}

// resolveIncremental applies Java's batch incremental read options
// (AbstractDataTableScan.createIncrementalStartingScanner) for the OPTIONS
// key k, incremental-between or incremental-between-timestamp.
func resolveIncremental(ctx *sql.Context, t *table.Table, k string, opts map[string]string) (pin, error) {
	tableOpts, err := t.Options(ctx)
	if err != nil {
		return pin{}, err
	}
	mode := options.IncrementalScanMode(strings.ToLower(strings.TrimSpace(options.IncrementalBetweenScanMode.Text(opts))))
	producer, err := options.ChangelogProducer.Get(tableOpts)
	if err != nil {
		return pin{}, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	changelog, err := changelogMode(producer, mode)
	if err != nil {
		return pin{}, err
	}
	diff := mode == options.IncrementalScanDiff
	var r *incremental
	if k == options.IncrementalBetween.Key {
		tagToSnapshot, terr := options.IncrementalBetweenTagToSnapshot.Get(opts)
		if terr != nil {
			return pin{}, fmt.Errorf("OPTIONS on %s: %w", t.FullName(), terr)
		}
		r, err = betweenSnapshots(ctx, t, opts[k], tagToSnapshot, diff)
	} else {
		r, err = betweenTimestamps(ctx, t, opts[k], diff)
	}
	if err != nil {
		return pin{}, fmt.Errorf("OPTIONS '%s' on %s: %w", k, t.FullName(), err)
	}
	r.changelog = changelog
	return pin{incremental: r}, nil
}

// changelogMode tells whether the scan mode reads changelog files, as
// Java's toSnapshotScanMode: auto reads them when the table has a
// changelog producer.
func changelogMode(producer options.ChangelogProducerKind, mode options.IncrementalScanMode) (bool, error) {
	switch m := mode; m {
	case options.IncrementalScanDelta:
		return false, nil
	case options.IncrementalScanChangelog:
		return true, nil
	case "", options.IncrementalScanAuto:
		return producer != options.ChangelogProducerNone, nil
	case options.IncrementalScanDiff:
		return false, nil
	default:
		return false, fmt.Errorf("OPTIONS '%s' = '%s' is not a mode: use %s", options.IncrementalBetweenScanMode.Key, m, strings.Join(options.IncrementalBetweenScanMode.Values(), ", "))
	}
}

// betweenSnapshots resolves 'start,end': two tags, else two snapshot ids.
func betweenSnapshots(ctx *sql.Context, t *table.Table, v string, tagToSnapshot, diff bool) (*incremental, error) {
	parts := strings.Split(v, ",")
	if len(parts) != 2 {
		return nil, fmt.Errorf("'%s' must give the start (exclusive) and end snapshot, for example '5,10' for the changes between snapshot 5 and snapshot 10", v)
	}
	left, right := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
	startTag, err := optionalTag(ctx, t, left)
	if err != nil {
		return nil, err
	}
	endTag, err := optionalTag(ctx, t, right)
	if err != nil {
		return nil, err
	}
	if startTag != nil && endTag != nil {
		if tagToSnapshot {
			return inSnapshotRange(ctx, t, startTag.ID, endTag.ID)
		}
		if endTag.ID < startTag.ID {
			return nil, fmt.Errorf("tag end %s with snapshot id %d should be >= tag start %s with snapshot id %d", right, endTag.ID, left, startTag.ID)
		}
		if endTag.ID == startTag.ID {
			return &incremental{}, nil
		}
		return &incremental{from: &startTag.Snapshot, to: &endTag.Snapshot}, nil
	}
	start, err1 := strconv.ParseInt(left, 10, 64)
	end, err2 := strconv.ParseInt(right, 10, 64)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("didn't find two tags for start '%s' and end '%s', and they are not two snapshot ids: give two tags or two snapshot ids", left, right)
	}
	if end < start {
		return nil, fmt.Errorf("the ending snapshot id %d should be >= the starting snapshot id %d", end, start)
	}
	if start == end {
		return &incremental{start: start, end: end}, nil
	}
	if diff {
		return diffBetween(ctx, t, start, end)
	}
	return inSnapshotRange(ctx, t, start, end)
}

// diffBetween is a diff read of two snapshots that must exist.
func diffBetween(ctx *sql.Context, t *table.Table, start, end int64) (*incremental, error) {
	from, err := t.Snapshots.Snapshot(ctx, start)
	if err != nil {
		return nil, err
	}
	to, err := t.Snapshots.Snapshot(ctx, end)
	if err != nil {
		return nil, err
	}
	return &incremental{from: from, to: to}, nil
}

// optionalTag returns the tag named name, nil if there is none.
func optionalTag(ctx *sql.Context, t *table.Table, name string) (*spec.Tag, error) {
	tag, err := t.Tags.Get(ctx, name)
	if errors.Is(err, snapshot.ErrNoTag) {
		return nil, nil
	}
	return tag, err
}

// inSnapshotRange checks Java's bounds: the start may be one before the
// earliest snapshot (the range is open on the left), the end at most the
// latest. A table without snapshots reads nothing.
func inSnapshotRange(ctx *sql.Context, t *table.Table, start, end int64) (*incremental, error) {
	earliest, ok, err := t.Snapshots.EarliestID(ctx)
	if err != nil || !ok {
		return &incremental{}, err
	}
	latest, _, err := t.Snapshots.LatestID(ctx)
	if err != nil {
		return nil, err
	}
	if start < earliest-1 || end > latest {
		return nil, fmt.Errorf("the snapshot range (%d, %d] is out of the available snapshots %d to %d (older ones were expired or never written)", start, end, earliest, latest)
	}
	return &incremental{start: start, end: end}, nil
}

// betweenTimestamps resolves 't1,t2' (epoch milliseconds, or timestamps in
// the session time zone) as Java's IncrementalDeltaStartingScanner: the
// snapshots committed after t1, up to the last one committed at or before t2.
func betweenTimestamps(ctx *sql.Context, t *table.Table, v string, diff bool) (*incremental, error) {
	start, end, err := parseMillisPair(ctx, v)
	if err != nil {
		return nil, err
	}
	all, err := t.Snapshots.All(ctx)
	if err != nil || len(all) == 0 {
		return &incremental{}, err
	}
	if end < start {
		return nil, fmt.Errorf("the ending timestamp %d should be >= the starting timestamp %d", end, start)
	}
	earliest, latest := all[0], all[len(all)-1]
	if start == end || start > latest.TimeMillis || end < earliest.TimeMillis {
		return &incremental{}, nil
	}
	r := &incremental{start: earliest.ID - 1, end: latest.ID}
	if diff {
		// Java's diff starts at the earliest snapshot when none is older.
		r.start = earliest.ID
	}
	for _, s := range all {
		if s.TimeMillis <= start {
			r.start = s.ID
		}
		if s.TimeMillis <= end {
			r.end = s.ID
		}
	}
	if diff {
		return diffBetween(ctx, t, r.start, r.end)
	}
	return r, nil
}

// parseMillisPair reads 't1,t2' as two numbers of milliseconds, else as two
// 'yyyy-MM-dd HH:mm:ss[.SSS]' timestamps.
func parseMillisPair(ctx *sql.Context, v string) (int64, int64, error) {
	bad := fmt.Errorf("'%s' must give the start (exclusive) and end timestamp, as milliseconds or %s", v, sqlext.InstantForms)
	parts := strings.Split(v, ",")
	if len(parts) != 2 {
		return 0, 0, bad
	}
	left, right := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
	start, err1 := strconv.ParseInt(left, 10, 64)
	end, err2 := strconv.ParseInt(right, 10, 64)
	if err1 == nil && err2 == nil {
		return start, end, nil
	}
	t1, ok1 := sqlext.ParseInstant(left, sqlext.SessionLocation(ctx))
	t2, ok2 := sqlext.ParseInstant(right, sqlext.SessionLocation(ctx))
	if !ok1 || !ok2 {
		return 0, 0, bad
	}
	return t1.UnixMilli(), t2.UnixMilli(), nil
}
