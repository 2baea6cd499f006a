package format

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/parquet-go/parquet-go"
	pqformat "github.com/parquet-go/parquet-go/format"
)

// describeSchema renders the parts of a footer schema Java's writer decides:
// names, field ids, repetition, physical and logical types, converted types,
// decimal scale/precision, lengths and the tree shape. created_by and
// everything outside the schema are ignored.
func describeSchema(elems []pqformat.SchemaElement) string {
	var b strings.Builder
	for i, e := range elems {
		rep := "-"
		if i > 0 && e.RepetitionType.Valid {
			rep = e.RepetitionType.V.String()
		}
		fmt.Fprintf(&b, "%s id=%d rep=%s", e.Name, e.FieldID, rep)
		if e.Type.Valid {
			fmt.Fprintf(&b, " type=%s", e.Type.V)
		}
		if e.TypeLength.Valid {
			fmt.Fprintf(&b, " len=%d", e.TypeLength.V)
		}
		if e.ConvertedType.Valid {
			fmt.Fprintf(&b, " conv=%d", e.ConvertedType.V)
		}
		if lt := e.LogicalType.Value; lt != nil {
			fmt.Fprintf(&b, " logical=%s", lt)
		}
		if e.Scale.Valid || e.Precision.Valid {
			fmt.Fprintf(&b, " scale=%d precision=%d", e.Scale.V, e.Precision.V)
		}
		if e.NumChildren.Valid {
			fmt.Fprintf(&b, " children=%d", e.NumChildren.V)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func footer(t *testing.T, data []byte) *pqformat.FileMetaData {
	t.Helper()
	f, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return f.Metadata()
}

// javaWritten tells files written by Java (parquet-mr); some fixture tables
// also hold files written by paimon-cpp (parquet-cpp-arrow).
func javaWritten(md *pqformat.FileMetaData) bool {
	return strings.HasPrefix(md.CreatedBy, "parquet-mr")
}

// writeFile writes rows with fields and returns the file bytes.
func writeFile(t testing.TB, fields []types.DataField, rows [][]any, opts WriterOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewParquetWriter(&buf, fields, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if res.Size != int64(buf.Len()) || res.RowCount != int64(len(rows)) {
		t.Fatalf("result %+v, wrote %d bytes and %d rows", res, buf.Len(), len(rows))
	}
	return buf.Bytes()
}

// For every Java-written data file, the schema we write for the same fields
// (table fields, or the key-value layout for primary-key files) equals the
// file's footer schema.
func TestWriterSchemaMatchesJava(t *testing.T) {
	dbs, _ := filepath.Glob(filepath.Join(fixtures, "*.db"))
	if len(dbs) == 0 {
		t.Fatalf("no fixture tables in %s (committed in testdata/java-written)", fixtures)
	}
	for _, db := range dbs {
		name := strings.TrimSuffix(filepath.Base(db), ".db")
		if strings.HasSuffix(name, "_09") {
			continue // Paimon 0.9 wrote no field ids
		}
		t.Run(name, func(t *testing.T) {
			dir := tableDir(t, name)
			schemas, _ := filepath.Glob(filepath.Join(dir, "schema", "schema-*"))
			for _, file := range dataFiles(t, dir) {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				md := footer(t, data)
				if !javaWritten(md) {
					continue
				}
				want := describeSchema(md.Schema)
				var got []string
				for id := range len(schemas) {
					for _, fields := range [][]types.DataField{keyValueFields(t, dir, id), schemaFields(t, dir, id)} {
						ours := describeSchema(footer(t, writeFile(t, fields, nil, WriterOptions{})).Schema)
						if ours == want {
							got = nil
							break
						}
						got = append(got, ours)
					}
					if got == nil {
						break
					}
				}
				if got != nil {
					t.Errorf("%s: no schema of the table gives the footer schema\nwant:\n%s\nours (first):\n%s", file, want, got[0])
				}
			}
		})
	}
}
