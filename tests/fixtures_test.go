package tests

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hamba/avro/v2/ocf"
	"github.com/parquet-go/parquet-go"
)

// This file reads the fixture files directly (JSON, Avro, Parquet), so that
// the tests' expectations do not come from the code under test.

// fixtureTables lists the fixture tables: each database "<name>.db" holds
// one table "<name>".
func fixtureTables(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && strings.HasSuffix(e.Name(), ".db") {
			out = append(out, strings.TrimSuffix(e.Name(), ".db"))
		}
	}
	if len(out) == 0 {
		t.Fatal("no fixture tables")
	}
	return out
}

// tableDir is the directory of fixture table name in the warehouse dir.
func tableDir(dir, name string) string {
	return filepath.Join(dir, name+".db", name)
}

// snapshotFile is a snapshot (or tag) JSON file.
type snapshotFile struct {
	ID                    int64   `json:"id"`
	SchemaID              int64   `json:"schemaId"`
	BaseManifestList      string  `json:"baseManifestList"`
	DeltaManifestList     string  `json:"deltaManifestList"`
	ChangelogManifestList *string `json:"changelogManifestList"`
	IndexManifest         *string `json:"indexManifest"`
	CommitUser            string  `json:"commitUser"`
	CommitIdentifier      int64   `json:"commitIdentifier"`
	CommitKind            string  `json:"commitKind"`
	TimeMillis            int64   `json:"timeMillis"`
	TotalRecordCount      *int64  `json:"totalRecordCount"`
	DeltaRecordCount      *int64  `json:"deltaRecordCount"`
	ChangelogRecordCount  *int64  `json:"changelogRecordCount"`
	Watermark             *int64  `json:"watermark"`
	NextRowID             *int64  `json:"nextRowId"`
}

func readSnapshotFile(t *testing.T, path string) snapshotFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s snapshotFile
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// snapshots reads every snapshot-<id> file of a table (or branch) root,
// sorted by id.
func snapshots(t *testing.T, root string) []snapshotFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(root, "snapshot", "snapshot-*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []snapshotFile
	for _, p := range paths {
		out = append(out, readSnapshotFile(t, p))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if len(out) == 0 {
		t.Fatalf("no snapshots under %s", root)
	}
	return out
}

func snapshotByID(t *testing.T, root string, id int64) snapshotFile {
	t.Helper()
	return readSnapshotFile(t, filepath.Join(root, "snapshot", fmt.Sprintf("snapshot-%d", id)))
}

// schemaFile is a schema-<id> JSON file.
type schemaFile struct {
	ID            int64             `json:"id"`
	Fields        []schemaField     `json:"fields"`
	RawFields     json.RawMessage   `json:"-"`
	PartitionKeys []string          `json:"partitionKeys"`
	PrimaryKeys   []string          `json:"primaryKeys"`
	Options       map[string]string `json:"options"`
	Comment       *string           `json:"comment"`
	TimeMillis    int64             `json:"timeMillis"`
}

type schemaField struct {
	ID   int             `json:"id"`
	Name string          `json:"name"`
	Type json.RawMessage `json:"type"`
}

func readSchemaFile(t *testing.T, path string) schemaFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s schemaFile
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var raw struct {
		Fields json.RawMessage `json:"fields"`
	}
	_ = json.Unmarshal(data, &raw)
	s.RawFields = raw.Fields
	return s
}

// schemas reads every schema-<id> file of a table root, sorted by id.
func schemas(t *testing.T, root string) []schemaFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(root, "schema", "schema-*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []schemaFile
	for _, p := range paths {
		out = append(out, readSchemaFile(t, p))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// latestSchema is the schema with the highest id.
func latestSchema(t *testing.T, root string) schemaFile {
	t.Helper()
	all := schemas(t, root)
	if len(all) == 0 {
		t.Fatalf("no schema under %s", root)
	}
	return all[len(all)-1]
}

// mysqlColumnType is the MySQL column type of a Paimon type per the type
// mapping of docs/sql.md: STRING -> longtext, TIMESTAMP(p) and
// TIMESTAMP(p) WITH LOCAL TIME ZONE -> datetime(min(p, 6)), nested types
// -> json. It returns the type and whether the column is nullable.
func mysqlColumnType(t *testing.T, raw json.RawMessage) (string, bool) {
	t.Helper()
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		// ARRAY, MAP, MULTISET and ROW are JSON objects.
		var obj struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &obj); err != nil {
			t.Fatalf("type %s: %v", raw, err)
		}
		return "json", !strings.Contains(obj.Type, "NOT NULL")
	}
	nullable := !strings.HasSuffix(s, " NOT NULL")
	s = strings.TrimSuffix(s, " NOT NULL")
	param := func() []int {
		open, end := strings.Index(s, "("), strings.Index(s, ")")
		if open < 0 || end < open {
			return nil
		}
		var out []int
		for _, p := range strings.Split(s[open+1:end], ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				t.Fatalf("type %s: %v", s, err)
			}
			out = append(out, n)
		}
		return out
	}
	base := s
	if i := strings.Index(base, "("); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "STRING":
		return "longtext", nullable
	case "BYTES":
		return "longblob", nullable
	case "BOOLEAN":
		return "tinyint(1)", nullable
	case "TINYINT":
		return "tinyint", nullable
	case "SMALLINT":
		return "smallint", nullable
	case "INT":
		return "int", nullable
	case "BIGINT":
		return "bigint", nullable
	case "FLOAT":
		return "float", nullable
	case "DOUBLE":
		return "double", nullable
	case "DATE":
		return "date", nullable
	case "DECIMAL":
		p := param()
		return fmt.Sprintf("decimal(%d,%d)", p[0], p[1]), nullable
	case "TIMESTAMP", "TIMESTAMP_LTZ":
		p := 6
		if ps := param(); ps != nil {
			p = ps[0]
		}
		if p > 6 {
			p = 6
		}
		if p == 0 {
			return "datetime", nullable
		}
		return fmt.Sprintf("datetime(%d)", p), nullable
	}
	t.Fatalf("type %q is not covered by the test's type mapping", s)
	return "", false
}

// decodeAvro reads every record of an Avro object container file, with
// Avro unions ({"type name": value}) unwrapped.
func decodeAvro(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return decodeAvroFrom(t, path, f)
}

// decodeAvroFrom decodes the Avro container r (named name in failures)
// with its own schema, one map per record.
func decodeAvroFrom(t *testing.T, name string, r io.Reader) []map[string]any {
	t.Helper()
	dec, err := ocf.NewDecoder(r)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []map[string]any
	for dec.HasNext() {
		var m any
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rec, ok := unwrapUnion(m).(map[string]any)
		if !ok {
			t.Fatalf("%s: record %T", name, m)
		}
		out = append(out, rec)
	}
	if err := dec.Error(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// unwrapUnion removes hamba/avro's union wrappers: a map with the single
// key of a type name ("array", "org.apache.paimon...record").
func unwrapUnion(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 1 {
			for k, inner := range x {
				if k == "array" || k == "string" || k == "long" || k == "int" || k == "bytes" || k == "boolean" ||
					strings.HasPrefix(k, "org.apache.paimon") {
					return unwrapUnion(inner)
				}
			}
		}
		out := make(map[string]any, len(x))
		for k, inner := range x {
			out[k] = unwrapUnion(inner)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, inner := range x {
			out[i] = unwrapUnion(inner)
		}
		return out
	}
	return v
}

func asInt(t *testing.T, v any) int64 {
	t.Helper()
	switch n := v.(type) {
	case int:
		return int64(n)
	case int32:
		return int64(n)
	case int64:
		return n
	}
	t.Fatalf("not an integer: %T %v", v, v)
	return 0
}

// manifestMeta is an entry of a manifest list.
type manifestMeta struct {
	name                      string
	size, added, deleted, sch int64
}

// manifestList reads a manifest list of a table.
func manifestList(t *testing.T, root, name string) []manifestMeta {
	t.Helper()
	var out []manifestMeta
	for _, r := range decodeAvro(t, filepath.Join(root, "manifest", name)) {
		out = append(out, manifestMeta{
			name: r["_FILE_NAME"].(string), size: asInt(t, r["_FILE_SIZE"]),
			added: asInt(t, r["_NUM_ADDED_FILES"]), deleted: asInt(t, r["_NUM_DELETED_FILES"]),
			sch: asInt(t, r["_SCHEMA_ID"]),
		})
	}
	return out
}

// snapshotManifests are the manifests of a snapshot: base, then delta.
func snapshotManifests(t *testing.T, root string, s snapshotFile) []manifestMeta {
	t.Helper()
	out := manifestList(t, root, s.BaseManifestList)
	return append(out, manifestList(t, root, s.DeltaManifestList)...)
}

// dataFile is a live data file of a snapshot, from the manifests.
type dataFile struct {
	partition string // the BinaryRow bytes, as an opaque key
	bucket    int64
	name      string
	level     int64
	rows      int64
	size      int64
	schemaID  int64
	minSeq    int64
	maxSeq    int64
	path      string // located in the table directory
}

// liveFiles applies the ADD and DELETE entries of a snapshot's manifests.
func liveFiles(t *testing.T, root string, s snapshotFile) []dataFile {
	t.Helper()
	located := locateFiles(t, root)
	live := map[string]dataFile{}
	var order []string
	for _, m := range snapshotManifests(t, root, s) {
		for _, e := range decodeAvro(t, filepath.Join(root, "manifest", m.name)) {
			f := e["_FILE"].(map[string]any)
			df := dataFile{
				partition: string(e["_PARTITION"].([]byte)),
				bucket:    asInt(t, e["_BUCKET"]),
				name:      f["_FILE_NAME"].(string),
				level:     asInt(t, f["_LEVEL"]),
				rows:      asInt(t, f["_ROW_COUNT"]),
				size:      asInt(t, f["_FILE_SIZE"]),
				schemaID:  asInt(t, f["_SCHEMA_ID"]),
				minSeq:    asInt(t, f["_MIN_SEQUENCE_NUMBER"]),
				maxSeq:    asInt(t, f["_MAX_SEQUENCE_NUMBER"]),
				path:      located[f["_FILE_NAME"].(string)],
			}
			key := fmt.Sprintf("%q/%d/%d/%s", df.partition, df.bucket, df.level, df.name)
			switch asInt(t, e["_KIND"]) {
			case 0:
				if _, ok := live[key]; !ok {
					order = append(order, key)
				}
				live[key] = df
			case 1:
				delete(live, key)
			}
		}
	}
	var out []dataFile
	for _, k := range order {
		if f, ok := live[k]; ok {
			out = append(out, f)
		}
	}
	return out
}

// locateFiles maps the base names of the files under a table directory to
// their paths (data and index file names are unique).
func locateFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			if _, dup := out[d.Name()]; !dup {
				out[d.Name()] = p
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// partitionDir is the partition part of a data file's path relative to the
// table ("f1=10", "p0=0/p1=1", "" when unpartitioned).
func partitionDir(t *testing.T, root, path string) string {
	t.Helper()
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	rel = filepath.ToSlash(rel)
	if i := strings.LastIndex(rel, "bucket-"); i >= 0 {
		rel = strings.TrimSuffix(rel[:i], "/")
	}
	return rel
}

// partitionValues turns "p0=0/p1=1" into "{0, 1}", as $files shows it.
func partitionValues(dir string) string {
	if dir == "" {
		return "{}"
	}
	var vals []string
	for _, kv := range strings.Split(dir, "/") {
		vals = append(vals, kv[strings.Index(kv, "=")+1:])
	}
	return "{" + strings.Join(vals, ", ") + "}"
}

// indexEntry is a live entry of an index manifest.
type indexEntry struct {
	bucket    int64
	indexType string
	name      string
	size      int64
	rows      int64
}

func indexManifest(t *testing.T, root, name string) []indexEntry {
	t.Helper()
	live := map[string]indexEntry{}
	for _, e := range decodeAvro(t, filepath.Join(root, "manifest", name)) {
		ie := indexEntry{
			bucket: asInt(t, e["_BUCKET"]), indexType: e["_INDEX_TYPE"].(string), name: e["_FILE_NAME"].(string),
			size: asInt(t, e["_FILE_SIZE"]), rows: asInt(t, e["_ROW_COUNT"]),
		}
		if asInt(t, e["_KIND"]) == 0 {
			live[ie.name] = ie
		} else {
			delete(live, ie.name)
		}
	}
	var out []indexEntry
	for _, e := range live {
		out = append(out, e)
	}
	return out
}

// parquetRows reads a flat Parquet file into maps by column name; values
// are rendered as MySQL's text protocol shows them.
func parquetRows(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var names []string
	for _, c := range pf.Schema().Columns() {
		if len(c) != 1 {
			t.Fatalf("%s: nested column %v", path, c)
		}
		names = append(names, c[0])
	}
	r := parquet.NewReader(pf)
	defer r.Close()
	var out []map[string]string
	buf := make([]parquet.Row, 16)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			m := map[string]string{}
			for _, v := range row {
				m[names[v.Column()]] = parquetText(v)
			}
			out = append(out, m)
		}
		if err != nil {
			break
		}
	}
	return out
}

func parquetText(v parquet.Value) string {
	if v.IsNull() {
		return "NULL"
	}
	switch v.Kind() {
	case parquet.Double:
		return strconv.FormatFloat(v.Double(), 'g', -1, 64)
	case parquet.Float:
		return strconv.FormatFloat(float64(v.Float()), 'g', -1, 32)
	case parquet.ByteArray, parquet.FixedLenByteArray:
		return string(v.ByteArray())
	}
	return v.String()
}

// committedFiles are the data files added by snapshots 1..s (their delta
// manifests): every record committed up to s, before compaction dropped
// retractions or deletion vectors hid rows.
func committedFiles(t *testing.T, root string, s snapshotFile) []dataFile {
	t.Helper()
	located := locateFiles(t, root)
	seen := map[string]bool{}
	var out []dataFile
	for _, snap := range snapshots(t, root) {
		if snap.ID > s.ID {
			break
		}
		for _, m := range manifestList(t, root, snap.DeltaManifestList) {
			for _, e := range decodeAvro(t, filepath.Join(root, "manifest", m.name)) {
				f := e["_FILE"].(map[string]any)
				name := f["_FILE_NAME"].(string)
				if asInt(t, e["_KIND"]) != 0 || seen[name] {
					continue
				}
				seen[name] = true
				out = append(out, dataFile{
					partition: string(e["_PARTITION"].([]byte)), bucket: asInt(t, e["_BUCKET"]),
					name: name, level: asInt(t, f["_LEVEL"]), path: located[name],
				})
			}
		}
	}
	return out
}

// pkMergeOracle computes a primary-key table (deduplicate merge engine)
// at snapshot s from the records committed up to s: for each key the
// record with the highest sequence number wins, and a key whose winner is
// a retraction (-U, -D) is gone. It returns rows of the value columns in
// schema order. Tables with deletion vectors hide level-0 files from batch
// reads, so the oracle refuses snapshots that still have live ones.
func pkMergeOracle(t *testing.T, root string, s snapshotFile) [][]string {
	t.Helper()
	sch := readSchemaFile(t, filepath.Join(root, "schema", fmt.Sprintf("schema-%d", s.SchemaID)))
	if sch.Options["deletion-vectors.enabled"] == "true" {
		for _, f := range liveFiles(t, root, s) {
			if f.level == 0 {
				t.Fatalf("snapshot %d still has level-0 file %s: the merge oracle does not apply", s.ID, f.name)
			}
		}
	}
	type rec struct {
		seq  int64
		kind string
		row  []string
	}
	winners := map[string]rec{}
	for _, f := range committedFiles(t, root, s) {
		if f.path == "" {
			t.Fatalf("data file %s not found", f.name)
		}
		for _, r := range parquetRows(t, f.path) {
			var key []string
			for _, k := range sch.PrimaryKeys {
				key = append(key, r[k])
			}
			k := fmt.Sprintf("%q/%d/%q", f.partition, f.bucket, key)
			seq, err := strconv.ParseInt(r["_SEQUENCE_NUMBER"], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			row := make([]string, len(sch.Fields))
			for i, fd := range sch.Fields {
				row[i] = r[fd.Name]
			}
			if w, ok := winners[k]; !ok || seq >= w.seq {
				winners[k] = rec{seq: seq, kind: r["_VALUE_KIND"], row: row}
			}
		}
	}
	var out [][]string
	for _, w := range winners {
		if w.kind == "0" || w.kind == "2" { // +I, +U
			out = append(out, w.row)
		}
	}
	return out
}

// utcText formats epoch millis as MySQL DATETIME(3) text in loc.
func millisText(ms int64, loc *time.Location) string {
	return time.UnixMilli(ms).In(loc).Format("2006-01-02 15:04:05.000")
}

// secondText formats epoch millis as 'yyyy-MM-dd HH:mm:ss' in loc.
func secondText(ms int64, loc *time.Location) string {
	return time.UnixMilli(ms).In(loc).Format("2006-01-02 15:04:05")
}

// nullInt renders an optional number as MySQL text.
func nullInt(p *int64) string {
	if p == nil {
		return "NULL"
	}
	return strconv.FormatInt(*p, 10)
}

func nullStr(p *string) string {
	if p == nil {
		return "NULL"
	}
	return *p
}
