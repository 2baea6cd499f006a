package format

import (
	"compress/flate"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
	"github.com/klauspost/compress/zstd"
	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// avroBlockSize is Avro Java's default sync interval: a block is written
// once this many bytes of rows are buffered.
const avroBlockSize = 64000

// AvroWriter writes Paimon rows as one Avro object container file that Java
// Paimon reads like its own (same schema, codecs and value encodings).
// Avro files carry no statistics, so the manifest statistics are collected
// from the rows while they are written, as Java does for Avro.
type AvroWriter struct {
	out    *countingWriter
	enc    *ocf.Encoder
	top    []avroEncodeFunc
	stats  *StatsCollector
	buf    []byte
	rows   int64
	closed bool
}

// avroEncodeFunc appends the Avro binary encoding of a value.
type avroEncodeFunc func(b []byte, v any) ([]byte, error)

// avroCodec maps 'file.compression' (or 'avro.codec', which Java lets
// override it) to an Avro codec, as Java's AvroFileFormat does: zstd is
// zstandard at the zstd level, other values are Avro codec names.
func avroCodec(opts WriterOptions) (ocf.CodecName, error) {
	if c, ok := options.AvroCodec.Stored(opts.TableOptions); ok {
		return avroCodecName(c, options.AvroCodec.Key)
	}
	c := opts.Compression
	if c == "" {
		c = DefaultCompression
	}
	if strings.EqualFold(c, "zstd") {
		return ocf.ZStandard, nil
	}
	return avroCodecName(c, options.FileCompression.Key)
}

func avroCodecName(name, option string) (ocf.CodecName, error) {
	switch n := ocf.CodecName(strings.ToLower(name)); n {
	case ocf.Null, ocf.Deflate, ocf.Snappy, ocf.ZStandard:
		return n, nil
	}
	return "", fmt.Errorf("%s=%s: paimon-sql writes avro files with %s", option, name, avroWritableCompressions)
}

// CheckAvroCodec returns an error for an 'avro.codec' value paimon-sql
// cannot write.
func CheckAvroCodec(name string) error {
	_, err := avroCodecName(name, options.AvroCodec.Key)
	return err
}

// avroWritableCompressions names the codecs avroCodec accepts, for messages.
const avroWritableCompressions = "zstd, snappy, deflate or null (Avro's name for none)"

// NewAvroWriter starts an Avro file of fields.
func NewAvroWriter(w io.Writer, fields []types.DataField, opts WriterOptions) (*AvroWriter, error) {
	schema, err := avroSchemaOf(fields)
	if err != nil {
		return nil, err
	}
	codec, err := avroCodec(opts)
	if err != nil {
		return nil, err
	}
	level := opts.ZstdLevel
	if level == 0 {
		level = DefaultZstdLevel
	}
	top := make([]avroEncodeFunc, len(fields))
	for i, f := range fields {
		if top[i], err = avroEncoder(f.Type); err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	out := &countingWriter{w: w}
	// A private schema cache: every Paimon schema names its record
	// "record", and a shared cache would mix tables up.
	config := []ocf.EncoderFunc{
		ocf.WithCodec(codec),
		ocf.WithZStandardEncoderOptions(zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(level)), zstd.WithEncoderCRC(false)),
		ocf.WithEncoderSchemaCache(&avro.SchemaCache{}),
		ocf.WithSchemaMarshaler(func(avro.Schema) ([]byte, error) { return []byte(schema), nil }),
		ocf.WithBlockLength(0),
		ocf.WithBlockSize(avroBlockSize),
	}
	if codec == ocf.Deflate {
		// Java's deflate codec uses zlib's default level; this option
		// also selects deflate, hence only here.
		config = append(config, ocf.WithCompressionLevel(flate.DefaultCompression))
	}
	enc, err := ocf.NewEncoder(schema, struct{ io.Writer }{out}, config...)
	if err != nil {
		return nil, fmt.Errorf("avro schema: %w", err)
	}
	aw := &AvroWriter{out: out, enc: enc, top: top}
	if opts.StatsModes != nil {
		if aw.stats, err = NewWriteStatsCollector(fields, opts.StatsModes); err != nil {
			return nil, err
		}
	}
	return aw, nil
}

// Write appends rows, each with one Paimon value per field in field order.
// After an error the file is incomplete and the writer must be abandoned.
func (aw *AvroWriter) Write(rows [][]any) error {
	if aw.closed {
		return fmt.Errorf("avro writer is closed")
	}
	for i, row := range rows {
		if len(row) != len(aw.top) {
			return fmt.Errorf("row %d has %d values, want %d", aw.rows+int64(i), len(row), len(aw.top))
		}
		b := aw.buf[:0]
		for j, enc := range aw.top {
			var err error
			if b, err = enc(b, row[j]); err != nil {
				return fmt.Errorf("row %d, column %d: %w", aw.rows+int64(i), j, err)
			}
		}
		aw.buf = b
		if _, err := aw.enc.Write(b); err != nil {
			return err
		}
	}
	if aw.stats != nil {
		aw.stats.Collect(rows)
	}
	aw.rows += int64(len(rows))
	return nil
}

// Stats is the statistics collector of the rows written, nil unless
// WriterOptions.StatsModes was set.
func (aw *AvroWriter) Stats() *StatsCollector { return aw.stats }

// Close writes the last block. The result's Size is what went to the writer.
func (aw *AvroWriter) Close() (FileResult, error) {
	if aw.closed {
		return FileResult{}, fmt.Errorf("avro writer is closed")
	}
	aw.closed = true
	if err := aw.enc.Close(); err != nil {
		return FileResult{}, err
	}
	return FileResult{Size: aw.out.n, RowCount: aw.rows}, nil
}

// avroEncoder compiles the encoder of values of t (schema as avroSchemaOf).
func avroEncoder(t types.DataType) (avroEncodeFunc, error) {
	if t.Nullable {
		inner, err := avroEncoder(t.WithNullable(false))
		if err != nil {
			return nil, err
		}
		return func(b []byte, v any) ([]byte, error) {
			if v == nil {
				return append(b, 0), nil // branch 0: null
			}
			return inner(append(b, 2), v) // branch 1, zigzag
		}, nil
	}
	enc, err := avroValueEncoder(t)
	if err != nil {
		return nil, err
	}
	return func(b []byte, v any) ([]byte, error) {
		if v == nil {
			return nil, fmt.Errorf("null for a NOT NULL %s", t.SQL())
		}
		return enc(b, v)
	}, nil
}

// avroTyped is the encoder of the Go values of type T.
func avroTyped[T any](enc func(b []byte, x T) ([]byte, error)) avroEncodeFunc {
	return func(b []byte, v any) ([]byte, error) {
		x, ok := v.(T)
		if !ok {
			return nil, typeErr(ok, v, fmt.Sprintf("%T", *new(T)))
		}
		return enc(b, x)
	}
}

// avroVarint is the encoder of an integer type as Avro's zigzag varint.
func avroVarint[T int8 | int16 | int32 | int64]() avroEncodeFunc {
	return avroTyped(func(b []byte, x T) ([]byte, error) { return binary.AppendVarint(b, int64(x)), nil })
}

// avroValueEncoder encodes the non-null values of t.
func avroValueEncoder(t types.DataType) (avroEncodeFunc, error) {
	switch t.Kind {
	case types.Boolean:
		return avroTyped(func(b []byte, x bool) ([]byte, error) {
			if x {
				return append(b, 1), nil
			}
			return append(b, 0), nil
		}), nil
	case types.TinyInt:
		return avroVarint[int8](), nil
	case types.SmallInt:
		return avroVarint[int16](), nil
	case types.Int, types.Date, types.Time:
		return avroVarint[int32](), nil
	case types.BigInt:
		return avroVarint[int64](), nil
	case types.Float:
		return avroTyped(func(b []byte, x float32) ([]byte, error) {
			return binary.LittleEndian.AppendUint32(b, math.Float32bits(x)), nil
		}), nil
	case types.Double:
		return avroTyped(func(b []byte, x float64) ([]byte, error) {
			return binary.LittleEndian.AppendUint64(b, math.Float64bits(x)), nil
		}), nil
	case types.Char, types.VarChar:
		return avroTyped(func(b []byte, x string) ([]byte, error) {
			return append(binary.AppendVarint(b, int64(len(x))), x...), nil
		}), nil
	case types.Binary, types.VarBinary:
		return avroTyped(func(b []byte, x []byte) ([]byte, error) {
			return append(binary.AppendVarint(b, int64(len(x))), x...), nil
		}), nil
	case types.Timestamp, types.TimestampLTZ:
		micros := t.Precision > 3
		return avroTyped(func(b []byte, x time.Time) ([]byte, error) {
			if micros {
				return binary.AppendVarint(b, x.UnixMicro()), nil
			}
			return binary.AppendVarint(b, x.UnixMilli()), nil
		}), nil
	case types.Decimal:
		limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Precision)), nil)
		return avroTyped(func(b []byte, d decimal.Decimal) ([]byte, error) {
			u := unscaled(d, t.Scale)
			if new(big.Int).Abs(u).Cmp(limit) >= 0 {
				return nil, fmt.Errorf("%s does not fit DECIMAL(%d, %d)", d, t.Precision, t.Scale)
			}
			raw := minimalTwosComplement(u)
			return append(binary.AppendVarint(b, int64(len(raw))), raw...), nil
		}), nil
	case types.Array, types.Vector:
		return avroArrayEncoder(t)
	case types.Map, types.Multiset:
		return avroMapEncoder(t)
	case types.Row:
		return avroRowEncoder(t)
	}
	return nil, fmt.Errorf("paimon-sql does not write %s in Avro files", t.Kind)
}

// avroArrayEncoder writes an array as one block of its elements.
func avroArrayEncoder(t types.DataType) (avroEncodeFunc, error) {
	elem, err := avroEncoder(*t.Element)
	if err != nil {
		return nil, err
	}
	return avroTyped(func(b []byte, x []any) ([]byte, error) {
		if len(x) > 0 {
			b = binary.AppendVarint(b, int64(len(x)))
			for _, e := range x {
				var err error
				if b, err = elem(b, e); err != nil {
					return nil, err
				}
			}
		}
		return append(b, 0), nil
	}), nil
}

// avroMapEncoder writes a map (or multiset) as one block of its entries.
func avroMapEncoder(t types.DataType) (avroEncodeFunc, error) {
	kt, vt := avroMapTypes(t)
	if !avroArrayMap(t) {
		kt = kt.WithNullable(false) // Avro map keys are plain strings
	}
	key, err := avroEncoder(kt)
	if err != nil {
		return nil, err
	}
	value, err := avroEncoder(vt)
	if err != nil {
		return nil, err
	}
	return avroTyped(func(b []byte, m types.MapValue) ([]byte, error) {
		if len(m.Keys) != len(m.Values) {
			return nil, fmt.Errorf("map has %d keys and %d values", len(m.Keys), len(m.Values))
		}
		if len(m.Keys) > 0 {
			b = binary.AppendVarint(b, int64(len(m.Keys)))
			for i := range m.Keys {
				var err error
				if b, err = key(b, m.Keys[i]); err != nil {
					return nil, err
				}
				if b, err = value(b, m.Values[i]); err != nil {
					return nil, err
				}
			}
		}
		return append(b, 0), nil
	}), nil
}

// avroRowEncoder writes a row's fields in order.
func avroRowEncoder(t types.DataType) (avroEncodeFunc, error) {
	fields := make([]avroEncodeFunc, len(t.Fields))
	for i, f := range t.Fields {
		var err error
		if fields[i], err = avroEncoder(f.Type); err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	return avroTyped(func(b []byte, x []any) ([]byte, error) {
		if len(x) != len(fields) {
			return nil, fmt.Errorf("row value has %d fields, want %d", len(x), len(fields))
		}
		for i, f := range fields {
			var err error
			if b, err = f(b, x[i]); err != nil {
				return nil, err
			}
		}
		return b, nil
	}), nil
}

// minimalTwosComplement is Java's BigInteger.toByteArray: the shortest
// big-endian two's complement form of x (Decimal.toUnscaledBytes).
func minimalTwosComplement(x *big.Int) []byte {
	bits := x.BitLen()
	if x.Sign() < 0 {
		bits = new(big.Int).Not(x).BitLen() // bit length of -x-1
	}
	return twosComplement(x, bits/8+1)
}
