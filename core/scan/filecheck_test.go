package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// A file in an unreadable format, and files whose row-id ranges overlap
// without being equal (Java refuses to merge them), are refused, naming the
// files; files of the same rows are grouped newest first.
func TestCheckFiles(t *testing.T) {
	id := func(n int64) *int64 { return &n }
	split := func(files ...spec.DataFileMeta) []Split {
		return []Split{{Dir: "db.db/t/bucket-0", Files: files}}
	}
	full := spec.DataFileMeta{FileName: "data-a-0.parquet", RowCount: 10, FirstRowID: id(0)}
	next := spec.DataFileMeta{FileName: "data-b-0.parquet", RowCount: 5, FirstRowID: id(10)}
	partial := spec.DataFileMeta{FileName: "data-c-0.parquet", RowCount: 10, FirstRowID: id(0), WriteCols: []string{"f1"}}
	partial.MaxSequenceNumber = 7
	shifted := spec.DataFileMeta{FileName: "data-e-0.parquet", RowCount: 10, FirstRowID: id(5), WriteCols: []string{"f1"}}
	lance := spec.DataFileMeta{FileName: "data-d-0.lance", RowCount: 3}
	if err := checkFiles(split(full, next, partial)); err != nil {
		t.Fatalf("files of disjoint or equal row ids: %v", err)
	}
	groups, err := RowIDGroups(&split(next, full, partial)[0])
	if err != nil {
		t.Fatal(err)
	}
	var names [][]string
	for _, g := range groups {
		var n []string
		for _, f := range g {
			n = append(n, f.FileName)
		}
		names = append(names, n)
	}
	if fmt.Sprint(names) != "[[data-c-0.parquet data-a-0.parquet] [data-b-0.parquet]]" {
		t.Errorf("groups %v, want the partial file (newest) first, then the next range", names)
	}
	for _, tc := range []struct {
		files []spec.DataFileMeta
		want  string
	}{
		{[]spec.DataFileMeta{full, lance}, "data file db.db/t/bucket-0/data-d-0.lance is in format 'lance'"},
		{[]spec.DataFileMeta{next, shifted, full}, "data files db.db/t/bucket-0/data-a-0.parquet and db.db/t/bucket-0/data-e-0.parquet hold columns of overlapping but different row-id ranges"},
	} {
		err := checkFiles(split(tc.files...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error with %q", err, tc.want)
		}
	}
}
