package orc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// SoftwareVersion names the writer in the footer (Footer.softwareVersion).
const SoftwareVersion = "paimon-sql"

// Defaults of Java Paimon's ORC writer (ORC's defaults unless Paimon sets
// them): 64 MiB stripes, 256 KiB compression chunks, dictionaries while
// distinct values stay under 80% of the values.
const (
	DefaultStripeSize             = 64 << 20
	DefaultBlockSize              = 256 << 10
	DefaultDictionaryKeyThreshold = 0.8
)

// WriterOptions tune a Writer. The zero value means Java's defaults.
type WriterOptions struct {
	// Compression is Paimon's file.compression: zstd (default), zlib,
	// snappy, lz4, or none/uncompressed.
	Compression string
	// ZstdLevel is file.compression.zstd-level; 0 means 1.
	ZstdLevel int
	// StripeSize is the buffered size in bytes at which a stripe is
	// written (orc.stripe.size).
	StripeSize int64
	// BlockSize is the compression chunk size (orc.compress.size).
	BlockSize int
	// DictionaryKeyThreshold is orc.dictionary.key.threshold: a string
	// column of a stripe is dictionary encoded when its distinct values
	// are at most this fraction of its values. 0 means 0.8.
	DictionaryKeyThreshold float64
	// NoDictionary writes every string column directly
	// (orc.dictionary.key.threshold = 0).
	NoDictionary bool
}

// Writer writes Paimon rows as one ORC file the way Java Paimon's ORC
// writer lays it out: file version 0.12, RLE version 2, the paimon.id
// attribute on every type, column statistics per stripe and file. Row
// indexes and bloom filters are not written (rowIndexStride 0).
type Writer struct {
	out        *countingWriter
	codec      *codec
	opts       WriterOptions
	root       *structWriter
	cols       []colWriter // in column id order
	types      []orcType
	stripes    []stripeInfo
	stripeStat [][]columnStatistics
	fileStat   []statsAcc
	rows       int64 // rows in the stripe being buffered
	total      int64
	closed     bool
	scratch    []byte
}

// countingWriter counts the bytes written.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// NewWriter starts a file of fields (for primary-key files the physical
// list with _KEY_*, _SEQUENCE_NUMBER and _VALUE_KIND).
func NewWriter(w io.Writer, fields []types.DataField, opts WriterOptions) (*Writer, error) {
	if opts.StripeSize <= 0 {
		opts.StripeSize = DefaultStripeSize
	}
	if opts.BlockSize <= 0 {
		opts.BlockSize = DefaultBlockSize
	}
	if opts.DictionaryKeyThreshold <= 0 {
		opts.DictionaryKeyThreshold = DefaultDictionaryKeyThreshold
	}
	c, err := newWriteCodec(opts.Compression, opts.ZstdLevel, opts.BlockSize)
	if err != nil {
		return nil, err
	}
	wr := &Writer{out: &countingWriter{w: w}, codec: c, opts: opts}
	root := &structWriter{colWriterBase: colWriterBase{id: 0}}
	wr.types = append(wr.types, orcType{kind: kindStruct})
	wr.cols = append(wr.cols, root)
	for _, f := range fields {
		cw, err := wr.add(f.Type, f.ID, 0)
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", f.Name, err)
		}
		root.fields = append(root.fields, cw)
		wr.types[0].subtypes = append(wr.types[0].subtypes, uint32(cw.base().id))
		wr.types[0].fieldNames = append(wr.types[0].fieldNames, f.Name)
	}
	wr.root = root
	wr.fileStat = make([]statsAcc, len(wr.cols))
	if _, err := wr.out.Write([]byte("ORC")); err != nil {
		return nil, err
	}
	return wr, nil
}

// Paimon's ids of array elements and map keys and values
// (SpecialFields): derived from the field id and the nesting depth, in
// Java's 32-bit arithmetic.
const (
	structuredFieldIDBase = math.MaxInt32 / 4
	structuredDepthLimit  = 1 << 10
)

func arrayElementID(id, depth int) int {
	return int(int32(structuredFieldIDBase) + int32(id)*structuredDepthLimit + int32(depth))
}

func mapKeyID(id, depth int) int {
	return int(int32(structuredFieldIDBase) - int32(id)*structuredDepthLimit - int32(depth))
}

// add creates the writer of a column of type t (and of its children, in
// preorder) with Paimon field id id at nesting depth depth.
func (wr *Writer) add(t types.DataType, id, depth int) (colWriter, error) {
	colID := len(wr.types)
	ot := orcType{attributes: map[string]string{FieldIDAttribute: strconv.Itoa(id)}}
	wr.types = append(wr.types, ot)
	base := colWriterBase{id: uint64(colID)}
	var cw colWriter
	switch t.Kind {
	case types.Boolean:
		ot.kind = kindBoolean
		cw = &boolWriter{colWriterBase: base}
	case types.TinyInt:
		ot.kind = kindByte
		cw = &byteWriter{colWriterBase: base}
	case types.SmallInt, types.Int, types.Time, types.BigInt, types.Date:
		ot.kind = map[types.Kind]uint64{types.SmallInt: kindShort, types.Int: kindInt, types.Time: kindInt,
			types.BigInt: kindLong, types.Date: kindDate}[t.Kind]
		cw = &intWriter{colWriterBase: base, date: t.Kind == types.Date}
	case types.Float:
		ot.kind = kindFloat
		cw = &floatWriter{colWriterBase: base, float32: true}
	case types.Double:
		ot.kind = kindDouble
		cw = &floatWriter{colWriterBase: base}
	case types.Char:
		ot.kind, ot.maxLength = kindChar, uint64(t.Length)
		cw = &stringWriter{colWriterBase: base, pad: t.Length, opts: &wr.opts}
	case types.VarChar:
		ot.kind = kindString
		if t.Length != types.MaxLength {
			ot.kind, ot.maxLength = kindVarchar, uint64(t.Length)
		}
		cw = &stringWriter{colWriterBase: base, opts: &wr.opts}
	case types.Binary, types.VarBinary, types.Blob:
		// Java writes every binary type as BYTES (OrcFileFormat.refineDataType).
		ot.kind = kindBinary
		cw = &binaryWriter{colWriterBase: base}
	case types.Decimal:
		ot.kind, ot.precision, ot.scale = kindDecimal, uint64(t.Precision), uint64(t.Scale)
		cw = &decimalWriter{colWriterBase: base, scale: int32(t.Scale)}
	case types.Timestamp, types.TimestampLTZ:
		ot.kind = kindTimestamp
		if t.Kind == types.TimestampLTZ {
			ot.kind = kindTimestampInstant
		}
		cw = &timestampWriter{colWriterBase: base}
	case types.Array:
		ot.kind = kindList
		wr.types[colID] = ot
		wr.cols = append(wr.cols, nil)
		elem, err := wr.add(*t.Element, arrayElementID(id, depth+1), depth+1)
		if err != nil {
			return nil, err
		}
		wr.types[colID].subtypes = []uint32{uint32(elem.base().id)}
		lw := &listWriter{colWriterBase: base, elem: elem}
		wr.cols[colID] = lw
		return lw, nil
	case types.Map:
		ot.kind = kindMap
		wr.types[colID] = ot
		wr.cols = append(wr.cols, nil)
		k, err := wr.add(*t.Key, mapKeyID(id, depth+1), depth+1)
		if err != nil {
			return nil, err
		}
		v, err := wr.add(*t.Value, arrayElementID(id, depth+1), depth+1)
		if err != nil {
			return nil, err
		}
		wr.types[colID].subtypes = []uint32{uint32(k.base().id), uint32(v.base().id)}
		mw := &mapWriter{colWriterBase: base, key: k, value: v}
		wr.cols[colID] = mw
		return mw, nil
	case types.Row:
		ot.kind = kindStruct
		wr.types[colID] = ot
		wr.cols = append(wr.cols, nil)
		sw := &structWriter{colWriterBase: base}
		for _, f := range t.Fields {
			c, err := wr.add(f.Type, f.ID, 0)
			if err != nil {
				return nil, fmt.Errorf("field %q: %w", f.Name, err)
			}
			sw.fields = append(sw.fields, c)
			wr.types[colID].subtypes = append(wr.types[colID].subtypes, uint32(c.base().id))
			wr.types[colID].fieldNames = append(wr.types[colID].fieldNames, f.Name)
		}
		wr.cols[colID] = sw
		return sw, nil
	default:
		return nil, fmt.Errorf("type %s cannot be written to ORC (Java Paimon's ORC format has no %s either)", t.SQL(), t.Kind)
	}
	wr.types[colID] = ot
	wr.cols = append(wr.cols, cw)
	return cw, nil
}

// Write adds rows (one value per field, in field order).
func (wr *Writer) Write(rows [][]any) error {
	if wr.closed {
		return fmt.Errorf("orc writer is closed")
	}
	for _, row := range rows {
		if len(row) != len(wr.root.fields) {
			return fmt.Errorf("row of %d values for %d fields", len(row), len(wr.root.fields))
		}
		for j, c := range wr.root.fields {
			if err := c.add(row[j]); err != nil {
				return fmt.Errorf("column %q: %w", wr.types[0].fieldNames[j], err)
			}
		}
		wr.rows++
	}
	if wr.buffered() >= wr.opts.StripeSize {
		return wr.flushStripe()
	}
	return nil
}

func (wr *Writer) buffered() int64 {
	var n int64
	for _, c := range wr.cols[1:] {
		n += c.base().bytes
	}
	return n
}

// stripeOut collects the streams and encodings of one stripe.
type stripeOut struct {
	wr        *Writer
	data      bytes.Buffer
	streams   []streamInfo
	encodings []columnEncoding
	stats     []columnStatistics
	err       error
}

// stream adds a stream; empty ones too, since readers such as ORC's C++
// one expect every stream of a column's encoding.
func (s *stripeOut) stream(col, kind uint64, raw []byte) {
	if s.err != nil {
		return
	}
	var err error
	s.wr.scratch, err = s.wr.codec.compress(s.wr.scratch[:0], raw)
	if err != nil {
		s.err = err
		return
	}
	s.data.Write(s.wr.scratch)
	s.streams = append(s.streams, streamInfo{kind: kind, column: col, length: uint64(len(s.wr.scratch))})
}

func (wr *Writer) flushStripe() error {
	if wr.rows == 0 {
		return nil
	}
	so := &stripeOut{wr: wr, encodings: make([]columnEncoding, len(wr.cols)), stats: make([]columnStatistics, len(wr.cols))}
	wr.root.values = wr.rows
	for _, c := range wr.cols {
		st := c.flush(so)
		so.stats[c.base().id] = st.proto()
		wr.fileStat[c.base().id].merge(&st)
	}
	if so.err != nil {
		return so.err
	}
	sf := stripeFooter{streams: so.streams, columns: so.encodings, writerTimezone: "UTC"}
	footerBytes, err := wr.codec.compress(nil, sf.marshal())
	if err != nil {
		return err
	}
	info := stripeInfo{offset: uint64(wr.out.n), dataLength: uint64(so.data.Len()), footerLength: uint64(len(footerBytes)), numberOfRows: uint64(wr.rows)}
	if _, err := wr.out.Write(so.data.Bytes()); err != nil {
		return err
	}
	if _, err := wr.out.Write(footerBytes); err != nil {
		return err
	}
	wr.stripes = append(wr.stripes, info)
	wr.stripeStat = append(wr.stripeStat, so.stats)
	wr.total += wr.rows
	wr.rows = 0
	return nil
}

// Close writes the last stripe and the file tail; it returns the file
// size and row count.
func (wr *Writer) Close() (size, rows int64, err error) {
	if wr.closed {
		return wr.out.n, wr.total, nil
	}
	wr.closed = true
	defer wr.codec.close()
	if err := wr.flushStripe(); err != nil {
		return 0, 0, err
	}
	meta, err := wr.codec.compress(nil, marshalMetadata(wr.stripeStat))
	if err != nil {
		return 0, 0, err
	}
	f := footer{headerLength: 3, contentLength: uint64(wr.out.n), stripes: wr.stripes, types: wr.types, numberOfRows: uint64(wr.total)}
	for i := range wr.fileStat {
		if i == 0 {
			wr.fileStat[0].values = uint64(wr.total)
		}
		f.statistics = append(f.statistics, wr.fileStat[i].proto())
	}
	fb, err := wr.codec.compress(nil, f.marshal())
	if err != nil {
		return 0, 0, err
	}
	ps := postScript{footerLength: uint64(len(fb)), compression: wr.codec.kind, blockSize: uint64(wr.opts.BlockSize),
		version: []uint32{0, 12}, metadataLength: uint64(len(meta)), writerVersion: 9, magic: "ORC"}
	pb := ps.marshal()
	tail := slices.Concat(meta, fb, pb, []byte{byte(len(pb))})
	if _, err := wr.out.Write(tail); err != nil {
		return 0, 0, err
	}
	return wr.out.n, wr.total, nil
}

// colWriter buffers the values of one column for the open stripe.
type colWriter interface {
	base() *colWriterBase
	// add buffers one value (nil is NULL).
	add(v any) error
	// flush writes the column's streams of the stripe and returns its
	// statistics.
	flush(s *stripeOut) statsAcc
}

type colWriterBase struct {
	id      uint64
	present []bool
	nulls   bool
	bytes   int64 // buffered size estimate
}

func (b *colWriterBase) base() *colWriterBase { return b }

// addPresence records whether v is present.
func (b *colWriterBase) addPresence(v any) bool {
	b.present = append(b.present, v != nil)
	if v == nil {
		b.nulls = true
		return false
	}
	return true
}

// flushPresent writes PRESENT when the stripe has nulls (Java suppresses
// it otherwise) and resets the presence buffer.
func (b *colWriterBase) flushPresent(s *stripeOut, st *statsAcc) {
	st.hasNull = b.nulls
	if b.nulls {
		s.stream(b.id, streamPresent, appendBoolRLE(nil, b.present))
	}
	b.present, b.nulls, b.bytes = b.present[:0], false, 0
}

type boolWriter struct {
	colWriterBase
	values []bool
}

func (w *boolWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	b, ok := v.(bool)
	if !ok {
		return typeError(v, "BOOLEAN")
	}
	w.values = append(w.values, b)
	w.bytes++
	return nil
}

func (w *boolWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{kind: statsBool, values: uint64(len(w.values))}
	for _, v := range w.values {
		if v {
			st.trues++
		}
	}
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, appendBoolRLE(nil, w.values))
	s.encodings[w.id] = columnEncoding{kind: encodingDirect}
	w.values = w.values[:0]
	return st
}

type byteWriter struct {
	colWriterBase
	values []byte
}

func (w *byteWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	b, ok := v.(int8)
	if !ok {
		return typeError(v, "TINYINT")
	}
	w.values = append(w.values, byte(b))
	w.bytes++
	return nil
}

func (w *byteWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{kind: statsInt, values: uint64(len(w.values))}
	for _, v := range w.values {
		st.int(int64(int8(v)))
	}
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, appendByteRLE(nil, w.values))
	s.encodings[w.id] = columnEncoding{kind: encodingDirect}
	w.values = w.values[:0]
	return st
}

type intWriter struct {
	colWriterBase
	date   bool
	values []int64
}

func (w *intWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	var x int64
	switch n := v.(type) {
	case int16:
		x = int64(n)
	case int32:
		x = int64(n)
	case int64:
		x = n
	default:
		return typeError(v, "an integer")
	}
	w.values = append(w.values, x)
	w.bytes += 8
	return nil
}

func (w *intWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{kind: statsInt, values: uint64(len(w.values))}
	if w.date {
		st.kind = statsDate
	}
	for _, v := range w.values {
		st.int(v)
	}
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, appendRLEv2(nil, w.values, true))
	s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	w.values = w.values[:0]
	return st
}

type floatWriter struct {
	colWriterBase
	float32 bool
	data    []byte
	st      statsAcc
}

func (w *floatWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	var f float64
	switch x := v.(type) {
	case float32:
		if !w.float32 {
			return typeError(v, "DOUBLE")
		}
		w.data = littleEndian.AppendUint32(w.data, math.Float32bits(x))
		f = float64(x)
	case float64:
		if w.float32 {
			return typeError(v, "FLOAT")
		}
		w.data = littleEndian.AppendUint64(w.data, math.Float64bits(x))
		f = x
	default:
		return typeError(v, "FLOAT or DOUBLE")
	}
	w.st.values++
	w.st.double(f)
	w.bytes = int64(len(w.data))
	return nil
}

func (w *floatWriter) flush(s *stripeOut) statsAcc {
	st := w.st
	st.kind = statsDouble
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, w.data)
	s.encodings[w.id] = columnEncoding{kind: encodingDirect}
	w.data, w.st = w.data[:0], statsAcc{}
	return st
}

// stringWriter writes STRING, VARCHAR and CHAR (padded with spaces to its
// length, as Java writes CHAR).
type stringWriter struct {
	colWriterBase
	pad    int
	opts   *WriterOptions
	values []string
}

func (w *stringWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	s, ok := v.(string)
	if !ok {
		return typeError(v, "a string")
	}
	if w.pad > 0 {
		if n := utf8.RuneCountInString(s); n < w.pad {
			s += spaces(w.pad - n)
		}
	}
	w.values = append(w.values, s)
	w.bytes += int64(len(s)) + 16
	return nil
}

func spaces(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = ' '
	}
	return string(b)
}

func (w *stringWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{kind: statsString, values: uint64(len(w.values))}
	for _, v := range w.values {
		st.string(v)
	}
	w.flushPresent(s, &st)
	// Dictionary encoding when distinct values are few enough, with the
	// entries sorted as Java's red-black tree keeps them.
	index := map[string]int64{}
	if !w.opts.NoDictionary {
		limit := int(float64(len(w.values)) * w.opts.DictionaryKeyThreshold)
		for _, v := range w.values {
			if _, ok := index[v]; !ok {
				index[v] = 0
				if len(index) > limit {
					index = nil
					break
				}
			}
		}
	} else {
		index = nil
	}
	if index != nil && len(w.values) > 0 {
		entries := make([]string, 0, len(index))
		for k := range index {
			entries = append(entries, k)
		}
		slices.Sort(entries)
		var blob []byte
		lengths := make([]int64, len(entries))
		for i, e := range entries {
			index[e] = int64(i)
			blob = append(blob, e...)
			lengths[i] = int64(len(e))
		}
		ids := make([]int64, len(w.values))
		for i, v := range w.values {
			ids[i] = index[v]
		}
		s.stream(w.id, streamData, appendRLEv2(nil, ids, false))
		s.stream(w.id, streamDictionaryData, blob)
		s.stream(w.id, streamLength, appendRLEv2(nil, lengths, false))
		s.encodings[w.id] = columnEncoding{kind: encodingDictionaryV2, dictionarySize: uint64(len(entries))}
	} else {
		var blob []byte
		lengths := make([]int64, len(w.values))
		for i, v := range w.values {
			blob = append(blob, v...)
			lengths[i] = int64(len(v))
		}
		s.stream(w.id, streamData, blob)
		s.stream(w.id, streamLength, appendRLEv2(nil, lengths, false))
		s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	}
	w.values = w.values[:0]
	return st
}

type binaryWriter struct {
	colWriterBase
	data    []byte
	lengths []int64
}

func (w *binaryWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	b, ok := v.([]byte)
	if !ok {
		return typeError(v, "[]byte")
	}
	w.data = append(w.data, b...)
	w.lengths = append(w.lengths, int64(len(b)))
	w.bytes += int64(len(b)) + 8
	return nil
}

func (w *binaryWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{kind: statsBinary, values: uint64(len(w.lengths))}
	for _, l := range w.lengths {
		st.sum += l
	}
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, w.data)
	s.stream(w.id, streamLength, appendRLEv2(nil, w.lengths, false))
	s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	w.data, w.lengths = w.data[:0], w.lengths[:0]
	return st
}

type decimalWriter struct {
	colWriterBase
	scale  int32
	values []decimal.Decimal
}

func (w *decimalWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	d, ok := v.(decimal.Decimal)
	if !ok {
		return typeError(v, "DECIMAL")
	}
	w.values = append(w.values, d)
	w.bytes += 16
	return nil
}

func (w *decimalWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{kind: statsDecimal, values: uint64(len(w.values))}
	var data []byte
	scales := make([]int64, len(w.values))
	for i, d := range w.values {
		st.decimal(d)
		data = appendBigVarint(data, d.Round(w.scale).Coefficient())
		scales[i] = int64(w.scale)
	}
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, data)
	s.stream(w.id, streamSecondary, appendRLEv2(nil, scales, true))
	s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	w.values = w.values[:0]
	return st
}

// appendBigVarint appends the unbounded zigzag varint of u.
func appendBigVarint(dst []byte, u *big.Int) []byte {
	if u.IsInt64() {
		return appendUvarint(dst, zigzag(u.Int64()))
	}
	z := new(big.Int).Lsh(u, 1)
	if u.Sign() < 0 {
		z.Neg(z).Sub(z, big.NewInt(1))
	}
	for z.BitLen() > 7 {
		dst = append(dst, byte(z.Uint64()&0x7f)|0x80)
		z.Rsh(z, 7)
	}
	return append(dst, byte(z.Uint64()))
}

// ErrPreEpochFraction refuses a timestamp in the last second before 1970
// with a fraction of a millisecond or more: ORC stores its second
// truncated toward zero, and every ORC reader (Java's, pyarrow's, ours)
// shows it one second later, so the value could never be read back.
// Earlier seconds survive: readers subtract the second again when the
// stored one is negative.
var ErrPreEpochFraction = errors.New("ORC files cannot hold a timestamp in the last second before 1970 with a fraction " +
	"of a millisecond or more (every ORC reader, Java's too, shows it one second later); use 'file.format' = 'parquet' or 'avro' for such values")

// timestampWriter writes TIMESTAMP (wall-clock values, writer time zone
// UTC) and TIMESTAMP_INSTANT.
type timestampWriter struct {
	colWriterBase
	secs, nanos []int64
	st          statsAcc
}

func (w *timestampWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	t, ok := v.(time.Time)
	if !ok {
		return typeError(v, "TIMESTAMP")
	}
	sec, nano := t.Unix(), int64(t.Nanosecond())
	if sec == -1 && nano >= 1e6 {
		return fmt.Errorf("timestamp %s: %w", t.UTC().Format("2006-01-02 15:04:05.999999999"), ErrPreEpochFraction)
	}
	// Java's writer takes the seconds of the millisecond value truncated
	// toward zero: before 1970 a fraction rounds the second up.
	javaSecs := sec
	if sec < 0 && nano >= 1e6 {
		javaSecs++
	}
	w.secs = append(w.secs, javaSecs-orcEpoch)
	w.nanos = append(w.nanos, formatNanos(nano))
	w.st.values++
	w.st.timestamp(sec*1000+nano/1e6, nano%1e6)
	w.bytes += 16
	return nil
}

// formatNanos folds two or more trailing decimal zeros of nanos into the
// low three bits, as Java's TimestampTreeWriter does.
func formatNanos(nanos int64) int64 {
	if nanos == 0 {
		return 0
	}
	if nanos%100 != 0 {
		return nanos << 3
	}
	nanos /= 100
	zeros := int64(1)
	for nanos%10 == 0 && zeros < 7 {
		nanos /= 10
		zeros++
	}
	return nanos<<3 | zeros
}

func (w *timestampWriter) flush(s *stripeOut) statsAcc {
	st := w.st
	st.kind = statsTimestamp
	w.flushPresent(s, &st)
	s.stream(w.id, streamData, appendRLEv2(nil, w.secs, true))
	s.stream(w.id, streamSecondary, appendRLEv2(nil, w.nanos, false))
	s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	w.secs, w.nanos, w.st = w.secs[:0], w.nanos[:0], statsAcc{}
	return st
}

type structWriter struct {
	colWriterBase
	fields []colWriter
	values int64 // the root: rows of the stripe
	count  uint64
}

func (w *structWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	row, ok := v.([]any)
	if !ok || len(row) != len(w.fields) {
		return typeError(v, fmt.Sprintf("a ROW of %d fields", len(w.fields)))
	}
	w.count++
	for i, f := range w.fields {
		if err := f.add(row[i]); err != nil {
			return err
		}
	}
	return nil
}

func (w *structWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{values: w.count}
	if w.id == 0 {
		st.values = uint64(w.values)
	}
	w.flushPresent(s, &st)
	s.encodings[w.id] = columnEncoding{kind: encodingDirect}
	w.count = 0
	return st
}

type listWriter struct {
	colWriterBase
	elem    colWriter
	lengths []int64
}

func (w *listWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	vs, ok := v.([]any)
	if !ok {
		return typeError(v, "an ARRAY")
	}
	w.lengths = append(w.lengths, int64(len(vs)))
	w.bytes += 8
	for _, e := range vs {
		if err := w.elem.add(e); err != nil {
			return err
		}
	}
	return nil
}

func (w *listWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{values: uint64(len(w.lengths))}
	w.flushPresent(s, &st)
	s.stream(w.id, streamLength, appendRLEv2(nil, w.lengths, false))
	s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	w.lengths = w.lengths[:0]
	return st
}

type mapWriter struct {
	colWriterBase
	key, value colWriter
	lengths    []int64
}

func (w *mapWriter) add(v any) error {
	if !w.addPresence(v) {
		return nil
	}
	m, ok := v.(types.MapValue)
	if !ok || len(m.Keys) != len(m.Values) {
		return typeError(v, "a MAP")
	}
	w.lengths = append(w.lengths, int64(len(m.Keys)))
	w.bytes += 8
	for i := range m.Keys {
		if err := w.key.add(m.Keys[i]); err != nil {
			return err
		}
		if err := w.value.add(m.Values[i]); err != nil {
			return err
		}
	}
	return nil
}

func (w *mapWriter) flush(s *stripeOut) statsAcc {
	st := statsAcc{values: uint64(len(w.lengths))}
	w.flushPresent(s, &st)
	s.stream(w.id, streamLength, appendRLEv2(nil, w.lengths, false))
	s.encodings[w.id] = columnEncoding{kind: encodingDirectV2}
	w.lengths = w.lengths[:0]
	return st
}

func typeError(v any, want string) error {
	return fmt.Errorf("value %v (%T) is not %s", v, v, want)
}
