// Package read turns a scan plan into rows: data files decoded by field id
// into the read schema (schema evolution), deletion vectors applied, and
// primary-key files merged by the table's merge engine.
package read

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Ids and names of the system columns of primary-key data files.
const (
	SequenceNumberID   = 2147483646
	ValueKindID        = 2147483645
	SequenceNumberName = "_SEQUENCE_NUMBER"
	ValueKindName      = "_VALUE_KIND"
)

// Row kinds as stored in _VALUE_KIND.
const (
	KindInsert       int8 = 0
	KindUpdateBefore int8 = 1
	KindUpdateAfter  int8 = 2
	KindDelete       int8 = 3
)

var (
	sequenceField  = types.DataField{ID: SequenceNumberID, Name: SequenceNumberName, Type: types.DataType{Kind: types.BigInt}}
	valueKindField = types.DataField{ID: ValueKindID, Name: ValueKindName, Type: types.DataType{Kind: types.TinyInt}}
	// unreadSequenceField stands for _SEQUENCE_NUMBER in a read of vectors,
	// which keeps the rows of one file, merging nothing: no file holds a
	// field of its id or name, so the format reader makes it NULL without
	// decoding the column (an 8-byte value a row, 15% of a TPC-H
	// lineitem scan's pages).
	unreadSequenceField = types.DataField{ID: -1, Name: "", Type: types.DataType{Kind: types.BigInt}}
)

// fileSpec says which fields of the read schema a file read produces, and
// whether to add the primary-key system columns in front.
type fileSpec struct {
	fields []types.DataField // read-schema fields wanted, in output order
	system bool              // prepend _SEQUENCE_NUMBER, _VALUE_KIND
	// filter skips row groups whose statistics cannot match; it may only
	// name columns whose every version of a row agrees (keys of
	// primary-key tables), see Reader.
	filter predicate.Predicate
	// first and end, when end > 0, restrict the read to the rows at file
	// positions first .. end-1 (format.ReadOptions.FirstRow).
	first, end int64
	// vectors: the file is read with format.ParquetReader.NextVectors,
	// which takes no row filter; a Parquet file's _SEQUENCE_NUMBER is then
	// not read (NULL), as nothing is merged.
	vectors bool
}

// fileRows streams the rows of one data file mapped to the read schema.
type fileRows struct {
	pr      format.Reader
	dv      *deletionvector.DeletionVector
	width   int
	sources []int       // output column -> column of the file's batch, -1 = NULL
	casts   []cast.Func // output column -> cast, nil = none
	// identity is set when the file's columns are the output columns:
	// rows are then handed on as the reader made them, not copied.
	identity bool
	batch    [][]any
	pos      int64
	next     int
}

// openFile opens one data file of a split. The file was written with its
// own schema (SchemaID); columns are matched by field id, missing ones read
// as NULL and changed types are cast as Java casts them.
func openFile(ctx context.Context, t *table.Table, sp *scan.Split, f spec.DataFileMeta, spec fileSpec, loc *time.Location, dvs *dvCache) (*fileRows, error) {
	fileSchema, err := t.Schemas.Schema(ctx, f.SchemaID)
	if err != nil {
		return nil, err
	}
	if err := checkUnwrittenNotNull(f, fileSchema, spec.fields); err != nil {
		return nil, fmt.Errorf("%s: data file %s: %w", t.FullName(), sp.FilePath(f), err)
	}
	var physical []types.DataField
	if spec.system {
		physical = append(physical, sequenceField, valueKindField)
	}
	sources := make([]int, len(spec.fields))
	casts := make([]cast.Func, len(spec.fields))
	for i, want := range spec.fields {
		sources[i] = -1
		have, ok := fieldByID(fileSchema, want.ID)
		if !ok {
			continue
		}
		sources[i] = len(physical)
		physical = append(physical, have)
		if have.Type.WithNullable(true).SQL() != want.Type.WithNullable(true).SQL() {
			c, err := cast.Resolve(have.Type, want.Type, loc)
			if err != nil {
				return nil, fmt.Errorf("%s: column %s: %w", t.FullName(), want.Name, err)
			}
			casts[i] = c
		}
	}
	path := sp.FilePath(f)
	ff, err := format.ForFile(f.FileName)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if spec.system && spec.vectors && ff.Name() == "parquet" {
		physical[0] = unreadSequenceField
	}
	fsys, key, err := fs.At(ctx, t.FS, path)
	if err != nil {
		return nil, fmt.Errorf("%s: data file %s: %w", t.FullName(), path, err)
	}
	// Data files are never rewritten under their name: the warehouse, the
	// path and the size name the file's content for the page cache.
	cacheKey := fsys.URL() + "\x00" + key + "\x00" + strconv.FormatInt(f.FileSize, 10)
	var file *fs.File
	if format.FooterCached(cacheKey) {
		// Its size was checked when it was first read (a key lookup
		// opens the same files again and again).
		file = fsys.OpenFileSized(ctx, key, f.FileSize)
	} else {
		if file, err = fsys.OpenFile(ctx, key); err != nil {
			return nil, fmt.Errorf("%s: data file %s: %w", t.FullName(), path, err)
		}
		if err := scan.CheckSize(t, "data file "+path, file.Size(), f.FileSize); err != nil {
			return nil, err
		}
	}
	// Batches of batchRows: a worker holds at most one batch of the file
	// beside the batch it is filling.
	skip, statsCols := rowGroupFilter(spec, sources, casts)
	ro := format.ReadOptions{SkipRowGroup: skip, StatsColumns: statsCols, BatchSize: batchRows,
		FirstRow: spec.first, EndRow: spec.end}
	if spec.vectors {
		// Vectors decode whole pages themselves, not through the page
		// cache of key lookups.
		ro.BatchSize = vectorRows
	} else {
		ro.KeepRow, ro.KeepColumns, ro.KeepOnly = rowFilter(spec, sources, casts)
		ro.CacheKey = cacheKey
	}
	pr, err := ff.Open(file, file.Size(), physical, ro)
	if err != nil {
		return nil, fmt.Errorf("%s: data file %s: %w", t.FullName(), path, err)
	}
	r := &fileRows{pr: pr, sources: sources, casts: casts, width: len(spec.fields)}
	if spec.system {
		r.width += 2
	}
	r.identity = r.width == len(physical) && isIdentity(sources, casts, r.width-len(sources))
	if df, ok := sp.DeletionFiles[f.FileName]; ok {
		if r.dv, err = dvs.get(ctx, t.FS, df); err != nil {
			return nil, fmt.Errorf("%s: deletion vector of %s: %w", t.FullName(), f.FileName, err)
		}
	}
	return r, nil
}

// rowGroupFilter turns the filter into a row-group test over the file's
// column statistics, and lists the columns it tests; columns read through
// a cast are not tested.
func rowGroupFilter(spec fileSpec, sources []int, casts []cast.Func) (func(map[int]format.ColumnStats) bool, []int) {
	if spec.filter == nil {
		return nil, nil
	}
	byName := map[string]int{}
	for i, f := range spec.fields {
		if sources[i] >= 0 && casts[i] == nil {
			byName[f.Name] = sources[i]
		}
	}
	cols := []int{}
	for _, name := range predicate.Fields(spec.filter) {
		if i, ok := byName[name]; ok && !slices.Contains(cols, i) {
			cols = append(cols, i)
		}
	}
	return func(stats map[int]format.ColumnStats) bool {
		return !spec.filter.MayMatch(func(field string) (predicate.Stats, bool) {
			i, ok := byName[field]
			if !ok {
				return predicate.Stats{}, false
			}
			cs, ok := stats[i]
			if !ok {
				return predicate.Stats{}, false
			}
			ps := predicate.Stats{Min: cs.Min, Max: cs.Max, RowCount: cs.RowCount}
			if cs.NullCount >= 0 {
				n := cs.NullCount
				ps.NullCount = &n
			}
			return ps, true
		})
	}, cols
}

// rowFilter turns the filter into a test of a file row: rows it refuses are
// dropped before their other columns are converted (Parquet), so that a key
// lookup converts the rows of the pages it reads only for the key column.
// Columns read through a cast are not tested. The filter may only name
// columns whose every version of a row agrees (see fileSpec), so that
// dropping a row never changes a merge's result. The filter's equality or
// IN list at its top, if any, is also returned for the reader to test on
// the file's values before converting them.
func rowFilter(spec fileSpec, sources []int, casts []cast.Func) (func([]any) bool, []int, *format.ColumnValues) {
	if spec.filter == nil {
		return nil, nil, nil
	}
	byName := map[string]int{}
	var cols []int
	for _, name := range predicate.Fields(spec.filter) {
		for i, f := range spec.fields {
			if f.Name == name && sources[i] >= 0 && casts[i] == nil {
				if _, dup := byName[name]; !dup {
					byName[name] = sources[i]
					cols = append(cols, sources[i])
				}
			}
		}
	}
	if len(cols) == 0 {
		return nil, nil, nil
	}
	var only *format.ColumnValues
	if field, vals, ok := keyValues(spec.filter, byName); ok {
		only = &format.ColumnValues{Column: byName[field], Values: vals}
	}
	return func(row []any) bool {
		return spec.filter.Test(func(field string) (any, bool) {
			i, ok := byName[field]
			if !ok {
				return nil, false
			}
			return row[i], true
		})
	}, cols, only
}

// keyValues finds a column (one of byName) and values one of which every
// row p keeps holds there: an equality or IN list, one of an And's, or the
// union of every Or branch's on one column (the keys of a composite
// primary key's IN list).
func keyValues(p predicate.Predicate, byName map[string]int) (string, []any, bool) {
	switch p := p.(type) {
	case predicate.Leaf:
		if _, ok := byName[p.Field]; ok && (p.Op == predicate.Eq || p.Op == predicate.In) && len(p.Literals) > 0 {
			return p.Field, p.Literals, true
		}
	case predicate.And:
		for _, c := range p {
			if f, vals, ok := keyValues(c, byName); ok {
				return f, vals, true
			}
		}
	case predicate.Or:
		var field string
		var all []any
		for i, c := range p {
			f, vals, ok := keyValues(c, byName)
			if !ok || i > 0 && f != field {
				return "", nil, false
			}
			field, all = f, append(all, vals...)
		}
		return field, all, len(p) > 0
	}
	return "", nil, false
}

// isIdentity says whether output column i is file column off+i, uncast.
func isIdentity(sources []int, casts []cast.Func, off int) bool {
	for i, s := range sources {
		if s != off+i || casts[i] != nil {
			return false
		}
	}
	return true
}

func fieldByID(s *spec.TableSchema, id int) (types.DataField, bool) {
	for _, f := range s.Fields {
		if f.ID == id {
			return f, true
		}
	}
	return types.DataField{}, false
}

// next returns the next live row (system columns first when asked), or io.EOF.
func (r *fileRows) nextRow(ctx context.Context) ([]any, error) {
	for {
		if r.next >= len(r.batch) {
			b, err := r.pr.Next(ctx)
			if err != nil {
				return nil, err
			}
			r.batch, r.pos, r.next = b.Rows, b.FirstPosition, 0
			continue
		}
		src := r.batch[r.next]
		pos := r.pos + int64(r.next)
		r.next++
		if src == nil {
			continue // refused by the filter (rowFilter)
		}
		if r.dv != nil && r.dv.IsDeleted(pos) {
			continue
		}
		if r.identity {
			return src, nil
		}
		return r.mapRow(src)
	}
}

func (r *fileRows) mapRow(src []any) ([]any, error) {
	out := make([]any, r.width)
	off := 0
	if r.width > len(r.sources) {
		out[0], out[1] = src[0], src[1]
		off = 2
	}
	for i, s := range r.sources {
		if s < 0 {
			continue
		}
		v := src[s]
		if c := r.casts[i]; c != nil && v != nil {
			var err error
			if v, err = c(v); err != nil {
				return nil, err
			}
		}
		out[off+i] = v
	}
	return out, nil
}

func (r *fileRows) Close() error { return r.pr.Close() }

// dvCache keeps the index files a read has loaded (one per bucket).
type dvCache struct {
	files map[string][]byte
}

func (c *dvCache) get(ctx context.Context, fsys *fs.FS, df scan.DeletionFile) (*deletionvector.DeletionVector, error) {
	data, ok := c.files[df.Path]
	if !ok {
		var err error
		if data, err = fs.ReadFileAt(ctx, fsys, df.Path); err != nil {
			return nil, err
		}
		if c.files == nil {
			c.files = map[string][]byte{}
		}
		c.files[df.Path] = data
	}
	return deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(df.Offset), Length: int64(df.Length)})
}
