package format

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// javaORCTable is a table Java Paimon 1.4.2 wrote with file.format = orc
// (core/format/orc/testdata/README.md).
const javaORCTable = "orc/testdata/java-orc"

// The manifest statistics of ORC files are what Java's
// OrcSimpleStatsExtractor took from its file: computed from the file's
// rows, they equal Java's _VALUE_STATS and _VALUE_STATS_COLS.
func TestORCStatsMatchJavaManifest(t *testing.T) {
	entries := fixtureEntries(t, javaORCTable)
	if len(entries) != 1 {
		t.Fatalf("%d manifest entries", len(entries))
	}
	meta := entries[0].File
	data, err := os.ReadFile(filepath.Join(javaORCTable, "bucket-0", meta.FileName))
	if err != nil {
		t.Fatal(err)
	}
	s := readTableSchema(t, javaORCTable, meta.SchemaID)
	names := make([]string, len(s.Fields))
	cols := make([]int, len(s.Fields))
	for i, f := range s.Fields {
		names[i], cols[i] = f.Name, i
	}
	modes, err := StatsModes(s.Options, names, -1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, err := orcFormat{}.Create(&buf, s.Fields, WriterOptions{StatsModes: modes})
	if err != nil {
		t.Fatal(err)
	}
	r, err := orcFormat{}.Open(bytes.NewReader(data), int64(len(data)), s.Fields, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := r.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(b.Rows); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
	dense, err := StatsDenseStore(s.Options)
	if err != nil {
		t.Fatal(err)
	}
	got, gotCols, err := w.Stats().SimpleStats(cols, dense)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotCols, meta.ValueStatsCols) {
		t.Errorf("_VALUE_STATS_COLS %q, Java %q", gotCols, meta.ValueStatsCols)
	}
	compareStats(t, "_VALUE_STATS", got, meta.ValueStats, statsTypes(s.Fields, cols, gotCols))
}
