package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// rbm32 ORs the 32-bit Roaring bitmaps of a VARBINARY column; the merged
// bytes are what Java Paimon 1.4.2's FieldRoaringBitmap32Agg returns for
// {1, 2, 3, 100000} and {4..2999, 70000}, both on read and after compaction.
func TestRoaringBitmap32AggregateOverTheWire(t *testing.T) {
	e := startWarehouse(t, t.TempDir())
	sqlRun(t, e.db, "CREATE DATABASE ag",
		"CREATE TABLE ag.rb (id INT NOT NULL, rb BLOB, PRIMARY KEY (id)) WITH "+
			"('merge-engine' = 'aggregation', 'fields.rb.aggregate-function' = 'rbm32')",
		"INSERT INTO ag.rb VALUES (1, X'3a300000020000000000020001000000180000001e000000010002000300a086'), (2, NULL)",
		"INSERT INTO ag.rb VALUES (1, X'3b300100010000b30b0100000001000400b30b7011'), (2, NULL)")
	want := [][]string{{"1", "3B300100010000B60B0100010001000100B60B7011A086"}, {"2", "NULL"}}
	wantRows(t, e.db, want, "SELECT id, HEX(rb) FROM ag.rb ORDER BY id")
	sqlRun(t, e.db, "CALL sys.compact('ag.rb')")
	wantRows(t, e.db, want, "SELECT id, HEX(rb) FROM ag.rb ORDER BY id")
	if err := sqlRunErr(t, e.db, "CREATE TABLE ag.bad (id INT NOT NULL, n INT, PRIMARY KEY (id)) WITH "+
		"('merge-engine' = 'aggregation', 'fields.n.aggregate-function' = 'rbm32')"); err == nil || !strings.Contains(err.Error(), "needs a VARBINARY type") {
		t.Errorf("rbm32 on INT: got %v", err)
	}
}

// 'file.compression' = 'lz4' writes Parquet's Hadoop-framed LZ4 codec
// (code 5), which Java writes and reads; paimon-sql reads its own files back.
func TestLZ4CompressionOverTheWire(t *testing.T) {
	dir := t.TempDir()
	e := startWarehouse(t, dir)
	// 20000 rows: pages of more than 128 KiB, so several LZ4 blocks.
	rows := make([]string, 20000)
	for i := range rows {
		rows[i] = fmt.Sprintf("(%d, 'value-%d')", i+1, i+1)
	}
	sqlRun(t, e.db, "CREATE DATABASE lz",
		"CREATE TABLE lz.t (id INT NOT NULL, v VARCHAR(40), PRIMARY KEY (id)) WITH ('bucket' = '1', 'file.compression' = 'lz4')",
		"INSERT INTO lz.t VALUES "+strings.Join(rows, ", "),
		"INSERT INTO lz.t VALUES (7, 'seven')",
		"CALL sys.compact('lz.t')")
	wantRows(t, e.db, [][]string{{"20000", "seven", "value-19999"}},
		"SELECT COUNT(*), MAX(CASE WHEN id = 7 THEN v END), MAX(CASE WHEN id = 19999 THEN v END) FROM lz.t")
	files, _ := filepath.Glob(filepath.Join(dir, "lz.db", "t", "bucket-0", "*.parquet"))
	if len(files) == 0 {
		t.Fatal("no data files")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pf, err := parquet.OpenFile(strings.NewReader(string(b)), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		for _, rg := range pf.Metadata().RowGroups {
			for _, c := range rg.Columns {
				if c.MetaData.Codec != format.Lz4 {
					t.Errorf("%s: column %v has codec %v, want LZ4", filepath.Base(f), c.MetaData.PathInSchema, c.MetaData.Codec)
				}
			}
		}
	}
	if err := queryErr(t, e.db, "ALTER TABLE lz.t SET ('file.compression' = 'lzo')"); err == nil ||
		!strings.Contains(err.Error(), "writes parquet files with zstd, snappy, gzip, lz4 or none") {
		t.Errorf("lzo: got %v", err)
	}
}
