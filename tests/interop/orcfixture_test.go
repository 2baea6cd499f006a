package interop

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGenerateORCFixture writes core/format/orc/testdata/java-orc, the
// Java-written ORC table of core/format/orc's tests, with paimon-bundle's
// ORC writer: run with PAIMON_SQL_GEN_ORC_FIXTURE=1 to write it anew.
func TestGenerateORCFixture(t *testing.T) {
	if os.Getenv("PAIMON_SQL_GEN_ORC_FIXTURE") == "" {
		t.Skip("set PAIMON_SQL_GEN_ORC_FIXTURE=1 to regenerate the Java-written ORC fixture")
	}
	requireTools(t)
	j := startJava(t)
	dir := t.TempDir()
	var dataTypes, nested scenario
	for _, sc := range scenarios {
		switch sc.name {
		case "data_types":
			dataTypes = sc
		case "nested_values":
			nested = sc
		}
	}
	sc := scenario{name: "java_orc", cols: append(append([]column(nil), dataTypes.cols...), nested.cols[1:]...),
		options: map[string]string{"file.format": "orc", "bucket": "-1"}}
	j.must(t, dir, createStep(sc))
	first := dataTypes.steps[0].java
	n := nested.steps[0].java[0].values[1:]
	var rows []map[string]any
	for _, r := range first {
		vals := append(append([]any(nil), r.values...), n...)
		if r.values[1] == nil {
			vals = append(append([]any(nil), r.values...), nil, nil, nil, nil)
		}
		rows = append(rows, map[string]any{"kind": "+I", "values": vals})
	}
	j.must(t, dir, jstep{"op": "write", "table": sc.table(), "rows": rows})
	out := filepath.Join("..", "..", "core", "format", "orc", "testdata", "java-orc")
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command("cp", "-r", filepath.Join(dir, "db.db", "java_orc"), out).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
}
