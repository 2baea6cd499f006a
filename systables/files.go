package systables

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// The system tables computed from a table's metadata; registry names them.
var (
	manifestsTable = builder{readsFiles: true, versioned: true, columns: []column{
		{"file_name", stringType, false},
		{"file_size", bigintType, false},
		{"num_added_files", bigintType, false},
		{"num_deleted_files", bigintType, false},
		{"schema_id", bigintType, false},
		{"min_partition_stats", stringType, true},
		{"max_partition_stats", stringType, true},
		{"min_row_id", bigintType, true},
		{"max_row_id", bigintType, true},
	}, rows: manifestRows}

	filesTable = builder{readsFiles: true, versioned: true, columns: []column{
		{"partition", stringType, true},
		{"bucket", intType, false},
		{"file_path", stringType, false},
		{"file_format", stringType, false},
		{"schema_id", bigintType, false},
		{"level", intType, false},
		{"record_count", bigintType, false},
		{"file_size_in_bytes", bigintType, false},
		{"min_key", stringType, true},
		{"max_key", stringType, true},
		{"null_value_counts", stringType, false},
		{"min_value_stats", stringType, false},
		{"max_value_stats", stringType, false},
		{"min_sequence_number", bigintType, true},
		{"max_sequence_number", bigintType, true},
		{"creation_time", timestampType, true},
		{"deleteRowCount", bigintType, true},
		{"file_source", stringType, true},
		{"first_row_id", bigintType, true},
		{"write_cols", jsonType, true},
	}, rows: fileRows}

	partitionsTable = builder{readsFiles: true, columns: []column{
		{"partition", stringType, true},
		{"record_count", bigintType, false},
		{"file_size_in_bytes", bigintType, false},
		{"file_count", bigintType, false},
		{"last_update_time", timestampType, true},
		{"created_at", timestampType, true},
		{"created_by", stringType, true},
		{"updated_by", stringType, true},
		{"options", stringType, true},
	}, rows: partitionRows}

	bucketsTable = builder{readsFiles: true, columns: []column{
		{"partition", stringType, true},
		{"bucket", intType, false},
		{"record_count", bigintType, false},
		{"file_size_in_bytes", bigintType, false},
		{"file_count", bigintType, false},
		{"last_update_time", timestampType, true},
	}, rows: bucketRows}

	tableIndexesTable = builder{readsFiles: true, columns: []column{
		{"partition", stringType, true},
		{"bucket", intType, false},
		{"index_type", stringType, false},
		{"file_name", stringType, false},
		{"file_size", bigintType, false},
		{"row_count", bigintType, false},
		{"dv_ranges", jsonType, true},
	}, rows: indexRows}
)

// pinned returns snap, or the latest snapshot (nil when there is none).
func pinned(ctx *sql.Context, t *table.Table, snap *spec.Snapshot) (*spec.Snapshot, *spec.TableSchema, error) {
	if snap == nil {
		var err error
		if snap, err = t.Snapshots.Latest(ctx); err != nil {
			return nil, nil, err
		}
	}
	sch, err := t.LatestSchema(ctx)
	return snap, sch, err
}

// partitionTypes are the types of the partition columns.
func partitionTypes(sch *spec.TableSchema) []types.DataType {
	out := make([]types.DataType, len(sch.PartitionKeys))
	for i, k := range sch.PartitionKeys {
		f, _, _ := sch.Field(k)
		out[i] = f.Type
	}
	return out
}

// rowString is Paimon's CAST(row AS STRING): "{v1, v2}".
func rowString(values []any, ts []types.DataType) string {
	parts := make([]string, len(values))
	for i, v := range values {
		if v == nil {
			parts[i] = "null"
		} else {
			parts[i] = partition.CastString(ts[i], v)
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// javaString is Java's toString of Paimon's internal value (DATE as a day
// number, TIMESTAMP as LocalDateTime), as $files shows statistics.
func javaString(t types.DataType, v any) string {
	if v == nil {
		return "null"
	}
	return partition.LegacyString(t, v)
}

func decodePartition(part []byte, sch *spec.TableSchema) (any, []any) {
	if len(sch.PartitionKeys) == 0 {
		return "{}", nil
	}
	ts := partitionTypes(sch)
	values, err := binrow.Decode(part, ts)
	if err != nil {
		return nil, nil
	}
	return rowString(values, ts), values
}

func manifestRows(ctx *sql.Context, t *table.Table, snap *spec.Snapshot) ([]sql.Row, error) {
	snap, sch, err := pinned(ctx, t, snap)
	if err != nil || snap == nil {
		return nil, err
	}
	lists := []string{snap.BaseManifestList, snap.DeltaManifestList}
	if snap.ChangelogManifestList != nil {
		lists = append(lists, *snap.ChangelogManifestList)
	}
	var rows []sql.Row
	for _, l := range lists {
		metas, err := scan.ReadManifestList(ctx, t, l)
		if err != nil {
			return nil, err
		}
		for _, m := range metas {
			minP, maxP := any(nil), any(nil)
			if len(sch.PartitionKeys) > 0 {
				minP, _ = decodePartition(m.PartitionStats.MinValues, sch)
				maxP, _ = decodePartition(m.PartitionStats.MaxValues, sch)
			}
			rows = append(rows, sql.Row{m.FileName, m.FileSize, m.NumAddedFiles, m.NumDeletedFiles, m.SchemaID,
				minP, maxP, nullable(m.MinRowID), nullable(m.MaxRowID)})
		}
	}
	return rows, nil
}

// plan lists every live file of the snapshot, level 0 included.
func plan(ctx *sql.Context, t *table.Table, snap *spec.Snapshot) (*scan.Plan, *spec.TableSchema, error) {
	snap, sch, err := pinned(ctx, t, snap)
	if err != nil {
		return nil, nil, err
	}
	p, err := scan.New(ctx, t, snap, sch, scan.Options{KeepLevel0: true, NoFallback: true})
	return p, sch, err
}

func fileRows(ctx *sql.Context, t *table.Table, snap *spec.Snapshot) ([]sql.Row, error) {
	p, sch, err := plan(ctx, t, snap)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	for _, sp := range p.Splits {
		partStr := any(nil)
		if len(sch.PartitionKeys) > 0 {
			partStr = rowString(sp.PartitionValues, partitionTypes(sch))
		} else {
			partStr = "{}"
		}
		for _, f := range sp.Files {
			fileSchema, err := t.Schemas.Schema(ctx, f.SchemaID)
			if err != nil {
				return nil, err
			}
			nulls, mins, maxs := valueStats(f, fileSchema, sch)
			var minKey, maxKey any
			if keyTypes := keyTypes(fileSchema); len(keyTypes) > 0 {
				minKey, maxKey = keyString(f.MinKey, keyTypes), keyString(f.MaxKey, keyTypes)
			}
			var created, source, writeCols any
			if f.CreationTime != nil {
				created = *f.CreationTime
			}
			if f.FileSource != nil {
				source = map[spec.FileSource]string{spec.SourceAppend: "APPEND", spec.SourceCompact: "COMPACT"}[*f.FileSource]
			}
			if f.WriteCols != nil {
				writeCols = gtypes.JSONDocument{Val: stringsToAny(f.WriteCols)}
			}
			rows = append(rows, sql.Row{partStr, sp.Bucket, fs.LocationOf(t.FS, sp.FilePath(f)), fileFormat(f.FileName), f.SchemaID, f.Level,
				f.RowCount, f.FileSize, minKey, maxKey, nulls, mins, maxs, f.MinSequenceNumber, f.MaxSequenceNumber,
				created, nullable(f.DeleteRowCount), source, nullable(f.FirstRowID), writeCols})
		}
	}
	return rows, nil
}

func stringsToAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// fileFormat is the format of a data file from its extension.
func fileFormat(name string) string {
	return strings.TrimPrefix(path.Ext(name), ".")
}

// keyTypes are the trimmed primary key types of a schema (none for append tables).
func keyTypes(sch *spec.TableSchema) []types.DataType {
	if len(sch.PrimaryKeys) == 0 {
		return nil
	}
	var out []types.DataType
	for _, k := range sch.TrimmedPrimaryKeys() {
		f, _, _ := sch.Field(k)
		out = append(out, f.Type)
	}
	return out
}

// keyString is Java's Arrays.toString of a key row: "[Alice, 1]".
func keyString(key []byte, ts []types.DataType) any {
	values, err := binrow.Decode(key, ts)
	if err != nil || len(values) == 0 {
		return nil
	}
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = javaString(ts[i], v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// valueStats renders the statistics of a file for the current schema's
// columns, as Java's TreeMap.toString: "{a=1, b=null}".
func valueStats(f spec.DataFileMeta, fileSchema, cur *spec.TableSchema) (nulls, mins, maxs string) {
	cols := f.ValueStatsCols
	if cols == nil {
		cols = fileSchema.FieldNames()
	}
	ts := make([]types.DataType, len(cols))
	for i, c := range cols {
		fd, _, _ := fileSchema.Field(c)
		ts[i] = fd.Type.WithNullable(true)
		if ts[i].IsNested() {
			ts[i] = types.New(types.BigInt)
		}
	}
	minV, err1 := binrow.Decode(f.ValueStats.MinValues, ts)
	maxV, err2 := binrow.Decode(f.ValueStats.MaxValues, ts)
	byID := map[int]int{}
	for i, c := range cols {
		if fd, _, ok := fileSchema.Field(c); ok {
			byID[fd.ID] = i
		}
	}
	names := cur.FieldNames()
	sort.Strings(names)
	var n, lo, hi []string
	for _, name := range names {
		fd, _, _ := cur.Field(name)
		i, ok := byID[fd.ID]
		nullCount, minS, maxS := "null", "null", "null"
		if !ok && fileSchema.HighestFieldID < fd.ID {
			nullCount = fmt.Sprint(f.RowCount) // added later: all NULL in this file
		}
		if ok && err1 == nil && err2 == nil && i < len(minV) && i < len(maxV) {
			if i < len(f.ValueStats.NullCounts) && f.ValueStats.NullCounts[i] != nil {
				nullCount = fmt.Sprint(*f.ValueStats.NullCounts[i])
			}
			if !fd.Type.IsNested() {
				minS, maxS = javaString(ts[i], minV[i]), javaString(ts[i], maxV[i])
			}
		}
		n = append(n, name+"="+nullCount)
		lo = append(lo, name+"="+minS)
		hi = append(hi, name+"="+maxS)
	}
	return "{" + strings.Join(n, ", ") + "}", "{" + strings.Join(lo, ", ") + "}", "{" + strings.Join(hi, ", ") + "}"
}

type aggregate struct {
	records, bytes, files int64
	lastUpdate            *time.Time
}

func (a *aggregate) add(f spec.DataFileMeta) {
	a.records += f.RowCount
	a.bytes += f.FileSize
	a.files++
	if f.CreationTime != nil && (a.lastUpdate == nil || f.CreationTime.After(*a.lastUpdate)) {
		t := *f.CreationTime
		a.lastUpdate = &t
	}
}

func (a *aggregate) last() any {
	if a.lastUpdate == nil {
		return nil
	}
	return *a.lastUpdate
}

func partitionRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	p, sch, err := plan(ctx, t, nil)
	if err != nil {
		return nil, err
	}
	opts := sch.Options
	legacy, _ := options.PartitionLegacyName.Get(opts)
	spec := partition.Spec{Keys: sch.PartitionKeys, Types: partitionTypes(sch), DefaultName: opts.PartitionDefaultName(), LegacyName: legacy}
	aggs := map[string]*aggregate{}
	var order []string
	for _, sp := range p.Splits {
		key := spec.Pairs(sp.PartitionValues)
		a, ok := aggs[key]
		if !ok {
			a = &aggregate{}
			aggs[key] = a
			order = append(order, key)
		}
		for _, f := range sp.Files {
			a.add(f)
		}
	}
	sort.Strings(order)
	rows := make([]sql.Row, len(order))
	for i, k := range order {
		a := aggs[k]
		rows[i] = sql.Row{k, a.records, a.bytes, a.files, a.last(), nil, nil, nil, nil}
	}
	return rows, nil
}

func bucketRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	p, sch, err := plan(ctx, t, nil)
	if err != nil {
		return nil, err
	}
	rows := make([]sql.Row, 0, len(p.Splits))
	for _, sp := range p.Splits {
		a := &aggregate{}
		for _, f := range sp.Files {
			a.add(f)
		}
		part := "{}"
		if len(sch.PartitionKeys) > 0 {
			part = rowString(sp.PartitionValues, partitionTypes(sch))
		}
		rows = append(rows, sql.Row{part, sp.Bucket, a.records, a.bytes, a.files, a.last()})
	}
	return rows, nil
}

func indexRows(ctx *sql.Context, t *table.Table, _ *spec.Snapshot) ([]sql.Row, error) {
	snap, sch, err := pinned(ctx, t, nil)
	if err != nil || snap == nil || snap.IndexManifest == nil {
		return nil, err
	}
	entries, err := scan.ReadIndexManifest(ctx, t, *snap.IndexManifest)
	if err != nil {
		return nil, err
	}
	rows := make([]sql.Row, 0, len(entries))
	for _, e := range entries {
		part, _ := decodePartition(e.Partition, sch)
		var ranges any
		if e.DVRanges != nil {
			list := make([]any, len(e.DVRanges))
			for i, r := range e.DVRanges {
				var card any
				if r.Cardinality != nil {
					card = *r.Cardinality
				}
				list[i] = map[string]any{"f0": r.DataFileName, "f1": r.Offset, "f2": r.Length, "_CARDINALITY": card}
			}
			ranges = gtypes.JSONDocument{Val: list}
		}
		rows = append(rows, sql.Row{part, e.Bucket, e.IndexType, e.FileName, e.FileSize, e.RowCount, ranges})
	}
	return rows, nil
}
