package write

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// fileSetup is how the data files of a table are written, shared by
// TableWriter and RewriteWriter: their columns, the size at which they roll,
// their format and its options.
type fileSetup struct {
	layout     fileLayout
	target     int64
	fileFormat string // the format's name, the files' extension
	wopts      format.WriterOptions
}

// newFileSetup reads the set-up of files on level from the schema sch and
// the options in effect opts.
func newFileSetup(sch *spec.TableSchema, opts options.Options, level int) (fileSetup, error) {
	s := fileSetup{layout: appendLayout(sch.Fields)}
	if len(sch.PrimaryKeys) > 0 {
		var keys []types.DataField
		for _, k := range sch.TrimmedPrimaryKeys() {
			f, _, ok := sch.Field(k)
			if !ok {
				return fileSetup{}, fmt.Errorf("primary key column %s is not in the schema", k)
			}
			keys = append(keys, f)
		}
		s.layout = keyValueLayout(keys, sch.Fields)
	}
	var err error
	if s.target, err = opts.TargetFileSize(len(sch.PrimaryKeys) > 0); err != nil {
		return fileSetup{}, err
	}
	zstdLevel, err := options.FileCompressionZstdLevel.Get(opts)
	if err != nil {
		return fileSetup{}, err
	}
	fileFormat, compression, err := levelFormat(opts, level, len(sch.PrimaryKeys) > 0)
	if err != nil {
		return fileSetup{}, err
	}
	s.fileFormat = fileFormat
	// Rolling looks at the bytes written, and a row group is written only
	// when full: keep row groups within the target size.
	s.wopts = format.WriterOptions{Compression: compression,
		RowGroupSize: min(s.target, format.DefaultRowGroupSize), ZstdLevel: zstdLevel}
	if n, ok, err := options.ParquetBlockSize.Lookup(opts); err != nil {
		return fileSetup{}, err
	} else if ok {
		s.wopts.RowGroupSize = n
	}
	return s, nil
}
