package systables

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/jsonfmt"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// The system tables about a table's columns and its statistics.
var (
	// aggregationFieldsTable is Java's AggregationFieldsTable: per column,
	// its type, and the values and keys of its 'fields.<column>.*' options.
	aggregationFieldsTable = builder{columns: []column{
		{"field_name", stringType, false},
		{"field_type", stringType, false},
		{"function", stringType, true},
		{"function_options", stringType, true},
		{"comment", stringType, true},
	}, rows: aggregationFieldRows}

	// statisticsTable is Java's StatisticTable: the statistics file a
	// snapshot names (written by Spark's ANALYZE TABLE), if any.
	statisticsTable = builder{readsFiles: true, versioned: true, columns: []column{
		{"snapshot_id", bigintType, false},
		{"schema_id", bigintType, false},
		{"mergedRecordCount", bigintType, true},
		{"mergedRecordSize", bigintType, true},
		{"colstat", stringType, true},
	}, rows: statisticsRows}
)

func aggregationFieldRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	s, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	// 'fields.<column>.<setting>' options by column; Java lists them in the
	// order of its options map, paimon-sql sorted by key.
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	functions, settings := map[string][]string{}, map[string][]string{}
	for _, k := range keys {
		parts := strings.Split(k, ".")
		if len(parts) > 2 && parts[0] == "fields" {
			functions[parts[1]] = append(functions[parts[1]], s.Options[k])
			settings[parts[1]] = append(settings[parts[1]], k)
		}
	}
	// Java prints its lists as [a, b].
	list := func(v []string) string { return "[" + strings.Join(v, ", ") + "]" }
	rows := make([]sql.Row, len(s.Fields))
	for i, f := range s.Fields {
		var comment any
		if f.Description != nil {
			comment = *f.Description
		}
		rows[i] = sql.Row{f.Name, f.Type.SQL(), list(functions[f.Name]), list(settings[f.Name]), comment}
	}
	return rows, nil
}

func statisticsRows(ctx *sql.Context, t *table.Table, snap *spec.Snapshot) ([]sql.Row, error) {
	if snap == nil {
		var err error
		if snap, err = t.Snapshots.Latest(ctx); err != nil || snap == nil {
			return nil, err
		}
	}
	if snap.Statistics == nil {
		return nil, nil
	}
	path := t.StatisticsPath(*snap.Statistics)
	data, err := t.FS.ReadFile(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("statistics file of snapshot %d: %w", snap.ID, err)
	}
	st, err := spec.ParseStatistics(data)
	if err != nil {
		return nil, fmt.Errorf("statistics file %s: %w", path, err)
	}
	var colStats any
	if st.ColStats != nil {
		// Java shows the column statistics as Jackson prints them.
		out, err := jsonfmt.Marshal(st.ColStats)
		if err != nil {
			return nil, fmt.Errorf("statistics file %s: %w", path, err)
		}
		colStats = string(out)
	}
	return []sql.Row{{st.SnapshotID, st.SchemaID, nullable(st.MergedRecordCount), nullable(st.MergedRecordSize), colStats}}, nil
}
