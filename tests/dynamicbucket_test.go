package tests

// Writes to dynamic-bucket primary-key tables (bucket = -1, primary key
// holding the partition keys; docs/design/format.md §7.4, §7.5) over SQL: rows placed
// as Java's HashBucketAssigner places them, the HASH index files in the
// index manifest, keys staying in their bucket, and expiration of replaced
// index files. The checks decode the index files here and compare them with
// the keys of every bucket's data files.

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

var dynIndexName = regexp.MustCompile(`^index-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9]+$`)

// dynIndex is what dynCheck found: the bucket of every live key ("k1,k2"
// for an unpartitioned table, "p/k1,k2" otherwise) and the hash index files.
type dynIndex struct {
	bucket map[string]int32
	files  map[string]int // live hash index files by name -> row count
}

// dynCheck verifies a dynamic-bucket table's latest snapshot: data files
// have _TOTAL_BUCKETS = -1; every (partition, bucket) with data has exactly
// one HASH index file, named index-<uuid>-<n> under index/, whose size and
// int count match its entry and whose ints are distinct; the hash of every
// key in a bucket's files is in that bucket's index file; a live key is in
// one bucket only and its hash in no other bucket's index file.
func dynCheck(t *testing.T, fsys *paimonfs.FS, db, name string) dynIndex {
	t.Helper()
	ctx := context.Background()
	tbl, snap, sch := latestOf(t, fsys, db, name)
	var keyTypes []types.DataType
	for _, k := range sch.TrimmedPrimaryKeys() {
		f, _, _ := sch.Field(k)
		keyTypes = append(keyTypes, f.Type)
	}
	type pb struct {
		part   string
		bucket int32
	}
	hashes := map[pb]map[int32]bool{}
	out := dynIndex{bucket: map[string]int32{}, files: map[string]int{}}
	if snap.IndexManifest == nil {
		t.Fatalf("%s.%s: snapshot %d has no index manifest", db, name, snap.ID)
	}
	data, err := fsys.ReadFile(ctx, tbl.ManifestPath(*snap.IndexManifest))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := manifest.ReadIndexManifest(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Kind != spec.FileAdd || e.IndexType != "HASH" {
			t.Errorf("index manifest entry %s: kind %v type %s", e.FileName, e.Kind, e.IndexType)
			continue
		}
		if !dynIndexName.MatchString(e.FileName) {
			t.Errorf("hash index file name %q is not index-<uuid>-<n>", e.FileName)
		}
		raw, err := fsys.ReadFile(ctx, tbl.Root+"/index/"+e.FileName)
		if err != nil {
			t.Fatalf("hash index file: %v", err)
		}
		if int64(len(raw)) != e.FileSize || int64(len(raw)) != 4*e.RowCount {
			t.Errorf("%s: %d bytes, entry says size %d and %d ints", e.FileName, len(raw), e.FileSize, e.RowCount)
		}
		k := pb{string(e.Partition), e.Bucket}
		if hashes[k] != nil {
			t.Errorf("two hash index files for bucket %d of partition %x", e.Bucket, e.Partition)
		}
		set := map[int32]bool{}
		for i := 0; i+4 <= len(raw); i += 4 {
			h := int32(binary.BigEndian.Uint32(raw[i:]))
			if set[h] {
				t.Errorf("%s holds hash %d twice", e.FileName, h)
			}
			set[h] = true
		}
		hashes[k] = set
		out.files[e.FileName] = int(e.RowCount)
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		t.Fatal(err)
	}
	type keyAt struct {
		part string
		hash int32
	}
	liveHashes := map[keyAt]int32{}
	for _, sp := range plan.Splits {
		if sp.TotalBuckets != -1 {
			t.Errorf("bucket %d: _TOTAL_BUCKETS = %d, want -1", sp.Bucket, sp.TotalBuckets)
		}
		set, ok := hashes[pb{string(sp.Partition), sp.Bucket}]
		if !ok {
			t.Errorf("bucket %d of partition %v has data files but no hash index", sp.Bucket, sp.PartitionValues)
		}
		err := read.MergeKeyValues(ctx, &sp, sch, sp.Files, func(kv mergefunc.KeyValue) error {
			row, err := binrow.Encode(kv.Key, keyTypes)
			if err != nil {
				return err
			}
			h := binrow.HashCode(row)
			if !set[h] {
				t.Errorf("key %v (hash %d) in bucket %d is not in the bucket's hash index", kv.Key, h, sp.Bucket)
			}
			if kv.Kind.IsRetract() {
				return nil
			}
			id := dynKey(sp.PartitionValues, kv.Key)
			if b, dup := out.bucket[id]; dup {
				t.Errorf("key %s lives in buckets %d and %d", id, b, sp.Bucket)
			}
			out.bucket[id] = sp.Bucket
			liveHashes[keyAt{string(sp.Partition), h}] = sp.Bucket
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for k, set := range hashes {
		for h := range set {
			if b, ok := liveHashes[keyAt{k.part, h}]; ok && b != k.bucket {
				t.Errorf("hash %d of a live key in bucket %d is also in the index of bucket %d", h, b, k.bucket)
			}
		}
	}
	return out
}

func dynKey(part []any, key []any) string {
	ks := make([]string, len(key))
	for i, v := range key {
		ks[i] = fmt.Sprint(v)
	}
	if len(part) == 0 {
		return strings.Join(ks, ",")
	}
	ps := make([]string, len(part))
	for i, v := range part {
		ps[i] = fmt.Sprint(v)
	}
	return strings.Join(ps, ",") + "/" + strings.Join(ks, ",")
}

// dynWantBuckets compares the buckets of some keys.
func dynWantBuckets(t *testing.T, got dynIndex, want map[string]int32) {
	t.Helper()
	for k, b := range want {
		if g, ok := got.bucket[k]; !ok {
			t.Errorf("key %s: not live", k)
		} else if g != b {
			t.Errorf("key %s: bucket %d, want %d", k, g, b)
		}
	}
}

func dynBucketSet(ix dynIndex) []int32 {
	seen := map[int32]bool{}
	for _, b := range ix.bucket {
		seen[b] = true
	}
	var out []int32
	for b := range seen {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Keys fill bucket 0 up to target-row-num, then bucket 1, …; a later
// commit loads the index, finishes the non-full bucket, then opens the
// next id. Re-inserted, updated and deleted keys stay in their bucket.
func TestDynamicBucketWrites(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dyn",
		"CREATE TABLE dyn.t (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ('bucket' = '-1', 'dynamic-bucket.target-row-num' = '3')",
		"INSERT INTO dyn.t VALUES (1,'a'),(2,'b'),(3,'c'),(4,'d'),(5,'e'),(6,'f'),(7,'g')")
	checkStorage(t, w.fs, "dyn", "t")
	ix := dynCheck(t, w.fs, "dyn", "t")
	dynWantBuckets(t, ix, map[string]int32{"1": 0, "2": 0, "3": 0, "4": 1, "5": 1, "6": 1, "7": 2})
	if len(ix.files) != 3 {
		t.Errorf("%d hash index files, want 3", len(ix.files))
	}

	// Bucket 2 holds one key: it takes two more, then bucket 3 opens.
	sqlRun(t, w.db, "INSERT INTO dyn.t VALUES (8,'h'),(9,'i'),(10,'j')")
	checkStorage(t, w.fs, "dyn", "t")
	ix = dynCheck(t, w.fs, "dyn", "t")
	dynWantBuckets(t, ix, map[string]int32{"1": 0, "7": 2, "8": 2, "9": 2, "10": 3})

	// Existing keys: an upsert, an UPDATE, an UPDATE of the key, a DELETE.
	sqlRun(t, w.db, "INSERT INTO dyn.t VALUES (1,'A'),(4,'D')",
		"UPDATE dyn.t SET v = 'E' WHERE id = 5",
		"UPDATE dyn.t SET id = 11 WHERE id = 2",
		"DELETE FROM dyn.t WHERE id = 7")
	checkStorage(t, w.fs, "dyn", "t")
	ix = dynCheck(t, w.fs, "dyn", "t")
	dynWantBuckets(t, ix, map[string]int32{"1": 0, "4": 1, "5": 1, "11": 3})
	for _, k := range []string{"2", "7"} {
		if _, ok := ix.bucket[k]; ok {
			t.Errorf("key %s is still live", k)
		}
	}
	wantRows(t, w.db, split("1|A", "3|c", "4|D", "5|E", "6|f", "8|h", "9|i", "10|j", "11|b"), "SELECT id, v FROM dyn.t")
	wantRows(t, w.db, split("1"), "SELECT COUNT(*) FROM dyn.t WHERE id = 1")

	// A deleted key comes back in its old bucket (its hash stays indexed).
	sqlRun(t, w.db, "INSERT INTO dyn.t VALUES (7,'G')")
	ix = dynCheck(t, w.fs, "dyn", "t")
	dynWantBuckets(t, ix, map[string]int32{"7": 2})

	// $table_indexes lists one HASH file per bucket.
	res := mustQuery(t, w.db, "SELECT bucket, index_type, file_name, row_count FROM dyn.`t$table_indexes` ORDER BY bucket")
	var got []string
	for _, r := range res.rows {
		got = append(got, strings.Join([]string{r[0], r[1], r[3]}, "|"))
		if _, ok := ix.files[r[2]]; !ok {
			t.Errorf("$table_indexes lists %s, not a live hash index file", r[2])
		}
	}
	sameRows(t, "t$table_indexes", split(got...), split("0|HASH|3", "1|HASH|3", "2|HASH|3", "3|HASH|2"))
}

// A statement that fails inside a transaction leaves no key in the index;
// a rolled-back transaction leaves nothing at all.
func TestDynamicBucketRollback(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dyn",
		"CREATE TABLE dyn.t (id INT NOT NULL, v VARCHAR(5), PRIMARY KEY (id)) WITH ('bucket' = '-1', 'dynamic-bucket.target-row-num' = '2')",
		"INSERT INTO dyn.t VALUES (1,'a')")
	c := oneConn(t, w.db)
	sqlRun(t, c, "BEGIN", "INSERT INTO dyn.t VALUES (2,'b')")
	sqlRunErr(t, c, "INSERT INTO dyn.t VALUES (3,'c'),(4,'toolongvalue')")
	sqlRun(t, c, "INSERT INTO dyn.t VALUES (5,'e')", "COMMIT")
	checkStorage(t, w.fs, "dyn", "t")
	ix := dynCheck(t, w.fs, "dyn", "t")
	// Key 3 was assigned and discarded: 5 takes the place it had.
	dynWantBuckets(t, ix, map[string]int32{"1": 0, "2": 0, "5": 1})
	n := 0
	for _, rows := range ix.files {
		n += rows
	}
	if n != 3 {
		t.Errorf("hash index files hold %d keys, want 3", n)
	}
	sqlRun(t, c, "BEGIN", "INSERT INTO dyn.t VALUES (6,'f')", "ROLLBACK")
	checkStorage(t, w.fs, "dyn", "t")
	wantRows(t, w.db, split("1|a", "2|b", "5|e"), "SELECT id, v FROM dyn.t")
}

// Partitions have their own index and bucket ids.
func TestDynamicBucketPartitioned(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dyn",
		"CREATE TABLE dyn.p (dt VARCHAR(10) NOT NULL, id INT NOT NULL, v INT, PRIMARY KEY (dt, id)) PARTITIONED BY (dt) WITH ('bucket' = '-1', 'dynamic-bucket.target-row-num' = '2')",
		"INSERT INTO dyn.p VALUES ('a',1,1),('b',1,1),('a',2,2),('a',3,3),('b',2,2),('b',3,3),('b',4,4)")
	checkStorage(t, w.fs, "dyn", "p")
	ix := dynCheck(t, w.fs, "dyn", "p")
	dynWantBuckets(t, ix, map[string]int32{"a/1": 0, "a/2": 0, "a/3": 1, "b/1": 0, "b/2": 0, "b/3": 1, "b/4": 1})
	sqlRun(t, w.db, "INSERT INTO dyn.p VALUES ('a',4,4),('a',1,10),('b',5,5)", "DELETE FROM dyn.p WHERE dt = 'b' AND id = 2")
	checkStorage(t, w.fs, "dyn", "p")
	ix = dynCheck(t, w.fs, "dyn", "p")
	dynWantBuckets(t, ix, map[string]int32{"a/1": 0, "a/4": 1, "b/5": 2})
	wantRows(t, w.db, split("a|1|10", "a|2|2", "a|3|3", "a|4|4", "b|1|1", "b|3|3", "b|4|4", "b|5|5"), "SELECT dt, id, v FROM dyn.p")
	if _, err := os.Stat(filepath.Join(w.url, "dyn.db", "p", "dt=a", "bucket-1")); err != nil {
		t.Error(err)
	}

	// INSERT OVERWRITE of a partition keeps the index consistent.
	sqlRun(t, w.db, "INSERT OVERWRITE dyn.p PARTITION (dt = 'a') VALUES ('a',7,7),('a',2,20)")
	checkStorage(t, w.fs, "dyn", "p")
	dynCheck(t, w.fs, "dyn", "p")
	wantRows(t, w.db, split("a|2|20", "a|7|7", "b|1|1", "b|3|3", "b|4|4", "b|5|5"), "SELECT dt, id, v FROM dyn.p")

	// A primary key without the partition key is a cross-partition table.
	sqlRun(t, w.db, "CREATE TABLE dyn.x (dt VARCHAR(10), id INT NOT NULL, PRIMARY KEY (id)) PARTITIONED BY (dt) WITH ('bucket' = '-1')")
	if err := sqlRunErr(t, w.db, "INSERT INTO dyn.x VALUES ('a', 1)"); !strings.Contains(err.Error(), "cross-partition") {
		t.Errorf("cross-partition table write: %v", err)
	}
}

// initial-buckets spreads new keys as that many parallel Java assigners
// would; max-buckets caps the bucket ids.
func TestDynamicBucketOptions(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	var vals []string
	for i := 1; i <= 40; i++ {
		vals = append(vals, fmt.Sprintf("(%d)", i))
	}
	sqlRun(t, w.db, "CREATE DATABASE dyn",
		"CREATE TABLE dyn.i (id INT NOT NULL, PRIMARY KEY (id)) WITH ('bucket' = '-1', 'dynamic-bucket.initial-buckets' = '3')",
		"INSERT INTO dyn.i VALUES "+strings.Join(vals, ","),
		"CREATE TABLE dyn.m (id INT NOT NULL, PRIMARY KEY (id)) WITH ('bucket' = '-1', 'dynamic-bucket.target-row-num' = '2', 'dynamic-bucket.max-buckets' = '3')",
		"INSERT INTO dyn.m VALUES "+strings.Join(vals, ","))
	for _, name := range []string{"i", "m"} {
		checkStorage(t, w.fs, "dyn", name)
		ix := dynCheck(t, w.fs, "dyn", name)
		if got := fmt.Sprint(dynBucketSet(ix)); got != "[0 1 2]" {
			t.Errorf("dyn.%s: keys in buckets %s, want [0 1 2]", name, got)
		}
		if len(ix.bucket) != 40 {
			t.Errorf("dyn.%s: %d live keys", name, len(ix.bucket))
		}
	}
	// With three assigners a key's bucket is its assigner's: (|partition
	// hash % 3| + |key hash % 3|) % 3, the partition hash being that of the
	// empty row.
	ix := dynCheck(t, w.fs, "dyn", "i")
	partHash := binrow.HashCode(make([]byte, 8))
	for i := 1; i <= 40; i++ {
		key, _ := binrow.Encode([]any{int32(i)}, []types.DataType{{Kind: types.Int}})
		want := (absRem(partHash, 3) + absRem(binrow.HashCode(key), 3)) % 3
		if got := ix.bucket[fmt.Sprint(i)]; got != want {
			t.Errorf("dyn.i key %d: bucket %d, want %d", i, got, want)
		}
	}
}

func absRem(a, n int32) int32 {
	if r := a % n; r < 0 {
		return -r
	} else {
		return r
	}
}

// Expiration deletes the hash index files that later commits replaced and
// keeps the live ones.
func TestDynamicBucketExpire(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dyn",
		"CREATE TABLE dyn.t (id INT NOT NULL, v INT, PRIMARY KEY (id)) WITH ('bucket' = '-1', 'dynamic-bucket.target-row-num' = '2')")
	for i := 1; i <= 5; i++ {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO dyn.t VALUES (%d, %d)", i, i))
	}
	indexDir := filepath.Join(w.url, "dyn.db", "t", "index")
	list := func() []string { return dirNames(t, indexDir) }
	// Commits 1-5: bucket 0 gets a file, then a replacement; bucket 1 the
	// same; bucket 2 one file: five files, three live.
	if n := len(list()); n != 5 {
		t.Errorf("index/ holds %d files before expiring, want 5", n)
	}
	mustQuery(t, w.db, "CALL sys.expire_snapshots(`table` => 'dyn.t', retain_max => 1, retain_min => 1)")
	checkStorage(t, w.fs, "dyn", "t")
	ix := dynCheck(t, w.fs, "dyn", "t")
	var live []string
	for f := range ix.files {
		live = append(live, f)
	}
	sort.Strings(live)
	if got := list(); strings.Join(got, " ") != strings.Join(live, " ") {
		t.Errorf("index/ after expiring: %v, want the live files %v", got, live)
	}
	wantRows(t, w.db, split("1|1", "2|2", "3|3", "4|4", "5|5"), "SELECT id, v FROM dyn.t")
}
