package tests

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/stats"
)

// File indexes ('file-index.<type>.columns') let a query skip the data
// files whose index rules its condition out, where the files' min/max
// statistics cannot: every file below holds 'a' and 'z', 0 and 1000000.
// The counter behind paimon_sql_scan_files_index_skipped_total shows the
// files skipped; no other test of this package builds indexes, so its
// increments are this test's.
func TestFileIndexSkipsFiles(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE fi")
	const files = 6
	for _, tc := range []struct {
		name, threshold string
		external        bool
		with            string
	}{
		{"embedded", "64kb", false, ""}, // indexes kept in the manifest entries
		{"external", "1 b", true, ""},   // in '<data file>.index' beside each file
		{"orc", "64kb", false, ", 'file.format' = 'orc'"},
		{"avro", "1 b", true, ", 'file.format' = 'avro'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tbl := "fi." + tc.name
			sqlRun(t, w.db, fmt.Sprintf(`CREATE TABLE %s (id INT, c TEXT, tag TEXT, n BIGINT) WITH (
				'file-index.bloom-filter.columns' = 'c', 'file-index.bloom-filter.c.items' = '100',
				'file-index.bloom-filter.c.fpp' = '0.01', 'file-index.bitmap.columns' = 'tag',
				'file-index.bsi.columns' = 'n', 'file-index.in-manifest-threshold' = '%s'%s)`, tbl, tc.threshold, tc.with))
			for i := 1; i <= files; i++ {
				sqlRun(t, w.db, fmt.Sprintf(`INSERT INTO %s VALUES (%d, 'a', 'red', 0), (%d, 'k%d', 'g%d', %d), (%d, 'z', 'blue', 1000000)`,
					tbl, 10*i, 10*i+1, i, i, 1000*i, 10*i+2))
			}
			for _, q := range []struct {
				where   string
				want    [][]string
				skipped int64
			}{
				{"c = 'k3'", split("31"), files - 1},
				{"c IN ('k2', 'k5')", split("21", "51"), files - 2},
				{"c = 'nowhere'", nil, files},
				{"tag = 'g4'", split("41"), files - 1},
				{"tag IN ('g1', 'g6') AND c = 'k1'", split("11"), files - 1},
				{"n > 2999 AND n < 3001", split("31"), files - 1},
				{"n = 5000 OR c = 'k1'", split("11", "51"), files - 2},
				{"c = 'a'", split("10", "20", "30", "40", "50", "60"), 0},
				{"tag <> 'g2'", nil, 0}, // the bitmap cannot rule out a file with other values
			} {
				before := stats.FilesIndexSkipped.Load()
				res := mustQuery(t, w.db, "SELECT id FROM "+tbl+" WHERE "+q.where+" ORDER BY id")
				if q.want != nil {
					sameRows(t, q.where, res.rows, q.want)
				}
				if got := stats.FilesIndexSkipped.Load() - before; got != q.skipped {
					t.Errorf("%s: %d files skipped by the index, want %d", q.where, got, q.skipped)
				}
			}
			var indexFiles []string
			_ = filepath.Walk(filepath.Join(w.url, "fi.db", tc.name), func(p string, _ os.FileInfo, _ error) error {
				if strings.HasSuffix(p, ".index") && strings.Contains(p, "bucket-") {
					indexFiles = append(indexFiles, p)
				}
				return nil
			})
			if tc.external != (len(indexFiles) == files) || !tc.external && len(indexFiles) > 0 {
				t.Errorf("%d index files beside the data files, want external = %v", len(indexFiles), tc.external)
			}

			// Off: the same rows, nothing skipped.
			sqlRun(t, w.db, "ALTER TABLE "+tbl+" SET ('file-index.read.enabled' = 'false')")
			before := stats.FilesIndexSkipped.Load()
			wantRows(t, w.db, split("31"), "SELECT id FROM "+tbl+" WHERE c = 'k3'")
			if got := stats.FilesIndexSkipped.Load() - before; got != 0 {
				t.Errorf("file-index.read.enabled = false: %d files skipped", got)
			}
			sqlRun(t, w.db, "ALTER TABLE "+tbl+" RESET ('file-index.read.enabled')")

			// Compaction rewrites the files with their indexes.
			sqlRun(t, w.db, fmt.Sprintf("INSERT INTO %s VALUES (99, 'k9', 'g9', 9000)", tbl))
			sqlRun(t, w.db, fmt.Sprintf("CALL sys.compact('%s')", tbl))
			before = stats.FilesIndexSkipped.Load()
			wantRows(t, w.db, split("31"), "SELECT id FROM "+tbl+" WHERE c = 'k3'")
			wantRows(t, w.db, nil, "SELECT id FROM "+tbl+" WHERE c = 'k7'")
			if got := stats.FilesIndexSkipped.Load() - before; got != 1 {
				t.Errorf("after compaction: %d files skipped by 'k7', want the one compacted file", got)
			}
		})
	}

	// Bad settings fail the CREATE TABLE or the INSERT with a clear error.
	err := queryErr(t, w.db, "CREATE TABLE fi.bad (c TEXT) WITH ('file-index.bloom-filter.c.fpp' = '0.1')")
	if err == nil || !strings.Contains(err.Error(), "not declared") {
		t.Errorf("a setting of an undeclared column: %v", err)
	}
	sqlRun(t, w.db, "CREATE TABLE fi.badtype (b BOOLEAN) WITH ('file-index.bsi.columns' = 'b')")
	err = queryErr(t, w.db, "INSERT INTO fi.badtype VALUES (true)")
	if err == nil || !strings.Contains(err.Error(), "cannot index column b of type BOOLEAN") {
		t.Errorf("a bsi index on a BOOLEAN column: %v", err)
	}
}

// On a primary-key table with deletion vectors every live row is in one
// file read as written, so indexes of value columns skip files too.
func TestFileIndexPrimaryKeyDeletionVectors(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	sqlRun(t, w.db, "CREATE DATABASE fidv",
		`CREATE TABLE fidv.t (pt INT NOT NULL, id INT NOT NULL, v TEXT, PRIMARY KEY (pt, id)) PARTITIONED BY (pt) WITH (
			'bucket' = '1', 'deletion-vectors.enabled' = 'true', 'file-index.bloom-filter.columns' = 'v',
			'file-index.bloom-filter.v.items' = '100')`)
	const parts = 4
	for p := 1; p <= parts; p++ {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO fidv.t VALUES (%d, 1, 'a'), (%d, 2, 'k%d'), (%d, 3, 'z')", p, p, p, p))
	}
	sqlRun(t, w.db, "CALL sys.compact('fidv.t')")
	before := stats.FilesIndexSkipped.Load()
	wantRows(t, w.db, split("3|2"), "SELECT pt, id FROM fidv.t WHERE v = 'k3'")
	if got := stats.FilesIndexSkipped.Load() - before; got != parts-1 {
		t.Errorf("%d files skipped by the index, want %d", got, parts-1)
	}
	// The row's new value is found, its old one not, whatever the
	// indexes of files holding the old version say.
	sqlRun(t, w.db, "UPDATE fidv.t SET v = 'new' WHERE pt = 2 AND id = 2")
	wantRows(t, w.db, split("2|2"), "SELECT pt, id FROM fidv.t WHERE v = 'new'")
	wantRows(t, w.db, nil, "SELECT pt, id FROM fidv.t WHERE v = 'k2'")
	sqlRun(t, w.db, "CALL sys.compact('fidv.t')")
	wantRows(t, w.db, split("2|2"), "SELECT pt, id FROM fidv.t WHERE v = 'new'")
	wantRows(t, w.db, nil, "SELECT pt, id FROM fidv.t WHERE v = 'k2'")
}
