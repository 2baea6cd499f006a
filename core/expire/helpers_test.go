package expire

import (
	"context"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/write"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

const fixtures = "../../testdata/java-written"

// env is a warehouse in a temporary directory.
type env struct {
	t    testing.TB
	ctx  context.Context
	wh   string
	fsys *fs.FS
}

func newEnv(t testing.TB) *env {
	t.Helper()
	wh := t.TempDir()
	fsys, err := fs.Open(context.Background(), wh)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return &env{t: t, ctx: context.Background(), wh: wh, fsys: fsys}
}

// copyFixture copies a Java-written table into a fresh warehouse: the
// fixtures themselves are never written.
func copyFixture(t testing.TB, name string) *env {
	t.Helper()
	e := newEnv(t)
	testfixture.CopyTree(t, filepath.Join(fixtures, name+".db"), filepath.Join(e.wh, name+".db"))
	return e
}

// clone copies the warehouse into a fresh one.
func (e *env) clone() *env {
	e.t.Helper()
	c := newEnv(e.t)
	testfixture.CopyTree(e.t, e.wh, c.wh)
	return c
}

// open returns a fresh handle (no cached snapshots) on db name.name.
func (e *env) open(name string) *table.Table {
	e.t.Helper()
	return e.openBranch(name, "")
}

func (e *env) openBranch(name, branch string) *table.Table {
	e.t.Helper()
	tbl, err := table.Open(e.ctx, e.fsys, name, name, branch)
	if err != nil {
		e.t.Fatal(err)
	}
	return tbl
}

// createTable creates name.name with columns id BIGINT, pt INT, v STRING.
func (e *env) createTable(name string, pk, partKeys []string, opts map[string]string) *table.Table {
	e.t.Helper()
	o := map[string]string{"bucket": "-1"}
	if len(pk) > 0 {
		o["bucket"] = "2"
	}
	for k, v := range opts {
		o[k] = v
	}
	ns := schema.NewSchema{
		Fields: []types.DataField{
			{Name: "id", Type: types.New(types.BigInt)},
			{Name: "pt", Type: types.New(types.Int)},
			{Name: "v", Type: types.NewString()},
		},
		PrimaryKeys: pk, PartitionKeys: partKeys, Options: o,
	}
	if _, err := schema.NewManager(e.fsys, name+".db/"+name).Create(e.ctx, ns); err != nil {
		e.t.Fatal(err)
	}
	return e.open(name)
}

// row is one row of the test tables.
func row(id int64, pt int32, v string) []any { return []any{id, pt, v} }

// write commits rows with core/write and core/commit, as an overwrite when ow is set, and
// returns the new snapshot.
func (e *env) write(name string, rows [][]any, ow *commit.Overwrite) *spec.Snapshot {
	e.t.Helper()
	tbl := e.open(name)
	sch, err := tbl.LatestSchema(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	base, err := tbl.Snapshots.Latest(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	w, err := write.NewTableWriter(tbl, sch, base)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, r := range rows {
		if err := w.Write(e.ctx, mergefunc.Insert, r); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := w.Flush(e.ctx); err != nil {
		e.t.Fatal(err)
	}
	return e.commit(name, commit.Request{Append: commit.Changes{Files: w.Entries()}, Overwrite: ow})
}

func (e *env) commit(name string, cm commit.Request) *spec.Snapshot {
	e.t.Helper()
	tbl := e.open(name)
	sch, err := tbl.LatestSchema(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	c, err := commit.New(tbl, "test-user", sch.Options)
	if err != nil {
		e.t.Fatal(err)
	}
	cm.Identifier, cm.SchemaID = commit.BatchIdentifier, sch.ID
	s, err := c.Commit(e.ctx, cm)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// tag tags snapshot id.
func (e *env) tag(name, tagName string, id int64) {
	e.t.Helper()
	tbl := e.open(name)
	s, err := tbl.Snapshots.Snapshot(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := tbl.Tags.Create(e.ctx, tagName, s, nil); err != nil {
		e.t.Fatal(err)
	}
}

// expire runs Expire on a fresh handle.
func (e *env) expire(name string, o Overrides, dry bool) Result {
	e.t.Helper()
	res, err := e.tryExpire(name, o, dry)
	if err != nil {
		e.t.Fatal(err)
	}
	return res
}

func (e *env) tryExpire(name string, o Overrides, dry bool) (Result, error) {
	tbl := e.open(name)
	opts, err := tbl.Options(e.ctx)
	if err != nil {
		return Result{}, err
	}
	cfg, err := NewConfig(opts, o)
	if err != nil {
		return Result{}, err
	}
	return Expire(e.ctx, tbl, cfg, dry)
}

func intp(n int) *int { return &n }

// keepLast expires all but the newest n snapshots, whatever their age.
func keepLast(n int) Overrides { return Overrides{RetainMax: intp(n), RetainMin: intp(1)} }

// snapshotIDs lists the snapshot files present.
func (e *env) snapshotIDs(name string) []int64 {
	e.t.Helper()
	ids, err := e.open(name).Snapshots.IDs(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	return ids
}

func (e *env) hint(name string) string {
	data, err := os.ReadFile(filepath.Join(e.wh, name+".db", name, "snapshot", "EARLIEST"))
	if err != nil {
		return "<missing>"
	}
	return string(data)
}

// ---- the central check ----

// metadataDirs hold no files expiration judges by references.
var metadataDirs = map[string]bool{"schema": true, "snapshot": true, "tag": true, "consumer": true, "changelog": true, "branch": true}

// onDisk lists the data, manifest, index and statistics files of a table
// (warehouse-relative paths).
func (e *env) onDisk(name string) map[string]bool {
	e.t.Helper()
	root := filepath.Join(e.wh, name+".db", name)
	out := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d iofs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(e.wh, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if path != root && metadataDirs[d.Name()] && filepath.Dir(path) == root {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Dir(path) == root {
			return nil // README and the like
		}
		out[rel] = true
		return nil
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

// referenced lists every file some snapshot or tag of any branch of the
// table references. Live data files come from core/scan, the read path's
// planner, not from the code under test.
func (e *env) referenced(name string) map[string]bool {
	e.t.Helper()
	out := map[string]bool{}
	tbl := e.open(name)
	branches, err := snapshot.Branches(e.ctx, e.fsys, tbl.Root)
	if err != nil {
		e.t.Fatal(err)
	}
	all := []string{""}
	for _, b := range branches {
		all = append(all, b.Name)
	}
	for _, b := range all {
		tbl := e.openBranch(name, b)
		snaps, err := tbl.Snapshots.All(e.ctx)
		if err != nil {
			e.t.Fatal(err)
		}
		tags, err := tbl.Tags.All(e.ctx)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, tg := range tags {
			snaps = append(snaps, &tg.Snapshot)
		}
		for _, s := range snaps {
			for p := range e.snapshotFiles(tbl, s) {
				out[p] = true
			}
		}
	}
	return out
}

// snapshotFiles is every file one snapshot needs.
func (e *env) snapshotFiles(tbl *table.Table, s *spec.Snapshot) map[string]bool {
	e.t.Helper()
	out := map[string]bool{}
	sch, err := tbl.LatestSchema(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	plan, err := scan.New(e.ctx, tbl, s, sch, scan.Options{KeepLevel0: true, NoFallback: true})
	if err != nil {
		e.t.Fatalf("plan snapshot %d: %v", s.ID, err)
	}
	for _, sp := range plan.Splits {
		for _, f := range sp.Files {
			p := sp.FilePath(f)
			out[p] = true
			for _, x := range f.ExtraFiles {
				out[p[:strings.LastIndexByte(p, '/')+1]+x] = true
			}
		}
		for _, d := range sp.DeletionFiles {
			out[d.Path] = true
		}
	}
	lists := []string{s.BaseManifestList, s.DeltaManifestList}
	if s.ChangelogManifestList != nil {
		lists = append(lists, *s.ChangelogManifestList)
	}
	for i, l := range lists {
		out[tbl.ManifestPath(l)] = true
		metas, err := scan.ReadManifestList(e.ctx, tbl, l)
		if err != nil {
			e.t.Fatal(err)
		}
		for _, m := range metas {
			out[tbl.ManifestPath(m.FileName)] = true
			if i < 2 {
				continue
			}
			entries, err := scan.ReadManifest(e.ctx, tbl, m.FileName)
			if err != nil {
				e.t.Fatal(err)
			}
			for _, en := range entries {
				out[testBucketDir(e.t, tbl, sch, en.Partition, en.Bucket)+"/"+en.File.FileName] = true
			}
		}
	}
	if s.IndexManifest != nil {
		out[tbl.ManifestPath(*s.IndexManifest)] = true
		entries, err := scan.ReadIndexManifest(e.ctx, tbl, *s.IndexManifest)
		if err != nil {
			e.t.Fatal(err)
		}
		inData, _ := options.IndexFileInDataFileDir.Get(sch.Options)
		for _, en := range entries {
			switch {
			case en.ExternalPath != nil:
				out[*en.ExternalPath] = true
			case inData:
				out[testBucketDir(e.t, tbl, sch, en.Partition, en.Bucket)+"/"+en.FileName] = true
			default:
				out[tbl.IndexPath(en.FileName)] = true
			}
		}
	}
	if s.Statistics != nil {
		out[tbl.StatisticsPath(*s.Statistics)] = true
	}
	return out
}

// testBucketDir is the test's own bucket directory rule (docs/design/format.md §1.1).
func testBucketDir(t testing.TB, tbl *table.Table, sch *spec.TableSchema, part []byte, bucket int32) string {
	t.Helper()
	spec := partition.Spec{Keys: sch.PartitionKeys, DefaultName: options.DefaultPartitionName, LegacyName: true}
	for _, k := range sch.PartitionKeys {
		f, _, _ := sch.Field(k)
		spec.Types = append(spec.Types, f.Type)
	}
	values, err := binrow.Decode(part, spec.Types)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s/%sbucket-%d", tbl.Root, spec.Path(values), bucket)
}

// orphans are the files on disk no snapshot or tag references.
func (e *env) orphans(name string) map[string]bool {
	e.t.Helper()
	ref := e.referenced(name)
	out := map[string]bool{}
	for p := range e.onDisk(name) {
		if !ref[p] {
			out[p] = true
		}
	}
	return out
}

// checkFiles is THE CENTRAL CHECK, run after every expiration: the files
// on disk are exactly the files a remaining snapshot or tag references,
// apart from orphans that were there before the run (Java-written
// fixtures may hold some; generated tables hold none). A referenced file
// that is missing is a file expiration must never have deleted; an
// unreferenced one it created or failed to delete is a leak.
func (e *env) checkFiles(name string, orphansBefore map[string]bool) {
	e.t.Helper()
	ref := e.referenced(name)
	disk := e.onDisk(name)
	var missing, leaked []string
	for p := range ref {
		if strings.Contains(p, ":") {
			continue // external paths are checked by their own test
		}
		if !disk[p] {
			missing = append(missing, p)
		}
	}
	for p := range disk {
		if !ref[p] && !orphansBefore[p] {
			leaked = append(leaked, p)
		}
	}
	sort.Strings(missing)
	sort.Strings(leaked)
	if len(missing) > 0 {
		e.t.Errorf("files still referenced but deleted: %v", missing)
	}
	if len(leaked) > 0 {
		e.t.Errorf("files no longer referenced but left: %v", leaked)
	}
}

// rows reads every row of a snapshot, sorted as text.
func (e *env) rows(tbl *table.Table, s *spec.Snapshot) []string {
	e.t.Helper()
	sch, err := tbl.LatestSchema(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	plan, err := scan.New(e.ctx, tbl, s, sch, scan.Options{NoFallback: true})
	if err != nil {
		e.t.Fatalf("plan snapshot %d: %v", s.ID, err)
	}
	r, err := read.New(plan, read.Options{Location: time.UTC})
	if err != nil {
		e.t.Fatal(err)
	}
	it := r.Rows(e.ctx)
	defer it.Close()
	var out []string
	for {
		row, err := it.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			e.t.Fatalf("read snapshot %d: %v", s.ID, err)
		}
		out = append(out, fmt.Sprint(row...))
	}
	sort.Strings(out)
	return out
}

// allRows reads every snapshot and tag of the table: id or tag name -> rows.
func (e *env) allRows(name string) map[string][]string {
	e.t.Helper()
	tbl := e.open(name)
	out := map[string][]string{}
	snaps, err := tbl.Snapshots.All(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, s := range snaps {
		out[fmt.Sprint(s.ID)] = e.rows(tbl, s)
	}
	tags, err := tbl.Tags.All(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, tg := range tags {
		out["tag "+tg.Name] = e.rows(tbl, &tg.Snapshot)
	}
	return out
}

// checkRows checks that every snapshot and tag still present reads what it
// read before the run.
func (e *env) checkRows(name string, before map[string][]string) {
	e.t.Helper()
	for k, rows := range e.allRows(name) {
		want, ok := before[k]
		if !ok {
			e.t.Errorf("snapshot %s appeared", k)
			continue
		}
		if strings.Join(rows, "\n") != strings.Join(want, "\n") {
			e.t.Errorf("snapshot %s reads\n%v\nwant\n%v", k, rows, want)
		}
	}
}

// deltaEntries reads the entries of a snapshot's delta.
func (e *env) deltaEntries(tbl *table.Table, s *spec.Snapshot) []spec.ManifestEntry {
	e.t.Helper()
	metas, err := scan.ReadManifestList(e.ctx, tbl, s.DeltaManifestList)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []spec.ManifestEntry
	for _, m := range metas {
		entries, err := scan.ReadManifest(e.ctx, tbl, m.FileName)
		if err != nil {
			e.t.Fatal(err)
		}
		out = append(out, entries...)
	}
	return out
}

func (e *env) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(e.wh, filepath.FromSlash(rel)))
	return err == nil
}
