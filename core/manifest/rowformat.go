package manifest

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// RowFormat stores manifest files (manifest lists, manifests, index
// manifests) in a file format other than Avro: 'manifest.format' = parquet
// or orc. Java writes them with the same data file writers it uses for
// table data, over the row types of its manifest objects (ManifestListFields,
// ManifestFields, IndexManifestFields: same names, ids and nesting), so a
// RowFormat sees generic rows: one core/types value per field.
//
// Avro, Java's default, is built in (typed Avro records, see container.go);
// Parquet and ORC are rowformats.go's, over core/format's readers and writers.
// Readers pick the format of each file by its leading bytes, so a table
// whose 'manifest.format' changed reads its older manifests too.
type RowFormat interface {
	// Name is the 'manifest.format' value, lower case.
	Name() string
	// IsFile tells whether a file starting with head (up to 4 bytes) is in
	// this format.
	IsFile(head []byte) bool
	// WriteRows writes rows of fields as one file. compression is Paimon's
	// 'manifest.compression' ("zstd", "snappy", ...), zstdLevel the zstd level.
	WriteRows(w io.Writer, fields []types.DataField, rows [][]any, compression string, zstdLevel int) error
	// EachRow reads a file of size bytes written with fields and calls fn
	// for each row in file order; an error from fn stops the read and is
	// returned as is. Rows handed to fn may be reused after it returns.
	EachRow(r io.ReaderAt, size int64, fields []types.DataField, fn func(row []any) error) error
}

// rowFormats are the manifest formats besides Avro, by name.
var rowFormats = map[string]RowFormat{
	"parquet": parquetManifests{},
	"orc":     orcManifests{},
}

// Formats lists the manifest formats paimon-sql reads and writes, sorted,
// Avro included.
func Formats() []string {
	return slices.Sorted(slices.Values(append(slices.Collect(maps.Keys(rowFormats)), "avro")))
}

// CheckFormat returns an error naming the formats there are for a
// 'manifest.format' value paimon-sql cannot write ("" is avro).
func CheckFormat(name string) error {
	name = strings.ToLower(name)
	if name == "" || name == "avro" {
		return nil
	}
	if rowFormat(name) == nil {
		return fmt.Errorf("manifest.format=%s: paimon-sql reads and writes manifests in %s: %w", name, strings.Join(Formats(), ", "), ErrUnsupportedManifestFormat)
	}
	return nil
}

func rowFormat(name string) RowFormat { return rowFormats[name] }

// rowFormatOf is the format a file starting with head is in.
func rowFormatOf(head []byte) RowFormat {
	for _, f := range rowFormats {
		if f.IsFile(head) {
			return f
		}
	}
	return nil
}

// readerAtSize is what bytes.Reader and os.File-like readers offer: a
// RowFormat file can be read without copying it.
type readerAtSize interface {
	io.ReaderAt
	Size() int64
}

// eachGenericRow reads a RowFormat file into T row by row: r is read at
// random when it allows, otherwise into memory first (manifests are small).
func eachGenericRow[T any](f RowFormat, head []byte, r io.Reader, what string, fields []types.DataField, fn func(*T) error) error {
	var ra io.ReaderAt
	var size int64
	if rs, ok := r.(readerAtSize); ok {
		// The head was read from it already; ReadAt is not affected.
		ra, size = rs, rs.Size()
	} else {
		rest, err := io.ReadAll(r)
		if err != nil {
			return fmt.Errorf("manifest: read %s: %w", what, err)
		}
		data := append(slices.Clip(head), rest...)
		ra, size = bytes.NewReader(data), int64(len(data))
	}
	conv, err := converterFor[T](fields)
	if err != nil {
		return err
	}
	var fnErr error
	err = f.EachRow(ra, size, fields, func(row []any) error {
		var t T
		if err := conv.fromRow(row, &t); err != nil {
			return fmt.Errorf("decode row: %w", err)
		}
		fnErr = fn(&t)
		return fnErr
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("manifest: read %s (%s): %w", what, f.Name(), err)
	}
	return nil
}

// writeGenericRows writes count records as rows of fields in the RowFormat
// cfg names.
func writeGenericRows[T any](w io.Writer, cfg writeConfig, fields []types.DataField, count int, record func(int) T) error {
	f := rowFormat(cfg.format)
	if f == nil {
		return CheckFormat(cfg.format)
	}
	conv, err := converterFor[T](fields)
	if err != nil {
		return err
	}
	rows := make([][]any, count)
	for i := range rows {
		rec := record(i)
		if rows[i], err = conv.toRow(&rec); err != nil {
			return fmt.Errorf("manifest: encode row %d: %w", i, err)
		}
	}
	if err := f.WriteRows(w, fields, rows, cfg.codec.compressionName(), cfg.zstdLevel); err != nil {
		return fmt.Errorf("manifest: write %s: %w", f.Name(), err)
	}
	return nil
}
