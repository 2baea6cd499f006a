package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// External data paths over the wire (docs/design/format.md §1.4): data files of a
// table with data-file.external-paths go under the external roots, the
// manifests record _FILE_NAME = bare name and _EXTERNAL_PATH = full path,
// reads, compaction and expiration find them there.

// extRefs decodes every snapshot of the table at root: the external paths
// any of them references (data and changelog files) and the live data
// files of the latest one.
type extRefsResult struct {
	all      map[string]bool      // every _EXTERNAL_PATH referenced
	live     []spec.DataFileMeta  // live data files of the latest snapshot
	perEntry []spec.ManifestEntry // every entry of every snapshot
}

func extRefs(t *testing.T, root string) extRefsResult {
	t.Helper()
	res := extRefsResult{all: map[string]bool{}}
	readAvro := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(root, "manifest", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	entriesOf := func(list string) []spec.ManifestEntry {
		metas, err := manifest.ReadManifestList(bytes.NewReader(readAvro(list)))
		if err != nil {
			t.Fatal(err)
		}
		var out []spec.ManifestEntry
		for _, m := range metas {
			es, err := manifest.ReadManifest(bytes.NewReader(readAvro(m.FileName)))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, es...)
		}
		return out
	}
	ids := xpSnapshotIDs(t, root)
	for i, id := range ids {
		s := xpReadSnapshot(t, root, id)
		entries := append(entriesOf(s.BaseManifestList), entriesOf(s.DeltaManifestList)...)
		if s.ChangelogManifestList != nil && *s.ChangelogManifestList != "" {
			entries = append(entries, entriesOf(*s.ChangelogManifestList)...)
		}
		for _, e := range entries {
			if e.File.ExternalPath != nil {
				res.all[*e.File.ExternalPath] = true
			}
		}
		res.perEntry = append(res.perEntry, entries...)
		if i == len(ids)-1 {
			merged, err := manifest.MergeEntries(append(entriesOf(s.BaseManifestList), entriesOf(s.DeltaManifestList)...))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range merged {
				if e.Kind == spec.FileAdd {
					res.live = append(res.live, e.File)
				}
			}
		}
	}
	return res
}

// filesUnder lists the regular files under dir (absolute slash paths).
func filesUnder(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if !info.IsDir() {
			out[filepath.ToSlash(p)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// localOf is the local path of a file: URI as Java writes it (file:/x).
func localOf(t *testing.T, uri string) string {
	t.Helper()
	p, ok := strings.CutPrefix(uri, "file:")
	if !ok || strings.HasPrefix(p, "//") {
		t.Fatalf("external path %q is not Java's file:/path form", uri)
	}
	return p
}

func extDataFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	for p := range filesUnder(t, root) {
		if strings.HasSuffix(p, ".parquet") && !strings.Contains(p, "/manifest/") {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// checkExternal checks that the live files of the table are under the
// external roots at <root>/<partition>/bucket-<n>/<name>, that the table
// holds no data file, that $files shows the external paths, and that every
// file under the roots is referenced.
func checkExternal(t *testing.T, e *wenv, tableRoot, table string, roots []string) extRefsResult {
	t.Helper()
	refs := extRefs(t, tableRoot)
	if len(refs.live) == 0 {
		t.Fatal("no live files")
	}
	if inTable := extDataFiles(t, tableRoot); len(inTable) > 0 {
		t.Errorf("data files inside the table: %v", inTable)
	}
	used := map[string]bool{}
	for _, f := range refs.live {
		if f.ExternalPath == nil {
			t.Errorf("live file %s has no _EXTERNAL_PATH", f.FileName)
			continue
		}
		ext := *f.ExternalPath
		if strings.Contains(f.FileName, "/") || filepath.Base(localOf(t, ext)) != f.FileName {
			t.Errorf("_FILE_NAME %q does not name %q", f.FileName, ext)
		}
		local := localOf(t, ext)
		if _, err := os.Stat(local); err != nil {
			t.Errorf("live external file missing: %v", err)
		}
		found := false
		for _, r := range roots {
			if strings.HasPrefix(local, r+"/") {
				found, used[r] = true, true
				rel := strings.TrimPrefix(local, r+"/")
				if !strings.Contains(rel, "bucket-") {
					t.Errorf("external file %s not in a bucket directory", ext)
				}
			}
		}
		if !found {
			t.Errorf("external file %s under no external root %v", ext, roots)
		}
	}
	onDisk := map[string]bool{}
	for _, r := range roots {
		for p := range filesUnder(t, r) {
			onDisk["file:"+p] = true
			if !refs.all["file:"+p] {
				t.Errorf("unreferenced file under the external root: %s", p)
			}
		}
	}
	// $files shows the external path.
	got := mustQuery(t, e.db, "SELECT file_path FROM "+table[:strings.Index(table, ".")]+".`"+table[strings.Index(table, ".")+1:]+"$files`").column("file_path")
	want := map[string]bool{}
	for _, f := range refs.live {
		if f.ExternalPath != nil {
			want[*f.ExternalPath] = true
		}
	}
	if len(got) != len(want) {
		t.Errorf("$files shows %d files, %d live", len(got), len(want))
	}
	for p := range want {
		if !onDisk[p] {
			t.Errorf("live external file %s is not under the external roots", p)
		}
	}
	for _, p := range got {
		if !want[p] {
			t.Errorf("$files.file_path %q is no live _EXTERNAL_PATH", p)
		}
	}
	return refs
}

func extSetup(t *testing.T) (*wenv, []string) {
	t.Helper()
	base := t.TempDir()
	w := startWarehouse(t, filepath.Join(base, "wh"))
	roots := []string{filepath.ToSlash(filepath.Join(base, "ext1")), filepath.ToSlash(filepath.Join(base, "ext2"))}
	allowExternal(t, "file:"+roots[0], "file:"+roots[1])
	sqlRun(t, w.db, "CREATE DATABASE x")
	return w, roots
}

func TestExternalPathsAppendTable(t *testing.T) {
	w, roots := extSetup(t)
	sqlRun(t, w.db, "CREATE TABLE x.a (id INT, f1 INT, v VARCHAR(20)) PARTITIONED BY (f1) WITH ("+
		"'data-file.external-paths' = 'file://"+roots[0]+",file://"+roots[1]+"', "+
		"'data-file.external-paths.strategy' = 'round-robin', 'bucket' = '1', 'bucket-key' = 'id')")
	for i := 0; i < 4; i++ {
		sqlRun(t, w.db, "INSERT INTO x.a VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 10, 'c')")
	}
	tableRoot := filepath.Join(w.url, "x.db", "a")
	refs := checkExternal(t, w, tableRoot, "x.a", roots)
	for _, f := range refs.live {
		local := localOf(t, *f.ExternalPath)
		ok := false
		for _, r := range roots {
			rel, in := strings.CutPrefix(local, r+"/")
			ok = ok || in && (rel == "f1=10/bucket-0/"+f.FileName || rel == "f1=20/bucket-0/"+f.FileName)
		}
		if !ok {
			t.Errorf("external file at %s, want <root>/f1=<v>/bucket-0/%s", local, f.FileName)
		}
	}
	wantRows(t, w.db, split("8|10", "4|20"), "SELECT COUNT(*), f1 FROM x.a GROUP BY f1 ORDER BY f1")
	wantRows(t, w.db, split("4"), "SELECT COUNT(*) FROM x.a WHERE v = 'c'")

	// Compaction writes its output to the external roots too; expiration
	// deletes the replaced files at their external paths.
	before := filesUnder(t, roots[0])
	for p := range filesUnder(t, roots[1]) {
		before[p] = true
	}
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'x.a', compact_strategy => 'full')")
	refs = checkExternal(t, w, tableRoot, "x.a", roots)
	for _, f := range refs.live {
		if before[localOf(t, *f.ExternalPath)] {
			t.Errorf("full compaction left %s live", f.FileName)
		}
	}
	wantRows(t, w.db, split("12"), "SELECT COUNT(*) FROM x.a")
	xpCall(t, w.db, "CALL sys.expire_snapshots(`table` => 'x.a', retain_max => 1, retain_min => 1)")
	for p := range before {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("replaced external file %s not deleted: %v", p, err)
		}
	}
	checkExternal(t, w, tableRoot, "x.a", roots)
	wantRows(t, w.db, split("12"), "SELECT COUNT(*) FROM x.a")
}

func TestExternalPathsPrimaryKeyTable(t *testing.T) {
	w, roots := extSetup(t)
	sqlRun(t, w.db, "CREATE TABLE x.k (id INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id)) WITH ("+
		"'data-file.external-paths' = 'file:"+roots[0]+",file://"+roots[1]+"/', "+
		"'data-file.external-paths.strategy' = 'round-robin', 'bucket' = '2', 'changelog-producer' = 'input')")
	sqlRun(t, w.db, "INSERT INTO x.k VALUES (1, 'a'), (2, 'b'), (3, 'c')")
	sqlRun(t, w.db, "INSERT INTO x.k VALUES (1, 'A'), (4, 'd')")
	sqlRun(t, w.db, "DELETE FROM x.k WHERE id = 2")
	tableRoot := filepath.Join(w.url, "x.db", "k")
	refs := checkExternal(t, w, tableRoot, "x.k", roots)
	changelog := 0
	for _, e := range refs.perEntry {
		if strings.HasPrefix(e.File.FileName, "changelog-") {
			changelog++
			if e.File.ExternalPath == nil {
				t.Errorf("changelog file %s not external", e.File.FileName)
			}
		}
	}
	if changelog == 0 {
		t.Error("no changelog files written")
	}
	wantRows(t, w.db, split("1|A", "3|c", "4|d"), "SELECT * FROM x.k ORDER BY id")

	before := map[string]bool{}
	for _, f := range refs.live {
		before[localOf(t, *f.ExternalPath)] = true
	}
	mustQuery(t, w.db, "CALL sys.compact(`table` => 'x.k', compact_strategy => 'full')")
	refs = checkExternal(t, w, tableRoot, "x.k", roots)
	live := map[string]bool{}
	for _, f := range refs.live {
		live[localOf(t, *f.ExternalPath)] = true
	}
	wantRows(t, w.db, split("1|A", "3|c", "4|d"), "SELECT * FROM x.k ORDER BY id")
	xpCall(t, w.db, "CALL sys.expire_snapshots(`table` => 'x.k', retain_max => 1, retain_min => 1)")
	for p := range before {
		_, err := os.Stat(p)
		switch {
		case live[p] && err != nil:
			t.Errorf("live external file %s deleted: %v", p, err)
		case !live[p] && !os.IsNotExist(err):
			t.Errorf("replaced external file %s not deleted: %v", p, err)
		}
	}
	for p := range live {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("live external file gone after expiration: %v", err)
		}
	}
	wantRows(t, w.db, split("1|A", "3|c", "4|d"), "SELECT * FROM x.k ORDER BY id")
}

// Strategy none (the default) ignores the paths: files stay in the table.
func TestExternalPathsStrategyNone(t *testing.T) {
	w, roots := extSetup(t)
	sqlRun(t, w.db, "CREATE TABLE x.n (id INT, v VARCHAR(20)) WITH ('data-file.external-paths' = 'file://"+roots[0]+"')")
	sqlRun(t, w.db, "INSERT INTO x.n VALUES (1, 'a')")
	tableRoot := filepath.Join(w.url, "x.db", "n")
	if files := filesUnder(t, roots[0]); len(files) > 0 {
		t.Errorf("strategy none wrote external files %v", files)
	}
	if len(extDataFiles(t, tableRoot)) != 1 {
		t.Errorf("data files in the table: %v", extDataFiles(t, tableRoot))
	}
	for _, f := range extRefs(t, tableRoot).live {
		if f.ExternalPath != nil {
			t.Errorf("_EXTERNAL_PATH %s with strategy none", *f.ExternalPath)
		}
	}
	wantRows(t, w.db, split("1|a"), "SELECT * FROM x.n")
}

// Bad settings fail CREATE TABLE, as Java fails the first write.
func TestExternalPathsRejected(t *testing.T) {
	w, roots := extSetup(t)
	for _, opts := range []string{
		"'data-file.external-paths' = '" + roots[0] + "', 'data-file.external-paths.strategy' = 'round-robin'",
		"'data-file.external-paths' = 'file://" + roots[0] + "', 'data-file.external-paths.strategy' = 'random'",
		"'data-file.external-paths' = 'file://" + roots[0] + "', 'data-file.external-paths.strategy' = 'specific-fs'",
		"'data-file.external-paths' = 'file://" + roots[0] + "', 'data-file.external-paths.strategy' = 'specific-fs', 'data-file.external-paths.specific-fs' = 's3'",
		"'data-file.external-paths' = 'file://" + roots[0] + ",file://" + roots[1] + "', 'data-file.external-paths.strategy' = 'weight-robin', 'data-file.external-paths.weights' = '1'",
	} {
		if err := sqlRunErr(t, w.db, "CREATE TABLE x.bad (id INT) WITH ("+opts+")"); err == nil {
			t.Errorf("CREATE TABLE with %s succeeded", opts)
		}
	}
}
