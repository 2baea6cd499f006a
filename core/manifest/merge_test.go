package manifest

import (
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/binrow"
)

func entry(kind FileKind, name string, level int32) ManifestEntry {
	return ManifestEntry{Kind: kind, Partition: binrow.Empty(), File: DataFileMeta{FileName: name, Level: level, ExtraFiles: []string{}}}
}

func names(es []ManifestEntry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Kind.String()+":"+e.File.FileName+"@"+itoa(e.File.Level))
	}
	return out
}

func TestMergeEntries(t *testing.T) {
	got, err := MergeEntries([]ManifestEntry{
		entry(Add, "a", 0),
		entry(Add, "b", 0),
		entry(Delete, "x", 0), // its ADD is in a manifest not read: kept
		entry(Delete, "a", 0),
		entry(Add, "a", 5), // upgrade: same file, new level
		entry(Add, "c", 0),
		entry(Delete, "c", 0),
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
	for _, seq := range [][]ManifestEntry{
		{entry(Add, "a", 0), entry(Add, "a", 0)},
		// Java keeps the unmatched DELETE in the map, so a later ADD fails.
		{entry(Delete, "a", 0), entry(Add, "a", 0)},
	} {
		if _, err := MergeEntries(seq); err == nil || !strings.Contains(err.Error(), "already present") {
			t.Errorf("%v: err = %v", names(seq), err)
		}
	}
}

func TestIdentifierFields(t *testing.T) {
	base := entry(Add, "f", 1)
	variants := map[string]func(e *ManifestEntry){
		"partition": func(e *ManifestEntry) {
			e.Partition = []byte{0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}
		},
		"bucket":         func(e *ManifestEntry) { e.Bucket = 1 },
		"level":          func(e *ManifestEntry) { e.File.Level = 2 },
		"extra files":    func(e *ManifestEntry) { e.File.ExtraFiles = []string{"f.index"} },
		"extra split":    func(e *ManifestEntry) { e.File.ExtraFiles = []string{"f", ".index"} },
		"embedded index": func(e *ManifestEntry) { e.File.EmbeddedIndex = []byte{} },
		"external path":  func(e *ManifestEntry) { e.File.ExternalPath = ptr("") },
	}
	seen := map[Identifier]string{base.Identifier(): "base"}
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
	e.Kind, e.File.RowCount, e.TotalBuckets = Delete, 10, 4
	if e.Identifier() != base.Identifier() {
		t.Error("identifier depends on non-identifying fields")
	}
}
