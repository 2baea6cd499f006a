package tests

// Reliability under damaged files, hostile options and odd names (issue 17):
// every reproduction of a silent short read, a crash, a hang or a table that
// blocks its database, over the MySQL wire.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// partitionedEight creates shop.t with one row in each of 8 partitions, each
// written by its own INSERT so that every row lives in its own data file.
func partitionedEight(t *testing.T, w *wenv) {
	t.Helper()
	sqlRun(t, w.db, "CREATE DATABASE shop",
		"CREATE TABLE shop.t (id INT, p INT) PARTITIONED BY (p)")
	for i := 0; i < 8; i++ {
		sqlRun(t, w.db, fmt.Sprintf("INSERT INTO shop.t VALUES (%d, %d)", i, i))
	}
}

// dataFiles lists the data files of a table directory, by path.
func dataFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "data-") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A data file cut to 0..3 bytes used to end the read early: the error of its
// worker wrapped io.EOF, which the row iterator took for the end of the data,
// so rows of other partitions went missing too, a different number each run.
func TestTruncatedDataFileFailsTheSelectNamingTheFile(t *testing.T) {
	for size := 0; size <= 3; size++ {
		t.Run(fmt.Sprintf("%d bytes", size), func(t *testing.T) {
			dir := t.TempDir()
			w := startWarehouse(t, dir)
			partitionedEight(t, w)
			files := dataFiles(t, filepath.Join(dir, "shop.db", "t"))
			if len(files) != 8 {
				t.Fatalf("%d data files, want 8", len(files))
			}
			victim := files[3]
			if err := os.Truncate(victim, int64(size)); err != nil {
				t.Fatal(err)
			}
			for run := 0; run < 5; run++ {
				err := queryErr(t, w.db, "SELECT * FROM shop.t")
				if !strings.Contains(err.Error(), filepath.Base(victim)) {
					t.Fatalf("error %q does not name %s", err, filepath.Base(victim))
				}
			}
		})
	}
}
