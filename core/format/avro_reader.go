package format

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"sync"
	"time"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
	"github.com/klauspost/compress/zstd"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// AvroReader streams the rows of one Avro data file, one block at a time:
// a block is read, decompressed and decoded row by row into batches, so
// memory holds one block (Java writes them at about 64 KB) and one batch.
//
// Columns are matched to fields by name, Avro's own rule (Java writes no
// field ids into Avro files). Unprojected columns are skipped, not decoded.
type AvroReader struct {
	r         io.ReaderAt
	size      int64
	codec     ocf.CodecName
	sync      [16]byte
	decode    []avroDecodeFunc // per column of the file
	target    []int            // per column: output index, -1 = skip
	width     int
	batchSize int

	next      int64 // offset of the next block
	blockOff  int64 // offset of the block being decoded
	block     avroDecoder
	left      int64  // rows left in the block being decoded
	used      int64  // rows of that block already decoded
	pos       int64  // file position of the next row
	raw       []byte // the compressed block, reused
	plain     []byte // the decompressed block, reused: values never point into it
	suspended bool
}

// avroDecoder reads Avro binary values from a buffer.
type avroDecoder struct {
	buf []byte
	off int
}

// avroDecodeFunc decodes one value; skip functions return nil.
type avroDecodeFunc func(d *avroDecoder) (any, error)

var errAvroShort = errors.New("avro: unexpected end of data")

func (d *avroDecoder) long() (int64, error) {
	x, n := binary.Varint(d.buf[d.off:])
	if n <= 0 {
		if n == 0 {
			return 0, errAvroShort
		}
		return 0, errors.New("avro: varint overflows a long")
	}
	d.off += n
	return x, nil
}

func (d *avroDecoder) bytes() ([]byte, error) {
	n, err := d.long()
	if err != nil {
		return nil, err
	}
	if n < 0 || n > int64(len(d.buf)-d.off) {
		return nil, errAvroShort
	}
	b := d.buf[d.off : d.off+int(n) : d.off+int(n)]
	d.off += int(n)
	return b, nil
}

func (d *avroDecoder) fixed(n int) ([]byte, error) {
	if n > len(d.buf)-d.off {
		return nil, errAvroShort
	}
	b := d.buf[d.off : d.off+n : d.off+n]
	d.off += n
	return b, nil
}

// The metadata keys of an Avro container file's header that the reader
// needs. They are Avro's, not table options: the specification reserves
// the "avro." prefix for them.
const (
	avroMetaPrefix = "avro."
	avroMetaCodec  = avroMetaPrefix + "codec"
	avroMetaSchema = avroMetaPrefix + "schema"
)

// OpenAvro opens an Avro data file of size bytes. fields are the Paimon
// fields the file was written with; only the header is read here.
func OpenAvro(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (*AvroReader, error) {
	head, off, err := readAvroHeader(r, size)
	if err != nil {
		return nil, fmt.Errorf("open avro: %w", err)
	}
	codec := ocf.CodecName(head.Meta[avroMetaCodec])
	switch codec {
	case "":
		codec = ocf.Null
	case ocf.Null, ocf.Deflate, ocf.Snappy, ocf.ZStandard:
	default:
		return nil, fmt.Errorf("open avro: codec %q is not supported (paimon-sql reads null, deflate, snappy and zstandard)", codec)
	}
	schema, err := avro.ParseBytesWithCache(head.Meta[avroMetaSchema], "", &avro.SchemaCache{})
	if err != nil {
		return nil, fmt.Errorf("open avro: schema: %w", err)
	}
	rec, ok := schema.(*avro.RecordSchema)
	if !ok {
		return nil, fmt.Errorf("open avro: the file's schema is %s, not a record", schema.Type())
	}
	proj := opts.Projection
	if proj == nil {
		proj = make([]int, len(fields))
		for i := range proj {
			proj[i] = i
		}
	}
	ar := &AvroReader{r: r, size: size, codec: codec, sync: head.Sync, next: off,
		width: len(proj), batchSize: opts.BatchSize}
	if ar.batchSize <= 0 {
		ar.batchSize = DefaultBatchSize
	}
	wanted := map[string]int{} // column name -> output index
	for out, fi := range proj {
		if fi < 0 || fi >= len(fields) {
			return nil, fmt.Errorf("projection index %d out of range (%d fields)", fi, len(fields))
		}
		wanted[fields[fi].Name] = out
	}
	for _, col := range rec.Fields() {
		out, ok := wanted[col.Name()]
		var dec avroDecodeFunc
		if ok {
			fd := fields[proj[out]]
			if dec, err = avroDecoderOf(col.Type(), fd.Type); err != nil {
				return nil, fmt.Errorf("open avro: column %s: %w", col.Name(), err)
			}
		} else {
			out = -1
			if dec, err = avroSkipper(col.Type()); err != nil {
				return nil, fmt.Errorf("open avro: column %s: %w", col.Name(), err)
			}
		}
		ar.decode = append(ar.decode, dec)
		ar.target = append(ar.target, out)
	}
	return ar, nil
}

// readAvroHeader reads the container header: magic, metadata and sync
// marker. It returns the offset of the first block.
func readAvroHeader(r io.ReaderAt, size int64) (ocf.Header, int64, error) {
	var h ocf.Header
	for n := int64(4096); ; n *= 4 {
		n = min(n, size)
		buf := make([]byte, n)
		if _, err := r.ReadAt(buf, 0); err != nil && !errors.Is(err, io.EOF) {
			return h, 0, err
		}
		off, err := parseAvroHeader(buf, &h)
		if err == nil {
			return h, int64(off), nil
		}
		if !errors.Is(err, errAvroShort) || n == size {
			return h, 0, err
		}
	}
}

func parseAvroHeader(buf []byte, h *ocf.Header) (int, error) {
	if !bytes.HasPrefix(buf, []byte("Obj\x01")) {
		if len(buf) < 4 {
			return 0, errAvroShort
		}
		return 0, fmt.Errorf("not an Avro object container file (starts with %q)", buf[:4])
	}
	d := avroDecoder{buf: buf, off: 4}
	h.Meta = map[string][]byte{}
	for {
		n, err := d.long()
		if err != nil {
			return 0, err
		}
		if n == 0 {
			break
		}
		if n < 0 {
			n = -n
			if _, err := d.long(); err != nil { // block size in bytes
				return 0, err
			}
		}
		for range n {
			k, err := d.bytes()
			if err != nil {
				return 0, err
			}
			v, err := d.bytes()
			if err != nil {
				return 0, err
			}
			h.Meta[string(k)] = bytes.Clone(v)
		}
	}
	sync, err := d.fixed(16)
	if err != nil {
		return 0, err
	}
	copy(h.Sync[:], sync)
	return d.off, nil
}

// Next returns the next batch of at most BatchSize rows, or io.EOF after the
// last one. A batch may span blocks.
func (ar *AvroReader) Next(ctx context.Context) (Batch, error) {
	if err := ctx.Err(); err != nil {
		return Batch{}, err
	}
	if ar.suspended {
		if err := ar.resume(); err != nil {
			return Batch{}, err
		}
	}
	var rows [][]any
	var cells []any // one allocation for the cells of the batch
	first := ar.pos
	for len(rows) < ar.batchSize {
		if ar.left == 0 {
			if err := ar.readBlock(ar.next); err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				return Batch{}, err
			}
			continue
		}
		if len(cells) < ar.width {
			cells = make([]any, ar.width*int(min(int64(ar.batchSize-len(rows)), ar.left)))
		}
		row := cells[:ar.width:ar.width]
		cells = cells[ar.width:]
		if err := ar.decodeRow(row); err != nil {
			return Batch{}, fmt.Errorf("avro row %d: %w", ar.pos, err)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return Batch{}, io.EOF
	}
	return Batch{Rows: rows, FirstPosition: first}, nil
}

func (ar *AvroReader) decodeRow(row []any) error {
	for i, dec := range ar.decode {
		v, err := dec(&ar.block)
		if err != nil {
			return err
		}
		if t := ar.target[i]; t >= 0 {
			row[t] = v
		}
	}
	ar.left--
	ar.used++
	ar.pos++
	if ar.left == 0 && ar.block.off != len(ar.block.buf) {
		return fmt.Errorf("block at offset %d has %d bytes after its last row", ar.blockOff, len(ar.block.buf)-ar.block.off)
	}
	return nil
}

// readBlock reads and decompresses the block at off; io.EOF at the end of
// the file.
func (ar *AvroReader) readBlock(off int64) error {
	if off >= ar.size {
		return io.EOF
	}
	var head [20]byte // two longs
	n, err := ar.r.ReadAt(head[:min(int64(len(head)), ar.size-off)], off)
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	d := avroDecoder{buf: head[:n]}
	count, err := d.long()
	if err != nil {
		return fmt.Errorf("avro block at offset %d: %w", off, err)
	}
	length, err := d.long()
	if err != nil {
		return fmt.Errorf("avro block at offset %d: %w", off, err)
	}
	end := off + int64(d.off) + length + 16
	if count < 0 || length < 0 || end > ar.size {
		return fmt.Errorf("avro block at offset %d: %d rows in %d bytes do not fit the file of %d bytes", off, count, length, ar.size)
	}
	if cap(ar.raw) < int(length)+16 {
		ar.raw = make([]byte, length+16)
	}
	raw := ar.raw[:length+16]
	if _, err := ar.r.ReadAt(raw, off+int64(d.off)); err != nil && !(errors.Is(err, io.EOF) && off+int64(d.off)+int64(len(raw)) == ar.size) {
		return err
	}
	if !bytes.Equal(raw[length:], ar.sync[:]) {
		return fmt.Errorf("avro block at offset %d: sync marker mismatch (damaged file)", off)
	}
	data, err := ar.decompress(raw[:length])
	if err != nil {
		return fmt.Errorf("avro block at offset %d: %w", off, err)
	}
	ar.block = avroDecoder{buf: data}
	ar.blockOff, ar.next = off, end
	ar.left, ar.used = count, 0
	return nil
}

// zstdBlockDecoders lend a zstd decoder to one block at a time.
var zstdBlockDecoders = sync.Pool{New: func() any {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		panic(err) // only for invalid options
	}
	return d
}}

func (ar *AvroReader) decompress(b []byte) ([]byte, error) {
	switch ar.codec {
	case ocf.Null:
		return b, nil
	case ocf.Deflate:
		buf := bytes.NewBuffer(ar.plain[:0])
		if _, err := buf.ReadFrom(flate.NewReader(bytes.NewReader(b))); err != nil {
			return nil, fmt.Errorf("deflate: %w", err)
		}
		ar.plain = buf.Bytes()
		return ar.plain, nil
	case ocf.Snappy:
		return (&ocf.SnappyCodec{}).Decode(b)
	case ocf.ZStandard:
		zd := zstdBlockDecoders.Get().(*zstd.Decoder)
		defer zstdBlockDecoders.Put(zd)
		out, err := zd.DecodeAll(b, ar.plain[:0])
		if err != nil {
			return nil, fmt.Errorf("zstandard: %w", err)
		}
		ar.plain = out
		return out, nil
	}
	return nil, fmt.Errorf("codec %q", ar.codec)
}

// Suspend releases the block being decoded; the next call of Next reads
// and decompresses it again and skips the rows already returned.
func (ar *AvroReader) Suspend() {
	if ar.left == 0 || ar.suspended {
		return
	}
	ar.block, ar.raw, ar.plain = avroDecoder{}, nil, nil
	ar.suspended = true
}

func (ar *AvroReader) resume() error {
	ar.suspended = false
	used := ar.used
	pos := ar.pos
	if err := ar.readBlock(ar.blockOff); err != nil {
		return err
	}
	for range used {
		for _, dec := range ar.decode {
			if _, err := dec(&ar.block); err != nil {
				return fmt.Errorf("avro: resuming at row %d: %w", pos, err)
			}
		}
	}
	ar.left -= used
	ar.used = used
	return nil
}

// Close releases the block being read.
func (ar *AvroReader) Close() error {
	ar.block, ar.raw, ar.plain = avroDecoder{}, nil, nil
	return nil
}

// avroSkipper compiles a function that steps over a value of schema s.
func avroSkipper(s avro.Schema) (avroDecodeFunc, error) {
	if s.Type() == avro.Null {
		return func(*avroDecoder) (any, error) { return nil, nil }, nil
	}
	switch s := s.(type) {
	case *avro.PrimitiveSchema:
		switch s.Type() {
		case avro.Boolean:
			return func(d *avroDecoder) (any, error) { _, err := d.fixed(1); return nil, err }, nil
		case avro.Int, avro.Long:
			return func(d *avroDecoder) (any, error) { _, err := d.long(); return nil, err }, nil
		case avro.Float:
			return func(d *avroDecoder) (any, error) { _, err := d.fixed(4); return nil, err }, nil
		case avro.Double:
			return func(d *avroDecoder) (any, error) { _, err := d.fixed(8); return nil, err }, nil
		case avro.String, avro.Bytes:
			return func(d *avroDecoder) (any, error) { _, err := d.bytes(); return nil, err }, nil
		}
	case *avro.FixedSchema:
		size := s.Size()
		return func(d *avroDecoder) (any, error) { _, err := d.fixed(size); return nil, err }, nil
	case *avro.EnumSchema:
		return func(d *avroDecoder) (any, error) { _, err := d.long(); return nil, err }, nil
	case *avro.RefSchema:
		return avroSkipper(s.Schema())
	case *avro.RecordSchema:
		var fields []avroDecodeFunc
		for _, f := range s.Fields() {
			skip, err := avroSkipper(f.Type())
			if err != nil {
				return nil, err
			}
			fields = append(fields, skip)
		}
		return func(d *avroDecoder) (any, error) {
			for _, f := range fields {
				if _, err := f(d); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}, nil
	case *avro.UnionSchema:
		branches := make([]avroDecodeFunc, len(s.Types()))
		for i, b := range s.Types() {
			var err error
			if branches[i], err = avroSkipper(b); err != nil {
				return nil, err
			}
		}
		return func(d *avroDecoder) (any, error) {
			i, err := d.long()
			if err != nil {
				return nil, err
			}
			if i < 0 || i >= int64(len(branches)) {
				return nil, fmt.Errorf("union branch %d out of range", i)
			}
			return branches[i](d)
		}, nil
	case *avro.ArraySchema:
		item, err := avroSkipper(s.Items())
		if err != nil {
			return nil, err
		}
		return func(d *avroDecoder) (any, error) {
			return nil, d.eachItem(func() error { _, err := item(d); return err })
		}, nil
	case *avro.MapSchema:
		value, err := avroSkipper(s.Values())
		if err != nil {
			return nil, err
		}
		return func(d *avroDecoder) (any, error) {
			return nil, d.eachItem(func() error {
				if _, err := d.bytes(); err != nil {
					return err
				}
				_, err := value(d)
				return err
			})
		}, nil
	}
	return nil, fmt.Errorf("unsupported Avro schema %s", s.Type())
}

// eachItem walks the blocks of an array or map, calling item per element.
func (d *avroDecoder) eachItem(item func() error) error {
	for {
		n, err := d.long()
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if n < 0 {
			n = -n
			if _, err := d.long(); err != nil { // block size in bytes
				return err
			}
		}
		if n > int64(len(d.buf)-d.off) {
			// Every item takes a byte at least, except nulls and empty
			// records, which Paimon never puts in arrays by the millions.
			return fmt.Errorf("array block of %d items in %d bytes: %w", n, len(d.buf)-d.off, errAvroShort)
		}
		for range n {
			if err := item(); err != nil {
				return err
			}
		}
	}
}

// avroDecoderOf compiles the decoder of values written with schema s into
// the Go values of Paimon type t.
func avroDecoderOf(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	if ref, ok := s.(*avro.RefSchema); ok {
		s = ref.Schema()
	}
	if u, ok := s.(*avro.UnionSchema); ok {
		branches := make([]avroDecodeFunc, len(u.Types()))
		for i, b := range u.Types() {
			if b.Type() == avro.Null {
				branches[i] = func(*avroDecoder) (any, error) { return nil, nil }
				continue
			}
			var err error
			if branches[i], err = avroDecoderOf(b, t); err != nil {
				return nil, err
			}
		}
		return func(d *avroDecoder) (any, error) {
			i, err := d.long()
			if err != nil {
				return nil, err
			}
			if i < 0 || i >= int64(len(branches)) {
				return nil, fmt.Errorf("union branch %d out of range", i)
			}
			return branches[i](d)
		}, nil
	}
	return avroValueDecoder(s, t)
}

// avroMismatch is the error for a schema that does not hold t.
func avroMismatch(s avro.Schema, t types.DataType) error {
	return fmt.Errorf("an Avro %s cannot be read as %s", s.Type(), t.SQL())
}

// avroValueDecoder decodes the values of a schema that is not a union.
func avroValueDecoder(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	var logical avro.LogicalType
	if ls, ok := s.(avro.LogicalTypeSchema); ok && ls.Logical() != nil {
		logical = ls.Logical().Type()
	}
	switch t.Kind {
	case types.Boolean:
		if s.Type() != avro.Boolean {
			return nil, avroMismatch(s, t)
		}
		return func(d *avroDecoder) (any, error) {
			b, err := d.fixed(1)
			if err != nil {
				return nil, err
			}
			return b[0] != 0, nil
		}, nil
	case types.TinyInt, types.SmallInt, types.Int, types.Date, types.Time, types.BigInt:
		if s.Type() != avro.Int && s.Type() != avro.Long {
			return nil, avroMismatch(s, t)
		}
		kind := t.Kind
		return func(d *avroDecoder) (any, error) {
			x, err := d.long()
			if err != nil {
				return nil, err
			}
			switch kind {
			case types.TinyInt:
				return int8(x), nil
			case types.SmallInt:
				return int16(x), nil
			case types.BigInt:
				return x, nil
			}
			return int32(x), nil
		}, nil
	case types.Float:
		if s.Type() != avro.Float {
			return nil, avroMismatch(s, t)
		}
		return func(d *avroDecoder) (any, error) {
			b, err := d.fixed(4)
			if err != nil {
				return nil, err
			}
			return math.Float32frombits(binary.LittleEndian.Uint32(b)), nil
		}, nil
	case types.Double:
		if s.Type() != avro.Double && s.Type() != avro.Float {
			return nil, avroMismatch(s, t)
		}
		if s.Type() == avro.Float {
			return func(d *avroDecoder) (any, error) {
				b, err := d.fixed(4)
				if err != nil {
					return nil, err
				}
				return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), nil
			}, nil
		}
		return func(d *avroDecoder) (any, error) {
			b, err := d.fixed(8)
			if err != nil {
				return nil, err
			}
			return math.Float64frombits(binary.LittleEndian.Uint64(b)), nil
		}, nil
	case types.Char, types.VarChar:
		if s.Type() != avro.String && s.Type() != avro.Bytes {
			return nil, avroMismatch(s, t)
		}
		return func(d *avroDecoder) (any, error) {
			b, err := d.bytes()
			return string(b), err
		}, nil
	case types.Binary, types.VarBinary:
		return avroBinaryDecoder(s, t)
	case types.Timestamp, types.TimestampLTZ:
		if s.Type() != avro.Long {
			return nil, avroMismatch(s, t)
		}
		conv := time.UnixMilli
		if logical == avro.TimestampMicros || logical == avro.LocalTimestampMicros {
			conv = time.UnixMicro
		}
		return func(d *avroDecoder) (any, error) {
			x, err := d.long()
			return conv(x).UTC(), err
		}, nil
	case types.Decimal:
		return avroDecimalDecoder(s, t)
	case types.Array, types.Vector:
		return avroArrayDecoder(s, t)
	case types.Map, types.Multiset:
		return avroMapDecoder(s, t)
	case types.Row:
		return avroRowDecoder(s, t)
	}
	return nil, fmt.Errorf("paimon-sql does not read %s from Avro files", t.Kind)
}

// avroBinaryDecoder reads BINARY and VARBINARY from Avro bytes, strings or fixed.
func avroBinaryDecoder(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	if fx, ok := s.(*avro.FixedSchema); ok {
		size := fx.Size()
		return func(d *avroDecoder) (any, error) {
			b, err := d.fixed(size)
			return bytes.Clone(b), err
		}, nil
	}
	if s.Type() != avro.Bytes && s.Type() != avro.String {
		return nil, avroMismatch(s, t)
	}
	return func(d *avroDecoder) (any, error) {
		b, err := d.bytes()
		return bytes.Clone(b), err
	}, nil
}

// avroDecimalDecoder reads a DECIMAL from Avro bytes or fixed holding the unscaled two's complement.
func avroDecimalDecoder(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	exp := -int32(t.Scale)
	if fx, ok := s.(*avro.FixedSchema); ok {
		size := fx.Size()
		return func(d *avroDecoder) (any, error) {
			b, err := d.fixed(size)
			if err != nil {
				return nil, err
			}
			return decimalFromTwos(b, exp), nil
		}, nil
	}
	if prim, ok := s.(*avro.PrimitiveSchema); !ok || prim.Type() != avro.Bytes {
		return nil, avroMismatch(s, t)
	}
	return func(d *avroDecoder) (any, error) {
		b, err := d.bytes()
		if err != nil {
			return nil, err
		}
		return decimalFromTwos(b, exp), nil
	}, nil
}

// avroArrayDecoder reads an ARRAY (or VECTOR) from its Avro array blocks.
func avroArrayDecoder(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	arr, ok := s.(*avro.ArraySchema)
	if !ok {
		return nil, avroMismatch(s, t)
	}
	elem, err := avroDecoderOf(arr.Items(), *t.Element)
	if err != nil {
		return nil, err
	}
	return func(d *avroDecoder) (any, error) {
		out := []any{}
		err := d.eachItem(func() error {
			v, err := elem(d)
			out = append(out, v)
			return err
		})
		return out, err
	}, nil
}

// avroMapDecoder reads a MAP (or MULTISET) from an Avro map (string keys) or an array of key/value records.
func avroMapDecoder(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	kt, vt := avroMapTypes(t)
	switch s := s.(type) {
	case *avro.MapSchema:
		if !kt.IsString() {
			return nil, avroMismatch(s, t)
		}
		value, err := avroDecoderOf(s.Values(), vt)
		if err != nil {
			return nil, err
		}
		return func(d *avroDecoder) (any, error) {
			m := types.MapValue{Keys: []any{}, Values: []any{}}
			err := d.eachItem(func() error {
				k, err := d.bytes()
				if err != nil {
					return err
				}
				v, err := value(d)
				m.Keys, m.Values = append(m.Keys, string(k)), append(m.Values, v)
				return err
			})
			return m, err
		}, nil
	case *avro.ArraySchema:
		entry := types.DataType{Kind: types.Row, Fields: []types.DataField{{Name: "key", Type: kt}, {Name: "value", Type: vt}}}
		kv, err := avroDecoderOf(s.Items(), entry)
		if err != nil {
			return nil, err
		}
		return func(d *avroDecoder) (any, error) {
			m := types.MapValue{Keys: []any{}, Values: []any{}}
			err := d.eachItem(func() error {
				e, err := kv(d)
				if err != nil {
					return err
				}
				pair, _ := e.([]any)
				if len(pair) != 2 {
					return fmt.Errorf("map entry is not a key/value record")
				}
				m.Keys, m.Values = append(m.Keys, pair[0]), append(m.Values, pair[1])
				return nil
			})
			return m, err
		}, nil
	}
	return nil, avroMismatch(s, t)
}

// avroRowDecoder reads a ROW from an Avro record by field name, skipping the record's other fields.
func avroRowDecoder(s avro.Schema, t types.DataType) (avroDecodeFunc, error) {
	rec, ok := s.(*avro.RecordSchema)
	if !ok {
		return nil, avroMismatch(s, t)
	}
	index := map[string]int{}
	for i, f := range t.Fields {
		index[f.Name] = i
	}
	var decs []avroDecodeFunc
	var targets []int
	for _, col := range rec.Fields() {
		i, ok := index[col.Name()]
		var dec avroDecodeFunc
		var err error
		if ok {
			dec, err = avroDecoderOf(col.Type(), t.Fields[i].Type)
		} else {
			i = -1
			dec, err = avroSkipper(col.Type())
		}
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", col.Name(), err)
		}
		decs, targets = append(decs, dec), append(targets, i)
	}
	width := len(t.Fields)
	return func(d *avroDecoder) (any, error) {
		row := make([]any, width)
		for j, dec := range decs {
			v, err := dec(d)
			if err != nil {
				return nil, err
			}
			if targets[j] >= 0 {
				row[targets[j]] = v
			}
		}
		return row, nil
	}, nil
}

// decimalFromTwos reads a big-endian two's complement unscaled value.
func decimalFromTwos(b []byte, exp int32) decimal.Decimal {
	if len(b) <= 8 {
		var x int64
		if len(b) > 0 && b[0]&0x80 != 0 {
			x = -1
		}
		for _, c := range b {
			x = x<<8 | int64(c)
		}
		return decimal.New(x, exp)
	}
	u := new(big.Int).SetBytes(b)
	if b[0]&0x80 != 0 {
		u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return decimal.NewFromBigInt(u, exp)
}
