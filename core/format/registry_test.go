package format

import (
	"strings"
	"testing"
)

func TestFileFormat(t *testing.T) {
	for name, want := range map[string]string{
		"data-1b2c-0.parquet":      "parquet",
		"data-1b2c-0.orc":          "orc",
		"data-1b2c-0.avro.zstd":    "avro",
		"data-1b2c-0.PARQUET":      "parquet",
		"data-1b2c-0.blob":         "blob",
		"changelog-1b2c-0.parquet": "parquet",
	} {
		if got := FileFormat(name); got != want {
			t.Errorf("FileFormat(%q) = %q, want %q", name, got, want)
		}
	}
}

// ForFile finds the registered format by extension and names the formats
// there are for one it does not know.
func TestForFile(t *testing.T) {
	f, err := ForFile("data-1-0.parquet.zstd")
	if err != nil || f.Name() != "parquet" {
		t.Fatalf("ForFile(parquet) = %v, %v", f, err)
	}
	_, err = ForFile("data-1-0.lance")
	if err == nil || !strings.Contains(err.Error(), "'lance'") || !strings.Contains(err.Error(), "parquet") {
		t.Fatalf("ForFile(lance) error = %v", err)
	}
	if _, err := Lookup(""); err != nil {
		t.Fatalf("Lookup(default) = %v", err)
	}
}
