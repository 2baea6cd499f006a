package manifest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
	"github.com/klauspost/compress/zstd"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// ErrUnsupportedManifestFormat is wrapped by errors for manifests in a
// format no RowFormat is registered for.
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
	zd := zstdDecoders.Get().(*zstd.Decoder)
	defer zstdDecoders.Put(zd)
	// A private schema cache: every Paimon schema names its top record
	// "record", and the shared default cache would mix the three kinds.
	dec, err := ocf.NewDecoder(io.MultiReader(bytes.NewReader(head[:n]), r),
		ocf.WithDecoderSchemaCache(&avro.SchemaCache{}), ocf.WithZStandardDecoder(zd))
	if err != nil {
		return fmt.Errorf("manifest: read %s: %w", what, err)
	}
	defer dec.Close()
	for dec.HasNext() {
		var row *T
		if err := dec.Decode(&row); err != nil {
			return fmt.Errorf("manifest: decode %s row: %w", what, err)
		}
		if row == nil {
			return fmt.Errorf("manifest: %s has a null row", what)
		}
		if err := checked(row); err != nil {
			return err
		}
	}
	if err := dec.Error(); err != nil {
		return fmt.Errorf("manifest: read %s: %w", what, err)
	}
	return nil
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
// or a registered RowFormat, see CheckFormat.
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
	// Hide an *os.File's type: hamba appends to non-empty files instead of
	// writing a new header.
	enc, err := ocf.NewEncoder(schema, struct{ io.Writer }{w},
		ocf.WithCodec(ocf.CodecName(cfg.codec)),
		ocf.WithZStandardEncoderOptions(
			zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(cfg.zstdLevel)),
			zstd.WithEncoderCRC(false)),
		ocf.WithEncoderSchemaCache(&avro.SchemaCache{}),
		ocf.WithSchemaMarshaler(func(avro.Schema) ([]byte, error) { return []byte(schema), nil }),
		ocf.WithBlockLength(0),
		ocf.WithBlockSize(blockSize))
	if err != nil {
		return fmt.Errorf("manifest: create writer: %w", err)
	}
	for i := range count {
		r := row(i)
		if err := enc.Encode(&r); err != nil {
			_ = enc.Close()
			return fmt.Errorf("manifest: encode row %d: %w", i, err)
		}
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("manifest: write: %w", err)
	}
	return nil
}
