// Package gentable writes synthetic Apache Paimon tables for the tests and
// benchmarks of the read path.
//
// It generates rows, not files: the rows go through the product writer
// (core/write) and its commits through core/commit, so the files are laid
// out as paimon-sql writes them. Only the shape is chosen here:
//
//   - append tables, bucket-unaware or with fixed buckets, optionally
//     partitioned, spread over several commits;
//   - primary-key tables either as level-0 files of overlapping commits
//     that reads must merge (Level0, UpdateEvery, DeleteEvery), or as
//     files on the highest level with disjoint key ranges, which reads take
//     file by file (written with the compaction rewriter, as a full
//     compaction leaves them);
//   - MetadataOnly tables, for planning benchmarks: manifests and
//     snapshots committed by core/commit for files that do not exist.
//
// Row r of the table is a pure function of r (see Table.Value), so a test
// can check every row it reads back without keeping the data in memory.
package gentable

import (
	"context"
	"fmt"
	"math"
	"path"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// Column is one generated column.
type Column struct {
	Name string
	Type types.DataType
}

// DefaultColumns is id BIGINT, v INT, s STRING.
func DefaultColumns() []Column {
	return []Column{
		{Name: "id", Type: types.New(types.BigInt)},
		{Name: "v", Type: types.New(types.Int)},
		{Name: "s", Type: types.NewString()},
	}
}

// PartitionColumn is the column Options.Partitions adds.
const PartitionColumn = "pt"

// Options describe the table to generate. The zero value of a field means
// its default.
type Options struct {
	Database string // default "bench"
	Table    string // default "t"
	// Columns default to DefaultColumns. The first column is the row id:
	// unique and ascending with the row (BIGINT, INT or STRING), and the
	// primary key of primary-key tables.
	Columns []Column
	// Rows is the number of rows (keys, for primary-key tables).
	Rows int64
	// RowsPerFile caps the rows of a data file (of a bucket, in one
	// commit); default 1<<20. Files also roll at the table's
	// target-file-size.
	RowsPerFile int
	// PrimaryKey makes a primary-key table keyed by the first column (and
	// the partition column).
	PrimaryKey bool
	// Buckets is the fixed bucket count (rows placed by Paimon's bucket
	// hash of the first column). 0 means bucket -1 for append tables (all
	// rows in bucket-0) and 1 for primary-key tables.
	Buckets int
	// Partitions > 0 adds a column pt INT NOT NULL partitioning the table:
	// row r is in partition r*Partitions/Rows.
	Partitions int
	// Snapshots spreads the rows over this many commits; default 1.
	Snapshots int
	// Level0 (primary-key tables) writes level-0 files, and with several
	// snapshots commit c holds the keys r with r%Snapshots == c, so the
	// files of a bucket overlap and reads must merge them. Otherwise
	// primary-key files are written on the highest level (5) with
	// disjoint key ranges: reads take the raw path, file by file.
	Level0 bool
	// UpdateEvery and DeleteEvery (primary-key tables) add a last commit of
	// level-0 files: +U records with new values for keys r%UpdateEvery == 0
	// and -D records for keys r%DeleteEvery == 0 (the delete wins).
	UpdateEvery, DeleteEvery int64
	// NullEvery > 0 makes the nullable non-key columns NULL on rows r with
	// r%NullEvery == NullEvery-1.
	NullEvery int64
	// MetadataOnly commits files that are written empty (sizes are
	// estimates, statistics exact; a commit checks that its files exist):
	// for planning benchmarks only.
	MetadataOnly bool
	// TableOptions are added to the schema's options (for example
	// options.ParquetBlockSize for smaller row groups).
	TableOptions map[string]string
}

// Table is a generated table.
type Table struct {
	Options  Options // with defaults applied
	Dir      string  // the warehouse directory
	Path     string  // the table directory
	Schema   *spec.TableSchema
	Snapshot int64 // id of the latest snapshot
	Files    int   // data files
	Records  int64 // records in data files (updates and deletes included)
	Bytes    int64 // bytes of data files
}

// Write generates a table in the warehouse directory dir.
func Write(dir string, o Options) (*Table, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	rel := warehouse.TablePath(o.Database, o.Table)
	t := &Table{Options: o, Dir: dir, Path: path.Join(dir, rel)}
	if t.Schema, err = schema.NewManager(fsys, rel).Create(ctx, t.newSchema()); err != nil {
		return nil, err
	}
	tbl, err := table.Open(ctx, fsys, o.Database, o.Table, "")
	if err != nil {
		return nil, err
	}
	for _, c := range t.commits() {
		var entries []spec.ManifestEntry
		switch {
		case o.MetadataOnly:
			if entries, err = t.metadataOnly(c); err == nil {
				err = placeholders(ctx, tbl, entries)
			}
		case c.level > 0:
			entries, err = t.writeTopLevel(ctx, tbl, c)
		default:
			entries, err = t.writeLevel0(ctx, tbl, c)
		}
		if err != nil {
			return nil, err
		}
		cm, err := commit.New(tbl, uuid.NewString(), t.Schema.Options)
		if err != nil {
			return nil, err
		}
		snap, err := cm.Commit(ctx, commit.Request{Identifier: commit.BatchIdentifier, SchemaID: t.Schema.ID, Append: commit.Changes{Files: entries}})
		if err != nil {
			return nil, err
		}
		t.Snapshot = snap.ID
		for _, e := range entries {
			t.Files++
			t.Records += e.File.RowCount
			t.Bytes += e.File.FileSize
		}
	}
	return t, nil
}

func (o *Options) defaults() error {
	if o.Database == "" {
		o.Database = "bench"
	}
	if o.Table == "" {
		o.Table = "t"
	}
	if o.Columns == nil {
		o.Columns = DefaultColumns()
	}
	if len(o.Columns) == 0 {
		return fmt.Errorf("gentable: no columns")
	}
	switch o.Columns[0].Type.Kind {
	case types.BigInt, types.Int, types.VarChar:
	default:
		return fmt.Errorf("gentable: the first column must be BIGINT, INT or STRING")
	}
	if o.Rows < 0 || (o.Columns[0].Type.Kind == types.Int && o.Rows > math.MaxInt32) {
		return fmt.Errorf("gentable: %d rows", o.Rows)
	}
	if o.RowsPerFile <= 0 {
		o.RowsPerFile = 1 << 20
	}
	if o.Snapshots <= 0 {
		o.Snapshots = 1
	}
	if o.PrimaryKey && o.Buckets <= 0 {
		o.Buckets = 1
	}
	if !o.PrimaryKey && (o.Level0 || o.UpdateEvery > 0 || o.DeleteEvery > 0) {
		return fmt.Errorf("gentable: Level0, UpdateEvery and DeleteEvery need a primary key")
	}
	return nil
}

// Versions of a row's values: 0 as first written, 1 after the update.
const (
	original = 0
	updated  = 1
)

func (t *Table) newSchema() schema.NewSchema {
	o := t.Options
	s := schema.NewSchema{PartitionKeys: []string{}, PrimaryKeys: []string{}, Options: map[string]string{}}
	for i, c := range o.Columns {
		s.Fields = append(s.Fields, types.DataField{ID: i, Name: c.Name, Type: c.Type})
	}
	if o.PrimaryKey {
		s.PrimaryKeys = append(s.PrimaryKeys, o.Columns[0].Name)
	}
	if o.Partitions > 0 {
		s.Fields = append(s.Fields, types.DataField{ID: len(s.Fields), Name: PartitionColumn, Type: types.New(types.Int).WithNullable(false)})
		s.PartitionKeys = append(s.PartitionKeys, PartitionColumn)
		if o.PrimaryKey {
			s.PrimaryKeys = append(s.PrimaryKeys, PartitionColumn)
		}
	}
	if o.Buckets > 0 {
		s.Options[options.Bucket.Key] = strconv.Itoa(o.Buckets)
		if !o.PrimaryKey {
			s.Options[options.BucketKey.Key] = o.Columns[0].Name
		}
	}
	for k, v := range o.TableOptions {
		s.Options[k] = v
	}
	return s
}

// Value is the value of field col (an index into Schema.Fields) of row r in
// the given version (0 as first written, 1 after an update).
func (t *Table) Value(r int64, col, version int) any {
	o := &t.Options
	f := t.Schema.Fields[col]
	if col == 0 {
		switch f.Type.Kind {
		case types.BigInt:
			return r
		case types.Int:
			return int32(r)
		default:
			return fmt.Sprintf("%012d", r)
		}
	}
	if o.Partitions > 0 && col == len(t.Schema.Fields)-1 {
		return t.partitionOf(r)
	}
	if o.NullEvery > 0 && f.Type.Nullable && r%o.NullEvery == o.NullEvery-1 {
		return nil
	}
	h := mix(uint64(r)*0x9E3779B97F4A7C15 ^ uint64(col)<<48 ^ uint64(version)<<56)
	switch f.Type.Kind {
	case types.Boolean:
		return h&1 == 0
	case types.TinyInt:
		return int8(h)
	case types.SmallInt:
		return int16(h)
	case types.Int:
		return int32(h % 1_000_000)
	case types.BigInt:
		return int64(h >> 1)
	case types.Double:
		return float64(h%1_000_000) / 100 // 0 to 9,999.99
	case types.Float:
		return float32(h%1_000_000) / 100
	case types.Time:
		return int32(h % 86_400_000) // milliseconds of the day
	case types.Timestamp, types.TimestampLTZ:
		// Microseconds from 1970 to 2025, at the type's precision.
		unit := int64(math.Pow10(6 - min(f.Type.Precision, 6)))
		return time.UnixMicro(int64(h%1_750_000_000_000_000) / unit * unit).UTC()
	case types.Decimal:
		// Signed values of up to 15 digits, within the type's precision.
		digits := min(f.Type.Precision, 15)
		m := uint64(math.Pow10(digits))
		return decimal.New(int64(h%m)-int64(m/2), -int32(f.Type.Scale))
	case types.Date:
		return int32(h % 20_000) // days: 1970 to 2024
	case types.Char:
		return string(rune('A' + h%3)) // a few groups, as TPC-H's flags
	default:
		return "s" + strconv.FormatUint(h%100_000, 10)
	}
}

// mix is splitmix64's finalizer.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Row is what a read of the latest snapshot returns for row r: its values
// in schema order, and false when the row was deleted.
func (t *Table) Row(r int64) ([]any, bool) {
	o := &t.Options
	version := original
	if o.PrimaryKey {
		if o.DeleteEvery > 0 && r%o.DeleteEvery == 0 {
			return nil, false
		}
		if o.UpdateEvery > 0 && r%o.UpdateEvery == 0 {
			version = updated
		}
	}
	return t.values(r, version), true
}

func (t *Table) values(r int64, version int) []any {
	out := make([]any, len(t.Schema.Fields))
	for i := range out {
		out[i] = t.Value(r, i, version)
	}
	return out
}

// LiveRows counts the rows Row reports live.
func (t *Table) LiveRows() int64 {
	o := &t.Options
	if !o.PrimaryKey || o.DeleteEvery <= 0 {
		return o.Rows
	}
	return o.Rows - (o.Rows+o.DeleteEvery-1)/o.DeleteEvery
}

func (t *Table) partitionOf(r int64) int32 {
	return int32(r * int64(t.Options.Partitions) / t.Options.Rows)
}

// topLevel is where a full compaction leaves a primary-key table's files
// (num-levels 6).
const topLevel = 5

// commitRows is one snapshot's worth of rows.
type commitRows struct {
	level   int32
	changes bool // the update/delete commit
	each    func(fn func(r int64) error) error
}

func (t *Table) commits() []commitRows {
	o := t.Options
	var out []commitRows
	level := int32(0)
	if o.PrimaryKey && !o.Level0 {
		level = topLevel
	}
	n := int64(o.Snapshots)
	for c := range n {
		if o.PrimaryKey && o.Level0 && n > 1 {
			out = append(out, commitRows{level: level, each: func(fn func(int64) error) error {
				for r := c; r < o.Rows; r += n {
					if err := fn(r); err != nil {
						return err
					}
				}
				return nil
			}})
			continue
		}
		lo, hi := o.Rows*c/n, o.Rows*(c+1)/n
		out = append(out, commitRows{level: level, each: func(fn func(int64) error) error {
			for r := lo; r < hi; r++ {
				if err := fn(r); err != nil {
					return err
				}
			}
			return nil
		}})
	}
	if o.UpdateEvery > 0 || o.DeleteEvery > 0 {
		out = append(out, commitRows{level: 0, changes: true, each: func(fn func(int64) error) error {
			for r := range o.Rows {
				if (o.UpdateEvery > 0 && r%o.UpdateEvery == 0) || (o.DeleteEvery > 0 && r%o.DeleteEvery == 0) {
					if err := fn(r); err != nil {
						return err
					}
				}
			}
			return nil
		}})
	}
	return out
}

// record is row r as commit c writes it: an insert of the original values,
// or in the change commit a -D (the delete wins) or a +U of new values.
func (t *Table) record(c commitRows, r int64) (mergefunc.RowKind, []any) {
	o := t.Options
	switch {
	case !c.changes:
		return mergefunc.Insert, t.values(r, original)
	case o.DeleteEvery > 0 && r%o.DeleteEvery == 0:
		return mergefunc.Delete, t.values(r, original)
	default:
		return mergefunc.UpdateAfter, t.values(r, updated)
	}
}

// writeLevel0 writes a commit's rows with the table writer, flushing its
// files every RowsPerFile rows of a bucket.
func (t *Table) writeLevel0(ctx context.Context, tbl *table.Table, c commitRows) ([]spec.ManifestEntry, error) {
	base, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		return nil, err
	}
	w, err := write.NewTableWriter(tbl, t.Schema, base)
	if err != nil {
		return nil, err
	}
	perFlush := int64(t.Options.RowsPerFile) * int64(max(t.Options.Buckets, 1))
	var n int64
	err = c.each(func(r int64) error {
		kind, row := t.record(c, r)
		if err := w.Write(ctx, kind, row); err != nil {
			return err
		}
		if n++; n%perFlush == 0 {
			return w.Flush(ctx)
		}
		return nil
	})
	if err == nil {
		err = w.Flush(ctx)
	}
	if err != nil {
		w.Abort(ctx)
		return nil, err
	}
	return w.Entries(), nil
}

// bucketFiles is the top-level writing of one (partition, bucket).
type bucketFiles struct {
	partition []byte
	dir       string
	bucket    int32
	w         *write.RewriteWriter
	rows      int
	files     []spec.DataFileMeta
	nextSeq   int64
}

// writeTopLevel writes a commit's rows as compaction output on the top
// level: the rows of each bucket come in key order (keys ascend with r), so
// its files hold disjoint key ranges.
func (t *Table) writeTopLevel(ctx context.Context, tbl *table.Table, c commitRows) ([]spec.ManifestEntry, error) {
	o := t.Options
	// The table writer only places rows: it writes nothing here.
	placer, err := write.NewTableWriter(tbl, t.Schema, nil)
	if err != nil {
		return nil, err
	}
	opts := t.Schema.Options
	pspec, partTypes := t.partitionSpec(opts)
	buckets := map[string]*bucketFiles{}
	var order []*bucketFiles
	finish := func(b *bucketFiles) error {
		if b.w == nil {
			return nil
		}
		files, err := b.w.Finish(ctx)
		b.files = append(b.files, files...)
		b.w, b.rows = nil, 0
		return err
	}
	err = c.each(func(r int64) error {
		kind, row := t.record(c, r)
		var partValues []any
		if o.Partitions > 0 {
			partValues = []any{row[len(row)-1]}
		}
		bucket, err := placer.Bucket(row)
		if err != nil {
			return err
		}
		key := fmt.Sprint(partValues, bucket)
		b := buckets[key]
		if b == nil {
			part, err := binrow.Serialize(partValues, partTypes)
			if err != nil {
				return err
			}
			b = &bucketFiles{partition: part, bucket: bucket, dir: fmt.Sprintf("%s/%sbucket-%d", tbl.Root, pspec.Path(partValues), bucket)}
			buckets[key] = b
			order = append(order, b)
		}
		if b.w == nil {
			if b.w, err = write.NewRewriteWriter(tbl, t.Schema, opts, b.dir, topLevel); err != nil {
				return err
			}
		}
		// The key without the partition column (Java's trimmed primary key).
		kv := mergefunc.KeyValue{Key: []any{row[0]}, Sequence: b.nextSeq, Kind: kind, Value: row}
		b.nextSeq++
		if err := b.w.WriteKeyValue(ctx, kv); err != nil {
			return err
		}
		if b.rows++; b.rows >= o.RowsPerFile {
			return finish(b)
		}
		return nil
	})
	for _, b := range order {
		if err == nil {
			err = finish(b)
		}
		if err != nil && b.w != nil {
			b.w.Abort(ctx)
		}
	}
	var entries []spec.ManifestEntry
	for _, b := range order {
		for _, f := range b.files {
			entries = append(entries, spec.ManifestEntry{Kind: spec.FileAdd, Partition: b.partition, Bucket: b.bucket, TotalBuckets: int32(o.Buckets), File: f})
		}
	}
	return entries, err
}

func (t *Table) partitionSpec(opts options.Options) (partition.Spec, []types.DataType) {
	var partTypes []types.DataType
	if t.Options.Partitions > 0 {
		partTypes = []types.DataType{t.Schema.Fields[len(t.Schema.Fields)-1].Type}
	}
	return partition.Spec{Keys: t.Schema.PartitionKeys, Types: partTypes, DefaultName: opts.PartitionDefaultName(), LegacyName: true}, partTypes
}

// metadataOnly describes a commit's rows as files of RowsPerFile rows that
// are never written: exact value statistics, estimated sizes. Only
// unpartitioned bucket-unaware append tables are described.
// placeholders writes the empty files a MetadataOnly commit names.
func placeholders(ctx context.Context, tbl *table.Table, entries []spec.ManifestEntry) error {
	for _, e := range entries {
		if err := tbl.FS.Write(ctx, tbl.Root+"/bucket-0/"+e.File.FileName, nil); err != nil {
			return err
		}
	}
	return nil
}

func (t *Table) metadataOnly(c commitRows) ([]spec.ManifestEntry, error) {
	o := t.Options
	if o.PrimaryKey || o.Buckets > 0 || o.Partitions > 0 {
		return nil, fmt.Errorf("gentable: MetadataOnly describes unpartitioned bucket-unaware append tables only")
	}
	fields := t.Schema.Fields
	var statTypes []types.DataType
	for _, f := range fields {
		statTypes = append(statTypes, f.Type.WithNullable(true))
	}
	var entries []spec.ManifestEntry
	var mins, maxs []any
	var nulls []int64
	rows := 0
	flush := func() error {
		if rows == 0 {
			return nil
		}
		minRow, err := binrow.Serialize(mins, statTypes)
		if err != nil {
			return err
		}
		maxRow, err := binrow.Serialize(maxs, statTypes)
		if err != nil {
			return err
		}
		counts := make([]*int64, len(nulls))
		for i := range nulls {
			counts[i] = &nulls[i]
		}
		empty := spec.SimpleStats{MinValues: binrow.Empty(), MaxValues: binrow.Empty(), NullCounts: []*int64{}}
		zero, source := int64(0), spec.SourceAppend
		first := t.Records + int64(len(entries))*int64(o.RowsPerFile) // sequence numbers continue the table's rows
		entries = append(entries, spec.ManifestEntry{Kind: spec.FileAdd, Partition: binrow.Empty(), TotalBuckets: -1, File: spec.DataFileMeta{
			FileName: "data-" + uuid.NewString() + "-0.parquet", FileSize: int64(rows)*16 + 1024, RowCount: int64(rows),
			MinKey: binrow.Empty(), MaxKey: binrow.Empty(), KeyStats: empty,
			ValueStats:        spec.SimpleStats{MinValues: minRow, MaxValues: maxRow, NullCounts: counts},
			MinSequenceNumber: first, MaxSequenceNumber: first + int64(rows) - 1,
			ExtraFiles: []string{}, DeleteRowCount: &zero, FileSource: &source,
		}})
		mins, maxs, nulls, rows = nil, nil, nil, 0
		return nil
	}
	err := c.each(func(r int64) error {
		if rows == 0 {
			mins, maxs, nulls = make([]any, len(fields)), make([]any, len(fields)), make([]int64, len(fields))
		}
		for i := range fields {
			v := t.Value(r, i, original)
			switch {
			case v == nil:
				nulls[i]++
			case mins[i] == nil:
				mins[i], maxs[i] = v, v
			default:
				if less(v, mins[i]) {
					mins[i] = v
				}
				if less(maxs[i], v) {
					maxs[i] = v
				}
			}
		}
		if rows++; rows == o.RowsPerFile {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return entries, err
}

// less orders two generated values of one column.
func less(a, b any) bool {
	switch a := a.(type) {
	case bool:
		return !a && b.(bool)
	case int8:
		return a < b.(int8)
	case int16:
		return a < b.(int16)
	case int32:
		return a < b.(int32)
	case int64:
		return a < b.(int64)
	case float64:
		return a < b.(float64)
	case string:
		return a < b.(string)
	}
	panic(fmt.Sprintf("gentable: no order for %T", a))
}
