package binrow_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

const fixtures = "../../testdata/java-written"

// Java placed every data file of these tables (bucket = 2, bucket-key = f2,
// primary key f0, f1, f2 with partition f1, so the file keys are (f0, f2))
// into bucket BinaryRow(f2).hashCode() % 2. Every key of a file has the same
// f2, so both the min and the max key must map to the entry's bucket.
func TestBucketMatchesJavaPlacement(t *testing.T) {
	if _, err := os.Stat(fixtures); err != nil {
		t.Fatalf("fixtures (committed in testdata/java-written): %v", err)
	}
	keyTypes := []types.DataType{types.NewString(), types.New(types.Int)}
	checked := map[int32]int{}
	for _, table := range []string{"pk_09", "pk_dv_index_in_data_no_external", "pk_dv_index_not_in_data_no_external", "pk_table_with_dv_cardinality"} {
		files, err := filepath.Glob(filepath.Join(fixtures, table+".db", table, "manifest", "manifest-*"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no manifests (%v)", table, err)
		}
		for _, path := range files {
			if strings.HasPrefix(filepath.Base(path), "manifest-list-") {
				continue
			}
			entries := readManifest(t, path)
			for _, e := range entries {
				if e.TotalBuckets != 2 {
					t.Fatalf("%s: total buckets %d", e.File.FileName, e.TotalBuckets)
				}
				for _, key := range [][]byte{e.File.MinKey, e.File.MaxKey} {
					vals, err := binrow.Decode(key, keyTypes)
					if err != nil {
						t.Fatal(err)
					}
					row, err := binrow.Encode(vals[1:], keyTypes[1:])
					if err != nil {
						t.Fatal(err)
					}
					if got := binrow.Bucket(row, 2); got != int(e.Bucket) {
						t.Errorf("%s %s: key %v hashes to bucket %d, Java wrote bucket %d", table, e.File.FileName, vals, got, e.Bucket)
					}
					checked[e.Bucket]++
				}
			}
		}
	}
	if checked[0] == 0 || checked[1] == 0 {
		t.Errorf("want keys checked in both buckets, got %v", checked)
	}
}

func readManifest(t *testing.T, path string) []spec.ManifestEntry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := manifest.ReadManifest(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return entries
}

// The README rows of the fixture tables: f2 = 1 lives in bucket 0, f2 = 0 in
// bucket 1 (also visible in append_09's bucket directories).
func TestBucketOfReadmeRows(t *testing.T) {
	for f2, want := range map[int32]int{0: 1, 1: 0} {
		row, err := binrow.Encode([]any{f2}, []types.DataType{types.New(types.Int)})
		if err != nil {
			t.Fatal(err)
		}
		if got := binrow.Bucket(row, 2); got != want {
			t.Errorf("f2=%d: bucket %d, want %d", f2, got, want)
		}
	}
}

// Java's Math.abs(h % n) keeps the sign of h out of the result.
func TestBucketNegativeHash(t *testing.T) {
	for i := int32(0); i < 1000; i++ {
		row, _ := binrow.Encode([]any{i}, []types.DataType{types.New(types.Int)})
		h := binrow.HashCode(row)
		want := int(h % 7)
		if want < 0 {
			want = -want
		}
		if got := binrow.Bucket(row, 7); got != want || got < 0 || got >= 7 {
			t.Fatalf("Bucket = %d for hash %d, want %d", got, h, want)
		}
	}
}
