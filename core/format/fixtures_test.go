package format

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

const fixtures = "../../testdata/java-written"

// tableDir is the directory of a Java-written fixture table; a missing one
// fails the test (the fixtures are committed).
func tableDir(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(fixtures, name+".db", name)
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("fixture %s (committed in testdata/java-written): %v", name, err)
	}
	return dir
}

// schemaFields parses the "fields" of schema/schema-<id>.
func schemaFields(t *testing.T, dir string, id int) []types.DataField {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "schema", "schema-"+strconv.Itoa(id)))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Fields []types.DataField `json:"fields"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s.Fields
}

// dataFiles lists the table's Parquet data files, sorted.
func dataFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".parquet" {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// readAll reads a whole file and checks that positions are consecutive.
func readAll(t *testing.T, path string, fields []types.DataField, opts ReadOptions) [][]any {
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
	r, err := OpenParquet(f, st.Size(), fields, opts)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer r.Close()
	var rows [][]any
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b.FirstPosition != int64(len(rows)) && opts.SkipRowGroup == nil {
			t.Fatalf("%s: batch at %d after %d rows", path, b.FirstPosition, len(rows))
		}
		rows = append(rows, b.Rows...)
	}
	return rows
}

// keyValueFields is the physical field list of a primary-key table's data
// files (docs/design/format.md §6.4): _KEY_ fields of the trimmed primary key, the
// sequence number and value kind, then the table fields.
func keyValueFields(t *testing.T, dir string, id int) []types.DataField {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "schema", "schema-"+strconv.Itoa(id)))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Fields        []types.DataField `json:"fields"`
		PrimaryKeys   []string          `json:"primaryKeys"`
		PartitionKeys []string          `json:"partitionKeys"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	var out []types.DataField
	for _, k := range s.PrimaryKeys {
		if contains(s.PartitionKeys, k) {
			continue
		}
		for _, f := range s.Fields {
			if f.Name == k {
				out = append(out, types.DataField{ID: f.ID + 1073741823, Name: "_KEY_" + f.Name, Type: f.Type.WithNullable(false)})
			}
		}
	}
	out = append(out,
		types.DataField{ID: 2147483646, Name: "_SEQUENCE_NUMBER", Type: types.New(types.BigInt).WithNullable(false)},
		types.DataField{ID: 2147483645, Name: "_VALUE_KIND", Type: types.New(types.TinyInt).WithNullable(false)})
	return append(out, s.Fields...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func countRows(r *ParquetReader) (int64, error) {
	var n int64
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n += int64(len(b.Rows))
	}
}
