package jsonfmt

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Re-laying out Java-written schema and snapshot files gives their exact bytes.
func TestJavaLayoutOfFixtureFiles(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/java-written/*/*/schema/schema-*")
	snaps, _ := filepath.Glob("../../testdata/java-written/*/*/snapshot/snapshot-*")
	files = append(files, snaps...)
	if len(files) < 20 {
		t.Fatalf("only %d fixture files found", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var v json.RawMessage
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		got, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(data) {
			t.Errorf("%s:\n got %s\nwant %s", f, got, data)
		}
	}
}

func TestEmptyContainers(t *testing.T) {
	got, err := Marshal(map[string]any{"a": []int{}, "b": map[string]int{}, "c": []any{[]int{1, 2}, "x<y"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\" : [ ],\n  \"b\" : { },\n  \"c\" : [ [ 1, 2 ], \"x<y\" ]\n}"
	if string(got) != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}
