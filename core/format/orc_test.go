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

	"github.com/paimon-sql/paimon-sql/core/spec"
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

// Paimon 0.9 wrote append_09's manifest lists and manifests as ORC: each
// reads, every manifest a list names exists with the recorded size, and
// every added data file is under the table with its recorded size.
func TestJavaORCManifestsRead(t *testing.T) {
	dir := tableDir(t, "append_09")
	lists, _ := filepath.Glob(filepath.Join(dir, "manifest", "manifest-list-*"))
	if len(lists) == 0 {
		t.Fatal("no manifest lists")
	}
	added := 0
	for _, p := range lists {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		metas, err := ReadManifestList(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		for _, m := range metas {
			st, err := os.Stat(filepath.Join(dir, "manifest", m.FileName))
			if err != nil || st.Size() != m.FileSize {
				t.Fatalf("%s: manifest %s: %v (size %d recorded)", filepath.Base(p), m.FileName, err, m.FileSize)
			}
		}
	}
	for _, e := range fixtureEntries(t, dir) {
		if e.Kind != spec.FileAdd {
			continue
		}
		p := findDataFile(t, dir, e.File.FileName)
		st, err := os.Stat(p)
		if p == "" || err != nil || st.Size() != e.File.FileSize || e.File.RowCount <= 0 {
			t.Errorf("data file %s: %v (size %d, %d rows recorded)", e.File.FileName, err, e.File.FileSize, e.File.RowCount)
		}
		added++
	}
	if added == 0 {
		t.Fatal("no added files")
	}
}
