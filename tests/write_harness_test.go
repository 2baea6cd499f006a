package tests

// Harness of the write tests: a server over a fresh warehouse (a local
// directory or an S3 bucket), statements over the wire, and an independent
// check of what a write leaves on storage: the files under a table are
// exactly the files its snapshots reference, computed here by decoding the
// snapshot JSON, manifest lists, manifests and index manifests directly.

import (
	"bytes"
	"context"
	gosql "database/sql"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
)

// wenv is a server over a warehouse that the tests write to.
type wenv struct {
	*env
	fs  *paimonfs.FS // the warehouse, for checks independent of the server
	url string
}

// startWarehouse serves the warehouse at url (a local path or an object
// store URL), wired as cmd/paimon-sql wires it, until the test ends.
func startWarehouse(t *testing.T, url string) *wenv {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return startOnFS(t, fsys, fsys, url)
}

// startOnFS serves the warehouse through serveFS (e.g. a faulty view of
// it); checkFS is what the checks read. checkFS is closed at the end.
func startOnFS(t *testing.T, served, checkFS *paimonfs.FS, url string) *wenv {
	t.Helper()
	t.Cleanup(func() { _ = checkFS.Close() })
	return &wenv{env: serveFS(t, served, url), fs: checkFS, url: url}
}

// execer is a *sql.DB, *sql.Conn or *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (gosql.Result, error)
}

// run executes statements that must succeed, returning the rows affected
// by the last one.
func sqlRun(t *testing.T, x execer, stmts ...string) int64 {
	t.Helper()
	var n int64
	for _, s := range stmts {
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		res, err := x.ExecContext(ctx, s)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		n, _ = res.RowsAffected()
	}
	return n
}

// runErr executes a statement that must fail.
func sqlRunErr(t *testing.T, x execer, stmt string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	_, err := x.ExecContext(ctx, stmt)
	if err == nil {
		t.Fatalf("%s: no error", stmt)
	}
	return err
}

// conn is one connection of the pool, for transactions.
func oneConn(t *testing.T, db *gosql.DB) *gosql.Conn {
	t.Helper()
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// snapRow is one row of table$snapshots.
type snapRow struct {
	id   int64
	kind string
}

// sqlSnapshots reads db.table$snapshots over the wire, by id.
func sqlSnapshots(t *testing.T, q querier, db, table string) []snapRow {
	t.Helper()
	res := mustQuery(t, q, fmt.Sprintf("SELECT snapshot_id, commit_kind FROM `%s`.`%s$snapshots` ORDER BY snapshot_id", db, table))
	out := make([]snapRow, len(res.rows))
	for i, r := range res.rows {
		id, err := strconv.ParseInt(r[0], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = snapRow{id, r[1]}
	}
	return out
}

// appendSnapshots checks that snaps are numbered from 1 without gaps and
// are APPEND snapshots or, after them, the COMPACT snapshots of compaction
// on write; it returns how many are APPEND.
func appendSnapshots(t *testing.T, snaps []snapRow) int {
	t.Helper()
	appends := 0
	for i, s := range snaps {
		switch {
		case s.id != int64(i+1):
			t.Errorf("snapshot %d has id %d", i+1, s.id)
		case s.kind == "APPEND":
			appends++
		case s.kind != "COMPACT" || i == 0:
			t.Errorf("snapshot %d: %s", s.id, s.kind)
		}
	}
	return appends
}

// kinds renders snapshots as "1:APPEND 2:OVERWRITE".
func kinds(s []snapRow) string {
	parts := make([]string, len(s))
	for i, r := range s {
		parts[i] = fmt.Sprintf("%d:%s", r.id, r.kind)
	}
	return strings.Join(parts, " ")
}

// wantSnapshots checks the commit kinds of all snapshots of a table.
func wantSnapshots(t *testing.T, q querier, db, table string, want ...string) {
	t.Helper()
	got := sqlSnapshots(t, q, db, table)
	var parts []string
	for i, k := range want {
		parts = append(parts, fmt.Sprintf("%d:%s", i+1, k))
	}
	if kinds(got) != strings.Join(parts, " ") {
		t.Errorf("%s.%s$snapshots = %s, want %s", db, table, kinds(got), strings.Join(parts, " "))
	}
}

// --- Storage checks, independent of the code under test ---

// walk lists every file below dir (relative to dir), recursively.
func walkFiles(t *testing.T, fsys *paimonfs.FS, dir string) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	var rec func(rel string)
	rec = func(rel string) {
		p := dir
		if rel != "" {
			p = dir + "/" + rel
		}
		entries, err := fsys.List(ctx, p)
		if err != nil {
			t.Fatalf("list %s: %v", p, err)
		}
		for _, e := range entries {
			r := e.Name
			if rel != "" {
				r = rel + "/" + e.Name
			}
			if e.IsDir {
				rec(r)
			} else {
				out = append(out, r)
			}
		}
	}
	rec("")
	sort.Strings(out)
	return out
}

// readJSON parses a JSON object file into a map, numbers as json.Number.
func readJSON(t *testing.T, fsys *paimonfs.FS, p string) map[string]any {
	t.Helper()
	data, err := fsys.ReadFile(context.Background(), p)
	if err != nil {
		t.Fatalf("read %s: %v", p, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return m
}

// snapJSON is a snapshot file read as a map, with its id.
type snapJSON struct {
	id int64
	m  map[string]any
}

func (s snapJSON) str(key string) string {
	v, _ := s.m[key].(string)
	return v
}

// storedSnapshots reads every snapshot-N under a table root, by id.
func storedSnapshots(t *testing.T, fsys *paimonfs.FS, root string) []snapJSON {
	t.Helper()
	entries, err := fsys.List(context.Background(), root+"/snapshot")
	if err != nil {
		t.Fatal(err)
	}
	var out []snapJSON
	for _, e := range entries {
		n, ok := strings.CutPrefix(e.Name, "snapshot-")
		if !ok {
			continue
		}
		id, err := strconv.ParseInt(n, 10, 64)
		if err != nil {
			continue
		}
		out = append(out, snapJSON{id, readJSON(t, fsys, root+"/snapshot/"+e.Name)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// avroRows decodes an Avro container file with its own schema.
func avroRows(t *testing.T, fsys *paimonfs.FS, p string) []map[string]any {
	t.Helper()
	data, err := fsys.ReadFile(context.Background(), p)
	if err != nil {
		t.Fatalf("read %s: %v", p, err)
	}
	return decodeAvroFrom(t, p, bytes.NewReader(data))
}

func toInt(v any) int64 {
	switch x := v.(type) {
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	case json.Number:
		n, _ := x.Int64()
		return n
	case float64:
		return int64(x)
	}
	return -1 << 62
}

func toStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// liveEntry is a data file live in a snapshot.
type liveEntry struct {
	partition []byte
	bucket    int64
	level     int64
	name      string
	extra     []string
	external  string
	rows      int64
	schemaID  int64
}

// tableFiles is what the snapshots of a table reference.
type tableFiles struct {
	snapshots []snapJSON
	metadata  map[string]bool  // manifest lists, manifests, index manifests (names in manifest/)
	data      map[string]int64 // data and extra files by name -> bucket
	index     map[string]bool  // index files by name
	statistic map[string]bool  // statistics files by name
	live      map[int64][]liveEntry
	problems  []string // references that break the format's rules
}

// referenced decodes every snapshot of the table at root: the files each
// one needs, and each one's live data files (docs/design/format.md §4.7 merge rule).
func referenced(t *testing.T, fsys *paimonfs.FS, root string) tableFiles {
	t.Helper()
	tf := tableFiles{metadata: map[string]bool{}, data: map[string]int64{}, index: map[string]bool{},
		statistic: map[string]bool{}, live: map[int64][]liveEntry{}}
	tf.snapshots = storedSnapshots(t, fsys, root)
	manifests := map[string][]map[string]any{}
	readManifest := func(name string) []map[string]any {
		if rows, ok := manifests[name]; ok {
			return rows
		}
		rows := avroRows(t, fsys, root+"/manifest/"+name)
		manifests[name] = rows
		return rows
	}
	for _, s := range tf.snapshots {
		type ident struct {
			part   string
			bucket int64
			level  int64
			name   string
			extra  string
			embed  string
			ext    string
		}
		live := map[ident]liveEntry{}
		var order []ident
		for _, key := range []string{"baseManifestList", "deltaManifestList", "changelogManifestList"} {
			list := s.str(key)
			if list == "" {
				continue
			}
			tf.metadata[list] = true
			for _, meta := range avroRows(t, fsys, root+"/manifest/"+list) {
				mname, _ := meta["_FILE_NAME"].(string)
				tf.metadata[mname] = true
				for _, e := range readManifest(mname) {
					f, _ := e["_FILE"].(map[string]any)
					part, _ := e["_PARTITION"].([]byte)
					embed, _ := f["_EMBEDDED_FILE_INDEX"].([]byte)
					ext, _ := f["_EXTERNAL_PATH"].(string)
					le := liveEntry{partition: part, bucket: toInt(e["_BUCKET"]), level: toInt(f["_LEVEL"]),
						name: f["_FILE_NAME"].(string), extra: toStrings(f["_EXTRA_FILES"]), external: ext,
						rows: toInt(f["_ROW_COUNT"]), schemaID: toInt(f["_SCHEMA_ID"])}
					if key == "changelogManifestList" {
						tf.data[le.name] = le.bucket
						continue
					}
					id := ident{string(part), le.bucket, le.level, le.name, strings.Join(le.extra, ","), string(embed), ext}
					switch toInt(e["_KIND"]) {
					case 0:
						if _, dup := live[id]; dup {
							tf.problems = append(tf.problems, fmt.Sprintf("snapshot %d: %s added twice", s.id, le.name))
						}
						live[id] = le
						order = append(order, id)
					case 1:
						if _, ok := live[id]; !ok {
							tf.problems = append(tf.problems, fmt.Sprintf("snapshot %d: DELETE of %s (level %d, bucket %d) that is not live", s.id, le.name, le.level, le.bucket))
						}
						delete(live, id)
					default:
						tf.problems = append(tf.problems, fmt.Sprintf("snapshot %d: %s has _KIND %v", s.id, le.name, e["_KIND"]))
					}
				}
			}
		}
		for _, id := range order {
			if le, ok := live[id]; ok {
				tf.live[s.id] = append(tf.live[s.id], le)
				delete(live, id) // once
				if le.external != "" {
					tf.problems = append(tf.problems, fmt.Sprintf("snapshot %d: %s has an external path %s", s.id, le.name, le.external))
				}
				tf.data[le.name] = le.bucket
				for _, x := range le.extra {
					tf.data[x] = le.bucket
				}
			}
		}
		if im := s.str("indexManifest"); im != "" {
			tf.metadata[im] = true
			for _, e := range avroRows(t, fsys, root+"/manifest/"+im) {
				if toInt(e["_KIND"]) != 0 {
					tf.problems = append(tf.problems, fmt.Sprintf("snapshot %d: index manifest %s holds a DELETE row", s.id, im))
				}
				tf.index[e["_FILE_NAME"].(string)] = true
			}
		}
		if st := s.str("statistics"); st != "" {
			tf.statistic[st] = true
		}
	}
	return tf
}

// storedFiles classifies the files under a table root: metadata files in
// manifest/, index files, statistics, and data files (by name -> path).
type storedFiles struct {
	metadata  map[string]bool
	index     map[string]bool
	statistic map[string]bool
	data      map[string]string
	other     []string
}

func storedOf(t *testing.T, fsys *paimonfs.FS, root string) storedFiles {
	t.Helper()
	sf := storedFiles{metadata: map[string]bool{}, index: map[string]bool{}, statistic: map[string]bool{}, data: map[string]string{}}
	for _, rel := range walkFiles(t, fsys, root) {
		dir, name := path.Split(rel)
		top, _, _ := strings.Cut(rel, "/")
		switch {
		case top == "snapshot" || top == "schema" || top == "tag" || top == "branch" || top == "consumer" || top == "changelog":
		case top == "manifest":
			sf.metadata[name] = true
		case top == "index" || strings.HasPrefix(name, "index-") && strings.Contains(dir, "bucket-"):
			sf.index[name] = true
		case top == "statistics":
			sf.statistic[name] = true
		case strings.Contains(dir, "bucket-"):
			if prev, dup := sf.data[name]; dup {
				t.Errorf("data file name %s twice: %s and %s", name, prev, rel)
			}
			sf.data[name] = rel
		default:
			sf.other = append(sf.other, rel)
		}
	}
	return sf
}

// fileProblems compares what is stored under a table with what its
// snapshots reference. missing are referenced files not stored (always a
// bug); orphans are stored files no snapshot references.
func fileProblems(t *testing.T, fsys *paimonfs.FS, root string) (missing, orphans, broken []string, tf tableFiles) {
	t.Helper()
	tf = referenced(t, fsys, root)
	sf := storedOf(t, fsys, root)
	broken = tf.problems
	diff := func(kind string, ref map[string]bool, on map[string]bool) {
		for n := range ref {
			if !on[n] {
				missing = append(missing, kind+" "+n)
			}
		}
		for n := range on {
			if !ref[n] {
				orphans = append(orphans, kind+" "+n)
			}
		}
	}
	diff("metadata", tf.metadata, sf.metadata)
	diff("index", tf.index, sf.index)
	diff("statistics", tf.statistic, sf.statistic)
	refData := map[string]bool{}
	for n, bucket := range tf.data {
		refData[n] = true
		if p, ok := sf.data[n]; ok {
			if d := path.Base(path.Dir(p)); d != fmt.Sprintf("bucket-%d", bucket) {
				broken = append(broken, fmt.Sprintf("data file %s of bucket %d stored in %s", n, bucket, p))
			}
		}
	}
	onData := map[string]bool{}
	for n := range sf.data {
		onData[n] = true
	}
	diff("data", refData, onData)
	for _, o := range sf.other {
		// The in-flight marker of a write under way: a session whose
		// autocommit statement failed keeps its (empty) transaction, and
		// its marker, until its next statement.
		if strings.HasPrefix(o, table.InFlightDir+"/") {
			continue
		}
		orphans = append(orphans, "other "+o)
	}
	sort.Strings(missing)
	sort.Strings(orphans)
	return missing, orphans, broken, tf
}

// checkStorage asserts that the files under db.table are exactly those its
// snapshots reference, and that snapshot ids are consecutive. Run it after
// every successful write.
func checkStorage(t *testing.T, fsys *paimonfs.FS, db, table string) tableFiles {
	t.Helper()
	root := db + ".db/" + table
	missing, orphans, broken, tf := fileProblems(t, fsys, root)
	if len(missing) > 0 {
		t.Errorf("%s: snapshots reference missing files: %v", root, missing)
	}
	if len(orphans) > 0 {
		t.Errorf("%s: files no snapshot references: %v", root, orphans)
	}
	if len(broken) > 0 {
		t.Errorf("%s: %v", root, broken)
	}
	for i, s := range tf.snapshots {
		if i > 0 && s.id != tf.snapshots[i-1].id+1 {
			t.Errorf("%s: snapshot ids not consecutive: %d after %d", root, s.id, tf.snapshots[i-1].id)
		}
		if toInt(s.m["id"]) != s.id {
			t.Errorf("%s: snapshot-%d holds id %v", root, s.id, s.m["id"])
		}
	}
	return tf
}

// liveRows is the sum of the row counts of the live files of the latest
// snapshot (0 without snapshots).
func (tf tableFiles) liveRows() int64 {
	if len(tf.snapshots) == 0 {
		return 0
	}
	var n int64
	for _, le := range tf.live[tf.snapshots[len(tf.snapshots)-1].id] {
		n += le.rows
	}
	return n
}

// latestLive is the live files of the latest snapshot.
func (tf tableFiles) latestLive() []liveEntry {
	if len(tf.snapshots) == 0 {
		return nil
	}
	return tf.live[tf.snapshots[len(tf.snapshots)-1].id]
}

// latestOf opens db.name with its latest snapshot and schema; the table must
// have a snapshot.
func latestOf(t *testing.T, fsys *paimonfs.FS, db, name string) (*table.Table, *spec.Snapshot, *spec.TableSchema) {
	t.Helper()
	ctx := context.Background()
	tbl, err := table.Open(ctx, fsys, db, name, "")
	if err != nil {
		t.Fatal(err)
	}
	snap, err := tbl.Snapshots.Latest(ctx)
	if err != nil || snap == nil {
		t.Fatalf("latest snapshot: %v %v", snap, err)
	}
	sch, err := tbl.LatestSchema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return tbl, snap, sch
}
