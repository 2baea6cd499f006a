package systables

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// The system tables computed from a table's metadata; registry names them.
var (
	snapshotsTable = builder{columns: []column{
		{"snapshot_id", bigintType, false},
		{"schema_id", bigintType, false},
		{"commit_user", stringType, false},
		{"commit_identifier", bigintType, false},
		{"commit_kind", stringType, false},
		{"commit_time", timestampType, false},
		{"base_manifest_list", stringType, false},
		{"delta_manifest_list", stringType, false},
		{"changelog_manifest_list", stringType, true},
		{"total_record_count", bigintType, true},
		{"delta_record_count", bigintType, true},
		{"changelog_record_count", bigintType, true},
		{"watermark", bigintType, true},
		{"next_row_id", bigintType, true},
	}, rows: snapshotRows}

	schemasTable = builder{columns: []column{
		{"schema_id", bigintType, false},
		{"fields", stringType, false},
		{"partition_keys", stringType, false},
		{"primary_keys", stringType, false},
		{"options", stringType, false},
		{"comment", stringType, true},
		{"update_time", timestampType, false},
	}, rows: schemaRows}

	optionsTable = builder{columns: []column{
		{"key", stringType, false},
		{"value", stringType, false},
	}, rows: optionRows}

	tagsTable = builder{columns: []column{
		{"tag_name", stringType, false},
		{"snapshot_id", bigintType, false},
		{"schema_id", bigintType, false},
		{"commit_time", timestampType, false},
		{"record_count", bigintType, true},
		{"create_time", timestampType, true},
		{"time_retained", stringType, true},
	}, rows: tagRows}

	consumersTable = builder{columns: []column{
		{"consumer_id", stringType, false},
		{"next_snapshot_id", bigintType, false},
	}, rows: consumerRows}

	branchesTable = builder{columns: []column{
		{"branch_name", stringType, false},
		{"create_time", timestampType, false},
	}, rows: branchRows}
)

// localTime shows epoch millis as a DATETIME(3) in the session time zone,
// as Java shows them in the JVM's zone.
func localTime(ctx *sql.Context, millis int64) time.Time {
	t := time.UnixMilli(millis).In(sqlext.SessionLocation(ctx))
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

func nullable(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func snapshotRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	all, err := t.Snapshots.All(ctx)
	if err != nil {
		return nil, err
	}
	rows := make([]sql.Row, 0, len(all))
	for _, s := range all {
		var changelog any
		if s.ChangelogManifestList != nil {
			changelog = *s.ChangelogManifestList
		}
		rows = append(rows, sql.Row{
			s.ID, s.SchemaID, s.CommitUser, s.CommitIdentifier, s.CommitKind,
			localTime(ctx, s.TimeMillis), s.BaseManifestList, s.DeltaManifestList, changelog,
			nullable(s.TotalRecordCount), nullable(s.DeltaRecordCount), nullable(s.ChangelogRecordCount),
			nullable(s.Watermark), nullable(s.NextRowID),
		})
	}
	return rows, nil
}

// flatJSON is Java's JsonSerdeUtil.toFlatJson: compact, no HTML escaping.
func flatJSON(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func schemaRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	ids, err := t.Schemas.IDs(ctx)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	for _, id := range ids {
		s, err := t.Schemas.Schema(ctx, id)
		if err != nil {
			return nil, err
		}
		var cols [4]string
		for i, v := range []any{s.Fields, nonNil(s.PartitionKeys), nonNil(s.PrimaryKeys), s.Options} {
			if cols[i], err = flatJSON(v); err != nil {
				return nil, err
			}
		}
		var comment any
		if s.Comment != nil {
			comment = *s.Comment
		}
		rows = append(rows, sql.Row{s.ID, cols[0], cols[1], cols[2], cols[3], comment, localTime(ctx, s.TimeMillis)})
	}
	return rows, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func optionRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	s, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	rows := make([]sql.Row, len(keys))
	for i, k := range keys {
		rows[i] = sql.Row{k, s.Options[k]}
	}
	return rows, nil
}

func tagRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	tags, err := t.Tags.All(ctx)
	if err != nil {
		return nil, err
	}
	sort.Slice(tags, func(i, j int) bool { return tags[i].Name < tags[j].Name })
	rows := make([]sql.Row, len(tags))
	for i, tg := range tags {
		var created, retained any
		if tg.CreateTime != nil {
			created = *tg.CreateTime // already a local wall-clock time
		}
		if tg.TimeRetained != nil {
			retained = javaDuration(*tg.TimeRetained)
		}
		rows[i] = sql.Row{tg.Name, tg.ID, tg.SchemaID, localTime(ctx, tg.TimeMillis), nullable(tg.TotalRecordCount), created, retained}
	}
	return rows, nil
}

// javaDuration formats like java.time.Duration.toString: PT24H, PT1H30M, PT0.5S.
func javaDuration(d time.Duration) string {
	if d == 0 {
		return "PT0S"
	}
	var b strings.Builder
	b.WriteString("PT")
	neg := d < 0
	if neg {
		d = -d
	}
	sign := ""
	if neg {
		sign = "-"
	}
	if h := d / time.Hour; h > 0 {
		fmt.Fprintf(&b, "%s%dH", sign, h)
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		fmt.Fprintf(&b, "%s%dM", sign, m)
		d -= m * time.Minute
	}
	if d > 0 {
		secs := d / time.Second
		frac := d - secs*time.Second
		fmt.Fprintf(&b, "%s%d", sign, secs)
		if frac > 0 {
			fmt.Fprintf(&b, ".%s", strings.TrimRight(fmt.Sprintf("%09d", frac), "0"))
		}
		b.WriteString("S")
	}
	return b.String()
}

func consumerRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	cs, err := t.Consumers.All(ctx)
	if err != nil {
		return nil, err
	}
	rows := make([]sql.Row, len(cs))
	for i, c := range cs {
		rows[i] = sql.Row{c.ID, c.NextSnapshot}
	}
	return rows, nil
}

func branchRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	bs, err := snapshot.Branches(ctx, t.FS, t.Root)
	if err != nil {
		return nil, err
	}
	rows := make([]sql.Row, len(bs))
	for i, b := range bs {
		rows[i] = sql.Row{b.Name, localTime(ctx, b.CreateTime.UnixMilli())}
	}
	return rows, nil
}
