package catalog

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// resolveHint turns the options of an OPTIONS hint into the snapshot the
// read pins, as Java's batch scan does: scan.snapshot-id, scan.tag-name,
// scan.timestamp-millis or scan.timestamp pick a snapshot, scan.mode must
// agree with them, and no option is silently not applied.
func resolveHint(ctx *sql.Context, t *table.Table, opts map[string]string) (pin, error) {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var points []string
	for _, k := range keys {
		if err := options.CheckHintKey(k); err != nil {
			return pin{}, err
		}
		switch k {
		case options.IncrementalBetween.Key, options.IncrementalBetweenTimestamp.Key,
			options.ScanSnapshotID.Key, options.ScanTagName.Key, options.ScanTimestampMillis.Key, options.ScanTimestamp.Key,
			options.ScanWatermark.Key:
			points = append(points, k)
		}
	}
	if len(points) > 1 {
		return pin{}, fmt.Errorf("OPTIONS sets both '%s' and '%s': give one of them", points[0], points[1])
	}
	point := ""
	if len(points) == 1 {
		point = points[0]
	}
	if err := checkIncrementalKeys(opts, point); err != nil {
		return pin{}, err
	}
	if point == options.IncrementalBetween.Key || point == options.IncrementalBetweenTimestamp.Key {
		return resolveIncremental(ctx, t, point, opts)
	}
	if err := checkScanMode(options.ScanMode.Text(opts), point); err != nil {
		return pin{}, err
	}
	v := strings.TrimSpace(opts[point])
	switch point {
	case options.ScanSnapshotID.Key:
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return pin{}, fmt.Errorf("OPTIONS '%s' = '%s' is not a snapshot id", point, v)
		}
		return atSnapshot(ctx, t, id)
	case options.ScanTagName.Key:
		tag, err := t.Tags.Get(ctx, v)
		if errors.Is(err, snapshot.ErrNoTag) {
			return pin{}, fmt.Errorf("OPTIONS '%s': tag '%s' of %s does not exist", point, v, t.FullName())
		}
		if err != nil {
			return pin{}, err
		}
		return pin{snapshot: &tag.Snapshot}, nil
	case options.ScanTimestampMillis.Key:
		ms, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return pin{}, fmt.Errorf("OPTIONS '%s' = '%s' is not a number of milliseconds", point, v)
		}
		return atTime(ctx, t, time.UnixMilli(ms))
	case options.ScanWatermark.Key:
		wm, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return pin{}, fmt.Errorf("OPTIONS '%s' = '%s' is not a watermark (a number of milliseconds)", point, v)
		}
		return atWatermark(ctx, t, wm)
	case options.ScanTimestamp.Key:
		instant, ok := sqlext.ParseInstant(v, sqlext.SessionLocation(ctx))
		if !ok {
			return pin{}, fmt.Errorf("OPTIONS '%s' = '%s' is not a timestamp %s", point, v, sqlext.InstantForms)
		}
		return atTime(ctx, t, instant)
	}
	return pin{}, nil
}

// atWatermark pins the earliest snapshot whose watermark is at least wm,
// as Java's batch read with 'scan.watermark' does
// (StaticFromWatermarkStartingScanner), and fails as Java does when there
// is none: snapshots without a watermark are passed over, and a latest
// snapshot whose watermark is Long.MIN_VALUE (none yet) means none.
func atWatermark(ctx *sql.Context, t *table.Table, wm int64) (pin, error) {
	all, err := t.Snapshots.All(ctx)
	if err != nil {
		return pin{}, err
	}
	if n := len(all); n > 0 && (all[n-1].Watermark == nil || *all[n-1].Watermark != math.MinInt64) {
		for _, s := range all {
			if s.Watermark != nil && *s.Watermark >= wm {
				return pin{snapshot: s}, nil
			}
		}
	}
	return pin{}, mysqlerr.WrongArguments("There is currently no snapshot later than or equal to watermark[%d] in %s", wm, t.FullName())
}

// checkIncrementalKeys refuses the options that only accompany an
// incremental read without one, and scan modes other than Java's
// incremental with one.
func checkIncrementalKeys(opts map[string]string, point string) error {
	incremental := point == options.IncrementalBetween.Key || point == options.IncrementalBetweenTimestamp.Key
	for _, k := range []string{options.IncrementalBetweenScanMode.Key, options.IncrementalBetweenTagToSnapshot.Key} {
		if _, set := opts[k]; set && !incremental {
			return fmt.Errorf("OPTIONS '%s' needs '%s' or '%s'", k, options.IncrementalBetween.Key, options.IncrementalBetweenTimestamp.Key)
		}
	}
	if !incremental {
		return nil
	}
	switch m := options.StartupMode(strings.ToLower(strings.TrimSpace(options.ScanMode.Text(opts)))); m {
	case "", options.ScanModeDefault, options.ScanModeIncremental:
		return nil
	default:
		return fmt.Errorf("OPTIONS 'scan.mode' = '%s' does not read '%s': remove scan.mode or set it to 'incremental'", m, point)
	}
}

// checkScanMode applies Java's rules for scan.mode in a batch read: the
// latest modes take no starting point, the from- modes need theirs.
func checkScanMode(mode, point string) error {
	switch m := options.StartupMode(strings.ToLower(strings.TrimSpace(mode))); m {
	case "", options.ScanModeDefault:
		return nil
	case options.ScanModeLatest, options.ScanModeLatestFull, options.ScanModeFull:
		if point != "" {
			return fmt.Errorf("OPTIONS 'scan.mode' = '%s' reads the latest snapshot: remove '%s' or use scan.mode 'from-snapshot' or 'from-timestamp'", m, point)
		}
		return nil
	case options.ScanModeFromSnapshot, options.ScanModeFromSnapshotFull:
		if point != options.ScanSnapshotID.Key && point != options.ScanTagName.Key && point != options.ScanWatermark.Key {
			return fmt.Errorf("OPTIONS 'scan.mode' = '%s' needs '%s', '%s' or '%s'", m, options.ScanSnapshotID.Key, options.ScanTagName.Key, options.ScanWatermark.Key)
		}
		return nil
	case options.ScanModeFromTimestamp:
		if point != options.ScanTimestampMillis.Key && point != options.ScanTimestamp.Key {
			return fmt.Errorf("OPTIONS 'scan.mode' = '%s' needs '%s' or '%s'", m, options.ScanTimestampMillis.Key, options.ScanTimestamp.Key)
		}
		return nil
	default:
		return fmt.Errorf("OPTIONS 'scan.mode' = '%s' is not applied by paimon-sql: use default, latest, latest-full, full, from-snapshot, from-snapshot-full or from-timestamp", m)
	}
}
