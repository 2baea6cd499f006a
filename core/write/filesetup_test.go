package write

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Both writers take file.compression.zstd-level and target-file-size the
// same way, and refuse a level that is not a number instead of writing at
// the default level.
func TestWritersShareFileSetup(t *testing.T) {
	tbl := &table.Table{Database: "db", Name: "t", Root: "db.db/t"}
	for _, pk := range []bool{false, true} {
		sch := &spec.TableSchema{Fields: []types.DataField{
			{ID: 0, Name: "k", Type: types.New(types.Int)}, {ID: 1, Name: "v", Type: types.New(types.Int)}}}
		if pk {
			sch.PrimaryKeys = []string{"k"}
		}
		writers := map[string]func(opts map[string]string) (fileSetup, error){
			"TableWriter": func(opts map[string]string) (fileSetup, error) {
				s := *sch
				s.Options = opts
				w, err := NewTableWriter(tbl, &s, nil)
				if err != nil {
					return fileSetup{}, err
				}
				return w.fileSetup, nil
			},
			"RewriteWriter": func(opts map[string]string) (fileSetup, error) {
				w, err := NewRewriteWriter(tbl, sch, opts, "db.db/t/bucket-0", 1)
				if err != nil {
					return fileSetup{}, err
				}
				return w.fileSetup, nil
			},
		}
		for name, open := range writers {
			opts := map[string]string{"bucket": "1", "bucket-key": "k", "file.compression.zstd-level": "9", "target-file-size": "1 mb"}
			s, err := open(opts)
			if err != nil {
				t.Fatalf("%s (pk %v): %v", name, pk, err)
			}
			if s.wopts.ZstdLevel != 9 || s.target != 1<<20 || s.wopts.RowGroupSize != 1<<20 {
				t.Errorf("%s (pk %v): level %d, target %d, row group %d", name, pk, s.wopts.ZstdLevel, s.target, s.wopts.RowGroupSize)
			}
			if pk != (len(s.layout.keyCols) == 1) {
				t.Errorf("%s (pk %v): key columns %v", name, pk, s.layout.keyCols)
			}
			// Java hands 'parquet.block.size' to the Parquet writer.
			opts[options.ParquetBlockSize.Key] = "65536"
			if s, err = open(opts); err != nil || s.wopts.RowGroupSize != 65536 {
				t.Errorf("%s (pk %v): parquet.block.size: row group %d, %v", name, pk, s.wopts.RowGroupSize, err)
			}
			opts[options.ParquetBlockSize.Key] = "big"
			if _, err := open(opts); err == nil || !strings.Contains(err.Error(), options.ParquetBlockSize.Key) {
				t.Errorf("%s (pk %v): bad parquet.block.size: %v", name, pk, err)
			}
			delete(opts, options.ParquetBlockSize.Key)
			opts["file.compression.zstd-level"] = "fast"
			if _, err := open(opts); err == nil || !strings.Contains(err.Error(), "file.compression.zstd-level") {
				t.Errorf("%s (pk %v): bad zstd level: %v", name, pk, err)
			}
		}
	}
}
