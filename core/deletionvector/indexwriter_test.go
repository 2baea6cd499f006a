package deletionvector

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/table"
)

func testTable(t *testing.T) *table.Table {
	t.Helper()
	fsys, err := fs.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return &table.Table{FS: fsys, Database: "db", Name: "t", Root: "db.db/t"}
}

// The entry an IndexWriter returns locates every vector in the file it
// wrote, with the right cardinality, and the vectors read back hold the
// positions deleted.
func TestIndexWriterEntryReadsBack(t *testing.T) {
	ctx := context.Background()
	tbl := testTable(t)
	for _, wide := range []bool{false, true} {
		w, err := NewIndexWriter(tbl, options.Options{"deletion-vectors.bitmap64": map[bool]string{false: "false", true: "true"}[wide]})
		if err != nil {
			t.Fatal(err)
		}
		files := []string{"data-a.parquet", "data-b.parquet"}
		positions := [][]int64{{0, 3, 7}, {5}}
		var dvs []*DeletionVector
		for _, ps := range positions {
			dv := w.NewVector()
			if dv.Is64() != wide {
				t.Fatalf("bitmap64=%v: vector is 64-bit: %v", wide, dv.Is64())
			}
			for _, p := range ps {
				if err := dv.Delete(p); err != nil {
					t.Fatal(err)
				}
			}
			dvs = append(dvs, dv)
		}
		e, path, err := w.Write(ctx, []byte("part"), 3, "db.db/t/bucket-3", files, dvs)
		if err != nil {
			t.Fatal(err)
		}
		if path != tbl.IndexPath(e.FileName) || e.IndexType != IndexType || e.Bucket != 3 || string(e.Partition) != "part" || e.RowCount != 2 {
			t.Fatalf("entry %+v at %s", e, path)
		}
		data, err := tbl.FS.ReadFile(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(data)) != e.FileSize {
			t.Fatalf("file has %d bytes, entry says %d", len(data), e.FileSize)
		}
		for i, r := range e.DVRanges {
			if r.DataFileName != files[i] || *r.Cardinality != int64(len(positions[i])) {
				t.Fatalf("range %d: %+v", i, r)
			}
			dv, err := Read(bytes.NewReader(data), Range{Offset: int64(r.Offset), Length: int64(r.Length)})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range positions[i] {
				if !dv.IsDeleted(p) {
					t.Fatalf("%s: position %d not deleted", files[i], p)
				}
			}
			if dv.Cardinality() != int64(len(positions[i])) {
				t.Fatalf("%s: %d positions deleted", files[i], dv.Cardinality())
			}
		}
	}
}

// With index-file-in-data-file-dir the file goes to the bucket's directory,
// and concurrent writes of one writer get distinct names.
func TestIndexWriterInDataDirAndNames(t *testing.T) {
	ctx := context.Background()
	tbl := testTable(t)
	w, err := NewIndexWriter(tbl, options.Options{options.IndexFileInDataFileDir.Key: "true"})
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	paths := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dv := w.NewVector()
			_ = dv.Delete(int64(i))
			var err error
			if _, paths[i], err = w.Write(ctx, nil, 0, "db.db/t/bucket-0", []string{"f"}, []*DeletionVector{dv}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, p := range paths {
		if !strings.HasPrefix(p, "db.db/t/bucket-0/index-") || seen[p] {
			t.Fatalf("path %s (seen before: %v)", p, seen[p])
		}
		seen[p] = true
	}
}

// A bad boolean option is an error, not taken for false.
func TestIndexWriterRejectsBadOptions(t *testing.T) {
	for _, k := range []string{"deletion-vectors.bitmap64", options.IndexFileInDataFileDir.Key} {
		if _, err := NewIndexWriter(testTable(t), options.Options{k: "maybe"}); err == nil {
			t.Fatalf("%s = maybe accepted", k)
		}
	}
}
