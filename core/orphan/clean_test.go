package orphan

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	corefs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// TestCleanRemovesOnlyOrphans runs Clean on a copy of the Java-written
// pk_09 (eight snapshots, deletion-vector index files) where every file is
// two days old, plus stale files nothing references in each kind of
// directory Clean lists and one young stray file. A dry run names exactly
// the old orphans; the real run deletes them and nothing else.
//
// Catches: a referenced data, manifest, index or snapshot file taken for an
// orphan (the table would lose data), an orphan of a listed directory
// missed, a file younger than older_than removed, a dry run that deletes.
func TestCleanRemovesOnlyOrphans(t *testing.T) {
	ctx := context.Background()
	wh := t.TempDir()
	testfixture.CopyTable(t, wh, "pk_09")
	root := filepath.Join(wh, "pk_09.db", "pk_09")
	orphans := []string{
		"f1=10/bucket-0/data-00000000-0000-0000-0000-000000000001-0.parquet",
		"f1=20/bucket-0/changelog-00000000-0000-0000-0000-000000000002-0.parquet",
		"manifest/manifest-00000000-0000-0000-0000-000000000003-0",
		"manifest/manifest-list-00000000-0000-0000-0000-000000000004-0",
		"index/index-00000000-0000-0000-0000-000000000005-0",
		"snapshot/.snapshot-9.00000000-0000-0000-0000-000000000006.tmp",
	}
	for _, o := range orphans {
		write(t, filepath.Join(root, o), "stale")
	}
	twoDaysAgo := time.Now().Add(-48 * time.Hour)
	var before []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		before = append(before, filepath.ToSlash(rel))
		return os.Chtimes(p, twoDaysAgo, twoDaysAgo)
	})
	if err != nil {
		t.Fatal(err)
	}
	young := "f1=10/bucket-1/data-00000000-0000-0000-0000-000000000007-0.parquet"
	write(t, filepath.Join(root, young), "being written")

	fsys, err := corefs.Open(ctx, wh)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	tbl, err := table.Open(ctx, fsys, "pk_09", "pk_09", snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	dayAgo := time.Now().Add(-24 * time.Hour)

	dry, err := Clean(ctx, tbl, Config{OlderThan: dayAgo, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, len(orphans))
	for i, o := range orphans {
		want[i] = "pk_09.db/pk_09/" + o
	}
	slices.Sort(want)
	if got := paths(dry.Files); !slices.Equal(got, want) {
		t.Fatalf("dry run found\n%v\nwant\n%v", got, want)
	}
	if dry.Bytes != int64(len(orphans)*len("stale")) {
		t.Errorf("dry run bytes = %d", dry.Bytes)
	}
	for _, o := range orphans {
		if _, err := os.Stat(filepath.Join(root, o)); err != nil {
			t.Fatalf("the dry run deleted %s", o)
		}
	}

	res, err := Clean(ctx, tbl, Config{OlderThan: dayAgo})
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(res.Files); !slices.Equal(got, want) || res.Failed != 0 {
		t.Fatalf("run removed %v (%d failed), want %v", got, res.Failed, want)
	}
	for _, rel := range append(before, young) {
		_, err := os.Stat(filepath.Join(root, rel))
		if slices.Contains(orphans, rel) {
			if !os.IsNotExist(err) {
				t.Errorf("orphan %s is still there: %v", rel, err)
			}
		} else if err != nil {
			t.Errorf("%s, which is not an orphan, is gone: %v", rel, err)
		}
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func paths(files []File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

// Catches: orphan cleanup deleting the files that an expiration kept for a
// read of the snapshot it was expiring (core/expire, readStartedSince):
// while a live read marker names a snapshot that is no longer listed, a
// run deletes nothing; once the read ended, the orphans go.
func TestCleanKeepsFilesOfAReadOfAnExpiredSnapshot(t *testing.T) {
	ctx := context.Background()
	wh := t.TempDir()
	testfixture.CopyTable(t, wh, "pk_09")
	root := filepath.Join(wh, "pk_09.db", "pk_09")
	orphan := "f1=10/bucket-0/data-00000000-0000-0000-0000-000000000001-0.parquet"
	write(t, filepath.Join(root, orphan), "kept for a read")
	twoDaysAgo := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(filepath.Join(root, orphan), twoDaysAgo, twoDaysAgo); err != nil {
		t.Fatal(err)
	}
	// A live marker of another process reading snapshot 0, below the
	// earliest one listed (1).
	marker := filepath.Join(root, table.ReadingDir, "00000000000000ee-1")
	write(t, marker, `{"branch": "main", "snapshot": 0}`)

	fsys, err := corefs.Open(ctx, wh)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	tbl, err := table.Open(ctx, fsys, "pk_09", "pk_09", snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	dayAgo := time.Now().Add(-24 * time.Hour)
	res, err := Clean(ctx, tbl, Config{OlderThan: dayAgo})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 0 || len(res.Warnings) == 0 {
		t.Fatalf("with a read of an expired snapshot under way: removed %v, warnings %v; want nothing removed and a warning", paths(res.Files), res.Warnings)
	}
	if _, err := os.Stat(filepath.Join(root, orphan)); err != nil {
		t.Fatalf("the file kept for the read is gone: %v", err)
	}
	// A marker of a listed snapshot does not hold orphans back.
	write(t, marker, `{"branch": "main", "snapshot": 5}`)
	if res, err = Clean(ctx, tbl, Config{OlderThan: dayAgo}); err != nil || len(res.Files) != 1 {
		t.Fatalf("with a read of snapshot 5 under way: removed %v, %v; want the orphan", paths(res.Files), err)
	}
}
