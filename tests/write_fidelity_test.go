package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hamba/avro/v2"
	"github.com/hamba/avro/v2/ocf"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	pformat "github.com/parquet-go/parquet-go/format"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
)

// Fidelity: what paimon-sql writes is what Java Paimon writes, checked
// against Java-written files and docs/design/format.md, with decoders independent of
// the code under test.

// Java-written files whose avro.schema header is the 1.4 form of each kind
// of Avro metadata file.
var javaAvroSchemaFiles = map[string]string{
	"manifest-list":  "append_with_global_index/manifest/manifest-list-034c66fb-9d77-44b6-b542-4e6b51008bf7-0",
	"manifest":       "append_with_cast_timestamp/manifest/manifest-93ccc4e1-359c-446f-9aa2-da0cc5e33a74-0",
	"index-manifest": "append_with_global_index/manifest/index-manifest-09c6f62e-f80a-4f47-8e36-1fe1eb8735c6-0",
}

// ocfFile is an Avro object container file split into its parts.
type ocfFile struct {
	schema avro.Schema
	codec  string
	meta   map[string][]byte
	blocks []ocfBlock
}

type ocfBlock struct {
	count int64
	data  []byte // decompressed
}

// splitOCF reads a container file's header and blocks without decoding
// the rows, so that they can be decoded with another schema.
func splitOCF(data []byte) (*ocfFile, error) {
	r := avro.NewReader(bytes.NewReader(data), 4096)
	var h ocf.Header
	r.ReadVal(ocf.HeaderSchema, &h)
	if r.Error != nil {
		return nil, r.Error
	}
	if string(h.Magic[:]) != "Obj\x01" {
		return nil, errors.New("not an Avro container file")
	}
	sch, err := avro.ParseBytes(h.Meta["avro.schema"])
	if err != nil {
		return nil, fmt.Errorf("avro.schema: %w", err)
	}
	f := &ocfFile{schema: sch, codec: string(h.Meta["avro.codec"]), meta: h.Meta}
	var zdec *zstd.Decoder
	for {
		_ = r.Peek()
		if errors.Is(r.Error, io.EOF) {
			break
		}
		count, size := r.ReadLong(), r.ReadLong()
		block := make([]byte, size)
		r.Read(block)
		var sync [16]byte
		r.Read(sync[:])
		if r.Error != nil {
			return nil, r.Error
		}
		if sync != h.Sync {
			return nil, errors.New("block sync marker differs from the header's")
		}
		switch f.codec {
		case "", "null":
		case "zstandard":
			if zdec == nil {
				if zdec, err = zstd.NewReader(nil); err != nil {
					return nil, err
				}
				defer zdec.Close()
			}
			if block, err = zdec.DecodeAll(block, nil); err != nil {
				return nil, fmt.Errorf("zstd block: %w", err)
			}
		default:
			return nil, fmt.Errorf("codec %q", f.codec)
		}
		f.blocks = append(f.blocks, ocfBlock{count, block})
	}
	return f, nil
}

// decodeAs decodes the rows of f, written with f's schema, as a reader
// with schema reader (Avro schema resolution, fields matched by name).
func (f *ocfFile) decodeAs(reader avro.Schema) ([]map[string]any, error) {
	resolved, err := avro.NewSchemaCompatibility().Resolve(reader, f.schema)
	if err != nil {
		return nil, fmt.Errorf("resolve against the Java schema: %w", err)
	}
	var out []map[string]any
	for _, b := range f.blocks {
		r := avro.NewReader(bytes.NewReader(b.data), 4096)
		for i := int64(0); i < b.count; i++ {
			var m map[string]any
			r.ReadVal(resolved, &m)
			if r.Error != nil {
				return nil, r.Error
			}
			out = append(out, unwrapUnion(m).(map[string]any))
		}
	}
	return out, nil
}

// javaAvroSchema is the writer schema of the Java-written file of a kind.
func javaAvroSchema(t *testing.T, kind string) avro.Schema {
	t.Helper()
	rel := javaAvroSchemaFiles[kind]
	table, _, _ := strings.Cut(rel, "/")
	data, err := os.ReadFile(filepath.Join(fixturesDir, table+".db", rel))
	if err != nil {
		t.Fatal(err)
	}
	f, err := splitOCF(data)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return f.schema
}

// avroKind is the kind of a file in manifest/ by its name.
func avroKind(name string) string {
	switch {
	case strings.HasPrefix(name, "manifest-list-"):
		return "manifest-list"
	case strings.HasPrefix(name, "index-manifest-"):
		return "index-manifest"
	case strings.HasPrefix(name, "manifest-"):
		return "manifest"
	}
	return ""
}

// checkAvroFidelity decodes every Avro file under the table's manifest/
// (except those in skip, the Java-written ones) with the Java writer schema
// of its kind, and checks _VERSION and the sizes the rows record. It
// returns how many files of each kind it checked.
func checkAvroFidelity(t *testing.T, fsys *paimonfs.FS, root string, skip map[string]bool) map[string]int {
	t.Helper()
	ctx := context.Background()
	java := map[string]avro.Schema{}
	for kind := range javaAvroSchemaFiles {
		java[kind] = javaAvroSchema(t, kind)
	}
	wantVersion := map[string]int64{"manifest-list": 2, "manifest": 2, "index-manifest": 1}
	checked := map[string]int{}
	entries, err := fsys.List(ctx, root+"/manifest")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if skip[e.Name] {
			continue
		}
		kind := avroKind(e.Name)
		if kind == "" {
			t.Errorf("%s/manifest/%s: not a manifest file name", root, e.Name)
			continue
		}
		data, err := fsys.ReadFile(ctx, root+"/manifest/"+e.Name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := splitOCF(data)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if f.codec != "zstandard" {
			t.Errorf("%s: codec %q, Java writes zstandard", e.Name, f.codec)
		}
		var keys []string
		for k := range f.meta {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if strings.Join(keys, ",") != "avro.codec,avro.schema" {
			t.Errorf("%s: metadata keys %v, Java writes avro.schema and avro.codec", e.Name, keys)
		}
		if f.schema.String() != java[kind].String() {
			t.Errorf("%s: writer schema differs from Java 1.4's %s schema\n ours: %s\njava: %s", e.Name, kind, f.schema, java[kind])
		}
		rows, err := f.decodeAs(java[kind])
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		checked[kind]++
		for _, r := range rows {
			if v := toInt(r["_VERSION"]); v != wantVersion[kind] {
				t.Errorf("%s: _VERSION %d, want %d", e.Name, v, wantVersion[kind])
			}
			switch kind {
			case "manifest-list":
				name := r["_FILE_NAME"].(string)
				if size, err := fsys.Size(ctx, root+"/manifest/"+name); err != nil || size != toInt(r["_FILE_SIZE"]) {
					t.Errorf("%s: manifest %s recorded with size %v, stored %d (%v)", e.Name, name, r["_FILE_SIZE"], size, err)
				}
			case "manifest":
				file := r["_FILE"].(map[string]any)
				if toInt(r["_KIND"]) != 0 {
					continue
				}
				name := file["_FILE_NAME"].(string)
				if p := findData(t, fsys, root, name); p != "" {
					if size, err := fsys.Size(ctx, p); err != nil || size != toInt(file["_FILE_SIZE"]) {
						t.Errorf("%s: data file %s recorded with size %v, stored %d (%v)", e.Name, name, file["_FILE_SIZE"], size, err)
					}
				}
				if src, ok := file["_FILE_SOURCE"]; !ok || src == nil || toInt(src) != 0 {
					t.Errorf("%s: %s: _FILE_SOURCE %v, want 0 (APPEND) for a written file", e.Name, name, src)
				}
				if file["_CREATION_TIME"] == nil {
					t.Errorf("%s: %s: no _CREATION_TIME", e.Name, name)
				}
				if file["_DELETE_ROW_COUNT"] == nil {
					t.Errorf("%s: %s: no _DELETE_ROW_COUNT", e.Name, name)
				}
			case "index-manifest":
				if toInt(r["_KIND"]) != 0 {
					t.Errorf("%s: a DELETE row in an index manifest", e.Name)
				}
			}
		}
	}
	return checked
}

// findData returns the path of a file under a table root by its name.
func findData(t *testing.T, fsys *paimonfs.FS, root, name string) string {
	t.Helper()
	for _, rel := range walkFiles(t, fsys, root) {
		if filepath.Base(rel) == name {
			return root + "/" + rel
		}
	}
	t.Errorf("%s: data file %s not found", root, name)
	return ""
}

// Java's key order of snapshot and schema JSON (docs/design/format.md §2, §3).
var (
	snapshotKeys = []string{"version", "id", "schemaId", "baseManifestList", "baseManifestListSize", "deltaManifestList",
		"deltaManifestListSize", "changelogManifestList", "changelogManifestListSize", "indexManifest", "commitUser",
		"commitIdentifier", "commitKind", "timeMillis", "logOffsets", "totalRecordCount", "deltaRecordCount",
		"changelogRecordCount", "watermark", "statistics", "properties", "nextRowId"}
	schemaKeys = []string{"version", "id", "fields", "highestFieldId", "partitionKeys", "primaryKeys", "options", "comment", "timeMillis"}
)

// jsonKeys returns the top-level keys of a JSON object in text order.
func jsonKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %v", err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// inOrder checks that keys are known and appear in Java's order.
func inOrder(keys, order []string) error {
	pos := map[string]int{}
	for i, k := range order {
		pos[k] = i
	}
	last := -1
	for _, k := range keys {
		p, ok := pos[k]
		if !ok {
			return fmt.Errorf("key %q is not written by Java", k)
		}
		if p < last {
			return fmt.Errorf("key %q out of Java's order %v", k, keys)
		}
		last = p
	}
	return nil
}

func isNumber(v any) bool { _, ok := v.(json.Number); return ok }
func isString(v any) bool { _, ok := v.(string); return ok }

// checkSnapshotJSON checks every snapshot file of a table against
// docs/design/format.md §3 (1.4.2 writer): keys, order, types, sizes and record counts.
func checkSnapshotJSON(t *testing.T, fsys *paimonfs.FS, root string, from int64) {
	t.Helper()
	ctx := context.Background()
	snaps := storedSnapshots(t, fsys, root)
	var prevTotal int64 = -1
	for _, s := range snaps {
		data, err := fsys.ReadFile(ctx, fmt.Sprintf("%s/snapshot/snapshot-%d", root, s.id))
		if err != nil {
			t.Fatal(err)
		}
		if s.id < from {
			prevTotal = toInt(s.m["totalRecordCount"])
			continue
		}
		where := fmt.Sprintf("%s snapshot-%d", root, s.id)
		if err := inOrder(jsonKeys(t, data), snapshotKeys); err != nil {
			t.Errorf("%s: %v", where, err)
		}
		for _, k := range []string{"version", "id", "schemaId", "baseManifestListSize", "deltaManifestListSize", "commitIdentifier", "timeMillis", "totalRecordCount", "deltaRecordCount", "nextRowId"} {
			if !isNumber(s.m[k]) {
				t.Errorf("%s: %s = %v (%T), want a number", where, k, s.m[k], s.m[k])
			}
		}
		for _, k := range []string{"baseManifestList", "deltaManifestList", "commitUser", "commitKind"} {
			if !isString(s.m[k]) || s.m[k] == "" {
				t.Errorf("%s: %s = %v, want a string", where, k, s.m[k])
			}
		}
		for k, v := range s.m {
			if v == nil && k != "changelogManifestList" {
				t.Errorf("%s: %s is null (Java 1.4 leaves it out)", where, k)
			}
		}
		if toInt(s.m["version"]) != 3 {
			t.Errorf("%s: version %v", where, s.m["version"])
		}
		if s.m["commitIdentifier"].(json.Number).String() != "9223372036854775807" {
			t.Errorf("%s: commitIdentifier %v, batch writes use Long.MAX_VALUE", where, s.m["commitIdentifier"])
		}
		switch s.str("commitKind") {
		case "APPEND", "OVERWRITE", "COMPACT", "ANALYZE":
		default:
			t.Errorf("%s: commitKind %v", where, s.m["commitKind"])
		}
		for _, k := range []string{"baseManifestList", "deltaManifestList"} {
			size, err := fsys.Size(ctx, root+"/manifest/"+s.str(k))
			if err != nil || size != toInt(s.m[k+"Size"]) {
				t.Errorf("%s: %sSize %v, file has %d bytes (%v)", where, k, s.m[k+"Size"], size, err)
			}
		}
		// deltaRecordCount = added rows - deleted rows of the delta manifests.
		var delta int64
		for _, meta := range avroRows(t, fsys, root+"/manifest/"+s.str("deltaManifestList")) {
			for _, e := range avroRows(t, fsys, root+"/manifest/"+meta["_FILE_NAME"].(string)) {
				n := toInt(e["_FILE"].(map[string]any)["_ROW_COUNT"])
				if toInt(e["_KIND"]) == 1 {
					n = -n
				}
				delta += n
			}
		}
		if got := toInt(s.m["deltaRecordCount"]); got != delta {
			t.Errorf("%s: deltaRecordCount %d, delta manifests say %d", where, got, delta)
		}
		if prevTotal >= 0 {
			if got := toInt(s.m["totalRecordCount"]); got != prevTotal+delta {
				t.Errorf("%s: totalRecordCount %d, want %d + %d", where, got, prevTotal, delta)
			}
		}
		prevTotal = toInt(s.m["totalRecordCount"])
	}
}

// checkSchemaJSON checks a schema file we wrote against docs/design/format.md §2 and
// returns its fields as id -> (name, type JSON).
func checkSchemaJSON(t *testing.T, fsys *paimonfs.FS, p string) map[string]any {
	t.Helper()
	data, err := fsys.ReadFile(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if err := inOrder(jsonKeys(t, data), schemaKeys); err != nil {
		t.Errorf("%s: %v", p, err)
	}
	m := readJSON(t, fsys, p)
	for _, k := range []string{"version", "id", "fields", "highestFieldId", "partitionKeys", "primaryKeys", "options", "timeMillis"} {
		if _, ok := m[k]; !ok {
			t.Errorf("%s: no %s", p, k)
		}
	}
	if toInt(m["version"]) != 3 {
		t.Errorf("%s: version %v", p, m["version"])
	}
	for _, k := range []string{"partitionKeys", "primaryKeys"} {
		if _, ok := m[k].([]any); !ok {
			t.Errorf("%s: %s = %v, want an array", p, k, m[k])
		}
	}
	if opts, ok := m["options"].(map[string]any); !ok {
		t.Errorf("%s: options %v", p, m["options"])
	} else {
		for k, v := range opts {
			if !isString(v) {
				t.Errorf("%s: option %s = %v is not a string", p, k, v)
			}
		}
	}
	if c, ok := m["comment"]; ok && !isString(c) {
		t.Errorf("%s: comment %v", p, c)
	}
	var maxID int64 = -1
	for _, f := range m["fields"].([]any) {
		fm := f.(map[string]any)
		var keys []string
		for k := range fm {
			keys = append(keys, k)
		}
		for _, k := range keys {
			if k != "id" && k != "name" && k != "type" && k != "description" && k != "defaultValue" {
				t.Errorf("%s: field key %q", p, k)
			}
		}
		if id := toInt(fm["id"]); id > maxID {
			maxID = id
		}
		if _, ok := fm["description"]; ok && fm["description"] == nil {
			t.Errorf("%s: null description written (Java omits it)", p)
		}
	}
	if toInt(m["highestFieldId"]) < maxID {
		t.Errorf("%s: highestFieldId %v < max field id %d", p, m["highestFieldId"], maxID)
	}
	return m
}

// parquetType is a Parquet column's physical and logical type.
func parquetType(el pformat.SchemaElement) string {
	var b strings.Builder
	if typ, ok := el.Type.Get(); ok {
		fmt.Fprintf(&b, "%s", typ)
		if n, ok := el.TypeLength.Get(); ok && typ == pformat.FixedLenByteArray {
			fmt.Fprintf(&b, "(%d)", n)
		}
	} else {
		b.WriteString("group")
	}
	if el.LogicalType.Value != nil {
		fmt.Fprintf(&b, " %s", el.LogicalType.String())
	}
	return b.String()
}

// parquetColumn describes a top-level Parquet column: name, repetition,
// type and field id.
func parquetColumn(el pformat.SchemaElement) string {
	rep, _ := el.RepetitionType.Get()
	return fmt.Sprintf("%s %s %s id=%d", el.Name, rep, parquetType(el), el.FieldID)
}

// parquetSchema opens a Parquet file on the warehouse and returns its
// message name and top-level columns.
func parquetSchema(t *testing.T, fsys *paimonfs.FS, p string) (string, []pformat.SchemaElement) {
	t.Helper()
	f, err := fsys.OpenFile(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, f.Size())
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	els := pf.Metadata().Schema
	return els[0].Name, els[1:]
}

// javaParquetTypes maps a Paimon type (schema JSON text, nullable) to the
// Parquet column Java writes for it, taken from the Java-written data files
// of the fixture tables that have a single schema.
func javaParquetTypes(t *testing.T) map[string]string {
	t.Helper()
	fsys, err := paimonfs.Open(context.Background(), fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	out := map[string]string{}
	for _, name := range fixtureTables(t) {
		root := name + ".db/" + name
		if schemas := walkFiles(t, fsys, root+"/schema"); len(schemas) != 1 {
			continue
		}
		sch := readJSON(t, fsys, root+"/schema/schema-0")
		byID := map[int64]string{}
		for _, f := range sch["fields"].([]any) {
			fm := f.(map[string]any)
			if typ, ok := fm["type"].(string); ok {
				byID[toInt(fm["id"])] = strings.TrimSuffix(typ, " NOT NULL")
			}
		}
		for _, rel := range walkFiles(t, fsys, root) {
			if !strings.HasSuffix(rel, ".parquet") || strings.Contains(rel, "branch/") {
				continue
			}
			_, cols := parquetSchema(t, fsys, root+"/"+rel)
			for _, c := range cols {
				typ, ok := byID[int64(c.FieldID)]
				if _, group := c.NumChildren.Get(); !ok || group {
					continue
				}
				out[typ] = parquetType(c)
			}
		}
	}
	return out
}

// specParquetType is docs/design/format.md §6.2's Parquet type of a Paimon type, for
// the types no Java-written fixture file has.
func specParquetType(typ string) string {
	var p, sc int
	switch {
	case typ == "BOOLEAN":
		return "BOOLEAN"
	case typ == "TINYINT":
		return "INT32 INT(8,true)"
	case typ == "SMALLINT":
		return "INT32 INT(16,true)"
	case typ == "INT":
		return "INT32"
	case typ == "BIGINT":
		return "INT64"
	case typ == "FLOAT":
		return "FLOAT"
	case typ == "DOUBLE":
		return "DOUBLE"
	case typ == "DATE":
		return "INT32 DATE"
	case strings.HasPrefix(typ, "TIME("):
		return "INT32 TIME(isAdjustedToUTC=true,unit=MILLIS)"
	case typ == "STRING" || strings.HasPrefix(typ, "VARCHAR(") || strings.HasPrefix(typ, "CHAR("):
		return "BYTE_ARRAY STRING"
	case typ == "BYTES" || strings.HasPrefix(typ, "VARBINARY(") || strings.HasPrefix(typ, "BINARY("):
		return "BYTE_ARRAY"
	}
	if n, _ := fmt.Sscanf(typ, "DECIMAL(%d, %d)", &p, &sc); n == 2 {
		switch {
		case p <= 9:
			return fmt.Sprintf("INT32 DECIMAL(%d,%d)", p, sc)
		case p <= 18:
			return fmt.Sprintf("INT64 DECIMAL(%d,%d)", p, sc)
		}
		n := 1
		for ; ; n++ {
			// smallest n with 2^(8n-1) >= 10^p
			if float64(8*n-1)*0.30102999566398120 >= float64(p) {
				break
			}
		}
		return fmt.Sprintf("FIXED_LEN_BYTE_ARRAY(%d) DECIMAL(%d,%d)", n, p, sc)
	}
	var tp int
	ltz := strings.HasSuffix(typ, " WITH LOCAL TIME ZONE")
	if n, _ := fmt.Sscanf(strings.TrimSuffix(typ, " WITH LOCAL TIME ZONE"), "TIMESTAMP(%d)", &tp); n == 1 {
		switch {
		case tp <= 3:
			return fmt.Sprintf("INT64 TIMESTAMP(isAdjustedToUTC=%v,unit=MILLIS)", ltz)
		case tp <= 6:
			return fmt.Sprintf("INT64 TIMESTAMP(isAdjustedToUTC=%v,unit=MICROS)", ltz)
		}
		return "INT96"
	}
	return "?" + typ
}

// checkParquetFidelity checks the columns of every live data file of a
// table we wrote: Paimon's message name, field names and ids, repetition
// and the types Java writes (from Java-written files where a fixture has
// the type, else docs/design/format.md §6.2), with the primary-key layout of §6.4.
func checkParquetFidelity(t *testing.T, fsys *paimonfs.FS, root string, oracle map[string]string, skip map[string]bool) int {
	t.Helper()
	tf := referenced(t, fsys, root)
	checked := 0
	for _, le := range tf.latestLive() {
		if skip[le.name] {
			continue
		}
		sch := readJSON(t, fsys, fmt.Sprintf("%s/schema/schema-%d", root, le.schemaID))
		type field struct {
			id       int64
			name     string
			typ      string
			nullable bool
		}
		var fields []field
		byName := map[string]field{}
		for _, f := range sch["fields"].([]any) {
			fm := f.(map[string]any)
			typ, _ := fm["type"].(string)
			fd := field{toInt(fm["id"]), fm["name"].(string), strings.TrimSuffix(typ, " NOT NULL"), !strings.HasSuffix(typ, " NOT NULL")}
			fields = append(fields, fd)
			byName[fd.name] = fd
		}
		expect := func(f field) string {
			typ, ok := oracle[f.typ]
			if !ok {
				typ = specParquetType(f.typ)
			}
			rep := "OPTIONAL"
			if !f.nullable {
				rep = "REQUIRED"
			}
			return fmt.Sprintf("%s %s %s id=%d", f.name, rep, typ, f.id)
		}
		var want []string
		if pks := toStrings(sch["primaryKeys"]); len(pks) > 0 {
			parts := map[string]bool{}
			for _, p := range toStrings(sch["partitionKeys"]) {
				parts[p] = true
			}
			for _, k := range pks {
				if parts[k] {
					continue
				}
				f := byName[k]
				f.name, f.id, f.nullable = "_KEY_"+k, f.id+1073741823, false
				want = append(want, expect(f))
			}
			want = append(want, "_SEQUENCE_NUMBER REQUIRED INT64 id=2147483646", "_VALUE_KIND REQUIRED INT32 INT(8,true) id=2147483645")
		}
		for _, f := range fields {
			want = append(want, expect(f))
		}
		p := findData(t, fsys, root, le.name)
		if p == "" {
			continue
		}
		msg, cols := parquetSchema(t, fsys, p)
		if msg != "paimon_schema" {
			t.Errorf("%s: message %q, want paimon_schema", p, msg)
		}
		var got []string
		for _, c := range cols {
			got = append(got, parquetColumn(c))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: Parquet columns\n got: %s\nwant: %s", p, strings.Join(got, "\n      "), strings.Join(want, "\n      "))
		}
		checked++
	}
	return checked
}

// The Paimon type each MySQL column type of the types table creates
// (docs/sql.md §3, read backwards), as the schema JSON writes it.
var typesTable = []struct{ col, mysql, paimon string }{
	{"i", "INT NOT NULL", "INT NOT NULL"},
	{"tiny", "TINYINT", "TINYINT"},
	{"small", "SMALLINT", "SMALLINT"},
	{"big", "BIGINT", "BIGINT"},
	{"fl", "FLOAT", "FLOAT"},
	{"db", "DOUBLE", "DOUBLE"},
	{"dec1", "DECIMAL(5,2)", "DECIMAL(5, 2)"},
	{"dec2", "DECIMAL(15,3)", "DECIMAL(15, 3)"},
	{"dec3", "DECIMAL(30,4)", "DECIMAL(30, 4)"},
	{"d", "DATE", "DATE"},
	{"ts0", "DATETIME", "TIMESTAMP(0)"},
	{"ts3", "DATETIME(3)", "TIMESTAMP(3)"},
	{"ts6", "DATETIME(6)", "TIMESTAMP(6)"},
	{"ltz3", "TIMESTAMP(3)", "TIMESTAMP(3) WITH LOCAL TIME ZONE"},
	{"ltz6", "TIMESTAMP(6)", "TIMESTAMP(6) WITH LOCAL TIME ZONE"},
	{"c", "CHAR(5)", "CHAR(5)"},
	{"vc", "VARCHAR(20)", "VARCHAR(20)"},
	{"txt", "TEXT", "STRING"},
	{"vb", "VARBINARY(16)", "VARBINARY(16)"},
	{"bl", "BLOB", "BYTES"},
	{"b", "BOOLEAN", "BOOLEAN"},
}

// TestWriteFidelity writes every kind of table and statement, then checks
// all Avro, Parquet and JSON files written against Java's.
func TestWriteFidelity(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	var cols []string
	for _, c := range typesTable {
		cols = append(cols, c.col+" "+c.mysql)
	}
	sqlRun(t, w.db, "CREATE DATABASE fd",
		"CREATE TABLE fd.types ("+strings.Join(cols, ", ")+") COMMENT 'all types'",
		"INSERT INTO fd.types VALUES (1, 1, 1, 1, 1.5, 2.5, 123.45, 123456789012.345, 12345678901234567890123456.7890, '2024-02-29', "+
			"'2024-02-29 01:02:03', '2024-02-29 01:02:03.123', '2024-02-29 01:02:03.123456', '2024-02-29 01:02:03.123', '2024-02-29 01:02:03.123456', "+
			"'abc', 'varchar', 'text', X'0102', X'ff00', true)",
		"INSERT INTO fd.types (i) VALUES (2)",
		"CREATE TABLE fd.pk (dt VARCHAR(10) NOT NULL, id BIGINT NOT NULL, name TEXT, PRIMARY KEY (dt, id)) PARTITIONED BY (dt) WITH ('bucket' = '2')",
		"INSERT INTO fd.pk VALUES ('a', 1, 'x'), ('a', 2, 'y'), ('b', 1, 'z')",
		"UPDATE fd.pk SET name = 'Y' WHERE id = 2",
		"DELETE FROM fd.pk WHERE dt = 'b'",
		"INSERT OVERWRITE fd.pk PARTITION (dt = 'a') VALUES ('a', 3, 'w')",
		"CREATE TABLE fd.fb (id INT, v TEXT) PARTITIONED BY (v) WITH ('bucket' = '3', 'bucket-key' = 'id')",
		"INSERT INTO fd.fb VALUES (1, 'p'), (2, 'p'), (3, 'q'), (4, 'q')",
		"INSERT OVERWRITE fd.fb /*+ OPTIONS('dynamic-partition-overwrite' = 'true') */ VALUES (5, 'q')",
		"TRUNCATE TABLE fd.fb",
		"INSERT INTO fd.fb VALUES (6, 'r')",
	)
	wantRows(t, w.db, split(
		"1|1|1|1|1.5|2.5|123.45|123456789012.345|12345678901234567890123456.7890|2024-02-29|2024-02-29 01:02:03|2024-02-29 01:02:03.123|2024-02-29 01:02:03.123456|2024-02-29 01:02:03.123|2024-02-29 01:02:03.123456|abc|varchar|text|0102|FF00|1",
		"2|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL",
	), "SELECT i, tiny, small, big, fl, db, dec1, dec2, dec3, d, ts0, ts3, ts6, ltz3, ltz6, c, vc, txt, HEX(vb), HEX(bl), b FROM fd.types")
	wantRows(t, w.db, split("a|3|w"), "SELECT * FROM fd.pk")
	wantRows(t, w.db, split("6|r"), "SELECT * FROM fd.fb")

	oracle := javaParquetTypes(t)
	total := map[string]int{}
	for _, table := range []string{"types", "pk", "fb"} {
		root := "fd.db/" + table
		checkStorage(t, w.fs, "fd", table)
		for k, n := range checkAvroFidelity(t, w.fs, root, nil) {
			total[k] += n
		}
		checkSnapshotJSON(t, w.fs, root, 1)
		for _, s := range walkFiles(t, w.fs, root+"/schema") {
			checkSchemaJSON(t, w.fs, root+"/schema/"+s)
		}
		n := checkParquetFidelity(t, w.fs, root, oracle, nil)
		if n == 0 && table != "fb" {
			t.Errorf("%s: no data file checked", root)
		}
		t.Logf("%s: %d Parquet files checked", root, n)
	}
	t.Logf("Avro files checked: %v", total)
	if total["manifest-list"] == 0 || total["manifest"] == 0 {
		t.Errorf("checked Avro files: %v", total)
	}
	// The schema JSON holds Java's type strings and keeps the clauses.
	sch := checkSchemaJSON(t, w.fs, "fd.db/types/schema/schema-0")
	for i, f := range sch["fields"].([]any) {
		fm := f.(map[string]any)
		if i >= len(typesTable) {
			t.Errorf("extra field %v", fm)
			continue
		}
		if fm["name"] != typesTable[i].col || fm["type"] != typesTable[i].paimon || toInt(fm["id"]) != int64(i) {
			t.Errorf("field %d = %v %v %v, want %d %s %s", i, fm["id"], fm["name"], fm["type"], i, typesTable[i].col, typesTable[i].paimon)
		}
	}
	if sch["comment"] != "all types" || toInt(sch["highestFieldId"]) != int64(len(typesTable)-1) {
		t.Errorf("comment %v, highestFieldId %v", sch["comment"], sch["highestFieldId"])
	}
	pk := checkSchemaJSON(t, w.fs, "fd.db/pk/schema/schema-0")
	if fmt.Sprint(pk["partitionKeys"], pk["primaryKeys"], pk["options"]) != "[dt] [dt id] map[bucket:2]" {
		t.Errorf("pk schema: partitionKeys %v primaryKeys %v options %v", pk["partitionKeys"], pk["primaryKeys"], pk["options"])
	}
}

// skipJava lists the files of a table's manifest/ directory before our
// writes, so that only ours are checked.
func manifestNames(t *testing.T, fsys *paimonfs.FS, root string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, n := range walkFiles(t, fsys, root+"/manifest") {
		out[n] = true
	}
	return out
}

// A copy of a Java-written table accepts our writes: old and new rows read
// back, our metadata files decode with Java's schemas, and no new orphan
// or missing file appears.
func TestWriteIntoJavaWrittenTables(t *testing.T) {
	e := startServer(t, nil)
	fsys := mustOpen(t, e.dir)
	t.Cleanup(func() { _ = fsys.Close() })
	oracle := javaParquetTypes(t)
	type step struct {
		table string
		stmts []string
		// compactions are the COMPACT snapshots the statements' writers
		// commit after their APPEND ones.
		compactions int
		check       func(t *testing.T, before [][]string)
	}
	steps := []step{
		{
			table: "append_with_global_index",
			stmts: []string{"INSERT INTO append_with_global_index.append_with_global_index VALUES ('Zed', 30, 2, 19.5), (NULL, NULL, NULL, NULL)"},
			check: func(t *testing.T, before [][]string) {
				want := append(append([][]string{}, before...), split("Zed|30|2|19.5", "NULL|NULL|NULL|NULL")...)
				wantRows(t, e.db, want, "SELECT * FROM append_with_global_index.append_with_global_index")
				if len(before) != 8 {
					t.Errorf("%d rows before, the README lists 8", len(before))
				}
			},
		},
		{
			table: "pk_table_with_mor",
			// A new key, an existing key with a larger sequence field (wins)
			// and an existing key with a smaller one (loses).
			stmts: []string{"INSERT INTO pk_table_with_mor.pk_table_with_mor (k1, k0, p0, p1, s1, s0, v0, v1, v2) VALUES " +
				"(7, 7, 0, 0, 'new', X'01', 1, 'n', 1), (0, 0, 0, 0, 'zzz', X'FFFF', 2, 'w', 2), (1, 1, 0, 0, 'aaa', X'', 3, 'l', 3)"},
			check: func(t *testing.T, before [][]string) {
				got := mustQuery(t, e.db, "SELECT k1, k0, p0, p1, s1, v0, v1, v2 FROM pk_table_with_mor.pk_table_with_mor").rows
				var want []string
				for _, r := range before {
					k := r[0] + "|" + r[1] + "|" + r[2] + "|" + r[3]
					switch k {
					case "0|0|0|0":
						want = append(want, "0|0|0|0|zzz|2|w|2")
					default:
						want = append(want, strings.Join(r, "|"))
					}
				}
				want = append(want, "7|7|0|0|new|1|n|1")
				sameRows(t, "pk_table_with_mor after upserts", got, split(want...))
			},
		},
		{
			table: "pk_dv_index_not_in_data_no_external",
			// The INSERT's writer forces its level-0 files up (lookup
			// compaction, a COMPACT snapshot), so its rows are read at once,
			// as in Java. An overwrite of partition 10 (which has deletion
			// vectors) drops its index files and writes rows read at once.
			stmts: []string{"INSERT INTO pk_dv_index_not_in_data_no_external.pk_dv_index_not_in_data_no_external VALUES ('Newton', 10, 1, 1.5), ('Ada', 20, 0, 2.5)",
				"INSERT OVERWRITE pk_dv_index_not_in_data_no_external.pk_dv_index_not_in_data_no_external PARTITION (f1 = 10) VALUES ('Grace', 10, 1, 3.5)"},
			compactions: 1,
			check: func(t *testing.T, before [][]string) {
				var kept [][]string
				for _, r := range before {
					if r[1] != "10" {
						kept = append(kept, r)
					}
				}
				want := append(mergeRows(kept, []string{"Ada|20|0|2.5"}, []int{0, 1, 2}), split("Grace|10|1|3.5")...)
				wantRows(t, e.db, want, "SELECT * FROM pk_dv_index_not_in_data_no_external.pk_dv_index_not_in_data_no_external")
				res := mustQuery(t, e.db, "SELECT `partition`, level, record_count FROM `pk_dv_index_not_in_data_no_external`.`pk_dv_index_not_in_data_no_external$files` WHERE level = 0")
				sameRows(t, "level-0 files", res.rows, nil)
				wantRows(t, e.db, nil, "SELECT * FROM `pk_dv_index_not_in_data_no_external`.`pk_dv_index_not_in_data_no_external$table_indexes`")
			},
		},
	}
	for _, s := range steps {
		t.Run(s.table, func(t *testing.T) {
			root := s.table + ".db/" + s.table
			missing0, orphans0, broken0, _ := fileProblems(t, fsys, root)
			javaFiles := manifestNames(t, fsys, root)
			javaData := map[string]bool{}
			for _, rel := range walkFiles(t, fsys, root) {
				javaData[filepath.Base(rel)] = true
			}
			cols := "*"
			if s.table == "pk_table_with_mor" {
				cols = "k1, k0, p0, p1, s1, v0, v1, v2"
			}
			before := mustQuery(t, e.db, fmt.Sprintf("SELECT %s FROM %s.%s", cols, s.table, s.table)).rows
			snaps0 := storedSnapshots(t, fsys, root)
			sqlRun(t, e.db, s.stmts...)
			s.check(t, before)
			missing, orphans, broken, _ := fileProblems(t, fsys, root)
			if strings.Join(missing, ",") != strings.Join(missing0, ",") || len(broken) > len(broken0) {
				t.Errorf("missing files %v (before %v); %v", missing, missing0, broken)
			}
			old := map[string]bool{}
			for _, o := range orphans0 {
				old[o] = true
			}
			for _, o := range orphans {
				if !old[o] {
					t.Errorf("new orphan %s", o)
				}
			}
			snaps := storedSnapshots(t, fsys, root)
			added := len(s.stmts) + s.compactions
			if len(snaps) != len(snaps0)+added || snaps[len(snaps)-1].id != snaps0[len(snaps0)-1].id+int64(added) {
				t.Errorf("snapshots %d -> %d after %d statements and %d compactions", len(snaps0), len(snaps), len(s.stmts), s.compactions)
			}
			checked := checkAvroFidelity(t, fsys, root, javaFiles)
			t.Logf("our Avro files checked: %v", checked)
			checkSnapshotJSON(t, fsys, root, snaps0[len(snaps0)-1].id+1)
			if s.table == "pk_dv_index_not_in_data_no_external" && checked["index-manifest"] == 0 {
				t.Errorf("overwriting the partition holding deletion vectors wrote no index manifest")
			}
			if s.table != "append_with_global_index" { // one schema: Java's oracle applies
				t.Logf("Parquet files checked: %d", checkParquetFidelity(t, fsys, root, oracle, javaData))
			}
		})
	}
}
