package write

import (
	"bytes"
	"context"
	"fmt"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Row-level DELETE and UPDATE of append tables with deletion vectors
// (docs/design/format.md §7.6): a deleted row is not rewritten, its position in its
// data file is marked in the file's deletion vector. The vectors live in
// DV index files listed by the index manifest: one file per (partition,
// bucket) for fixed-bucket tables, any number of files keyed by file name
// for bucket-unaware tables (a data file has its vector in at most one live
// index file). A commit replaces the index files of what it touched: the
// old entries are DELETEd, new files holding the merged vectors ADDed —
// which makes the commit an OVERWRITE, as in Java.

// DVDeleter stages deletions of one append table's rows, as positions of
// the base snapshot's live data files, and writes the DV index files that
// record them.
type DVDeleter struct {
	t             *table.Table
	sch           *spec.TableSchema
	base          *spec.Snapshot
	bucketUnaware bool
	index         *deletionvector.IndexWriter
	target        int64
	types         []types.DataType
	partTypes     []types.DataType

	planned bool
	splits  []*scan.Split
	// live are the base snapshot's live DV index entries; byFile locates
	// the vector of each data file in them.
	live   []spec.IndexManifestEntry
	byFile map[string]dvLocation

	// marks are the positions deleted since the base snapshot, by data
	// file; log records them in order so a failed statement can be undone.
	marks map[string]map[int64]bool
	log   []dvMark

	done []string // index files written, for Abort
}

type dvLocation struct {
	entry int // into live
	rng   spec.DeletionVectorRange
}

type dvMark struct {
	file string
	pos  int64
}

// NewDVDeleter prepares row deletions from t (schema sch) as of base.
func NewDVDeleter(t *table.Table, sch *spec.TableSchema, base *spec.Snapshot) (*DVDeleter, error) {
	opts := sch.Options
	if len(sch.PrimaryKeys) > 0 || !opts.DeletionVectorsEnabled() {
		return nil, fmt.Errorf("%s: deletion-vector deletes need an append table with 'deletion-vectors.enabled' = 'true'", t.FullName())
	}
	buckets, err := opts.Bucket()
	if err != nil {
		return nil, err
	}
	if buckets == 0 || buckets < bucket.Unaware {
		return nil, fmt.Errorf("%s: invalid 'bucket' = %d", t.FullName(), buckets)
	}
	d := &DVDeleter{t: t, sch: sch, base: base, bucketUnaware: buckets == bucket.Unaware,
		marks: map[string]map[int64]bool{}}
	if d.index, err = deletionvector.NewIndexWriter(t, opts); err != nil {
		return nil, err
	}
	if d.target, err = options.DeletionVectorIndexFileTargetSize.Get(opts); err != nil {
		return nil, err
	}
	for _, f := range sch.Fields {
		d.types = append(d.types, f.Type)
	}
	for _, k := range sch.PartitionKeys {
		f, _, _ := sch.Field(k)
		d.partTypes = append(d.partTypes, f.Type)
	}
	return d, nil
}

// Empty tells whether no row is marked.
func (d *DVDeleter) Empty() bool { return len(d.log) == 0 }

// Mark is the current state, for RollbackTo.
func (d *DVDeleter) Mark() int { return len(d.log) }

// RollbackTo forgets the marks made after m.
func (d *DVDeleter) RollbackTo(m int) {
	for _, mk := range d.log[m:] {
		delete(d.marks[mk.file], mk.pos)
	}
	d.log = d.log[:m]
}

// Reset forgets every mark (the table is overwritten as a whole).
func (d *DVDeleter) Reset() { d.RollbackTo(0) }

// plan lists the base snapshot's live files and DV index entries.
func (d *DVDeleter) plan(ctx context.Context) error {
	if d.planned {
		return nil
	}
	p, err := scan.New(ctx, d.t, d.base, d.sch, scan.Options{NoFallback: true, KeepLevel0: true})
	if err != nil {
		return err
	}
	for i := range p.Splits {
		d.splits = append(d.splits, &p.Splits[i])
	}
	d.byFile = map[string]dvLocation{}
	if d.base != nil && d.base.IndexManifest != nil {
		entries, err := scan.ReadIndexManifest(ctx, d.t, *d.base.IndexManifest)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Kind != spec.FileAdd || e.IndexType != scan.IndexDeletionVectors {
				continue
			}
			d.live = append(d.live, e)
			for _, r := range e.DVRanges {
				d.byFile[r.DataFileName] = dvLocation{entry: len(d.live) - 1, rng: r}
			}
		}
	}
	d.planned = true
	return nil
}

// rowKey makes equal rows equal strings.
func rowKey(values []any, ts []types.DataType) string {
	if b, err := binrow.Encode(values, ts); err == nil {
		return "b" + string(b)
	}
	return "v" + fmt.Sprintf("%#v", values)
}

// Delete marks one stored copy of each row of rows (the values of the
// schema's fields) deleted: equal rows are indistinguishable, so as many
// positions of equal live rows are marked as the row occurs in rows, in
// file order. A row the base snapshot does not hold (any more) fails,
// unless an earlier statement of the transaction deleted it already.
func (d *DVDeleter) Delete(ctx context.Context, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	if err := d.plan(ctx); err != nil {
		return err
	}
	need := map[string]int{}
	parts := map[string]bool{}
	for _, r := range rows {
		if len(r) != len(d.types) {
			return fmt.Errorf("%s: deleted row has %d values, the table %d columns", d.t.FullName(), len(r), len(d.types))
		}
		need[rowKey(r, d.types)]++
		parts[d.partitionKey(r)] = true
	}
	remaining := len(rows)
	// stale counts rows that an earlier statement of the transaction
	// deleted: a row handed to us again can match them.
	stale := map[string]int{}
	for _, sp := range d.splits {
		if remaining == 0 {
			break
		}
		if !parts[rowKey(sp.PartitionValues, d.partTypes)] {
			continue
		}
		for _, f := range sp.Files {
			if remaining == 0 {
				break
			}
			base, err := d.baseVector(ctx, sp, f.FileName)
			if err != nil {
				return err
			}
			raw := *sp
			raw.DeletionFiles = nil // every stored row, so that positions count
			var pos int64 = -1
			err = read.FileRows(ctx, &raw, d.sch, f, func(row []any) error {
				pos++
				if base != nil && base.IsDeleted(pos) {
					return nil
				}
				k := rowKey(row, d.types)
				if need[k] == 0 {
					return nil
				}
				if d.marks[f.FileName][pos] {
					stale[k]++
					return nil
				}
				need[k]--
				remaining--
				d.mark(f.FileName, pos)
				if remaining == 0 {
					return errDone
				}
				return nil
			})
			if err != nil && err != errDone {
				return err
			}
		}
	}
	for k, n := range need {
		if n > stale[k] {
			return fmt.Errorf("%s: a deleted row is no longer in the table's snapshot %d (changed by another session?): run the statement again", d.t.FullName(), d.snapshotID())
		}
	}
	return nil
}

var errDone = fmt.Errorf("done")

func (d *DVDeleter) snapshotID() int64 {
	if d.base == nil {
		return 0
	}
	return d.base.ID
}

func (d *DVDeleter) partitionKey(row []any) string {
	vals := make([]any, 0, len(d.sch.PartitionKeys))
	for _, k := range d.sch.PartitionKeys {
		_, i, _ := d.sch.Field(k)
		vals = append(vals, row[i])
	}
	return rowKey(vals, d.partTypes)
}

func (d *DVDeleter) mark(file string, pos int64) {
	m := d.marks[file]
	if m == nil {
		m = map[int64]bool{}
		d.marks[file] = m
	}
	m[pos] = true
	d.log = append(d.log, dvMark{file, pos})
}

// baseVector reads the committed vector of a data file; nil when it has none.
func (d *DVDeleter) baseVector(ctx context.Context, sp *scan.Split, file string) (*deletionvector.DeletionVector, error) {
	loc, ok := d.byFile[file]
	if !ok {
		return nil, nil
	}
	p := d.index.Path(d.live[loc.entry], sp.Dir)
	data, err := d.t.FS.ReadFile(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("%s: deletion vector of %s: %w", d.t.FullName(), file, err)
	}
	dv, err := deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(loc.rng.Offset), Length: int64(loc.rng.Length)})
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", d.t.FullName(), p, err)
	}
	return dv, nil
}

// bucketOf identifies a (partition, bucket).
type bucketOf struct {
	part   string
	bucket int32
}

// IndexEntries writes the DV index files of the marks and returns the
// index manifest changes: DELETE of every replaced index file, ADD of the
// new ones. Fixed-bucket tables get one new file per touched bucket
// holding all of the bucket's vectors; bucket-unaware tables a new file
// (rolled at deletion-vector.index-file.target-size) per touched partition
// holding the touched data files' vectors and those the replaced files
// held for other live data files.
func (d *DVDeleter) IndexEntries(ctx context.Context) ([]spec.IndexManifestEntry, error) {
	if d.Empty() {
		return nil, nil
	}
	if err := d.plan(ctx); err != nil {
		return nil, err
	}
	// The touched buckets and the index entries they replace.
	splitOf := map[string]*scan.Split{} // live data file -> split
	touched := map[bucketOf]*scan.Split{}
	for _, sp := range d.splits {
		for _, f := range sp.Files {
			splitOf[f.FileName] = sp
			if len(d.marks[f.FileName]) > 0 {
				touched[bucketOf{string(sp.Partition), sp.Bucket}] = sp
			}
		}
	}
	replaced := map[int]bool{}
	for _, sp := range touched {
		for _, f := range sp.Files {
			loc, ok := d.byFile[f.FileName]
			if !ok {
				continue
			}
			if !d.bucketUnaware || len(d.marks[f.FileName]) > 0 {
				replaced[loc.entry] = true
			}
		}
	}
	if !d.bucketUnaware {
		// One file per bucket: the bucket's entry goes even when only its
		// untouched files had vectors.
		for i, e := range d.live {
			if touched[bucketOf{string(e.Partition), e.Bucket}] != nil {
				replaced[i] = true
			}
		}
	}
	// The vectors of the new files, by bucket: every live data file that has
	// a vector in a replaced file or a mark.
	vectors := map[bucketOf]map[string]*deletionvector.DeletionVector{}
	splitAt := map[bucketOf]*scan.Split{}
	put := func(sp *scan.Split, file string, dv *deletionvector.DeletionVector) {
		k := bucketOf{string(sp.Partition), sp.Bucket}
		splitAt[k] = sp
		if vectors[k] == nil {
			vectors[k] = map[string]*deletionvector.DeletionVector{}
		}
		vectors[k][file] = dv
	}
	var out []spec.IndexManifestEntry
	entries := make([]int, 0, len(replaced))
	for i := range replaced {
		entries = append(entries, i)
	}
	sort.Ints(entries)
	for _, i := range entries {
		e := d.live[i]
		del := e
		del.Kind = spec.FileDelete
		out = append(out, del)
		for _, r := range e.DVRanges {
			sp, live := splitOf[r.DataFileName]
			if !live {
				continue // its data file is gone: so is the vector
			}
			dv, err := d.baseVector(ctx, sp, r.DataFileName)
			if err != nil {
				return nil, err
			}
			put(sp, r.DataFileName, dv)
		}
	}
	for file, m := range d.marks {
		if len(m) == 0 {
			continue
		}
		sp, live := splitOf[file]
		if !live {
			return nil, fmt.Errorf("%s: data file %s is not in snapshot %d", d.t.FullName(), file, d.snapshotID())
		}
		k := bucketOf{string(sp.Partition), sp.Bucket}
		dv := vectors[k][file]
		if dv == nil {
			dv = d.index.NewVector()
			put(sp, file, dv)
		}
		for pos := range m {
			if err := dv.Delete(pos); err != nil {
				return nil, fmt.Errorf("%s: %s: %w", d.t.FullName(), file, err)
			}
		}
	}
	keys := make([]bucketOf, 0, len(vectors))
	for k := range vectors {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].part != keys[j].part {
			return keys[i].part < keys[j].part
		}
		return keys[i].bucket < keys[j].bucket
	})
	for _, k := range keys {
		sp := splitAt[k]
		files := make([]string, 0, len(vectors[k]))
		for f := range vectors[k] {
			files = append(files, f)
		}
		sort.Strings(files)
		groups := [][]string{files}
		if d.bucketUnaware {
			var err error
			if groups, err = d.roll(files, vectors[k]); err != nil {
				return nil, err
			}
		}
		for _, g := range groups {
			e, err := d.writeIndex(ctx, sp, g, vectors[k])
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// roll groups vectors into index files of about the target size.
func (d *DVDeleter) roll(files []string, dvs map[string]*deletionvector.DeletionVector) ([][]string, error) {
	var groups [][]string
	var cur []string
	size := int64(1)
	for _, f := range files {
		var buf bytes.Buffer
		_, n, err := deletionvector.Write(&buf, []*deletionvector.DeletionVector{dvs[f]})
		if err != nil {
			return nil, err
		}
		rec := n - 1
		if len(cur) > 0 && size >= d.target {
			groups = append(groups, cur)
			cur, size = nil, 1
		}
		cur = append(cur, f)
		size += rec
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	return groups, nil
}

// writeIndex writes one DV index file holding the vectors of files, in
// that order, and returns its ADD entry. The file is recorded for Abort
// even when writing it fails.
func (d *DVDeleter) writeIndex(ctx context.Context, sp *scan.Split, files []string, dvs map[string]*deletionvector.DeletionVector) (spec.IndexManifestEntry, error) {
	list := make([]*deletionvector.DeletionVector, len(files))
	for i, f := range files {
		list[i] = dvs[f]
	}
	e, p, err := d.index.Write(ctx, sp.Partition, sp.Bucket, sp.Dir, files, list)
	if p != "" {
		d.done = append(d.done, p)
	}
	return e, err
}

// Abort deletes the index files written.
func (d *DVDeleter) Abort(ctx context.Context) {
	for _, p := range d.done {
		_ = d.t.FS.Delete(ctx, p)
	}
	d.done = nil
}
