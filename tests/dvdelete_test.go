package tests

// DELETE and UPDATE of append tables with deletion vectors (docs/design/format.md
// §7.6, §4.5): the deleted rows' positions are marked in DV index files,
// the commit is an OVERWRITE, reads skip the marked rows. The checks
// decode the index manifest and the vectors here and compare the marked
// positions with the rows stored at them.

import (
	"bytes"
	"context"
	gosql "database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// dvState is what dvCheck found in a table's latest snapshot.
type dvState struct {
	// deleted are the rows at marked positions, as "v1|v2" lines, sorted.
	deleted []string
	// live are the rows at unmarked positions, sorted.
	live []string
	// files are the live DV index files by name -> number of vectors.
	files map[string]int
	// cards are the cardinalities by data file (as recorded).
	cards map[string]int64
	// buckets counts DV index files per "partition/bucket".
	buckets map[string]int
}

// dvCheck decodes the latest snapshot's deletion vectors of db.name and
// checks them: ADD entries only, named index-<uuid>-<n> under index/, file
// size and _ROW_COUNT right, each vector decoding with its range's length
// and cardinality, a data file's vector in one file only and only for
// live data files, bucketed tables with one DV file per bucket.
func dvCheck(t *testing.T, fsys *paimonfs.FS, db, name string) dvState {
	t.Helper()
	ctx := context.Background()
	tbl, snap, sch := latestOf(t, fsys, db, name)
	bucketed := sch.Options["bucket"] != "" && sch.Options["bucket"] != "-1"
	st := dvState{files: map[string]int{}, cards: map[string]int64{}, buckets: map[string]int{}}
	vectors := map[string]*deletionvector.DeletionVector{}
	if snap.IndexManifest != nil {
		entries, err := scan.ReadIndexManifest(ctx, tbl, *snap.IndexManifest)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IndexType != scan.IndexDeletionVectors {
				continue
			}
			if e.Kind != spec.FileAdd {
				t.Errorf("index manifest holds %s entry %s", e.Kind, e.FileName)
			}
			if !dynIndexName.MatchString(e.FileName) {
				t.Errorf("DV index file name %q", e.FileName)
			}
			data, err := fsys.ReadFile(ctx, tbl.IndexPath(e.FileName))
			if err != nil {
				t.Fatalf("DV index file: %v", err)
			}
			if int64(len(data)) != e.FileSize {
				t.Errorf("%s: %d bytes, entry says %d", e.FileName, len(data), e.FileSize)
			}
			if e.RowCount != int64(len(e.DVRanges)) {
				t.Errorf("%s: _ROW_COUNT %d, %d vectors", e.FileName, e.RowCount, len(e.DVRanges))
			}
			// A 1.0 reader walks the file from offset 1: the same vectors.
			all, ranges, err := dvWalkFile(data)
			if err != nil || len(all) != len(e.DVRanges) {
				t.Errorf("%s: ReadAll: %d vectors, %v", e.FileName, len(all), err)
			}
			for i, r := range e.DVRanges {
				dv, err := deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(r.Offset), Length: int64(r.Length)})
				if err != nil {
					t.Fatalf("%s: vector of %s: %v", e.FileName, r.DataFileName, err)
				}
				if i < len(ranges) && (ranges[i].Offset != int64(r.Offset) || ranges[i].Length != int64(r.Length)) {
					t.Errorf("%s: range %d is %+v, file walk finds %+v", e.FileName, i, r, ranges[i])
				}
				if r.Cardinality == nil || *r.Cardinality != dv.Cardinality() {
					t.Errorf("%s: %s cardinality %v, vector holds %d", e.FileName, r.DataFileName, r.Cardinality, dv.Cardinality())
				} else {
					st.cards[r.DataFileName] = *r.Cardinality
				}
				if _, dup := vectors[r.DataFileName]; dup {
					t.Errorf("data file %s has two live vectors", r.DataFileName)
				}
				vectors[r.DataFileName] = dv
			}
			st.files[e.FileName] = len(e.DVRanges)
			st.buckets[fmt.Sprintf("%x/%d", e.Partition, e.Bucket)]++
		}
	}
	if bucketed {
		for b, n := range st.buckets {
			if n != 1 {
				t.Errorf("bucket %s has %d DV index files", b, n)
			}
		}
	}
	plan, err := scan.New(ctx, tbl, snap, sch, scan.Options{KeepLevel0: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, sp := range plan.Splits {
		raw := sp
		raw.DeletionFiles = nil
		for _, f := range sp.Files {
			seen[f.FileName] = true
			dv := vectors[f.FileName]
			var pos int64 = -1
			err := read.FileRows(ctx, &raw, sch, f, func(row []any) error {
				pos++
				cells := make([]string, len(row))
				for i, v := range row {
					cells[i] = fmt.Sprint(v)
				}
				line := strings.Join(cells, "|")
				if dv != nil && dv.IsDeleted(pos) {
					st.deleted = append(st.deleted, line)
				} else {
					st.live = append(st.live, line)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if dv != nil {
				if last := pos; dv.Cardinality() > 0 {
					for p := range dv.All() {
						if p > last {
							t.Errorf("%s: position %d marked beyond the file's %d rows", f.FileName, p, last+1)
						}
					}
				}
			}
		}
	}
	for f := range vectors {
		if !seen[f] {
			t.Errorf("vector for data file %s, which is not live", f)
		}
	}
	sort.Strings(st.deleted)
	sort.Strings(st.live)
	return st
}

func wantLines(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

// A bucket-unaware append table: DELETE, DELETE ... LIMIT 1 of one of two
// equal rows, UPDATE; each an OVERWRITE whose vectors mark exactly the
// deleted rows' positions.
func TestDVDeleteBucketUnaware(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.t (id INT, v VARCHAR(10)) WITH ('deletion-vectors.enabled' = 'true')",
		"INSERT INTO dv.t VALUES (1,'a'),(2,'b'),(3,'c'),(2,'b')",
		"INSERT INTO dv.t VALUES (4,'d'),(5,'e')")

	if n := sqlRun(t, w.db, "DELETE FROM dv.t WHERE id = 3"); n != 1 {
		t.Errorf("DELETE: %d rows affected, want 1", n)
	}
	wantRows(t, w.db, split("1|a", "2|b", "2|b", "4|d", "5|e"), "SELECT id, v FROM dv.t")
	wantSnapshots(t, w.db, "dv", "t", "APPEND", "APPEND", "OVERWRITE")
	checkStorage(t, w.fs, "dv", "t")
	st := dvCheck(t, w.fs, "dv", "t")
	wantLines(t, "deleted rows", st.deleted, "3|c")
	if len(st.files) != 1 {
		t.Errorf("DV index files %v, want 1", st.files)
	}

	// One of two equal rows.
	if n := sqlRun(t, w.db, "DELETE FROM dv.t WHERE id = 2 LIMIT 1"); n != 1 {
		t.Errorf("DELETE LIMIT 1: %d rows affected, want 1", n)
	}
	wantRows(t, w.db, split("1|a", "2|b", "4|d", "5|e"), "SELECT id, v FROM dv.t")
	st = dvCheck(t, w.fs, "dv", "t")
	wantLines(t, "deleted rows", st.deleted, "3|c", "2|b")

	// An UPDATE in the second file, which has no vector yet: a new index
	// file holds its vector, the first file's stays where it is.
	if n := sqlRun(t, w.db, "UPDATE dv.t SET v = 'E' WHERE id = 5"); n != 1 {
		t.Errorf("UPDATE: %d rows affected, want 1", n)
	}
	wantRows(t, w.db, split("1|a", "2|b", "4|d", "5|E"), "SELECT id, v FROM dv.t")
	wantSnapshots(t, w.db, "dv", "t", "APPEND", "APPEND", "OVERWRITE", "OVERWRITE", "OVERWRITE")
	checkStorage(t, w.fs, "dv", "t")
	st = dvCheck(t, w.fs, "dv", "t")
	wantLines(t, "deleted rows", st.deleted, "3|c", "2|b", "5|e")
	wantLines(t, "live rows", st.live, "1|a", "2|b", "4|d", "5|E")
	var counts []string
	for _, n := range st.files {
		counts = append(counts, fmt.Sprint(n))
	}
	wantLines(t, "vectors per index file", counts, "1", "1")
	var cards []string
	for _, c := range st.cards {
		cards = append(cards, fmt.Sprint(c))
	}
	wantLines(t, "cardinalities", cards, "1", "2")

	// The remaining copy, then everything of id 1 or 5.
	sqlRun(t, w.db, "DELETE FROM dv.t WHERE id = 2", "DELETE FROM dv.t WHERE id IN (1, 5)")
	wantRows(t, w.db, split("4|d"), "SELECT id, v FROM dv.t")
	wantRows(t, w.db, split("1"), "SELECT COUNT(*) FROM dv.t")
	st = dvCheck(t, w.fs, "dv", "t")
	wantLines(t, "deleted rows", st.deleted, "3|c", "2|b", "2|b", "5|e", "1|a", "5|E")

	res := mustQuery(t, w.db, "SELECT bucket, index_type, file_name, row_count, dv_ranges FROM dv.`t$table_indexes`")
	if len(res.rows) != len(st.files) {
		t.Errorf("$table_indexes: %d rows, want %d", len(res.rows), len(st.files))
	}
	for _, r := range res.rows {
		if r[0] != "0" || r[1] != "DELETION_VECTORS" || fmt.Sprint(st.files[r[2]]) != r[3] {
			t.Errorf("$table_indexes row %v; live DV files %v", r, st.files)
		}
	}
	checkStorage(t, w.fs, "dv", "t")

	// Rows inserted later are deletable too; nothing matching is nothing.
	sqlRun(t, w.db, "INSERT INTO dv.t VALUES (6,'f')", "DELETE FROM dv.t WHERE id = 6", "DELETE FROM dv.t WHERE id = 99")
	wantRows(t, w.db, split("4|d"), "SELECT id, v FROM dv.t")
	checkStorage(t, w.fs, "dv", "t")

	// Two files' vectors in one index file; a later delete in one of them
	// replaces that index file, carrying the other file's vector over.
	sqlRun(t, w.db, "INSERT INTO dv.t VALUES (7,'g'),(8,'h')", "DELETE FROM dv.t WHERE id IN (4, 7)")
	st = dvCheck(t, w.fs, "dv", "t")
	before := len(st.files)
	sqlRun(t, w.db, "DELETE FROM dv.t WHERE id = 8")
	wantRows(t, w.db, nil, "SELECT id, v FROM dv.t")
	checkStorage(t, w.fs, "dv", "t")
	st = dvCheck(t, w.fs, "dv", "t")
	if len(st.files) != before {
		t.Errorf("DV index files %v, want %d (one replaced)", st.files, before)
	}
	wantLines(t, "live rows", st.live)
	if n := len(st.deleted); n != 10 {
		t.Errorf("%d rows marked, want 10: %v", n, st.deleted)
	}
}

// Index files in the bucket directory and 64-bit vectors are written as
// configured and read back.
func TestDVDeleteOptions(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.d (id INT, v INT) WITH ('deletion-vectors.enabled' = 'true', 'index-file-in-data-file-dir' = 'true', 'bucket' = '2', 'bucket-key' = 'id')",
		"CREATE TABLE dv.w (id INT, v INT) WITH ('deletion-vectors.enabled' = 'true', 'deletion-vectors.bitmap64' = 'true')")
	for _, name := range []string{"d", "w"} {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO dv.%s VALUES (1,1),(2,2),(3,3),(4,4)", name),
			fmt.Sprintf("DELETE FROM dv.%s WHERE id IN (2, 3)", name),
			fmt.Sprintf("UPDATE dv.%s SET v = 40 WHERE id = 4", name))
		wantRows(t, w.db, split("1|1", "4|40"), fmt.Sprintf("SELECT id, v FROM dv.%s", name))
		checkStorage(t, w.fs, "dv", name)
	}
	ents, _ := os.ReadDir(filepath.Join(w.url, "dv.db", "d", "index"))
	if len(ents) != 0 {
		t.Errorf("index/ of an index-file-in-data-file-dir table holds %d files", len(ents))
	}
	st := dvCheck(t, w.fs, "dv", "w")
	wantLines(t, "deleted rows", st.deleted, "2|2", "3|3", "4|4")
	for f := range st.files {
		data, err := os.ReadFile(filepath.Join(w.url, "dv.db", "w", "index", f))
		if err != nil {
			t.Fatal(err)
		}
		dvs, _, err := dvWalkFile(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, dv := range dvs {
			if !dv.Is64() {
				t.Errorf("%s: a 32-bit vector in a deletion-vectors.bitmap64 table", f)
			}
		}
	}
}

// A partitioned fixed-bucket append table: one DV index file per
// (partition, bucket), replaced whole when the bucket changes.
func TestDVDeleteBucketed(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.b (dt VARCHAR(10), id INT, v INT) PARTITIONED BY (dt) WITH ('deletion-vectors.enabled' = 'true', 'bucket' = '2', 'bucket-key' = 'id')",
		"INSERT INTO dv.b VALUES ('x',1,10),('x',2,20),('x',3,30),('x',4,40),('y',1,11),('y',2,21),('y',2,21)",
		"INSERT INTO dv.b VALUES ('x',5,50),('y',6,61)")
	sqlRun(t, w.db, "DELETE FROM dv.b WHERE v IN (20, 30, 61)")
	wantRows(t, w.db, split("x|1|10", "x|4|40", "x|5|50", "y|1|11", "y|2|21", "y|2|21"), "SELECT dt, id, v FROM dv.b")
	wantSnapshots(t, w.db, "dv", "b", "APPEND", "APPEND", "OVERWRITE")
	checkStorage(t, w.fs, "dv", "b")
	st := dvCheck(t, w.fs, "dv", "b")
	wantLines(t, "deleted rows", st.deleted, "x|2|20", "x|3|30", "y|6|61")

	sqlRun(t, w.db, "UPDATE dv.b SET v = v + 1 WHERE id = 2 AND dt = 'y'", "DELETE FROM dv.b WHERE id = 1")
	wantRows(t, w.db, split("x|4|40", "x|5|50", "y|2|22", "y|2|22"), "SELECT dt, id, v FROM dv.b")
	checkStorage(t, w.fs, "dv", "b")
	st = dvCheck(t, w.fs, "dv", "b")
	wantLines(t, "deleted rows", st.deleted, "x|2|20", "x|3|30", "y|6|61", "y|2|21", "y|2|21", "x|1|10", "y|1|11")
	res := mustQuery(t, w.db, "SELECT `partition`, bucket, index_type, row_count FROM dv.`b$table_indexes`")
	if len(res.rows) != len(st.buckets) {
		t.Errorf("$table_indexes: %v, buckets with vectors %v", res.rows, st.buckets)
	}
	wantRows(t, w.db, split("4"), "SELECT COUNT(*) FROM dv.b")
}

// Without deletion vectors an append table still refuses DELETE and
// UPDATE, saying what they need.
func TestDVDeleteNeedsDeletionVectors(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.plain (id INT, v VARCHAR(10))",
		"INSERT INTO dv.plain VALUES (1,'a'),(2,'b')")
	for _, stmt := range []string{"DELETE FROM dv.plain WHERE id = 1", "UPDATE dv.plain SET v = 'x' WHERE id = 2"} {
		err := sqlRunErr(t, w.db, stmt)
		if !strings.Contains(err.Error(), "is an append table") || !strings.Contains(err.Error(), "deletion-vectors.enabled") {
			t.Errorf("%s: %v", stmt, err)
		}
	}
	wantRows(t, w.db, split("1|a", "2|b"), "SELECT id, v FROM dv.plain")
	wantSnapshots(t, w.db, "dv", "plain", "APPEND")
}

// A transaction's deletes and inserts are one OVERWRITE; a rolled-back
// one leaves nothing; DELETE without WHERE still truncates.
func TestDVDeleteTransaction(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.t (id INT, v VARCHAR(10)) WITH ('deletion-vectors.enabled' = 'true')",
		"INSERT INTO dv.t VALUES (1,'a'),(2,'b'),(3,'c')")
	c := oneConn(t, w.db)
	sqlRun(t, c, "BEGIN", "DELETE FROM dv.t WHERE id = 1", "INSERT INTO dv.t VALUES (4,'d')", "UPDATE dv.t SET v = 'B' WHERE id = 2",
		// The session still reads the committed rows: row 1 again is no error.
		"DELETE FROM dv.t WHERE id <= 1", "COMMIT")
	wantRows(t, w.db, split("2|B", "3|c", "4|d"), "SELECT id, v FROM dv.t")
	wantSnapshots(t, w.db, "dv", "t", "APPEND", "OVERWRITE")
	checkStorage(t, w.fs, "dv", "t")
	st := dvCheck(t, w.fs, "dv", "t")
	wantLines(t, "deleted rows", st.deleted, "1|a", "2|b")

	sqlRun(t, c, "BEGIN", "DELETE FROM dv.t WHERE id = 3", "ROLLBACK")
	wantRows(t, w.db, split("2|B", "3|c", "4|d"), "SELECT id, v FROM dv.t")
	wantSnapshots(t, w.db, "dv", "t", "APPEND", "OVERWRITE")
	checkStorage(t, w.fs, "dv", "t")

	sqlRun(t, w.db, "DELETE FROM dv.t")
	wantRows(t, w.db, nil, "SELECT id, v FROM dv.t")
	checkStorage(t, w.fs, "dv", "t")
	sqlRun(t, w.db, "INSERT INTO dv.t VALUES (7,'g')", "DELETE FROM dv.t WHERE id = 7")
	wantRows(t, w.db, nil, "SELECT id, v FROM dv.t")
	checkStorage(t, w.fs, "dv", "t")
}

// Expiration deletes the DV index files later commits replaced and keeps
// the live ones.
func TestDVDeleteExpire(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.t (id INT, v INT) WITH ('deletion-vectors.enabled' = 'true')",
		"INSERT INTO dv.t VALUES (1,1),(2,2),(3,3),(4,4),(5,5)")
	for i := 1; i <= 3; i++ {
		sqlRun(t, w.db, fmt.Sprintf("DELETE FROM dv.t WHERE id = %d", i))
	}
	indexDir := filepath.Join(w.url, "dv.db", "t", "index")
	list := func() []string { return dirNames(t, indexDir) }
	if n := len(list()); n != 3 {
		t.Errorf("index/ holds %d files before expiring, want 3", n)
	}
	mustQuery(t, w.db, "CALL sys.expire_snapshots(`table` => 'dv.t', retain_max => 1, retain_min => 1)")
	checkStorage(t, w.fs, "dv", "t")
	st := dvCheck(t, w.fs, "dv", "t")
	var live []string
	for f := range st.files {
		live = append(live, f)
	}
	sort.Strings(live)
	if got := list(); strings.Join(got, " ") != strings.Join(live, " ") || len(live) != 1 {
		t.Errorf("index/ after expiring: %v, want the live file %v", got, live)
	}
	wantLines(t, "deleted rows", st.deleted, "1|1", "2|2", "3|3")
	wantRows(t, w.db, split("4|4", "5|5"), "SELECT id, v FROM dv.t")
}

// Two sessions deleting different rows of the same fixed bucket of a DV
// append table at the same time both replace the bucket's one DV index
// file. The commit that comes second must not overwrite the first one's
// vector (a lost delete): it fails, asks for the statement to be run
// again, and changes nothing.
func TestDVDeleteConcurrentSameBucket(t *testing.T) {
	dir := t.TempDir()
	w := startWarehouse(t, dir)
	w2 := startWarehouse(t, dir) // a second server over the same warehouse
	const rounds = 25
	var vals []string
	for id := 1; id <= 2*rounds; id++ {
		vals = append(vals, fmt.Sprintf("(%d, %d)", id, id*10))
	}
	sqlRun(t, w.db, "CREATE DATABASE dv",
		"CREATE TABLE dv.r (id INT, v INT) WITH ('deletion-vectors.enabled' = 'true', 'bucket' = '1', 'bucket-key' = 'id')",
		"INSERT INTO dv.r VALUES "+strings.Join(vals, ", "))
	conns := []*gosql.Conn{oneConn(t, w.db), oneConn(t, w2.db)}
	deleted := map[int]bool{}
	conflicts, clean := 0, 0
	for r := 0; r < rounds && (conflicts == 0 || clean == 0); r++ {
		ids := []int{2*r + 1, 2*r + 2}
		errs := make([]error, len(conns))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, c := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = c.ExecContext(t.Context(), fmt.Sprintf("DELETE FROM dv.r WHERE id = %d", ids[i]))
			}()
		}
		close(start)
		wg.Wait()
		failed := 0
		for i, err := range errs {
			if err == nil {
				deleted[ids[i]] = true
				continue
			}
			failed++
			msg := err.Error()
			if !strings.Contains(msg, "commit to dv.r: concurrent change to the deletion vectors of bucket 0") || !strings.Contains(msg, "run the statement again") {
				t.Fatalf("round %d: DELETE of id %d: unexpected error: %v", r, ids[i], err)
			}
		}
		switch failed {
		case 0:
			clean++
		case 1:
			conflicts++
		default:
			t.Fatalf("round %d: both DELETEs failed: %v", r, errs)
		}

		// Every committed delete is applied, a failed one changed nothing.
		var want []string
		for id := 1; id <= 2*rounds; id++ {
			if !deleted[id] {
				want = append(want, fmt.Sprintf("%d|%d", id, id*10))
			}
		}
		wantRows(t, w.db, split(want...), "SELECT id, v FROM dv.r")
		wantRows(t, w2.db, split(want...), "SELECT id, v FROM dv.r")
	}
	t.Logf("%d rounds with a conflict, %d without", conflicts, clean)
	checkStorage(t, w.fs, "dv", "r")
	st := dvCheck(t, w.fs, "dv", "r")
	var gone []string
	for id := range deleted {
		gone = append(gone, fmt.Sprintf("%d|%d", id, id*10))
	}
	wantLines(t, "deleted rows", st.deleted, gone...)
	if len(st.buckets) != 1 {
		t.Errorf("DV index files per bucket: %v", st.buckets)
	}
	// The statement that conflicted succeeds when run again.
	for id := 1; id <= 2*rounds; id++ {
		if !deleted[id] {
			sqlRun(t, w.db, fmt.Sprintf("DELETE FROM dv.r WHERE id = %d", id))
			break
		}
	}
}

// dvWalkFile decodes every vector of a deletion-vector index file in
// order, the way Paimon 1.0/1.1 readers walk a file from offset 1
// (docs/design/format.md, deletion vectors): after the version byte, each
// record is a big-endian length word, the magic number and bitmap it
// counts, and a CRC word. It returns the vectors with their ranges as the
// index manifest records them (a 64-bit vector's range also covers the
// length and CRC words).
func dvWalkFile(data []byte) ([]*deletionvector.DeletionVector, []deletionvector.Range, error) {
	if len(data) == 0 || data[0] != deletionvector.FileVersion {
		return nil, nil, fmt.Errorf("deletion vector file: no version %d byte", deletionvector.FileVersion)
	}
	var dvs []*deletionvector.DeletionVector
	var ranges []deletionvector.Range
	for off := 1; off < len(data); {
		if off+4 > len(data) {
			return nil, nil, fmt.Errorf("deletion vector at %d: truncated length word", off)
		}
		size := int(binary.BigEndian.Uint32(data[off:]))
		dv, err := deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(off)})
		if err != nil {
			return nil, nil, err
		}
		rg := deletionvector.Range{Offset: int64(off), Length: int64(size)}
		if dv.Is64() {
			rg.Length += 8
		}
		dvs, ranges = append(dvs, dv), append(ranges, rg)
		off += 4 + size + 4
	}
	return dvs, ranges, nil
}
