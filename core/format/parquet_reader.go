package format

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
)

// DefaultBatchSize is the number of rows per batch when ReadOptions leaves it 0.
const DefaultBatchSize = 4096

// readBufferSize is the read buffer of each column chunk being read.
const readBufferSize = 64 << 10

// minParquetSize is the leading magic, the footer length and the trailing
// magic: a shorter file is truncated.
const minParquetSize = 4 + 4 + 4

// ReadOptions tune a data file reader (Format.Open).
type ReadOptions struct {
	// Projection lists the indexes (into the fields passed to
	// Format.Open) of the fields to read, in output order. nil reads all.
	Projection []int
	// BatchSize caps the rows of one batch; 0 means DefaultBatchSize.
	BatchSize int
	// SkipRowGroup, when set, is asked before a row group is read, with the
	// statistics of the top-level primitive fields keyed by their index in
	// the fields passed to OpenParquet (projected or not). Returning true
	// skips the row group; row positions still count its rows. With a
	// Parquet page index it is also asked about each page of each column,
	// with that column's page statistics alone, and only the rows of pages
	// that may match in every column are read.
	SkipRowGroup func(stats map[int]ColumnStats) bool
	// StatsColumns, when not nil, are the only fields (indexes as for
	// SkipRowGroup) whose statistics SkipRowGroup looks at: the others'
	// are not decoded for it.
	StatsColumns []int
	// KeepRow, when set, is asked about each row with only the columns
	// KeepColumns (output positions) filled in; a row it refuses is
	// returned as nil (positions still count it) and its other columns are
	// skipped, not converted. It is ignored unless every KeepColumns
	// column is a top-level, non-repeated column of the file.
	KeepRow     func(row []any) bool
	KeepColumns []int
	// FirstRow and EndRow, when EndRow > 0, restrict the read to the rows
	// at file positions FirstRow .. EndRow-1, so that workers share the
	// rows of one big file: the reader moves to FirstRow with the offset
	// index, without decoding the pages before it. Formats that cannot
	// (ReadsRowRanges) refuse it.
	FirstRow, EndRow int64
	// KeepOnly, with KeepRow, are values of one of the KeepColumns that
	// every row KeepRow keeps holds one of (a key equality or IN list):
	// rows holding none of them (or NULL) are refused on the file's values
	// before any is converted or KeepRow is asked. Ignored for columns of
	// types without such a test or values not of the column's Go type.
	KeepOnly *ColumnValues
	// CacheKey names the file for the process's page cache (its location
	// and size, say): when the page index narrows a row group to some of
	// its pages (a key lookup), the pages read are decoded once and kept
	// (see SetPageCacheBytes). "" reads without the cache.
	CacheKey string
}

// Batch is a run of consecutive rows of a file.
type Batch struct {
	// Rows hold one value per projected field each, in projection order.
	// Values are the core/types Go values and must be treated as read-only:
	// values decoded from a dictionary page are shared between rows.
	Rows [][]any
	// FirstPosition is the 0-based position in the file of Rows[0]; row i
	// is at FirstPosition+i.
	FirstPosition int64
}

// ParquetReader streams the rows of one Parquet data file.
type ParquetReader struct {
	file      *parquet.File
	src       io.ReaderAt
	cacheKey  string
	top       []*node // per projected field
	leaves    []*leafCursor
	stats     []statsColumn
	skip      func(map[int]ColumnStats) bool
	batchSize int
	keep      func([]any) bool
	keepCol   []bool // per output column: read before keep is asked
	only      *keyMatcher
	onlyCol   int   // the output column only tests
	onlyVals  []any // scratch of readKept, cleared after each batch
	kept      []bool

	first, end int64 // the file positions to read, see ReadOptions.FirstRow

	nextGroup int   // next row group to open
	left      int64 // rows left in the open range of the open row group
	pos       int64 // file position of the next row
	suspended bool  // the open row group's column chunks are closed, see Suspend

	// For NextVectors: the projected fields' types and dictionaries.
	types  []types.DataType
	vdicts []vectorDict

	// The open row group: its first row's file position, and the ranges of
	// its rows to read (the pages that may match), ranges[next:] still ahead.
	// cached: its pages are read through the page cache.
	groupStart int64
	ranges     []rowRange
	nextRange  int
	cached     bool
}

// OpenParquet opens a Parquet data file of size bytes. fields are the Paimon
// fields the file was written with (for primary-key files the physical list
// with _KEY_*, _SEQUENCE_NUMBER and _VALUE_KIND). Only the footer is read here.
func OpenParquet(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (*ParquetReader, error) {
	if size < minParquetSize {
		return nil, fmt.Errorf("open parquet: %d bytes is too short for a Parquet file (at least %d)", size, minParquetSize)
	}
	first, end := int64(0), int64(math.MaxInt64)
	if opts.EndRow > 0 {
		if opts.FirstRow < 0 || opts.FirstRow > opts.EndRow {
			return nil, fmt.Errorf("open parquet: rows %d to %d", opts.FirstRow, opts.EndRow)
		}
		first, end = opts.FirstRow, opts.EndRow
	}
	f, root, err := openFooter(r, size, opts)
	if err != nil {
		return nil, err
	}
	proj := opts.Projection
	if proj == nil {
		proj = make([]int, len(fields))
		for i := range proj {
			proj[i] = i
		}
	}
	b := nodeBuilder{byID: hasFieldIDs(root)}
	top := make([]*node, len(proj))
	for i, fi := range proj {
		if fi < 0 || fi >= len(fields) {
			return nil, fmt.Errorf("projection index %d out of range (%d fields)", fi, len(fields))
		}
		fd := fields[fi]
		pq := child(root, fd, b.byID)
		if pq == nil {
			top[i] = &node{kind: missingNode}
			continue
		}
		if top[i], err = b.field(pq, fd.Type, 0, 0); err != nil {
			return nil, fmt.Errorf("field %q: %w", fd.Name, err)
		}
	}
	r2 := &ParquetReader{
		file:      f,
		src:       r,
		cacheKey:  opts.CacheKey,
		top:       top,
		leaves:    b.leaves,
		skip:      opts.SkipRowGroup,
		batchSize: opts.BatchSize,
		first:     first,
		end:       end,
	}
	r2.types = make([]types.DataType, len(proj))
	for i, fi := range proj {
		r2.types[i] = fields[fi].Type
	}
	if r2.batchSize <= 0 {
		r2.batchSize = DefaultBatchSize
	}
	if r2.skip != nil {
		r2.stats = statsColumns(root, fields, b.byID)
		if opts.StatsColumns != nil {
			r2.stats = slices.DeleteFunc(r2.stats, func(c statsColumn) bool { return !slices.Contains(opts.StatsColumns, c.field) })
		}
	}
	if opts.KeepRow != nil && len(opts.KeepColumns) > 0 {
		r2.keep, r2.keepCol = opts.KeepRow, make([]bool, len(top))
		for _, j := range opts.KeepColumns {
			if j < 0 || j >= len(top) || top[j].kind != leafNode || top[j].leaf.maxRep != 0 {
				r2.keep, r2.keepCol = nil, nil
				break
			}
			r2.keepCol[j] = true
		}
		if o := opts.KeepOnly; r2.keep != nil && o != nil && o.Column >= 0 && o.Column < len(top) && r2.keepCol[o.Column] {
			if m := newKeyMatcher(top[o.Column].leaf.phys, fields[proj[o.Column]].Type, o.Values); m != nil {
				r2.only, r2.onlyCol = m, o.Column
			}
		}
	}
	return r2, nil
}

// parsedFooter is a file's parsed footer and page index, with its schema tree.
type parsedFooter struct {
	file *parquet.File
	root *pqNode
}

// openFooter reads and parses the footer of a file (and its page index for
// skipping pages: SkipRowGroup set), or takes it from the page cache for a
// cached file read with SkipRowGroup (key lookups), where parsing it would
// be a good part of a lookup. A cached *parquet.File is shared: readers
// read its pages through their own io.ReaderAt (PagesFrom), never through
// the one it was opened with.
func openFooter(r io.ReaderAt, size int64, opts ReadOptions) (*parquet.File, *pqNode, error) {
	cache := opts.CacheKey != "" && opts.SkipRowGroup != nil && pages.enabled()
	key := footerKey(opts.CacheKey)
	if cache {
		if v, ok := pages.get(key); ok {
			ft := v.(*parsedFooter)
			return ft.file, ft.root, nil
		}
	}
	// The page index is read only to skip pages (SkipRowGroup set) or to
	// move to the first row of a part of the file (FirstRow); bloom
	// filters are not used. A larger read buffer than parquet-go's 4 KiB
	// default means fewer ReadAt calls per column chunk. Each projected
	// column holds one buffer while its row group is read, also while a
	// stalled consumer keeps the scan waiting, hence not more. A shared
	// file must not keep the first reader (and its statement's context)
	// alive, nor read through it: src is detached before it is shared.
	src := &detachedReader{r: r}
	f, err := parquet.OpenFile(src, size,
		parquet.SkipPageIndex(opts.SkipRowGroup == nil && opts.FirstRow == 0), parquet.SkipBloomFilters(true), parquet.ReadBufferSize(readBufferSize))
	if err != nil {
		return nil, nil, fmt.Errorf("open parquet: %w", err)
	}
	if err := useHadoopLZ4(f); err != nil {
		return nil, nil, err
	}
	root, err := buildSchemaTree(f.Metadata().Schema)
	if err != nil {
		return nil, nil, err
	}
	if cache {
		src.r = nil
		pages.put(key, &parsedFooter{file: f, root: root}, footerSize(f))
	}
	return f, root, nil
}

// FooterCached says whether the page cache holds the parsed footer of the
// file of a ReadOptions.CacheKey: a key lookup read the file before.
func FooterCached(cacheKey string) bool {
	return pages.has(footerKey(cacheKey))
}

func footerKey(cacheKey string) pageKey {
	return pageKey{file: cacheKey, group: -1, column: -1, page: -1}
}

// detachedReader is the io.ReaderAt a shared *parquet.File is opened with:
// detached once the footer is read, it fails every later read.
type detachedReader struct{ r io.ReaderAt }

func (d *detachedReader) ReadAt(p []byte, off int64) (int, error) {
	if d.r == nil {
		return 0, errors.New("parquet file from the page cache read without a reader")
	}
	return d.r.ReadAt(p, off)
}

// footerSize estimates the memory a parsed footer and page index hold.
func footerSize(f *parquet.File) int64 {
	md := f.Metadata()
	n := int64(4096 + 256*len(md.Schema))
	for _, g := range md.RowGroups {
		for _, c := range g.Columns {
			n += 512 + int64(len(c.MetaData.Statistics.MinValue)+len(c.MetaData.Statistics.MaxValue))
		}
	}
	for _, ci := range f.ColumnIndexes() {
		n += 64 * int64(len(ci.NullPages))
		for i := range ci.MinValues {
			n += int64(len(ci.MinValues[i]) + len(ci.MaxValues[i]))
		}
	}
	for _, oi := range f.OffsetIndexes() {
		n += 48 * int64(len(oi.PageLocations))
	}
	return n
}

// NumRows is the number of rows in the file.
func (r *ParquetReader) NumRows() int64 { return r.file.NumRows() }

// Next returns the next batch of at most BatchSize rows, or io.EOF after the
// last one. Batches never span row groups. With KeepRow, batches whose
// every row it refuses are not returned.
func (r *ParquetReader) Next(ctx context.Context) (Batch, error) {
	for {
		b, err := r.next(ctx)
		if err != nil || b.Rows != nil {
			return b, err
		}
	}
}

// next reads the next batch; its Rows are nil when KeepRow refused them all.
func (r *ParquetReader) next(ctx context.Context) (Batch, error) {
	n, err := r.advance(ctx)
	if err != nil {
		return Batch{}, err
	}
	var rows [][]any
	if r.keep != nil {
		rows = r.readKept(n)
	} else {
		rows = newRows(n, len(r.top), nil)
		for j, t := range r.top {
			switch {
			case t.kind == missingNode:
			case t.kind == leafNode && t.leaf.maxRep == 0:
				t.leaf.readFlat(rows, j)
			default:
				for i := range rows {
					rows[i][j] = t.value()
				}
			}
		}
	}
	b := Batch{Rows: rows, FirstPosition: r.pos}
	if err := r.consumed(n); err != nil {
		return Batch{}, err
	}
	return b, nil
}

// newRows makes n rows of width columns; with kept, only the rows kept
// (the others are nil).
func newRows(n, width int, kept []bool) [][]any {
	live := n
	if kept != nil {
		live = 0
		for _, k := range kept {
			if k {
				live++
			}
		}
	}
	rows := make([][]any, n)
	cells := make([]any, live*width)
	for i := range rows {
		if kept == nil || kept[i] {
			rows[i], cells = cells[:width:width], cells[width:]
		}
	}
	return rows
}

// readKept reads the next n rows: first the KeepOnly column (refusing the
// rows whose value is none of its values), then the other KeepColumns of
// the rows left, asks KeepRow about those, and reads the other columns of
// the rows kept only: runs of refused rows are skipped unconverted.
// Refused rows are nil, and rows nil when every row is refused.
func (r *ParquetReader) readKept(n int) [][]any {
	r.kept = slices.Grow(r.kept[:0], n)[:n]
	kept := r.kept
	var rows [][]any
	if r.only != nil {
		// matchFlat sets every row's flag.
		r.onlyVals = slices.Grow(r.onlyVals[:0], n)[:n]
		vals := r.onlyVals
		defer clear(vals)
		r.top[r.onlyCol].leaf.matchFlat(vals, r.only, kept)
		if !slices.Contains(kept, true) {
			for j, t := range r.top {
				switch {
				case j == r.onlyCol || t.kind == missingNode:
				case t.kind == leafNode && t.leaf.maxRep == 0:
					t.leaf.skipRows(int64(n))
				default:
					for range n {
						t.value()
					}
				}
			}
			return nil
		}
		rows = newRows(n, len(r.top), kept)
		for i, v := range vals {
			if kept[i] {
				rows[i][r.onlyCol] = v
			}
		}
	} else {
		for i := range kept {
			kept[i] = true
		}
		rows = newRows(n, len(r.top), nil)
	}
	for j := range r.top {
		if r.keepCol[j] && (r.only == nil || j != r.onlyCol) {
			r.readRuns(rows, j, kept)
		}
	}
	for i, row := range rows {
		if kept[i] {
			kept[i] = r.keep(row)
		}
	}
	for j, t := range r.top {
		if !r.keepCol[j] && t.kind != missingNode {
			r.readRuns(rows, j, kept)
		}
	}
	live := false
	for i := range rows {
		if !kept[i] {
			rows[i] = nil
		} else {
			live = true
		}
	}
	if !live {
		return nil
	}
	return rows
}

// readRuns reads column j of the rows kept, skipping the runs of the
// others unconverted (a flat column) or reading them to drop them (nested
// ones). Refused rows may be nil (rows too, when every row is refused).
func (r *ParquetReader) readRuns(rows [][]any, j int, kept []bool) {
	t := r.top[j]
	flat := t.kind == leafNode && t.leaf.maxRep == 0
	for from := 0; from < len(kept); {
		to := from + 1
		for to < len(kept) && kept[to] == kept[from] {
			to++
		}
		switch {
		case flat && kept[from]:
			t.leaf.readFlat(rows[from:to], j)
		case flat:
			t.leaf.skipRows(int64(to - from))
		default:
			for i := from; i < to; i++ {
				if v := t.value(); kept[i] {
					rows[i][j] = v
				}
			}
		}
		from = to
	}
}

// openGroup moves to the next row group that is not skipped.
func (r *ParquetReader) openGroup() error {
	groups := r.file.RowGroups()
	if r.nextGroup >= len(groups) || r.pos >= r.end {
		return io.EOF
	}
	g := r.nextGroup
	r.nextGroup++
	rows := groups[g].NumRows()
	if rows == 0 {
		return nil
	}
	// The group's rows within first .. end-1.
	lo, hi := max(0, r.first-r.pos), min(rows, r.end-r.pos)
	if lo >= hi || r.skip != nil && r.skip(rowGroupStats(&r.file.Metadata().RowGroups[g], r.stats)) {
		r.pos += rows
		return nil
	}
	r.ranges, r.nextRange, r.cached = []rowRange{{0, rows}}, 0, false
	if r.skip != nil {
		if kept := r.pageRanges(g, rows); kept != nil {
			r.ranges = kept
			// Only the pages of narrowed row groups are cached: a scan
			// of whole row groups would push out the lookups' pages.
			r.cached = r.cacheKey != "" && pages.enabled()
		}
	}
	if lo > 0 || hi < rows {
		r.ranges = clipRanges(r.ranges, lo, hi)
	}
	r.groupStart = r.pos
	if len(r.ranges) == 0 {
		r.pos += rows
		return nil
	}
	r.openLeaves(g)
	return r.enterRange()
}

// openLeaves opens the column chunks of row group g, through the page
// cache where the group is read so and the chunk allows it.
func (r *ParquetReader) openLeaves(g int) {
	chunks := r.file.RowGroups()[g].ColumnChunks()
	for _, l := range r.leaves {
		if r.cached {
			meta := &r.file.Metadata().RowGroups[g].Columns[l.leaf]
			if cc := newCachedChunk(r.src, r.cacheKey, g, l.leaf, chunks[l.leaf], meta, r.pageLocations(g, l.leaf), l.maxDef, l.maxRep); cc != nil {
				l.openCached(cc)
				continue
			}
		}
		l.open(r.chunkPages(chunks[l.leaf]))
	}
}

// chunkPages reads a column chunk's pages through the reader's own
// io.ReaderAt: its *parquet.File may be shared (see openFooter).
func (r *ParquetReader) chunkPages(c parquet.ColumnChunk) parquet.Pages {
	if fc, ok := c.(*parquet.FileColumnChunk); ok {
		return fc.PagesFrom(r.src)
	}
	return c.Pages()
}

// enterRange moves the open row group's columns to its next range of rows.
func (r *ParquetReader) enterRange() error {
	rg := r.ranges[r.nextRange]
	r.nextRange++
	cur := r.pos - r.groupStart
	if rg.from > cur {
		for _, l := range r.leaves {
			if !r.seekLeaf(l, r.nextGroup-1, cur, rg.from) {
				return fmt.Errorf("column %q: moving to row %d: %w", l.name, rg.from, l.err)
			}
		}
	}
	r.pos = r.groupStart + rg.from
	r.left = rg.to - rg.from
	return nil
}

// Suspend releases what reading the open row group holds (its pages,
// decoded dictionaries and read buffers); the next call of Next reopens its
// column chunks at the row it reached. For a reader whose consumer stopped
// reading: reopening decodes the row group's pages up to that row again.
func (r *ParquetReader) Suspend() {
	if r.left == 0 || r.suspended {
		return
	}
	for _, l := range r.leaves {
		l.close()
	}
	r.suspended = true
}

// resume reopens the column chunks of the row group Suspend closed and
// moves to the row the reader had reached: with the offset index (when
// read) to the start of its page, then over the rows before it. (parquet-go's
// SeekToRow to a row inside a page slices the page, and a sliced boolean
// page loses its bit offset.)
func (r *ParquetReader) resume() error {
	r.suspended = false
	row := r.pos - r.groupStart
	r.openLeaves(r.nextGroup - 1)
	for _, l := range r.leaves {
		if !r.seekLeaf(l, r.nextGroup-1, 0, row) {
			return fmt.Errorf("column %q: resuming at row %d: %w", l.name, row, l.err)
		}
	}
	return nil
}

// closeGroup checks that the row group's columns ended with its rows (when
// read to the end) and releases their pages; the file position moves to the
// next row group.
func (r *ParquetReader) closeGroup() error {
	var err error
	end := r.groupStart + r.file.RowGroups()[r.nextGroup-1].NumRows()
	whole := r.pos == end
	r.pos, r.ranges, r.nextRange = end, nil, 0
	for _, l := range r.leaves {
		if whole && l.ensure() {
			err = fmt.Errorf("column %q: more values than rows", l.name)
		}
		l.close()
		if err == nil {
			err = l.err
		}
	}
	return err
}

// Close releases the pages being read.
func (r *ParquetReader) Close() error {
	for _, l := range r.leaves {
		l.close()
	}
	return nil
}
