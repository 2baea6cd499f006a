package tests

// Helpers of expire_test.go and fluss_test.go: statements, full file
// listings of a warehouse, and the independent file-reference check (the
// files of a table are those its snapshots and tags reference), decoded
// here from the snapshot JSON, manifest lists, manifests and index
// manifests with core/manifest only.

import (
	"bytes"
	"context"
	"crypto/sha256"
	gosql "database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// xpExec runs statements that must succeed (through QueryContext, so CALL
// and DML work the same way).
func xpExec(t *testing.T, q querier, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if _, err := query(q, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// xpTableRoot is the directory of db.tbl in a warehouse.
func xpTableRoot(dir, db, tbl string) string {
	return filepath.Join(dir, db+".db", tbl)
}

// xpTree lists every file under dir: relative path -> size and content hash.
func xpTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		sum := sha256.Sum256(data)
		out[filepath.ToSlash(rel)] = strconv.Itoa(len(data)) + ":" + hex.EncodeToString(sum[:8])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// xpSameTree reports every file that a step removed, added or changed.
func xpSameTree(t *testing.T, what string, before, after map[string]string) bool {
	t.Helper()
	var diffs []string
	for p, h := range before {
		switch a, ok := after[p]; {
		case !ok:
			diffs = append(diffs, "removed "+p)
		case a != h:
			diffs = append(diffs, "changed "+p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diffs = append(diffs, "added "+p)
		}
	}
	if len(diffs) == 0 {
		return true
	}
	sort.Strings(diffs)
	t.Errorf("%s: the warehouse changed:\n  %s", what, strings.Join(diffs, "\n  "))
	return false
}

// xpSnapshotIDs lists the snapshot-N files of a table root (or branch root).
func xpSnapshotIDs(t *testing.T, root string) []int64 {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(root, "snapshot"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var ids []int64
	for _, e := range ents {
		if n, ok := strings.CutPrefix(e.Name(), "snapshot-"); ok {
			id, err := strconv.ParseInt(n, 10, 64)
			if err != nil {
				t.Fatalf("snapshot file %s", e.Name())
			}
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// xpHint reads snapshot/EARLIEST (or LATEST).
func xpHint(t *testing.T, root, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "snapshot", name))
	if err != nil {
		return "<missing>"
	}
	return strings.TrimSpace(string(data))
}

// xpReadSnapshot parses snapshot-id of a table root.
func xpReadSnapshot(t *testing.T, root string, id int64) *spec.Snapshot {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "snapshot", fmt.Sprintf("snapshot-%d", id)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.ParseSnapshot(data)
	if err != nil {
		t.Fatalf("snapshot %d: %v", id, err)
	}
	return s
}

// xpIDs renders ids as "1,2,3".
func xpIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, ",")
}

// xpRange is "from..to" as ids.
func xpRange(from, to int64) string {
	var ids []int64
	for i := from; i <= to; i++ {
		ids = append(ids, i)
	}
	return xpIDs(ids)
}

// xpMetadataDirs are the directories of a table root whose files the
// reference check does not judge: they are not referenced by manifests.
var xpMetadataDirs = map[string]bool{"schema": true, "snapshot": true, "tag": true, "consumer": true, "changelog": true, "branch": true}

// xpOnDisk lists the data, changelog, manifest, index and statistics files
// of a table: base name -> path relative to the table root. File names are
// unique in a table (UUIDs), so base names identify them.
func xpOnDisk(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != root && filepath.Dir(p) == root && xpMetadataDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Dir(p) == root {
			return nil // README and the like
		}
		if strings.HasPrefix(d.Name(), ".") {
			return nil // a temporary file is checked by xpNoTempFiles
		}
		if old, dup := out[d.Name()]; dup {
			t.Errorf("file name %s twice in the table: %s and %s", d.Name(), old, rel)
		}
		out[d.Name()] = rel
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// xpRefs is what the snapshots and tags of a table reference.
type xpRefs struct {
	// files: base name -> who references it ("snapshot 3", "tag t1").
	files map[string]string
	// live: the data files of each snapshot or tag's full state.
	live map[string][]string
}

// xpReferenced decodes every snapshot and tag of the table and of its
// branches: manifest lists, their manifests, the live data files (base and
// delta manifests merged with manifest.MergeEntries) and their extra files,
// changelog files, the index manifest and its index files, statistics.
func xpReferenced(t *testing.T, root string) xpRefs {
	t.Helper()
	refs := xpRefs{files: map[string]string{}, live: map[string][]string{}}
	roots := []string{root}
	if ents, err := os.ReadDir(filepath.Join(root, "branch")); err == nil {
		for _, e := range ents {
			roots = append(roots, filepath.Join(root, "branch", e.Name()))
		}
	}
	for _, br := range roots {
		prefix := ""
		if br != root {
			prefix = filepath.Base(br) + " "
		}
		for _, id := range xpSnapshotIDs(t, br) {
			who := fmt.Sprintf("%ssnapshot %d", prefix, id)
			xpSnapshotRefs(t, root, xpReadSnapshot(t, br, id), who, &refs)
		}
		ents, err := os.ReadDir(filepath.Join(br, "tag"))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		for _, e := range ents {
			name, ok := strings.CutPrefix(e.Name(), "tag-")
			if !ok {
				continue
			}
			data, err := os.ReadFile(filepath.Join(br, "tag", e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			tg, err := spec.ParseTag(name, data)
			if err != nil {
				t.Fatalf("tag %s: %v", name, err)
			}
			xpSnapshotRefs(t, root, &tg.Snapshot, prefix+"tag "+name, &refs)
		}
	}
	return refs
}

func xpReadAvro[T any](t *testing.T, root, name string, decode func(r *bytes.Reader) (T, error)) T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "manifest", name))
	if err != nil {
		t.Fatalf("read manifest/%s: %v", name, err)
	}
	v, err := decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode manifest/%s: %v", name, err)
	}
	return v
}

func xpSnapshotRefs(t *testing.T, root string, s *spec.Snapshot, who string, refs *xpRefs) {
	t.Helper()
	add := func(name string) {
		if _, ok := refs.files[name]; !ok {
			refs.files[name] = who
		}
	}
	readList := func(name string) []spec.ManifestFileMeta {
		add(name)
		return xpReadAvro(t, root, name, func(r *bytes.Reader) ([]spec.ManifestFileMeta, error) { return manifest.ReadManifestList(r) })
	}
	readEntries := func(metas []spec.ManifestFileMeta) []spec.ManifestEntry {
		var out []spec.ManifestEntry
		for _, m := range metas {
			add(m.FileName)
			out = append(out, xpReadAvro(t, root, m.FileName, func(r *bytes.Reader) ([]spec.ManifestEntry, error) { return manifest.ReadManifest(r) })...)
		}
		return out
	}
	entries := readEntries(append(readList(s.BaseManifestList), readList(s.DeltaManifestList)...))
	merged, err := manifest.MergeEntries(entries)
	if err != nil {
		t.Fatalf("%s: merge entries: %v", who, err)
	}
	var live []string
	for _, e := range merged {
		if e.Kind != spec.FileAdd {
			continue
		}
		live = append(live, e.File.FileName)
		if e.File.ExternalPath == nil {
			add(e.File.FileName)
		}
		for _, x := range e.File.ExtraFiles {
			add(x)
		}
	}
	sort.Strings(live)
	refs.live[who] = live
	if s.ChangelogManifestList != nil && *s.ChangelogManifestList != "" {
		for _, e := range readEntries(readList(*s.ChangelogManifestList)) {
			add(e.File.FileName)
			for _, x := range e.File.ExtraFiles {
				add(x)
			}
		}
	}
	if s.IndexManifest != nil && *s.IndexManifest != "" {
		add(*s.IndexManifest)
		idx := xpReadAvro(t, root, *s.IndexManifest, func(r *bytes.Reader) ([]spec.IndexManifestEntry, error) { return manifest.ReadIndexManifest(r) })
		for _, e := range idx {
			if e.Kind == spec.FileAdd && e.ExternalPath == nil {
				add(e.FileName)
			}
		}
	}
	if s.Statistics != nil && *s.Statistics != "" {
		add(*s.Statistics)
	}
}

// xpOrphans are the files on disk that nothing references.
func xpOrphans(t *testing.T, root string) map[string]bool {
	t.Helper()
	refs := xpReferenced(t, root)
	out := map[string]bool{}
	for name := range xpOnDisk(t, root) {
		if _, ok := refs.files[name]; !ok {
			out[name] = true
		}
	}
	return out
}

// xpCheckFiles is the central check: every file a remaining snapshot or tag
// references exists (a missing one is data loss), and every file on disk is
// referenced, apart from the orphans allowed (those that were there before;
// Java's expiration leaves none of its own).
func xpCheckFiles(t *testing.T, what, root string, allowed map[string]bool) {
	t.Helper()
	refs := xpReferenced(t, root)
	disk := xpOnDisk(t, root)
	var missing, leaked []string
	for name, who := range refs.files {
		if _, ok := disk[name]; !ok {
			missing = append(missing, name+" (referenced by "+who+")")
		}
	}
	for name, rel := range disk {
		if _, ok := refs.files[name]; !ok && !allowed[name] {
			leaked = append(leaked, rel)
		}
	}
	sort.Strings(missing)
	sort.Strings(leaked)
	if len(missing) > 0 {
		t.Errorf("%s: %d referenced files are missing:\n  %s", what, len(missing), strings.Join(missing, "\n  "))
	}
	if len(leaked) > 0 {
		t.Errorf("%s: %d files are left that no snapshot or tag references:\n  %s", what, len(leaked), strings.Join(leaked, "\n  "))
	}
	xpNoTempFiles(t, what, root)
}

// xpNoTempFiles fails on temporary files left in a table.
func xpNoTempFiles(t *testing.T, what, root string) {
	t.Helper()
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") {
			t.Errorf("%s: temporary file left: %s", what, p)
		}
		return nil
	})
}

// xpSnapshots is the snapshot ids of table$snapshots.
func xpSnapshots(t *testing.T, q querier, db, tbl string) string {
	t.Helper()
	res := mustQuery(t, q, fmt.Sprintf("SELECT snapshot_id FROM %s.`%s$snapshots` ORDER BY snapshot_id", db, tbl))
	return strings.Join(res.column("snapshot_id"), ",")
}

// xpCount is SELECT COUNT(*) of a table.
func xpCount(t *testing.T, q querier, from string) int {
	t.Helper()
	res := mustQuery(t, q, "SELECT COUNT(*) FROM "+from)
	n, err := strconv.Atoi(res.rows[0][0])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// xpWaitNewMillis waits until the clock of e's tables passes the commit
// time of the latest snapshot, so that the next commit gets a later time.
func xpWaitNewMillis(t *testing.T, e *env, root string) {
	t.Helper()
	ids := xpSnapshotIDs(t, root)
	if len(ids) == 0 {
		return
	}
	last := xpReadSnapshot(t, root, ids[len(ids)-1]).TimeMillis
	for e.provider.Runtime().Now().UnixMilli() <= last+1 {
		time.Sleep(2 * time.Millisecond)
	}
}

// xpServe serves an existing warehouse directory with a fresh server.
func xpServe(t *testing.T, dir string) *env { return serveDir(t, dir) }

// xpConn is one connection of the pool (session settings, SHOW WARNINGS).
func xpConn(t *testing.T, db *gosql.DB) *gosql.Conn {
	t.Helper()
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}
