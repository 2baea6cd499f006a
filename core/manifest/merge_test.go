package manifest

import (
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

func entry(kind spec.FileKind, name string, level int32) spec.ManifestEntry {
	return spec.ManifestEntry{Kind: kind, Partition: binrow.Empty(), File: spec.DataFileMeta{FileName: name, Level: level, ExtraFiles: []string{}}}
}

func names(es []spec.ManifestEntry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Kind.String()+":"+e.File.FileName+"@"+itoa(e.File.Level))
	}
	return out
}

func TestMergeEntries(t *testing.T) {
	got, err := MergeEntries([]spec.ManifestEntry{
		entry(spec.FileAdd, "a", 0),
		entry(spec.FileAdd, "b", 0),
		entry(spec.FileDelete, "x", 0), // its ADD is in a manifest not read: kept
		entry(spec.FileDelete, "a", 0),
		entry(spec.FileAdd, "a", 5), // upgrade: same file, new level
		entry(spec.FileAdd, "c", 0),
		entry(spec.FileDelete, "c", 0),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ADD:b@0", "DELETE:x@0", "ADD:a@5"}
	if !slices.Equal(names(got), want) {
		t.Errorf("got %v, want %v", names(got), want)
	}
}

func TestMergeEntriesRejectsDoubleAdd(t *testing.T) {
	for _, seq := range [][]spec.ManifestEntry{
		{entry(spec.FileAdd, "a", 0), entry(spec.FileAdd, "a", 0)},
		// Java keeps the unmatched DELETE in the map, so a later ADD fails.
		{entry(spec.FileDelete, "a", 0), entry(spec.FileAdd, "a", 0)},
	} {
		if _, err := MergeEntries(seq); err == nil || !strings.Contains(err.Error(), "already present") {
			t.Errorf("%v: err = %v", names(seq), err)
		}
	}
}

func TestIdentifierFields(t *testing.T) {
	base := entry(spec.FileAdd, "f", 1)
	variants := map[string]func(e *spec.ManifestEntry){
		"partition": func(e *spec.ManifestEntry) {
			e.Partition = []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}
		},
		"bucket":         func(e *spec.ManifestEntry) { e.Bucket = 1 },
		"level":          func(e *spec.ManifestEntry) { e.File.Level = 2 },
		"extra files":    func(e *spec.ManifestEntry) { e.File.ExtraFiles = []string{"f.index"} },
		"extra split":    func(e *spec.ManifestEntry) { e.File.ExtraFiles = []string{"f", ".index"} },
		"embedded index": func(e *spec.ManifestEntry) { e.File.EmbeddedIndex = []byte{} },
		"external path":  func(e *spec.ManifestEntry) { e.File.ExternalPath = ptr("") },
	}
	seen := map[spec.Identifier]string{base.Identifier(): "base"}
	for what, change := range variants {
		e := base
		change(&e)
		id := e.Identifier()
		if other, dup := seen[id]; dup {
			t.Errorf("%s: same identifier as %s", what, other)
		}
		seen[id] = what
	}
	// Fields outside the identifier do not matter.
	e := base
	e.Kind, e.File.RowCount, e.TotalBuckets = spec.FileDelete, 10, 4
	if e.Identifier() != base.Identifier() {
		t.Error("identifier depends on non-identifying fields")
	}
}
