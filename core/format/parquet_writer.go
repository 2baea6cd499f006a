package format

import (
	"fmt"
	"io"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/compress/gzip"
	"github.com/parquet-go/parquet-go/compress/snappy"
	"github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
)

// Defaults of Java Paimon's Parquet writer (parquet-mr defaults unless Paimon
// overrides them; docs/design/format.md §6.1).
const (
	DefaultCompression  = "zstd"
	DefaultZstdLevel    = 1
	DefaultRowGroupSize = 128 << 20
	DefaultPageSize     = 1 << 20
	// defaultDictionaryPageSize is parquet-mr's dictionary page size: past
	// it a column falls back to plain encoding.
	defaultDictionaryPageSize = 1 << 20
	// pageRowLimit is parquet-mr's page.row.count.limit. parquet-go cuts
	// pages by encoded size only, so a dictionary-encoded column of small
	// indices made pages of 100,000s of rows, and the dictionary (checked
	// when a page ends) grew far past its 1 MiB; readers hold a whole page
	// and its dictionary.
	pageRowLimit = 20_000
)

// WriterOptions tune a data file writer (Format.Create); the Parquet
// specific ones are ignored by other formats. The zero value means Java's
// defaults.
type WriterOptions struct {
	// Compression is Paimon's file.compression: zstd (default), snappy,
	// gzip, or none/uncompressed.
	Compression string
	// ZstdLevel is file.compression.zstd-level; 0 means 1.
	ZstdLevel int
	// RowGroupSize is the target row group size in bytes (parquet.block.size).
	RowGroupSize int64
	// PageSize is the target data page size in bytes (parquet.page.size).
	PageSize int
	// DisableDictionary turns dictionary encoding off (parquet.enable.dictionary=false).
	DisableDictionary bool
	// StatsModes, one per field (see StatsModes), make the writer collect
	// manifest statistics, available from Stats. nil collects none.
	StatsModes []StatsMode
	// TableOptions are the options in effect for the table, for a format
	// to read its own ('orc.*', 'avro.*'); nil means none set.
	TableOptions options.Options
}

// FileResult describes a finished file.
type FileResult struct {
	// Size is the exact number of bytes written.
	Size int64
	// RowCount is the number of rows written.
	RowCount int64
}

// ParquetWriter writes Paimon rows as one Parquet data file that Java Paimon
// reads like its own: same schema, annotations and field ids (docs/design/format.md §6.2).
type ParquetWriter struct {
	out *countingWriter
	// parquet.Writer, deprecated for GenericWriter[any], which panics
	// building the writer of a MAP column (parquet-go v0.32.0).
	w        *parquet.Writer //nolint:staticcheck // SA1019, see above
	top      []*shredNode
	leaves   []*leafColumn
	columns  []*parquet.ColumnWriter
	stats    *StatsCollector
	rowGroup int64
	rows     int64
	pageRows int // rows in the pages being filled
	closed   bool
}

// writeChunkRows is how many rows are shredded before their values go to the
// column writers. parquet-go only cuts pages between such calls, so this
// bounds how far a page can overshoot PageSize.
const writeChunkRows = 256

// NewParquetWriter starts a file of fields (for primary-key files the
// physical list with _KEY_*, _SEQUENCE_NUMBER and _VALUE_KIND).
func NewParquetWriter(w io.Writer, fields []types.DataField, opts WriterOptions) (*ParquetWriter, error) {
	schema, err := parquetSchemaOf(fields)
	if err != nil {
		return nil, err
	}
	top, leaves, err := shredTree(fields)
	if err != nil {
		return nil, err
	}
	codec, err := compressionCodec(opts)
	if err != nil {
		return nil, err
	}
	pageSize := opts.PageSize
	if pageSize <= 0 {
		pageSize = DefaultPageSize
	}
	rowGroup := opts.RowGroupSize
	if rowGroup <= 0 {
		rowGroup = DefaultRowGroupSize
	}
	if err := setEncodings(schema, !opts.DisableDictionary); err != nil {
		return nil, err
	}
	out := &countingWriter{w: w}
	config := []parquet.WriterOption{
		schema,
		parquet.Compression(codec),
		parquet.PageBufferSize(pageSize),
		parquet.DataPageVersion(1),
		parquet.DictionaryMaxBytes(defaultDictionaryPageSize),
	}
	// parquet-mr writes no min/max for INT96 (its order is undefined);
	// nor do we, so no reader is tempted to prune on them.
	for _, path := range int96Paths(schema) {
		config = append(config, parquet.SkipPageBounds(path...))
	}
	pw := &ParquetWriter{
		out:      out,
		w:        parquet.NewWriter(out, config...), //nolint:staticcheck // SA1019, see ParquetWriter.w
		top:      top,
		leaves:   leaves,
		rowGroup: rowGroup,
	}
	if opts.StatsModes != nil {
		if pw.stats, err = NewStatsCollector(fields, opts.StatsModes); err != nil {
			return nil, err
		}
	}
	pw.columns = pw.w.ColumnWriters()
	if len(pw.columns) != len(leaves) {
		return nil, fmt.Errorf("parquet schema has %d leaf columns, expected %d", len(pw.columns), len(leaves))
	}
	return pw, nil
}

// Write appends rows, each with one Paimon value per field in field order.
// After an error the file is incomplete and the writer must be abandoned.
func (pw *ParquetWriter) Write(rows [][]any) error {
	if pw.closed {
		return fmt.Errorf("parquet writer is closed")
	}
	for start := 0; start < len(rows); start += writeChunkRows {
		chunk := rows[start:min(start+writeChunkRows, len(rows))]
		if err := pw.writeChunk(chunk); err != nil {
			return err
		}
		if pw.stats != nil {
			pw.stats.Collect(chunk)
		}
		pw.rows += int64(len(chunk))
		if err := pw.limitPageRows(len(chunk)); err != nil {
			return err
		}
		if pw.w.Size() >= pw.rowGroup {
			if err := pw.w.Flush(); err != nil {
				return err
			}
			pw.pageRows = 0
		}
	}
	return nil
}

// limitPageRows ends the pages of every column once they hold
// pageRowLimit rows.
func (pw *ParquetWriter) limitPageRows(written int) error {
	pw.pageRows += written
	if pw.pageRows < pageRowLimit {
		return nil
	}
	pw.pageRows = 0
	for _, c := range pw.columns {
		if err := c.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func (pw *ParquetWriter) writeChunk(rows [][]any) error {
	for _, l := range pw.leaves {
		l.values = l.values[:0]
	}
	for i, row := range rows {
		if len(row) != len(pw.top) {
			return fmt.Errorf("row %d has %d values, want %d", pw.rows+int64(i), len(row), len(pw.top))
		}
		for j, n := range pw.top {
			if err := n.write(row[j], 0); err != nil {
				return err
			}
		}
	}
	for i, l := range pw.leaves {
		if _, err := pw.columns[i].WriteRowValues(l.values); err != nil {
			return err
		}
	}
	return nil
}

// Stats is the statistics collector of the rows written, nil unless
// WriterOptions.StatsModes was set.
func (pw *ParquetWriter) Stats() *StatsCollector { return pw.stats }

// Close writes the footer. The result's Size is what went to the writer.
func (pw *ParquetWriter) Close() (FileResult, error) {
	if pw.closed {
		return FileResult{}, fmt.Errorf("parquet writer is closed")
	}
	pw.closed = true
	if err := pw.w.Close(); err != nil {
		return FileResult{}, err
	}
	return FileResult{Size: pw.out.n, RowCount: pw.rows}, nil
}

// compressionCodec maps Paimon's file.compression to a codec.
func compressionCodec(opts WriterOptions) (compress.Codec, error) {
	name := strings.ToLower(opts.Compression)
	if name == "" {
		name = DefaultCompression
	}
	switch name {
	case "zstd":
		level := opts.ZstdLevel
		if level == 0 {
			level = DefaultZstdLevel
		}
		return &zstd.Codec{Level: zstdLevel(level)}, nil
	case "snappy":
		return &snappy.Codec{}, nil
	case "gzip":
		// Level 0 would mean "store"; parquet-mr uses zlib's default.
		return &gzip.Codec{Level: gzip.DefaultCompression}, nil
	case "lz4":
		return hadoopLZ4{}, nil
	case "none", "uncompressed":
		return &parquet.Uncompressed, nil
	}
	return nil, fmt.Errorf("unsupported parquet compression %q", opts.Compression)
}

// WritableCompressions names the file.compression values compressionCodec
// writes, for messages.
const WritableCompressions = "zstd, snappy, gzip, lz4 or none"

// CanWriteCompression tells whether compressionCodec writes a
// file.compression value (empty is the default, zstd).
func CanWriteCompression(name string) bool {
	_, err := compressionCodec(WriterOptions{Compression: name})
	return err == nil
}

// zstdLevel maps a native zstd level to the nearest speed of the pure-Go
// encoder (the same buckets klauspost's EncoderLevelFromZstd uses).
func zstdLevel(level int) zstd.Level {
	switch {
	case level < 3:
		return zstd.SpeedFastest
	case level < 6:
		return zstd.SpeedDefault
	case level < 10:
		return zstd.SpeedBetterCompression
	}
	return zstd.SpeedBestCompression
}

// setEncodings chooses each leaf's encoding like parquet-mr's v1 writer:
// dictionary for everything but booleans when enabled, otherwise plain.
// parquet-go would default byte arrays to DELTA_LENGTH_BYTE_ARRAY, which
// parquet-mr's v1 writer never produces. DECIMAL(p > 18) stays plain so that
// its pages are bounded with the signed order (signedFLBA).
func setEncodings(schema *parquet.Schema, dictionary bool) error {
	var walk func(n parquet.Node) error
	walk = func(n parquet.Node) error {
		w, ok := n.(*wnode)
		if !ok {
			return fmt.Errorf("unexpected parquet node %T", n)
		}
		if !w.Leaf() {
			for _, f := range w.fields {
				if err := walk(f); err != nil {
					return err
				}
			}
			return nil
		}
		_, signed := w.typ.(signedFLBA)
		if dictionary && !signed && w.typ.Kind() != parquet.Boolean {
			w.encoding = &parquet.RLEDictionary
		} else {
			w.encoding = &parquet.Plain
		}
		return nil
	}
	for _, f := range schema.Fields() {
		if err := walk(f); err != nil {
			return err
		}
	}
	return nil
}

// int96Paths lists the column paths of INT96 leaves.
func int96Paths(schema *parquet.Schema) [][]string {
	var out [][]string
	var walk func(n parquet.Node, path []string)
	walk = func(n parquet.Node, path []string) {
		if n.Leaf() {
			if pt := n.Type().PhysicalType(); pt != nil && *pt == format.Int96 {
				out = append(out, append([]string(nil), path...))
			}
			return
		}
		for _, f := range n.Fields() {
			walk(f, append(path, f.Name()))
		}
	}
	walk(schema, nil)
	return out
}

// countingWriter counts the bytes of the file.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
