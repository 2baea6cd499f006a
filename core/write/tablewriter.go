// Package write turns rows into Paimon data files as Java's writers do
// (per partition and bucket, with sequence numbers, changelog, deletion
// vectors and bucket indexes) and hands their manifest entries to
// core/commit.
package write

import (
	"context"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

const (
	// kvBufferRows bounds the rows a primary-key bucket keeps in memory
	// before it flushes them as a sorted level-0 file (Java's write buffer).
	kvBufferRows = 1 << 20
)

// The primary-key records all bucket writers of a table writer hold are
// bounded in bytes too, by write-buffer-size as Java's shared write
// buffer is: past it the bucket writer holding the most flushes a sorted
// run (Java flushes its largest writer too). A bulk load in one statement
// (LOAD DATA, INSERT ... SELECT) otherwise kept up to kvBufferRows rows
// in every bucket: 1.5 GB for 600,000 TPC-H lineitem rows in two buckets.
// The bytes are estimated from the Go values (recordBytes), which take
// more room than Java's binary rows: the bound is on the heap.

// recordBytes estimates the heap a buffered record of row takes: the
// record, its key and value slices, and each value's boxed payload.
func recordBytes(row []any, keyLen int) int64 {
	n := int64(64 + 16*(len(row)+keyLen))
	for _, v := range row {
		switch v := v.(type) {
		case nil, bool, int8, int16:
		case string:
			n += int64(16 + len(v))
		case []byte:
			n += int64(24 + len(v))
		default:
			n += 48 // a number's box, a time, a decimal's digits
		}
	}
	return n
}

// TableWriter turns rows into data files of one table, laid out as Java's
// writers lay them out: one writer per (partition, bucket), Java's bucket
// function, level-0 files for primary-key tables with their key and system
// columns, sequence numbers continuing those of the bucket. After Flush,
// Entries are the manifest entries for a commit.Committer; Abort deletes every file
// written.
type TableWriter struct {
	t         *table.Table
	sch       *spec.TableSchema
	opts      options.Options
	base      *spec.Snapshot
	pk        bool
	buckets   int // > 0 fixed; -1 bucket-unaware (append tables)
	spec      partition.Spec
	partIdx   []int
	bucketIx  []int
	bucketFn  *bucket.Function // 'bucket-function.type' over the bucket key
	kindIdx   int              // the 'rowkind.field' column, or -1
	keyIdx    []int
	keyTypes  []types.DataType
	fileSetup // layout, rolling target and Parquet options
	engine    *mergefunc.Factory
	dyn       *dynamicBuckets // dynamic-bucket primary-key tables (bucket = -1)

	// rescale lets an overwrite write partitions with the table's current
	// bucket count, whatever count their old files have.
	rescale bool

	writers map[string]*bucketWriter
	// buffered is the estimated heap of the primary-key records the
	// bucket writers hold, bounded by bufferBudget (write-buffer-size).
	buffered, bufferBudget int64
	keyBuf                 []byte           // writer's key buffer
	noPart                 []byte           // an unpartitioned table's partition bytes, serialized once
	seqs                   map[string]int64 // next sequence number by (partition, bucket), loaded lazily
	totals                 map[string]int32 // _TOTAL_BUCKETS of partitions that have files
	planned                bool
	// keptRows counts the rows the append writers keep for rollbacks
	// (statement.go).
	keptRows int
	entries  []spec.ManifestEntry
	done     []string // paths of finished files, for Abort
	// changelog are the entries of changelog files (changelog.go).
	changelog []spec.ManifestEntry
}

// NewTableWriter prepares writes to t with its schema sch, continuing from
// the base snapshot (nil for an empty table).
func NewTableWriter(t *table.Table, sch *spec.TableSchema, base *spec.Snapshot) (*TableWriter, error) {
	opts := sch.Options
	if err := CheckWritableOptions(opts); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	buckets, err := opts.Bucket()
	if err != nil {
		return nil, err
	}
	w := &TableWriter{t: t, sch: sch, opts: opts, base: base, pk: len(sch.PrimaryKeys) > 0, buckets: buckets,
		writers: map[string]*bucketWriter{}, seqs: map[string]int64{}, totals: map[string]int32{}}
	switch {
	case buckets == bucket.Postpone:
		return nil, fmt.Errorf("%s: postpone-bucket tables (bucket = -2) are not writable by paimon-sql yet", t.FullName())
	case buckets == bucket.Dynamic && w.pk:
		if w.dyn, err = newDynamicBuckets(t, sch, opts); err != nil {
			return nil, err
		}
	case buckets == 0 || buckets < bucket.Postpone:
		return nil, fmt.Errorf("%s: invalid 'bucket' = %d", t.FullName(), buckets)
	}
	if w.kindIdx, err = rowKindColumn(sch); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	legacy, err := options.PartitionLegacyName.Get(opts)
	if err != nil {
		return nil, err
	}
	w.spec = partition.Spec{Keys: sch.PartitionKeys, DefaultName: opts.PartitionDefaultName(), LegacyName: legacy}
	for _, k := range sch.PartitionKeys {
		f, i, _ := sch.Field(k)
		w.partIdx = append(w.partIdx, i)
		w.spec.Types = append(w.spec.Types, f.Type)
	}
	if buckets > 0 {
		bucketKey := options.SplitList(options.BucketKey.Text(opts))
		if len(bucketKey) == 0 {
			bucketKey = sch.TrimmedPrimaryKeys()
		}
		if len(bucketKey) == 0 {
			return nil, fmt.Errorf("%s: an append table with 'bucket' = %d needs 'bucket-key'", t.FullName(), buckets)
		}
		var keyTypes []types.DataType
		for _, k := range bucketKey {
			f, i, ok := sch.Field(k)
			if !ok {
				return nil, fmt.Errorf("%s: bucket-key column %s is not in the table", t.FullName(), k)
			}
			w.bucketIx = append(w.bucketIx, i)
			keyTypes = append(keyTypes, f.Type)
		}
		if w.bucketFn, err = bucket.New(options.BucketFunctionType.Text(opts), keyTypes); err != nil {
			return nil, fmt.Errorf("%s: %w", t.FullName(), err)
		}
	}
	if w.fileSetup, err = newFileSetup(sch, opts, 0); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if w.pk {
		if w.bufferBudget, err = options.WriteBufferSize.Get(opts); err != nil {
			return nil, fmt.Errorf("%s: %w", t.FullName(), err)
		}
		for _, k := range sch.TrimmedPrimaryKeys() {
			f, i, _ := sch.Field(k)
			w.keyIdx = append(w.keyIdx, i)
			w.keyTypes = append(w.keyTypes, f.Type)
		}
		if w.engine, err = mergefunc.New(sch.Fields, sch.PrimaryKeys, sch.Options); err != nil {
			return nil, fmt.Errorf("%s: %w", t.FullName(), err)
		}
	}
	return w, nil
}

// Rescale lets this writer, which overwrites, lay partitions out with the
// table's current bucket count (Java's rescale by INSERT OVERWRITE).
func (w *TableWriter) Rescale() { w.rescale = true }

// Base is the snapshot the writer continues from (nil for an empty table).
func (w *TableWriter) Base() *spec.Snapshot { return w.base }

// Bucket is the bucket a row goes to (0 for bucket-unaware tables). Only
// the bucket-key columns of row are read.
func (w *TableWriter) Bucket(row []any) (int32, error) {
	if w.buckets <= 0 {
		return 0, nil
	}
	b, err := w.bucketFn.Bucket(project(row, w.bucketIx), w.buckets)
	if err != nil {
		return 0, fmt.Errorf("%s: bucket key: %w", w.t.FullName(), err)
	}
	return int32(b), nil
}

// Write adds one row of the table's columns (core values) with its kind:
// +I for append tables; +I, +U or -D for primary-key tables.
func (w *TableWriter) Write(ctx context.Context, kind mergefunc.RowKind, row []any) error {
	if w.kindIdx >= 0 {
		k, err := rowKindOf(row[w.kindIdx])
		if err != nil {
			return fmt.Errorf("%s: %s: %w", w.t.FullName(), options.RowkindField.Key, err)
		}
		kind = k
	}
	if !w.pk && kind != mergefunc.Insert {
		return fmt.Errorf("%s: an append table only takes inserts", w.t.FullName())
	}
	partValues := project(row, w.partIdx)
	part, err := w.partition(partValues)
	if err != nil {
		return err
	}
	bucket, err := w.bucketOf(ctx, part, partValues, row)
	if err != nil {
		return err
	}
	bw, err := w.writer(ctx, part, partValues, bucket)
	if err != nil {
		return err
	}
	return bw.write(ctx, kind, row)
}

// partition is the serialized partition of a row: an unpartitioned
// table's is the same for every row, and serializing it per row was an
// allocation per row of a bulk INSERT.
func (w *TableWriter) partition(values []any) ([]byte, error) {
	if len(w.partIdx) == 0 && w.noPart != nil {
		return w.noPart, nil
	}
	part, err := binrow.Serialize(values, w.spec.Types)
	if err != nil {
		return nil, fmt.Errorf("%s: partition: %w", w.t.FullName(), err)
	}
	if len(w.partIdx) == 0 {
		w.noPart = part
	}
	return part, nil
}

// writer returns the bucket writer of (partition, bucket), starting its
// sequence numbers after the bucket's live files.
func (w *TableWriter) writer(ctx context.Context, part []byte, values []any, bucket int32) (*bucketWriter, error) {
	// Every row looks its writer up: the key is built in a reused buffer,
	// and the map lookup by string(bytes) does not allocate.
	w.keyBuf = writerKey(w.keyBuf[:0], part, bucket)
	if bw, ok := w.writers[string(w.keyBuf)]; ok {
		return bw, nil
	}
	id := string(w.keyBuf)
	if err := w.loadSequences(ctx); err != nil {
		return nil, err
	}
	total := int32(w.buckets)
	if t, ok := w.totals[fmt.Sprintf("%x", part)]; ok && w.buckets > 0 && t != total && !w.rescale {
		// Rows hashed with the new count would miss their keys in the old
		// buckets: Java refuses too.
		return nil, fmt.Errorf("%s: partition %s has %d buckets but 'bucket' is now %d: rewrite it with INSERT OVERWRITE to rescale it first",
			w.t.FullName(), w.spec.Pairs(values), t, total)
	}
	dir := fmt.Sprintf("%s/%sbucket-%d", w.dataDir(), w.spec.Path(values), bucket)
	ext, err := newPathProvider(w.opts, w.t.Root, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", w.t.FullName(), err)
	}
	bw := &bucketWriter{tw: w, part: part, bucket: bucket, total: total, dir: dir,
		namer: newFileNamer(dataFilePrefix(w.opts)), ext: ext, nextSeq: w.seqs[id]}
	w.writers[id] = bw
	return bw, nil
}

// writerKey appends the key of the writer of (partition, bucket) to buf:
// the partition's bytes in hex, a slash, the bucket.
func writerKey(buf, part []byte, bucket int32) []byte {
	buf = hex.AppendEncode(buf, part)
	buf = append(buf, '/')
	return strconv.AppendInt(buf, int64(bucket), 10)
}

func (w *TableWriter) dataDir() string {
	if d := options.DataFilePathDirectory.Text(w.opts); d != "" {
		return w.t.Root + "/" + d
	}
	return w.t.Root
}

// loadSequences reads, once, the highest sequence number of every bucket
// and the bucket count of every partition in the base snapshot.
func (w *TableWriter) loadSequences(ctx context.Context) error {
	// Java's writers of bucket-unaware append tables ignore the table's
	// files (AppendOnlyFileStoreWrite forces ignorePreviousFiles): their
	// sequence numbers start at 0 in every write, and nothing is
	// compacted in the writer. Planning the table for every INSERT cost a
	// read of all its manifests.
	if w.planned || w.base == nil || (!w.pk && w.buckets <= 0) {
		w.planned = true
		return nil
	}
	w.planned = true
	plan, err := scan.New(ctx, w.t, w.base, w.sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		return err
	}
	for _, s := range plan.Splits {
		id := string(writerKey(nil, s.Partition, s.Bucket))
		for _, f := range s.Files {
			if f.MaxSequenceNumber+1 > w.seqs[id] {
				w.seqs[id] = f.MaxSequenceNumber + 1
			}
		}
		w.totals[fmt.Sprintf("%x", s.Partition)] = s.TotalBuckets
	}
	return nil
}

// Flush finishes every open file. Later writes start new files, with
// sequence numbers after the flushed ones.
func (w *TableWriter) Flush(ctx context.Context) error {
	ids := make([]string, 0, len(w.writers))
	for id := range w.writers {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		bw := w.writers[id]
		if err := bw.finish(ctx); err != nil {
			return err
		}
		w.seqs[id] = bw.nextSeq
		delete(w.writers, id)
	}
	return nil
}

// Entries are the ADD entries of the flushed files, in the order written.
func (w *TableWriter) Entries() []spec.ManifestEntry { return w.entries }

// Mark is a point to roll back to (a statement's start).
type Mark struct {
	files, entries, changelog, assigned int
	// rows are, by writer, how many rows of an append table's open file
	// and pending rows precede the mark (statement.go).
	rows map[string]int
}

// Mark returns the current point.
func (w *TableWriter) Mark() Mark {
	m := Mark{files: len(w.done), entries: len(w.entries), changelog: len(w.changelog), assigned: w.dyn.mark()}
	if !w.pk {
		m.rows = make(map[string]int, len(w.writers))
		for id, bw := range w.writers {
			bw.markRows = len(bw.kept) + len(bw.pending)
			m.rows[id] = bw.markRows
		}
	}
	return m
}

// RollbackTo discards what was written after m: the files flushed after
// it, and the open files, whose rows from before m an append table's
// writer kept (statement.go) and writes again.
func (w *TableWriter) RollbackTo(ctx context.Context, m Mark) {
	for id, bw := range w.writers {
		if n, ok := m.rows[id]; ok {
			bw.restore(ctx, n)
			continue
		}
		w.seqs[id] = bw.nextSeq // numbers used by discarded rows stay unused
		bw.abort(ctx)
		delete(w.writers, id)
	}
	for _, p := range w.done[m.files:] {
		fs.DeleteAt(ctx, w.t.FS, p)
	}
	w.done, w.entries = w.done[:m.files], w.entries[:m.entries]
	w.changelog = w.changelog[:m.changelog]
	w.dynRollbackTo(m.assigned)
}

// Abort deletes every file this writer wrote or is writing.
func (w *TableWriter) Abort(ctx context.Context) { w.RollbackTo(ctx, Mark{}) }

// TakeRows hands over the rows written so far, instead of writing them,
// when they are all still in memory: a bucket-unaware append table (its
// rows need no sequence numbers of the table, no bucket, no merge) before
// any file was started. The writer is then empty. ok is false, and
// nothing changes, for other tables or once a file was started. Rows
// taken from several writers can be written by one (group commit of
// autocommit INSERTs: one data file for many small statements).
func (w *TableWriter) TakeRows() (rows [][]any, ok bool) {
	if w.pk || w.buckets > 0 || w.kindIdx >= 0 || len(w.done) > 0 || len(w.entries) > 0 || len(w.changelog) > 0 {
		return nil, false
	}
	for _, bw := range w.writers {
		if bw.file != nil {
			return nil, false
		}
	}
	ids := make([]string, 0, len(w.writers))
	for id := range w.writers {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		rows = append(rows, w.writers[id].pending...)
		delete(w.writers, id)
	}
	return rows, true
}
