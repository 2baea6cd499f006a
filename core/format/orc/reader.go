// Package orc reads and writes Apache ORC files as Java Paimon writes and
// reads them (file.format = orc, and manifests in ORC): the protobuf
// footer, compressed streams, run-length encodings and column statistics,
// with Paimon's field ids in the type attributes. core/format serves it as
// one of the data file formats.
package orc

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// DefaultBatchSize is the number of rows per batch when ReadOptions leaves it 0.
const DefaultBatchSize = 4096

// FieldIDAttribute is the ORC type attribute where Paimon keeps field ids.
const FieldIDAttribute = "paimon.id"

// maxTailSize bounds the postscript, footer and metadata read at open.
const maxTailSize = 64 << 20

// ReadOptions tune a Reader.
type ReadOptions struct {
	// Projection lists the indexes (into the fields passed to Open) of
	// the fields to read, in output order. nil reads all.
	Projection []int
	// BatchSize caps the rows of one batch; 0 means DefaultBatchSize.
	BatchSize int
	// SkipStripe, when set, is asked before a stripe is read with the
	// statistics of the top-level primitive fields keyed by their index in
	// the fields passed to Open. Returning true skips the stripe; row
	// positions still count its rows.
	SkipStripe func(stats map[int]ColumnStats) bool
}

// ColumnStats are the statistics of one column in a stripe or file. Min
// and Max are nil when unknown; NullCount is -1 when unknown.
type ColumnStats struct {
	Min, Max  any
	NullCount int64
	RowCount  int64
}

// Batch is a run of consecutive rows of a file.
type Batch struct {
	// Rows hold one value per projected field each, in projection
	// order, as core/types Go values; they are read-only (binary values
	// share the file's buffers).
	Rows [][]any
	// FirstPosition is the 0-based position in the file of Rows[0].
	FirstPosition int64
}

// Reader streams the rows of one ORC file, a stripe at a time: only the
// streams of the projected columns of the open stripe are held.
type Reader struct {
	r           io.ReaderAt
	size        int64
	codec       *codec
	version     []uint32
	footer      footer
	stripeStats [][]columnStatistics
	top         []colReader // per projected field; nil = not in the file
	ids         []int       // ORC column ids the projection reads
	statsCols   map[int]statsColumn
	skip        func(map[int]ColumnStats) bool
	batchSize   int

	nextStripe int
	left       int64 // rows left in the open stripe
	pos        int64
	suspended  bool
}

// Open reads the tail of an ORC file of size bytes. fields are the Paimon
// fields the file was written with; columns are matched to them by the
// paimon.id attribute or, in files without one, by name.
func Open(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (*Reader, error) {
	rd := &Reader{r: r, size: size, skip: opts.SkipStripe, batchSize: opts.BatchSize}
	if rd.batchSize <= 0 {
		rd.batchSize = DefaultBatchSize
	}
	if err := rd.readTail(); err != nil {
		return nil, fmt.Errorf("open orc: %w", err)
	}
	proj := opts.Projection
	if proj == nil {
		proj = make([]int, len(fields))
		for i := range proj {
			proj[i] = i
		}
	}
	root := rd.footer.types[0]
	if root.kind != kindStruct {
		return nil, fmt.Errorf("open orc: the root type is %s, not a struct", kindName(int(root.kind)))
	}
	rd.top = make([]colReader, len(proj))
	b := &treeBuilder{types: rd.footer.types, decimal64: len(rd.version) > 0 && rd.version[0] >= 1}
	for i, fi := range proj {
		if fi < 0 || fi >= len(fields) {
			return nil, fmt.Errorf("projection index %d out of range (%d fields)", fi, len(fields))
		}
		id, ok := b.childOf(0, fields[fi])
		if !ok {
			continue
		}
		c, err := b.build(id, fields[fi].Type)
		if err != nil {
			return nil, fmt.Errorf("open orc: field %q: %w", fields[fi].Name, err)
		}
		rd.top[i] = c
	}
	rd.ids = b.ids
	if rd.skip != nil {
		rd.statsCols = map[int]statsColumn{}
		for i, f := range fields {
			if id, ok := b.childOf(0, f); ok && !f.Type.IsNested() {
				rd.statsCols[i] = statsColumn{id: id, orcKind: b.types[id].kind, typ: f.Type}
			}
		}
	}
	return rd, nil
}

func (rd *Reader) readAt(off, n int64) ([]byte, error) {
	if off < 0 || n < 0 || off+n > rd.size {
		return nil, fmt.Errorf("section [%d, %d) past the file end %d", off, off+n, rd.size)
	}
	b := make([]byte, n)
	if _, err := rd.r.ReadAt(b, off); err != nil && !(err == io.EOF && off+n == rd.size) {
		return nil, err
	}
	return b, nil
}

func (rd *Reader) readTail() error {
	if rd.size < 4 {
		return fmt.Errorf("%d bytes is too short for an ORC file", rd.size)
	}
	head, err := rd.readAt(0, 3)
	if err != nil {
		return err
	}
	if string(head) != "ORC" {
		return fmt.Errorf("not an ORC file (no ORC magic)")
	}
	tailLen := min(rd.size, 16<<10)
	tail, err := rd.readAt(rd.size-tailLen, tailLen)
	if err != nil {
		return err
	}
	psLen := int64(tail[len(tail)-1])
	if psLen+1 > tailLen {
		return fmt.Errorf("postscript length %d past the file start", psLen)
	}
	ps, err := parsePostScript(tail[len(tail)-1-int(psLen) : len(tail)-1])
	if err != nil {
		return fmt.Errorf("postscript: %w", err)
	}
	if ps.magic != "ORC" {
		return fmt.Errorf("postscript without ORC magic")
	}
	if len(ps.version) > 0 && ps.version[0] > 1 {
		return fmt.Errorf("ORC file version %v is not supported", ps.version)
	}
	rd.version = ps.version
	if rd.codec, err = newReadCodec(ps.compression, ps.blockSize); err != nil {
		return err
	}
	if ps.footerLength > maxTailSize || ps.metadataLength > maxTailSize {
		return fmt.Errorf("footer of %d bytes and metadata of %d bytes are too large", ps.footerLength, ps.metadataLength)
	}
	footerEnd := rd.size - 1 - psLen
	raw, err := rd.readAt(footerEnd-int64(ps.footerLength)-int64(ps.metadataLength), int64(ps.footerLength+ps.metadataLength))
	if err != nil {
		return fmt.Errorf("footer: %w", err)
	}
	fb, err := rd.codec.decompress(raw[ps.metadataLength:], decodeBudget(int64(ps.footerLength)))
	if err != nil {
		return fmt.Errorf("footer: %w", err)
	}
	if rd.footer, err = parseFooter(fb); err != nil {
		return fmt.Errorf("footer: %w", err)
	}
	if err := rd.checkFooter(footerEnd - int64(ps.footerLength) - int64(ps.metadataLength)); err != nil {
		return err
	}
	if rd.skip != nil && ps.metadataLength > 0 {
		mb, err := rd.codec.decompress(raw[:ps.metadataLength], decodeBudget(int64(ps.metadataLength)))
		if err != nil {
			return fmt.Errorf("metadata: %w", err)
		}
		if rd.stripeStats, err = parseMetadata(mb); err != nil {
			return fmt.Errorf("metadata: %w", err)
		}
	}
	return nil
}

// checkFooter validates what later reads rely on: the type tree is a tree
// in preorder and the stripes lie inside the file before the tail.
func (rd *Reader) checkFooter(tailStart int64) error {
	f := &rd.footer
	if len(f.types) == 0 {
		return fmt.Errorf("footer without types")
	}
	for i, t := range f.types {
		for _, s := range t.subtypes {
			if int(s) <= i || int(s) >= len(f.types) {
				return fmt.Errorf("type %d has child %d out of order", i, s)
			}
		}
		if t.kind == kindStruct && len(t.fieldNames) != len(t.subtypes) {
			return fmt.Errorf("struct type %d has %d names for %d fields", i, len(t.fieldNames), len(t.subtypes))
		}
	}
	var rows uint64
	for i, s := range f.stripes {
		end := s.offset + s.indexLength + s.dataLength + s.footerLength
		if s.offset < 3 || end < s.offset || end > uint64(tailStart) || s.footerLength > maxTailSize {
			return fmt.Errorf("stripe %d at [%d, %d) outside the file body", i, s.offset, end)
		}
		rows += s.numberOfRows
	}
	if rows != f.numberOfRows {
		return fmt.Errorf("stripes hold %d rows, the footer says %d", rows, f.numberOfRows)
	}
	return nil
}

// NumRows is the number of rows in the file.
func (rd *Reader) NumRows() int64 { return int64(rd.footer.numberOfRows) }

// Next returns the next batch of at most BatchSize rows, or io.EOF after
// the last one. Batches never span stripes.
func (rd *Reader) Next(ctx context.Context) (Batch, error) {
	if err := ctx.Err(); err != nil {
		return Batch{}, err
	}
	if rd.suspended {
		if err := rd.resume(); err != nil {
			return Batch{}, err
		}
	}
	for rd.left == 0 {
		if err := rd.openStripe(); err != nil {
			return Batch{}, err
		}
	}
	n := int(min(int64(rd.batchSize), rd.left))
	rows := make([][]any, n)
	cells := make([]any, n*len(rd.top))
	for i := range rows {
		rows[i] = cells[i*len(rd.top) : (i+1)*len(rd.top) : (i+1)*len(rd.top)]
	}
	col := make([]any, n)
	for j, c := range rd.top {
		if c == nil {
			continue
		}
		if err := c.read(col); err != nil {
			return Batch{}, fmt.Errorf("stripe %d: %w", rd.nextStripe-1, err)
		}
		for i, v := range col {
			rows[i][j] = v
		}
	}
	b := Batch{Rows: rows, FirstPosition: rd.pos}
	rd.pos += int64(n)
	rd.left -= int64(n)
	return b, nil
}

// openStripe moves to the next stripe that is not skipped.
func (rd *Reader) openStripe() error {
	if rd.nextStripe >= len(rd.footer.stripes) {
		return io.EOF
	}
	i := rd.nextStripe
	rd.nextStripe++
	s := rd.footer.stripes[i]
	if s.numberOfRows == 0 {
		return nil
	}
	if rd.skip != nil && i < len(rd.stripeStats) && rd.skip(rd.columnStats(rd.stripeStats[i], int64(s.numberOfRows))) {
		rd.pos += int64(s.numberOfRows)
		return nil
	}
	if err := rd.loadStripe(i, 0); err != nil {
		return fmt.Errorf("stripe %d: %w", i, err)
	}
	rd.left = int64(s.numberOfRows)
	return nil
}

// loadStripe reads the streams of the projected columns of stripe i and
// skips its first skipRows rows.
func (rd *Reader) loadStripe(i int, skipRows int64) error {
	s := rd.footer.stripes[i]
	fb, err := rd.readAt(int64(s.offset+s.indexLength+s.dataLength), int64(s.footerLength))
	if err != nil {
		return err
	}
	budget := decodeBudget(int64(s.indexLength + s.dataLength + s.footerLength))
	if fb, err = rd.codec.decompress(fb, budget); err != nil {
		return fmt.Errorf("stripe footer: %w", err)
	}
	sf, err := parseStripeFooter(fb)
	if err != nil {
		return fmt.Errorf("stripe footer: %w", err)
	}
	want := make(map[uint64]bool, len(rd.ids))
	for _, id := range rd.ids {
		want[uint64(id)] = true
	}
	sd := &stripeData{streams: map[streamKey][]byte{}, encodings: sf.columns}
	if sd.timezone, err = loadZone(sf.writerTimezone); err != nil {
		return err
	}
	off := s.offset
	end := s.offset + s.indexLength + s.dataLength
	for _, st := range sf.streams {
		if st.length > end-off {
			return fmt.Errorf("stream of column %d past the stripe end", st.column)
		}
		if want[st.column] && st.kind != 6 && st.kind != 7 && st.kind != 8 { // row index, bloom filters
			raw, err := rd.readAt(int64(off), int64(st.length))
			if err != nil {
				return err
			}
			data, err := rd.codec.decompress(raw, budget)
			if err != nil {
				return fmt.Errorf("column %d stream %d: %w", st.column, st.kind, err)
			}
			if budget -= int64(len(data)); budget < 0 {
				return fmt.Errorf("the stripe decodes to too much data")
			}
			sd.streams[streamKey{st.column, st.kind}] = data
		}
		off += st.length
	}
	for _, c := range rd.top {
		if c == nil {
			continue
		}
		if err := c.open(sd); err != nil {
			return err
		}
	}
	for skipRows > 0 {
		n := int(min(skipRows, int64(rd.batchSize)))
		col := make([]any, n)
		for _, c := range rd.top {
			if c != nil {
				if err := c.read(col); err != nil {
					return err
				}
			}
		}
		skipRows -= int64(n)
	}
	return nil
}

// Suspend releases the streams of the open stripe; the next Next reads
// them again and skips to the row it reached. For a reader whose consumer
// stopped reading for a while.
func (rd *Reader) Suspend() {
	if rd.left == 0 || rd.suspended {
		return
	}
	for _, c := range rd.top {
		if c != nil {
			_ = c.open(&stripeData{}) // releases the streams; resume opens them again and reports what fails
		}
	}
	rd.suspended = true
}

func (rd *Reader) resume() error {
	rd.suspended = false
	i := rd.nextStripe - 1
	done := int64(rd.footer.stripes[i].numberOfRows) - rd.left
	if err := rd.loadStripe(i, done); err != nil {
		return fmt.Errorf("stripe %d: resuming at row %d: %w", i, done, err)
	}
	return nil
}

// Close releases the open stripe.
func (rd *Reader) Close() error {
	rd.top = nil
	rd.codec.close()
	return nil
}

// statsColumn is a top-level primitive field with a column in the file.
type statsColumn struct {
	id      int
	orcKind uint64
	typ     types.DataType
}

// FileStats returns the file's statistics of the top-level primitive
// fields (by index in the fields passed to Open) that have columns.
func (rd *Reader) FileStats(fields []types.DataField) map[int]ColumnStats {
	b := &treeBuilder{types: rd.footer.types}
	out := map[int]ColumnStats{}
	for i, f := range fields {
		id, ok := b.childOf(0, f)
		if !ok || f.Type.IsNested() || id >= len(rd.footer.statistics) {
			continue
		}
		sc := statsColumn{id: id, orcKind: b.types[id].kind, typ: f.Type}
		out[i] = convertStats(rd.footer.statistics[id], sc, int64(rd.footer.numberOfRows))
	}
	return out
}

func (rd *Reader) columnStats(cols []columnStatistics, rows int64) map[int]ColumnStats {
	out := make(map[int]ColumnStats, len(rd.statsCols))
	for i, sc := range rd.statsCols {
		if sc.id < len(cols) {
			out[i] = convertStats(cols[sc.id], sc, rows)
		}
	}
	return out
}

// treeBuilder turns the ORC type tree into column readers.
type treeBuilder struct {
	types     []orcType
	ids       []int
	decimal64 bool
}

// childOf finds the column of field f among the children of struct
// column parent: by paimon.id when the file has ids, by name otherwise.
func (b *treeBuilder) childOf(parent int, f types.DataField) (int, bool) {
	t := b.types[parent]
	byID := false
	for _, s := range t.subtypes {
		if _, ok := b.types[s].attributes[FieldIDAttribute]; ok {
			byID = true
			break
		}
	}
	for k, s := range t.subtypes {
		if byID {
			if id, err := strconv.Atoi(b.types[s].attributes[FieldIDAttribute]); err == nil && id == f.ID {
				return int(s), true
			}
		} else if k < len(t.fieldNames) && t.fieldNames[k] == f.Name {
			return int(s), true
		}
	}
	return 0, false
}

func (b *treeBuilder) build(id int, dt types.DataType) (colReader, error) {
	t := b.types[id]
	b.ids = append(b.ids, id)
	base := colBase{id: uint64(id)}
	mismatch := func() error {
		return fmt.Errorf("ORC column of type %s cannot be read as %s", kindName(int(t.kind)), dt.SQL())
	}
	switch t.kind {
	case kindBoolean:
		if dt.Kind != types.Boolean {
			return nil, mismatch()
		}
		return &boolCol{colBase: base}, nil
	case kindByte:
		if dt.Kind != types.TinyInt {
			return nil, mismatch()
		}
		return &byteCol{colBase: base}, nil
	case kindShort, kindInt, kindLong, kindDate:
		ok := map[uint64][]types.Kind{
			kindShort: {types.SmallInt}, kindInt: {types.Int, types.Time},
			kindLong: {types.BigInt}, kindDate: {types.Date},
		}[t.kind]
		if !containsKind(ok, dt.Kind) {
			return nil, mismatch()
		}
		return &intCol{colBase: base, kind: dt.Kind}, nil
	case kindFloat:
		if dt.Kind != types.Float {
			return nil, mismatch()
		}
		return &floatCol{colBase: base, width: 4}, nil
	case kindDouble:
		if dt.Kind != types.Double {
			return nil, mismatch()
		}
		return &floatCol{colBase: base, width: 8}, nil
	case kindString, kindVarchar, kindChar:
		if !dt.IsString() {
			return nil, mismatch()
		}
		return &stringCol{bytesCol: bytesCol{colBase: base}, trim: t.kind == kindChar}, nil
	case kindBinary:
		if !dt.IsBinary() {
			return nil, mismatch()
		}
		return &binaryCol{bytesCol{colBase: base}}, nil
	case kindDecimal:
		if dt.Kind != types.Decimal {
			return nil, mismatch()
		}
		return &decimalCol{colBase: base, scale: int32(dt.Scale), decimal64: b.decimal64 && t.precision <= 18, fileScale: int32(t.scale)}, nil
	case kindTimestamp, kindTimestampInstant:
		if !dt.IsTimestamp() {
			return nil, mismatch()
		}
		return &timestampCol{colBase: base, instant: t.kind == kindTimestampInstant}, nil
	case kindList:
		if dt.Kind != types.Array || len(t.subtypes) != 1 {
			return nil, mismatch()
		}
		elem, err := b.build(int(t.subtypes[0]), *dt.Element)
		if err != nil {
			return nil, err
		}
		return &listCol{lengthCol: lengthCol{colBase: base}, elem: elem}, nil
	case kindMap:
		if dt.Kind != types.Map || len(t.subtypes) != 2 {
			return nil, mismatch()
		}
		k, err := b.build(int(t.subtypes[0]), *dt.Key)
		if err != nil {
			return nil, err
		}
		v, err := b.build(int(t.subtypes[1]), *dt.Value)
		if err != nil {
			return nil, err
		}
		return &mapCol{lengthCol: lengthCol{colBase: base}, key: k, value: v}, nil
	case kindStruct:
		if dt.Kind != types.Row {
			return nil, mismatch()
		}
		sc := &structCol{colBase: base, fields: make([]colReader, len(dt.Fields))}
		for i, f := range dt.Fields {
			cid, ok := b.childOf(id, f)
			if !ok {
				continue
			}
			c, err := b.build(cid, f.Type)
			if err != nil {
				return nil, fmt.Errorf("field %q: %w", f.Name, err)
			}
			sc.fields[i] = c
		}
		return sc, nil
	}
	return nil, mismatch()
}

func containsKind(ks []types.Kind, k types.Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// littleEndian reads IEEE floats.
var littleEndian = binary.LittleEndian
