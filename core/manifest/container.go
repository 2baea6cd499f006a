package manifest

import (
	"bytes"
	"compress/flate"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
	"github.com/klauspost/compress/zstd"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// ErrUnsupportedManifestFormat is wrapped by errors for manifests in a
// format that is neither Avro nor one of rowFormats.
var ErrUnsupportedManifestFormat = errors.New("unsupported manifest format")

// zstdDecoders lends a zstd decoder to one file read at a time; creating one
// per file is costly when a snapshot has many small manifests.
var zstdDecoders = sync.Pool{New: func() any {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		panic(err) // only for invalid options
	}
	return d
}}

// eachRow decodes the manifest file in r row by row into T, checks each
// row's _VERSION and hands it to fn. An Avro container (T's fields matched
// by name) holds only one block in memory at a time; a file of a RowFormat
// (recognised by its leading bytes) is read as rows of fields.
func eachRow[T any](r io.Reader, what string, fields []types.DataField, want int32, version func(*T) int32, fn func(*T) error) error {
	var head [4]byte
	n, err := io.ReadFull(r, head[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("manifest: read %s: %w", what, err)
	}
	checked := func(row *T) error {
		if v := version(row); v != want {
			return fmt.Errorf("manifest: %s row has _VERSION %d, expected %d (written by an unsupported Paimon version; recreate the table)", what, v, want)
		}
		return fn(row)
	}
	if f := rowFormatOf(head[:n]); f != nil {
		return eachGenericRow(f, head[:n], r, what, fields, checked)
	}
	if err := checkFormat(head[:n], what); err != nil {
		return err
	}
	return eachAvroRow(io.MultiReader(bytes.NewReader(head[:n]), r), what, checked)
}

// avroSchemas caches the parsed schemas of Avro containers by their JSON
// text. hamba/avro's container decoder parses the header's schema for
// every file, which costs more than decoding a manifest of a few entries:
// a commit or a scan reads many such files, all with the same few schemas.
var avroSchemas sync.Map // string -> avro.Schema

// maxCachedSchemas bounds avroSchemas; schema texts differ only by table
// schema (manifests carry partition and statistics types in their rows,
// not in their schema), so few are ever seen.
const maxCachedSchemas = 256

var cachedSchemas atomic.Int32

func avroSchemaOf(text []byte) (avro.Schema, error) {
	if s, ok := avroSchemas.Load(string(text)); ok {
		return s.(avro.Schema), nil
	}
	// A private schema cache: every Paimon schema names its top record
	// "record", and the shared default cache would mix the three kinds.
	s, err := avro.ParseBytesWithCache(text, "", &avro.SchemaCache{})
	if err != nil {
		return nil, err
	}
	if cachedSchemas.Add(1) <= maxCachedSchemas {
		avroSchemas.Store(string(text), s)
	}
	return s, nil
}

// eachAvroRow reads an Avro object container file block by block (the
// container layout of the Avro specification: header, then blocks of a
// row count, a byte size, the rows and the sync marker), decoding each row
// into a T with the header's schema.
func eachAvroRow[T any](r io.Reader, what string, fn func(*T) error) error {
	fail := func(err error) error { return fmt.Errorf("manifest: read %s: %w", what, err) }
	ar := avro.NewReader(r, 4096)
	var h ocf.Header
	ar.ReadVal(ocf.HeaderSchema, &h)
	if ar.Error != nil {
		return fail(ar.Error)
	}
	if h.Magic != [4]byte{'O', 'b', 'j', 1} {
		return fail(errors.New("not an Avro container"))
	}
	schema, err := avroSchemaOf(h.Meta["avro.schema"])
	if err != nil {
		return fail(err)
	}
	decode, release, err := blockCodec(ocf.CodecName(h.Meta["avro.codec"]))
	if err != nil {
		return fail(err)
	}
	defer release()
	var raw []byte
	for {
		if ar.Peek(); errors.Is(ar.Error, io.EOF) {
			return nil
		}
		count, size := ar.ReadLong(), ar.ReadLong()
		if ar.Error != nil {
			return fail(ar.Error)
		}
		if size < 0 || count < 0 {
			return fail(errors.New("invalid block"))
		}
		raw = slices.Grow(raw[:0], int(size))[:size]
		ar.Read(raw)
		var sync [16]byte
		ar.Read(sync[:])
		if ar.Error != nil && !errors.Is(ar.Error, io.EOF) {
			return fail(ar.Error)
		}
		if sync != h.Sync {
			return fail(errors.New("invalid block: sync marker mismatch"))
		}
		data, err := decode(raw)
		if err != nil {
			return fail(err)
		}
		dec := avro.NewDecoderForSchema(schema, bytes.NewReader(data))
		for range count {
			var row *T
			if err := dec.Decode(&row); err != nil {
				return fmt.Errorf("manifest: decode %s row: %w", what, err)
			}
			if row == nil {
				return fmt.Errorf("manifest: %s has a null row", what)
			}
			if err := fn(row); err != nil {
				return err
			}
		}
		if errors.Is(ar.Error, io.EOF) {
			return nil
		}
	}
}

// blockCodec is the decompression of an Avro container's blocks; release
// returns what it borrowed.
func blockCodec(name ocf.CodecName) (decode func([]byte) ([]byte, error), release func(), err error) {
	switch name {
	case ocf.Null, "":
		return func(b []byte) ([]byte, error) { return b, nil }, func() {}, nil
	case ocf.Deflate:
		return (&ocf.DeflateCodec{}).Decode, func() {}, nil
	case ocf.Snappy:
		return (&ocf.SnappyCodec{}).Decode, func() {}, nil
	case ocf.ZStandard:
		zd := zstdDecoders.Get().(*zstd.Decoder)
		var out []byte
		return func(b []byte) ([]byte, error) {
			var err error
			out, err = zd.DecodeAll(b, out[:0])
			return out, err
		}, func() { zstdDecoders.Put(zd) }, nil
	}
	return nil, nil, fmt.Errorf("unknown Avro codec %q", name)
}

// checkFormat recognises the other manifest.format choices by their magic so
// the user learns what to change instead of seeing an Avro parse error.
func checkFormat(head []byte, what string) error {
	var format string
	switch {
	case bytes.HasPrefix(head, []byte("ORC")):
		format = "ORC"
	case bytes.HasPrefix(head, []byte("PAR1")):
		format = "Parquet"
	case bytes.HasPrefix(head, []byte("Obj\x01")):
		return nil
	default:
		return fmt.Errorf("manifest: %s is not an Avro object container file (starts with %q)", what, head)
	}
	return fmt.Errorf("manifest: %s is an %s file: %w; paimon-sql reads manifests in %s", what, format, ErrUnsupportedManifestFormat, strings.Join(Formats(), ", "))
}

// Codec is the Avro block compression of written files.
type Codec string

// The codecs a writer can use (Avro codec names).
const (
	CodecZstd    Codec = "zstandard"
	CodecDeflate Codec = "deflate"
	CodecSnappy  Codec = "snappy"
	CodecNull    Codec = "null"
)

// WriteOption configures a writer.
type WriteOption func(*writeConfig)

type writeConfig struct {
	codec     Codec
	zstdLevel int
	format    string
}

// WithFormat sets the file format ('manifest.format'): avro (the default)
// or one of rowFormats, see CheckFormat.
func WithFormat(name string) WriteOption {
	return func(c *writeConfig) { c.format = strings.ToLower(name) }
}

// compressionName is the 'manifest.compression' name of an Avro codec, as
// a RowFormat takes it.
func (c Codec) compressionName() string {
	switch c {
	case CodecZstd:
		return "zstd"
	case CodecNull:
		return "none"
	}
	return string(c)
}

// WithCodec sets the block compression; the default is zstandard, as Paimon's
// manifest.compression=zstd.
func WithCodec(codec Codec) WriteOption { return func(c *writeConfig) { c.codec = codec } }

// WithZstdLevel sets the zstd level; the default is 1, Paimon's
// file.compression.zstd-level.
func WithZstdLevel(level int) WriteOption { return func(c *writeConfig) { c.zstdLevel = level } }

// blockSize matches Avro Java's default sync interval, which decides Java's
// block boundaries.
const blockSize = 64000

// writeRows writes count rows, built one at a time by row, as an Avro object
// container file with the given schema text in its header, or in the
// RowFormat chosen by WithFormat as rows of fields.
func writeRows[T any](w io.Writer, schema string, fields []types.DataField, count int, row func(int) T, opts []WriteOption) error {
	cfg := writeConfig{codec: CodecZstd, zstdLevel: 1}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.format != "" && cfg.format != "avro" {
		return writeGenericRows(w, cfg, fields, count, row)
	}
	return writeAvroRows(w, schema, count, row, cfg)
}

// writeAvroRows writes an Avro object container file: the header (the
// schema text, the codec, a random sync marker), then blocks of about
// blockSize bytes of rows. hamba/avro's encoder parsed the schema and
// built a zstd encoder for every file, which cost more than a commit's
// small manifests and manifest lists took to encode.
func writeAvroRows[T any](w io.Writer, schemaText string, count int, row func(int) T, cfg writeConfig) error {
	schema, err := avroSchemaOf([]byte(schemaText))
	if err != nil {
		return fmt.Errorf("manifest: create writer: %w", err)
	}
	compress, release, err := blockEncoder(cfg)
	if err != nil {
		return fmt.Errorf("manifest: create writer: %w", err)
	}
	defer release()
	h := ocf.Header{Magic: [4]byte{'O', 'b', 'j', 1}, Meta: map[string][]byte{
		"avro.schema": []byte(schemaText), "avro.codec": []byte(cfg.codec)}}
	if _, err := rand.Read(h.Sync[:]); err != nil {
		return err
	}
	head, err := avro.Marshal(ocf.HeaderSchema, h)
	if err != nil {
		return fmt.Errorf("manifest: write: %w", err)
	}
	if _, err := w.Write(head); err != nil {
		return fmt.Errorf("manifest: write: %w", err)
	}
	var buf bytes.Buffer
	enc := avro.NewEncoderForSchema(schema, &buf)
	rows := 0
	flush := func() error {
		if rows == 0 {
			return nil
		}
		data, err := compress(buf.Bytes())
		if err != nil {
			return err
		}
		// An Avro long is a zig-zag varint, as encoding/binary writes one.
		block := binary.AppendVarint(binary.AppendVarint(nil, int64(rows)), int64(len(data)))
		block = append(append(block, data...), h.Sync[:]...)
		buf.Reset()
		rows = 0
		_, err = w.Write(block)
		return err
	}
	for i := range count {
		r := row(i)
		if err := enc.Encode(&r); err != nil {
			return fmt.Errorf("manifest: encode row %d: %w", i, err)
		}
		if rows++; buf.Len() >= blockSize {
			if err := flush(); err != nil {
				return fmt.Errorf("manifest: write: %w", err)
			}
		}
	}
	if err := flush(); err != nil {
		return fmt.Errorf("manifest: write: %w", err)
	}
	return nil
}

// zstdEncoders lend zstd encoders by level (*sync.Pool by int): building
// one allocates its windows and tables.
var zstdEncoders sync.Map

// blockEncoder is the compression of an Avro container's blocks; release
// returns what it borrowed.
func blockEncoder(cfg writeConfig) (encode func([]byte) ([]byte, error), release func(), err error) {
	switch ocf.CodecName(cfg.codec) {
	case ocf.Null, "":
		return func(b []byte) ([]byte, error) { return b, nil }, func() {}, nil
	case ocf.Deflate:
		return func(b []byte) ([]byte, error) {
			var out bytes.Buffer
			fw, err := flate.NewWriter(&out, flate.DefaultCompression)
			if err != nil {
				return nil, err
			}
			if _, err := fw.Write(b); err != nil {
				return nil, err
			}
			err = fw.Close()
			return out.Bytes(), err
		}, func() {}, nil
	case ocf.Snappy:
		return func(b []byte) ([]byte, error) { return (&ocf.SnappyCodec{}).Encode(b), nil }, func() {}, nil
	case ocf.ZStandard:
		p, _ := zstdEncoders.LoadOrStore(cfg.zstdLevel, &sync.Pool{New: func() any {
			e, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(cfg.zstdLevel)),
				zstd.WithEncoderCRC(false), zstd.WithEncoderConcurrency(1))
			if err != nil {
				panic(err) // only for invalid options
			}
			return e
		}})
		pool := p.(*sync.Pool)
		ze := pool.Get().(*zstd.Encoder)
		var out []byte
		return func(b []byte) ([]byte, error) {
			out = ze.EncodeAll(b, out[:0])
			return out, nil
		}, func() { pool.Put(ze) }, nil
	}
	return nil, nil, fmt.Errorf("unknown Avro codec %q", cfg.codec)
}
