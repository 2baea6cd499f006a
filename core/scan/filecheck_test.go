package scan

import (
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/manifest"
)

func TestFileFormat(t *testing.T) {
	for name, want := range map[string]string{
		"data-1b2c-0.parquet":      "parquet",
		"data-1b2c-0.orc":          "orc",
		"data-1b2c-0.avro.zstd":    "avro",
		"data-1b2c-0.PARQUET":      "parquet",
		"data-1b2c-0.blob":         "blob",
		"changelog-1b2c-0.parquet": "parquet",
	} {
		if got := FileFormat(name); got != want {
			t.Errorf("FileFormat(%q) = %q, want %q", name, got, want)
		}
	}
}

// A file in an unreadable format and files that hold columns of the same
// rows are refused, naming the files.
func TestCheckFiles(t *testing.T) {
	id := func(n int64) *int64 { return &n }
	split := func(files ...manifest.DataFileMeta) []Split {
		return []Split{{Dir: "db.db/t/bucket-0", Files: files}}
	}
	full := manifest.DataFileMeta{FileName: "data-a-0.parquet", RowCount: 10, FirstRowID: id(0)}
	next := manifest.DataFileMeta{FileName: "data-b-0.parquet", RowCount: 5, FirstRowID: id(10)}
	partial := manifest.DataFileMeta{FileName: "data-c-0.parquet", RowCount: 10, FirstRowID: id(0), WriteCols: []string{"f1"}}
	orc := manifest.DataFileMeta{FileName: "data-d-0.orc", RowCount: 3}
	if err := checkFiles(split(full, next)); err != nil {
		t.Fatalf("files of disjoint row ids: %v", err)
	}
	for _, tc := range []struct {
		files []manifest.DataFileMeta
		want  string
	}{
		{[]manifest.DataFileMeta{full, orc}, "data file db.db/t/bucket-0/data-d-0.orc is in format 'orc'"},
		{[]manifest.DataFileMeta{next, partial, full}, "data-evolution table"},
	} {
		err := checkFiles(split(tc.files...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error with %q", err, tc.want)
		}
	}
}
