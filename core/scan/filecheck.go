package scan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/manifest"
)

// readableFormat is the only data file format paimon-sql reads.
const readableFormat = "parquet"

// compressionSuffixes are the suffixes Java appends after the format when
// 'file.suffix.include.compression' is set.
var compressionSuffixes = []string{".zstd", ".snappy", ".gz", ".gzip", ".lz4", ".lzo", ".brotli"}

// FileFormat is the format of a data file as its name tells it
// ('data-<uuid>-<n>.<format>[.<compression>]'): each file is judged by its
// own name, since 'file.format' may have changed after it was written and
// 'file.format.per.level' gives levels their own formats.
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

// checkFiles fails clearly for the planned files paimon-sql cannot read
// correctly, instead of returning other rows: a file in a format other than
// Parquet (ORC, Avro, Lance, .blob files of blob columns), and files of a
// data-evolution table that hold other columns of the same rows.
func checkFiles(splits []Split) error {
	for i := range splits {
		sp := &splits[i]
		for _, f := range sp.Files {
			if format := FileFormat(f.FileName); format != readableFormat {
				return fmt.Errorf("data file %s is in format '%s': paimon-sql reads only parquet data files (ORC, Avro, Lance and blob files are not supported yet)", sp.FilePath(f), format)
			}
		}
		if err := checkRowIDOverlap(sp); err != nil {
			return err
		}
	}
	return nil
}

// checkRowIDOverlap refuses files whose row-id ranges overlap: a
// data-evolution table wrote some columns of those rows in a later file,
// and Java merges the files by first row id and written columns, which
// paimon-sql does not.
func checkRowIDOverlap(sp *Split) error {
	var files []manifest.DataFileMeta
	for _, f := range sp.Files {
		if f.FirstRowID != nil {
			files = append(files, f)
		}
	}
	sort.Slice(files, func(i, j int) bool { return *files[i].FirstRowID < *files[j].FirstRowID })
	for i := 1; i < len(files); i++ {
		prev, cur := files[i-1], files[i]
		if *cur.FirstRowID < *prev.FirstRowID+prev.RowCount {
			return fmt.Errorf("data files %s and %s hold columns of the same rows (row ids from %d): reading a data-evolution table whose columns were written in separate files is not supported by paimon-sql yet; use Java, or compact the table with Java",
				sp.FilePath(prev), sp.FilePath(cur), *cur.FirstRowID)
		}
	}
	return nil
}
