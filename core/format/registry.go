package format

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Format is one data file format (Parquet, Avro, ORC): its name, and how to
// read and write its files. A table's files may be in several formats
// ('file.format' changed by ALTER TABLE, or 'file.format.per.level'), so
// readers choose the format of each file by its name (ForFile), and writers
// by the table's options (Lookup).
type Format interface {
	// Name is the 'file.format' value, lower case, and the extension of
	// the format's file names (data-<uuid>-<n>.<name>).
	Name() string
	// Open opens a data file of size bytes. fields are the Paimon fields
	// the file was written with (for primary-key files the physical list
	// with _KEY_*, _SEQUENCE_NUMBER and _VALUE_KIND). A format without
	// row-group statistics never calls opts.SkipRowGroup.
	Open(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (Reader, error)
	// Create starts a file of fields written to w.
	Create(w io.Writer, fields []types.DataField, opts WriterOptions) (Writer, error)
	// CheckCompression returns an error, naming what the format writes,
	// for a 'file.compression' value it cannot write ("" is the default).
	CheckCompression(name string) error
}

// Reader streams the rows of one data file.
type Reader interface {
	// Next returns the next batch of at most ReadOptions.BatchSize rows,
	// or io.EOF after the last one. Batch.FirstPosition counts every row
	// of the file, skipped ones too (deletion vectors refer to positions).
	Next(ctx context.Context) (Batch, error)
	// Suspend releases what the reader holds between batches (buffers,
	// decoded pages) for a consumer that stopped reading for a while; the
	// next call of Next picks up where it left off.
	Suspend()
	// Close releases the reader; it does not close the io.ReaderAt.
	Close() error
}

// Writer writes one data file.
type Writer interface {
	// Write appends rows, each with one Paimon value per field in field
	// order. After an error the file is incomplete and must be abandoned.
	Write(rows [][]any) error
	// Stats is the statistics collector of the rows written, nil unless
	// WriterOptions.StatsModes was set.
	Stats() *StatsCollector
	// Close finishes the file; it does not close the io.Writer.
	Close() (FileResult, error)
}

// formats are the data file formats paimon-sql reads and writes, by name.
var formats = map[string]Format{
	"parquet": parquetFormat{},
	"avro":    avroFormat{},
	"orc":     orcFormat{},
}

// Names lists the formats, sorted.
func Names() []string {
	return slices.Sorted(maps.Keys(formats))
}

// Lookup returns the format of a 'file.format' value (case-insensitive;
// "" is Paimon's default, parquet). The error names the formats there are.
func Lookup(name string) (Format, error) {
	name = strings.ToLower(name)
	if name == "" {
		name = "parquet"
	}
	f, ok := formats[name]
	if !ok {
		return nil, fmt.Errorf("paimon-sql reads and writes only %s data files, not '%s'", strings.Join(Names(), ", "), name)
	}
	return f, nil
}

// ForFile returns the format of a data file by its name.
func ForFile(fileName string) (Format, error) {
	name := FileFormat(fileName)
	f, err := Lookup(name)
	if err != nil || name == "" {
		return nil, fmt.Errorf("data file %s is in format '%s': %w", fileName, name, err)
	}
	return f, nil
}

// compressionSuffixes are the suffixes Java appends after the format when
// 'file.suffix.include.compression' is set.
var compressionSuffixes = []string{".zstd", ".snappy", ".gz", ".gzip", ".lz4", ".lzo", ".brotli", ".deflate"}

// FileFormat is the format of a data file as its name tells it
// ('data-<uuid>-<n>.<format>[.<compression>]'), lower case: each file is
// judged by its own name, since 'file.format' may have changed after it was
// written and 'file.format.per.level' gives levels their own formats.
func FileFormat(name string) string {
	lower := strings.ToLower(name)
	for _, c := range compressionSuffixes {
		if s, ok := strings.CutSuffix(lower, c); ok {
			lower = s
			break
		}
	}
	if i := strings.LastIndexByte(lower, '.'); i >= 0 {
		return lower[i+1:]
	}
	return ""
}

// parquetFormat is the Parquet reader and writer.
type parquetFormat struct{}

func (parquetFormat) Name() string { return "parquet" }

// ReadsRowRanges tells whether f's readers take ReadOptions.FirstRow and
// EndRow (Parquet's do; Avro has no index to start at a row, and ORC's
// row index is not read).
func ReadsRowRanges(f Format) bool {
	_, ok := f.(parquetFormat)
	return ok
}

var errNoRowRanges = errors.New("the format reads whole files only (ReadOptions.FirstRow, EndRow)")

func (parquetFormat) Open(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (Reader, error) {
	return OpenParquet(r, size, fields, opts)
}

func (parquetFormat) Create(w io.Writer, fields []types.DataField, opts WriterOptions) (Writer, error) {
	return NewParquetWriter(w, fields, opts)
}

func (parquetFormat) CheckCompression(name string) error {
	if !CanWriteCompression(name) {
		return fmt.Errorf("file.compression=%s: paimon-sql writes parquet files with %s", name, WritableCompressions)
	}
	return nil
}

// avroFormat is the Avro reader and writer.
type avroFormat struct{}

func (avroFormat) Name() string { return "avro" }

func (avroFormat) Open(r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (Reader, error) {
	if opts.EndRow > 0 {
		return nil, errNoRowRanges
	}
	return OpenAvro(r, size, fields, opts)
}

func (avroFormat) Create(w io.Writer, fields []types.DataField, opts WriterOptions) (Writer, error) {
	return NewAvroWriter(w, fields, opts)
}

func (avroFormat) CheckCompression(name string) error {
	_, err := avroCodec(WriterOptions{Compression: name})
	return err
}
