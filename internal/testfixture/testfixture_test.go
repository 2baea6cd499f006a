package testfixture

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCopyTableLeavesTheFixtureAlone: the copy has the fixture's files and
// writing it does not touch the fixture.
func TestCopyTableLeavesTheFixtureAlone(t *testing.T) {
	wh := t.TempDir()
	CopyTable(t, wh, "pk_09")
	rel := filepath.Join("pk_09.db", "pk_09", "snapshot", "LATEST")
	want, err := os.ReadFile(filepath.Join(Path(JavaWritten), rel))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(wh, rel))
	if err != nil || string(got) != string(want) {
		t.Fatalf("copy has %q (%v), fixture %q", got, err, want)
	}
	if err := os.WriteFile(filepath.Join(wh, rel), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(Path(JavaWritten), rel))
	if string(again) != string(want) {
		t.Fatal("writing the copy changed the fixture")
	}
}

func TestCopyWarehouseHasEveryTable(t *testing.T) {
	dir := CopyWarehouse(t, JavaWritten)
	want, _ := filepath.Glob(filepath.Join(Path(JavaWritten), "*.db"))
	got, _ := filepath.Glob(filepath.Join(dir, "*.db"))
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("copied %d databases of %d", len(got), len(want))
	}
}
