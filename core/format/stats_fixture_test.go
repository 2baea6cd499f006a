package format

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// tableSchema is what the stats test needs from schema/schema-<id>.
type tableSchema struct {
	Fields        []types.DataField `json:"fields"`
	PrimaryKeys   []string          `json:"primaryKeys"`
	PartitionKeys []string          `json:"partitionKeys"`
	Options       map[string]string `json:"options"`
}

func readTableSchema(t *testing.T, dir string, id int64) tableSchema {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "schema", "schema-"+strconv.FormatInt(id, 10)))
	if err != nil {
		t.Fatal(err)
	}
	var s tableSchema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// fixtureEntries returns the manifest entries of a table, one per data file.
func fixtureEntries(t *testing.T, dir string) []spec.ManifestEntry {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "manifest", "manifest-*"))
	seen := map[string]bool{}
	var out []spec.ManifestEntry
	for _, p := range paths {
		if strings.HasPrefix(filepath.Base(p), "manifest-list-") {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := ReadManifest(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, e := range entries {
			if !seen[e.File.FileName] {
				seen[e.File.FileName] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// findDataFile locates a data file by name anywhere under the table.
func findDataFile(t *testing.T, dir, name string) string {
	t.Helper()
	for _, p := range dataFiles(t, dir) {
		if filepath.Base(p) == name {
			return p
		}
	}
	return ""
}

// The key fidelity test: for every Java-written data file of the fixtures,
// statistics computed from its rows with the table's options equal the
// _VALUE_STATS, _VALUE_STATS_COLS and (primary-key tables) _KEY_STATS that
// Java recorded in its manifest.
func TestStatsMatchJavaManifests(t *testing.T) {
	dbs, _ := filepath.Glob(filepath.Join(fixtures, "*.db"))
	if len(dbs) == 0 {
		t.Fatalf("no fixture tables in %s (committed in testdata/java-written)", fixtures)
	}
	compared := 0
	for _, db := range dbs {
		name := strings.TrimSuffix(filepath.Base(db), ".db")
		t.Run(name, func(t *testing.T) {
			dir := tableDir(t, name)
			for _, e := range fixtureEntries(t, dir) {
				path := findDataFile(t, dir, e.File.FileName)
				if path == "" || e.File.ExternalPath != nil {
					continue // expired or elsewhere
				}
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if !javaWritten(footer(t, data)) {
					continue
				}
				checkFileStats(t, dir, path, data, e.File)
				compared++
			}
		})
	}
	if compared == 0 {
		t.Fatal("no data file compared")
	}
	t.Logf("compared the statistics of %d Java-written data files", compared)
}

func checkFileStats(t *testing.T, dir, path string, data []byte, meta spec.DataFileMeta) {
	t.Helper()
	s := readTableSchema(t, dir, meta.SchemaID)
	fields := s.Fields
	level, nKeys, firstValue := -1, 0, 0
	options := s.Options
	if len(s.PrimaryKeys) > 0 {
		fields = keyValueFields(t, dir, int(meta.SchemaID))
		nKeys = len(fields) - len(s.Fields) - 2
		firstValue = nKeys + 2
		level = int(meta.Level)
		if !hasFieldIDs(mustSchemaTree(t, data)) {
			options = paimon09KeyModes(s.Options, fields[:nKeys])
		}
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	modes, err := StatsModes(options, names, level)
	if err != nil {
		t.Fatal(err)
	}
	dense, err := StatsDenseStore(s.Options)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewStatsCollector(fields, modes)
	if err != nil {
		t.Fatal(err)
	}
	c.Collect(readBytes(t, data, fields, 0))

	valueCols := make([]int, 0, len(s.Fields))
	for i := firstValue; i < len(fields); i++ {
		valueCols = append(valueCols, i)
	}
	got, gotCols, err := c.SimpleStats(valueCols, dense)
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Base(path)
	if !reflect.DeepEqual(gotCols, meta.ValueStatsCols) {
		t.Errorf("%s: _VALUE_STATS_COLS %q, Java %q", base, gotCols, meta.ValueStatsCols)
	}
	compareStats(t, base+" _VALUE_STATS", got, meta.ValueStats, statsTypes(fields, valueCols, gotCols))
	if len(s.PrimaryKeys) > 0 {
		keyCols := make([]int, nKeys)
		for i := range keyCols {
			keyCols[i] = i
		}
		got, _, err := c.SimpleStats(keyCols, false)
		if err != nil {
			t.Fatal(err)
		}
		compareStats(t, base+" _KEY_STATS", got, meta.KeyStats, statsTypes(fields, keyCols, nil))
	}
}

// paimon09KeyModes emulates Paimon 0.9, which gave _KEY_ columns the
// table's stats mode; 1.x uses truncate(128) (the 0.9 fixture files are
// recognised by their lack of Parquet field ids).
func paimon09KeyModes(options map[string]string, keys []types.DataField) map[string]string {
	out := map[string]string{}
	for k, v := range options {
		out[k] = v
	}
	mode, ok := options["metadata.stats-mode"]
	if !ok {
		mode = "truncate(16)"
	}
	for _, k := range keys {
		out["fields."+k.Name+".stats-mode"] = mode
	}
	return out
}

func mustSchemaTree(t *testing.T, data []byte) *pqNode {
	t.Helper()
	root, err := buildSchemaTree(footer(t, data).Schema)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// statsTypes are the types of the covered columns, for decoding failures.
func statsTypes(fields []types.DataField, cols []int, names []string) []types.DataType {
	var out []types.DataType
	for _, j := range cols {
		if names == nil || contains(names, fields[j].Name) {
			out = append(out, fields[j].Type.WithNullable(true))
		}
	}
	return out
}

func compareStats(t *testing.T, what string, got, want spec.SimpleStats, fts []types.DataType) {
	t.Helper()
	if !bytes.Equal(got.MinValues, want.MinValues) || !bytes.Equal(got.MaxValues, want.MaxValues) {
		gmin, _ := binrow.Decode(got.MinValues, fts)
		gmax, _ := binrow.Decode(got.MaxValues, fts)
		wmin, _ := binrow.Decode(want.MinValues, fts)
		wmax, _ := binrow.Decode(want.MaxValues, fts)
		t.Errorf("%s: min/max\n got %v / %v (%x / %x)\nJava %v / %v (%x / %x)", what, gmin, gmax, got.MinValues, got.MaxValues, wmin, wmax, want.MinValues, want.MaxValues)
	}
	if len(got.NullCounts) != len(want.NullCounts) {
		t.Errorf("%s: %d null counts, Java %d", what, len(got.NullCounts), len(want.NullCounts))
		return
	}
	for i := range got.NullCounts {
		g, w := got.NullCounts[i], want.NullCounts[i]
		if (g == nil) != (w == nil) || g != nil && *g != *w {
			t.Errorf("%s: null count %d: got %v, Java %v", what, i, deref(g), deref(w))
		}
	}
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// ReadManifest and ReadManifestList are core/manifest's readers, which the
// tests of this package use to learn what Java recorded. core/manifest
// imports this package, so these tests cannot import it: the external test
// package (manifest_readers_test.go) sets them.
var (
	ReadManifest     func(io.Reader) ([]spec.ManifestEntry, error)
	ReadManifestList func(io.Reader) ([]spec.ManifestFileMeta, error)
)
