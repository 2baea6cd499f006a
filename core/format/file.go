package format

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Data file formats, as Paimon's file.format names them and data file
// names end.
const (
	Parquet = "parquet"
	ORC     = "orc"
)

// FileReader streams the rows of one data file, whatever its format.
type FileReader interface {
	// Next returns the next batch, or io.EOF after the last one.
	Next(ctx context.Context) (Batch, error)
	// Suspend releases what the open row group or stripe holds until
	// the next call of Next.
	Suspend()
	Close() error
}

// FileWriter writes one data file, whatever its format.
type FileWriter interface {
	Write(rows [][]any) error
	Close() (FileResult, error)
	// Stats are the manifest statistics, nil without StatsModes.
	Stats() *StatsCollector
}

// OpenFile opens a data file of size bytes in fileFormat, the format its
// name tells (scan.FileFormat): each file is read in its own format, as
// Java does, since file.format may have changed after it was written.
func OpenFile(fileFormat string, r io.ReaderAt, size int64, fields []types.DataField, opts ReadOptions) (FileReader, error) {
	switch fileFormat {
	case Parquet:
		return OpenParquet(r, size, fields, opts)
	case ORC:
		return openORC(r, size, fields, opts)
	default:
		return nil, fmt.Errorf("paimon-sql reads parquet and orc data files, not %q", fileFormat)
	}
}

// NewFileWriter starts a data file in opts.Format.
func NewFileWriter(w io.Writer, fields []types.DataField, opts WriterOptions) (FileWriter, error) {
	switch f := strings.ToLower(opts.Format); f {
	case "", Parquet:
		return NewParquetWriter(w, fields, opts)
	case ORC:
		return newORCWriter(w, fields, opts)
	default:
		return nil, fmt.Errorf("file.format=%s: paimon-sql writes %s", f, WritableFormats)
	}
}

// WritableFormats names the file.format values NewFileWriter writes.
const WritableFormats = "parquet or orc"

// CheckWriteFormat refuses a file.format and file.compression pair the
// writers cannot write (an empty format is parquet, an empty compression
// zstd), and format options (opts, the table's) they cannot take.
func CheckWriteFormat(fileFormat, compression string, opts map[string]string) error {
	switch strings.ToLower(fileFormat) {
	case "", Parquet:
		if !CanWriteCompression(compression) {
			return fmt.Errorf("file.compression=%s: paimon-sql writes %s", compression, WritableCompressions)
		}
	case ORC:
		if !canWriteORCCompression(compression) {
			return fmt.Errorf("file.compression=%s: paimon-sql writes ORC files with %s", compression, orcWritableCompressions)
		}
		return checkORCOptions(opts)
	default:
		return fmt.Errorf("file.format=%s: paimon-sql writes %s data files", fileFormat, WritableFormats)
	}
	return nil
}

// Extension is the data file name suffix of a file.format ("" is parquet).
func Extension(fileFormat string) string {
	if fileFormat == "" {
		return "." + Parquet
	}
	return "." + strings.ToLower(fileFormat)
}
