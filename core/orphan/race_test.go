package orphan

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/expire"
	corefs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/fsfault"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// TestCleanKeepsFilesOfSnapshotsCommittedWhileItReads is the loss of issue
// 25's soak (a latest snapshot naming a manifest that was gone): orphan
// cleanup lists its candidates, then the snapshots, and reads them; when,
// between the listing and the read of the newest one, other servers commit
// twice and expire the listed snapshots (retain_max => 2), the newest one
// read is gone (or its manifest list is), and what it named lives on only
// in the new snapshots, which the cleanup never listed. Every file the
// new snapshots took over from it (manifests, data files) was then an
// "orphan", older than the cut-off, and deleted.
//
// Catches: a cleanup that does not read the snapshots committed while it
// reads, when those it listed went away meanwhile.
func TestCleanKeepsFilesOfSnapshotsCommittedWhileItReads(t *testing.T) {
	for _, at := range []string{"the snapshot file", "its manifest list"} {
		t.Run(strings.ReplaceAll(at, " ", "_"), func(t *testing.T) {
			ctx := context.Background()
			wh, plain := oldTable(t, "append_09")
			last, err := plain.Snapshots.Latest(ctx)
			if err != nil {
				t.Fatal(err)
			}
			trigger := plain.Snapshots.Path(last.ID)
			if at != "the snapshot file" {
				trigger = plain.ManifestPath(last.DeltaManifestList)
			}
			// Another server, when the cleanup first reads trigger: two
			// commits, then an expiration that keeps only those two.
			var once sync.Once
			var fired atomic.Bool
			hooked, _ := fsfault.New(plain.FS, fsfault.Plan{Ops: fsfault.Read, Before: func(_ fsfault.Op, key string) {
				if key != trigger {
					return
				}
				once.Do(func() {
					fired.Store(true)
					appendCopy(t, plain, 1)
					appendCopy(t, plain, 2)
					res, err := expire.Expire(ctx, plain, expire.Config{RetainMax: 2, RetainMin: 1, MaxDeletes: 100}, false)
					if err != nil || res.Expired == 0 {
						t.Errorf("expire: %+v, %v", res, err)
					}
				})
			}})
			tbl, err := table.Open(ctx, hooked, plain.Database, plain.Name, snapshot.MainBranch)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Clean(ctx, tbl, Config{OlderThan: time.Now().Add(-time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			if !fired.Load() {
				t.Fatal("the cleanup never read " + trigger)
			}
			checkReadable(t, plain, wh)
			t.Logf("removed %d files: %v", len(res.Files), paths(res.Files))
		})
	}
}

// A table committed to between every two listings of its snapshots fails
// the cleanup after maxReadRounds rounds, and nothing is deleted.
//
// Catches: a cleanup that never ends on a busy table, or that deletes on
// what it read so far.
func TestCleanGivesUpOnATableThatNeverStopsCommitting(t *testing.T) {
	ctx := context.Background()
	wh, plain := oldTable(t, "append_09")
	stray := plain.ManifestPath("manifest-00000000-0000-0000-0000-000000000099-0")
	if err := plain.FS.Write(ctx, stray, []byte("stale")); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(filepath.Join(wh, filepath.FromSlash(stray)), old, old); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	commits := 0
	hooked, _ := fsfault.New(plain.FS, fsfault.Plan{Ops: fsfault.Read, Before: func(_ fsfault.Op, key string) {
		if key != plain.Snapshots.Dir()+"/" {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		commits++
		appendCopy(t, plain, 100+commits)
	}})
	tbl, err := table.Open(ctx, hooked, plain.Database, plain.Name, snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Clean(ctx, tbl, Config{OlderThan: time.Now().Add(-time.Hour)})
	if err == nil || !strings.Contains(err.Error(), "committed faster") || len(res.Files) > 0 {
		t.Fatalf("Clean = %+v, %v; want it to give up", res, err)
	}
	if ok, err := plain.FS.Exists(ctx, stray); err != nil || !ok {
		t.Fatalf("the stray manifest was deleted (%v)", err)
	}
}

// oldTable copies a Java-written table into a new warehouse, makes all its
// files two days old, and opens it.
func oldTable(t *testing.T, name string) (string, *table.Table) {
	t.Helper()
	ctx := context.Background()
	wh := t.TempDir()
	testfixture.CopyTable(t, wh, name)
	twoDaysAgo := time.Now().Add(-48 * time.Hour)
	err := filepath.WalkDir(wh, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return os.Chtimes(p, twoDaysAgo, twoDaysAgo)
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys, err := corefs.Open(ctx, wh)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	tbl, err := table.Open(ctx, fsys, name, name, snapshot.MainBranch)
	if err != nil {
		t.Fatal(err)
	}
	return wh, tbl
}

// appendCopy commits a copy of one live data file of tbl as a new file.
func appendCopy(t *testing.T, tbl *table.Table, n int) {
	t.Helper()
	ctx := context.Background()
	p := plan(t, tbl)
	src := p.Splits[0]
	f := src.Files[0]
	data, err := tbl.FS.ReadFile(ctx, src.Dir+"/"+f.FileName)
	if err != nil {
		t.Fatal(err)
	}
	f.FileName = fmt.Sprintf("data-00000000-0000-0000-0000-%012d-0.parquet", n)
	f.FirstRowID = nil
	if err := tbl.FS.Write(ctx, src.Dir+"/"+f.FileName, data); err != nil {
		t.Fatal(err)
	}
	opts, err := tbl.Options(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c, err := commit.New(tbl, fmt.Sprintf("other-server-%d", n), opts)
	if err != nil {
		t.Fatal(err)
	}
	e := spec.ManifestEntry{Kind: spec.FileAdd, Partition: src.Partition, Bucket: src.Bucket, TotalBuckets: src.TotalBuckets, File: f}
	if _, err := c.Commit(ctx, commit.Request{Identifier: commit.BatchIdentifier, SchemaID: p.Snapshot.SchemaID, Append: commit.Changes{Files: []spec.ManifestEntry{e}}}); err != nil {
		t.Fatal(err)
	}
}

func plan(t *testing.T, tbl *table.Table) *scan.Plan {
	t.Helper()
	ctx := context.Background()
	latest, err := tbl.Snapshots.Latest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := scan.New(ctx, tbl, latest, sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		t.Fatalf("plan snapshot %d: %v", latest.ID, err)
	}
	return p
}

// checkReadable fails unless every snapshot of tbl can be planned and
// every data file its plan names exists.
func checkReadable(t *testing.T, tbl *table.Table, wh string) {
	t.Helper()
	ctx := context.Background()
	ids, err := tbl.Snapshots.IDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		s, err := tbl.Snapshots.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		p, err := scan.New(ctx, tbl, s, sch, scan.Options{KeepLevel0: true, NoFallback: true})
		if err != nil {
			t.Errorf("snapshot %d cannot be planned: %v", id, err)
			continue
		}
		for _, sp := range p.Splits {
			for _, f := range sp.Files {
				if _, err := os.Stat(filepath.Join(wh, filepath.FromSlash(sp.Dir), f.FileName)); err != nil {
					t.Errorf("snapshot %d: data file %s: %v", id, f.FileName, err)
				}
			}
		}
	}
}
