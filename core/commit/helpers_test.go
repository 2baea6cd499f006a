package commit

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"testing"

	corefs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

const fixtures = "../../testdata/java-written"

// Fixture tables used below.
const (
	pkDV        = "pk_dv_index_not_in_data_no_external" // PK, partition f1 (10, 20), 2 buckets, DVs
	globalIndex = "append_with_global_index"            // append, unpartitioned, row tracking, global indexes
)

// copyFixture copies a Java-written table into a fresh warehouse and opens
// it there; the fixtures themselves are never written.
func copyFixture(t testing.TB, name string) (*table.Table, string) {
	t.Helper()
	wh := t.TempDir()
	testfixture.CopyTree(t, filepath.Join(fixtures, name+".db"), filepath.Join(wh, name+".db"))
	return openTable(t, wh, name), wh
}

func openTable(t testing.TB, wh, name string) *table.Table {
	t.Helper()
	fsys, err := corefs.Open(context.Background(), wh)
	if err != nil {
		t.Fatal(err)
	}
	return reopen(t, fsys, name)
}

func reopen(t testing.TB, fsys *corefs.FS, name string) *table.Table {
	t.Helper()
	tbl, err := table.Open(context.Background(), fsys, name, name, "")
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

func committer(t testing.TB, tbl *table.Table, user string, extra map[string]string) *Committer {
	t.Helper()
	opts, err := tbl.Options(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	o := options.Options{}
	for k, v := range opts {
		o[k] = v
	}
	for k, v := range extra {
		o[k] = v
	}
	c, err := New(tbl, user, o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func latest(t testing.TB, tbl *table.Table) *spec.Snapshot {
	t.Helper()
	s, err := tbl.Snapshots.Latest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// liveFile is a live data file as the read path plans it.
type liveFile struct {
	dir   string
	entry spec.ManifestEntry
}

// live plans the latest snapshot with core/scan (level-0 files included)
// and returns its files by name.
func live(t testing.TB, tbl *table.Table) map[string]liveFile {
	t.Helper()
	ctx := context.Background()
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := scan.New(ctx, tbl, latest(t, tbl), sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]liveFile{}
	for _, s := range p.Splits {
		for _, f := range s.Files {
			if _, dup := out[f.FileName]; dup {
				t.Fatalf("file %s is live twice", f.FileName)
			}
			out[f.FileName] = liveFile{dir: s.Dir, entry: spec.ManifestEntry{
				Kind: spec.FileAdd, Partition: s.Partition, Bucket: s.Bucket, TotalBuckets: s.TotalBuckets, File: f,
			}}
		}
	}
	return out
}

func sortedNames(m map[string]liveFile) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// anyFile returns the live file with the smallest name matching keep.
func anyFile(t testing.TB, files map[string]liveFile, keep func(liveFile) bool) liveFile {
	t.Helper()
	for _, n := range sortedNames(files) {
		if keep == nil || keep(files[n]) {
			return files[n]
		}
	}
	t.Fatal("no matching live file")
	return liveFile{}
}

// copyDataFile copies a live data file to a new name in its bucket
// directory and returns the ADD entry of the copy: a new level-0 file
// written by a writer.
func copyDataFile(t testing.TB, tbl *table.Table, src liveFile, name string) spec.ManifestEntry {
	t.Helper()
	ctx := context.Background()
	data, err := tbl.FS.ReadFile(ctx, src.dir+"/"+src.entry.File.FileName)
	if err != nil {
		t.Fatal(err)
	}
	if err := tbl.FS.Write(ctx, src.dir+"/"+name, data); err != nil {
		t.Fatal(err)
	}
	e := src.entry
	e.File.FileName = name
	e.File.Level = 0
	e.File.FirstRowID = nil
	source := spec.SourceAppend
	e.File.FileSource = &source
	return e
}

// checkIntegrity verifies that every snapshot references only existing
// metadata files of the recorded sizes, that every manifest decodes with the
// counts its list row claims, and that the latest live files exist. It
// returns the metadata files no snapshot references.
func checkIntegrity(t testing.TB, tbl *table.Table) (orphans []string) {
	t.Helper()
	ctx := context.Background()
	ids, err := tbl.Snapshots.IDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	referenced := map[string]bool{}
	size := func(name string) int64 {
		n, err := tbl.FS.Size(ctx, tbl.ManifestPath(name))
		if err != nil {
			t.Fatalf("referenced file %s: %v", name, err)
		}
		referenced[name] = true
		return n
	}
	for _, id := range ids {
		s, err := tbl.Snapshots.Snapshot(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		lists := []struct {
			name string
			size *int64
		}{{s.BaseManifestList, s.BaseManifestListSize}, {s.DeltaManifestList, s.DeltaManifestListSize}}
		if s.ChangelogManifestList != nil {
			lists = append(lists, struct {
				name string
				size *int64
			}{*s.ChangelogManifestList, s.ChangelogManifestListSize})
		}
		for _, l := range lists {
			if n := size(l.name); l.size != nil && n != *l.size {
				t.Fatalf("snapshot %d: list %s is %d bytes, snapshot says %d", id, l.name, n, *l.size)
			}
			metas, err := scan.ReadManifestList(ctx, tbl, l.name)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range metas {
				if n := size(m.FileName); n != m.FileSize {
					t.Fatalf("manifest %s is %d bytes, list says %d", m.FileName, n, m.FileSize)
				}
				entries, err := scan.ReadManifest(ctx, tbl, m.FileName)
				if err != nil {
					t.Fatal(err)
				}
				var adds, dels int64
				for _, e := range entries {
					if e.Kind == spec.FileAdd {
						adds++
					} else {
						dels++
					}
				}
				if adds != m.NumAddedFiles || dels != m.NumDeletedFiles {
					t.Fatalf("manifest %s has %d/%d adds/deletes, list says %d/%d", m.FileName, adds, dels, m.NumAddedFiles, m.NumDeletedFiles)
				}
			}
		}
		if s.IndexManifest != nil {
			size(*s.IndexManifest)
			if _, err := scan.ReadIndexManifest(ctx, tbl, *s.IndexManifest); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(ids) > 0 {
		for name, f := range live(t, tbl) {
			if ok, err := tbl.FS.Exists(ctx, f.dir+"/"+name); err != nil || !ok {
				t.Fatalf("live data file %s/%s is missing", f.dir, name)
			}
		}
	}
	all, err := tbl.FS.List(ctx, tbl.Root+"/manifest")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		if !referenced[f.Name] {
			orphans = append(orphans, f.Name)
		}
	}
	return orphans
}

// hint reads a snapshot hint file.
func hint(t testing.TB, tbl *table.Table, name string) string {
	t.Helper()
	data, err := tbl.FS.ReadFile(context.Background(), tbl.Snapshots.Dir()+"/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func mustCommit(t testing.TB, c *Committer, cm Request) *spec.Snapshot {
	t.Helper()
	s, err := c.Commit(context.Background(), cm)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func appendCommit(entries ...spec.ManifestEntry) Request {
	return Request{Identifier: BatchIdentifier, Append: Changes{Files: entries}}
}

func sameBytes(a, b []byte) bool { return bytes.Equal(a, b) }

func fileName(prefix string, i int) string { return fmt.Sprintf("%s-%d.parquet", prefix, i) }
