// Package testfixture gives tests writable copies of the fixture warehouses
// under testdata/ (testdata/README.md says where each comes from). The
// fixtures themselves are never written: a test that writes, expires or
// damages a table works on a copy in its own temporary directory.
package testfixture

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// The fixture warehouses, relative to testdata/.
const (
	// JavaWritten holds tables written by Java Apache Paimon.
	JavaWritten = "java-written"
	// JavaDataEvolution holds a data-evolution table written by Java Paimon 1.4.2.
	JavaDataEvolution = "java-data-evolution"
)

// Path is the absolute path of rel under the repository's testdata/, found
// from this file so that it holds for tests of any package.
func Path(rel string) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("testfixture: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", rel)
}

// CopyWarehouse copies the fixture warehouse name (JavaWritten, ...) into a
// fresh temporary directory and returns that directory.
func CopyWarehouse(t testing.TB, name string) string {
	t.Helper()
	dst := t.TempDir()
	CopyTree(t, Path(name), dst)
	return dst
}

// CopyTable copies the table <table>.db/<table> of the Java-written
// warehouse into the warehouse directory wh.
func CopyTable(t testing.TB, wh, table string) {
	t.Helper()
	rel := filepath.Join(table+".db", table)
	CopyTree(t, filepath.Join(Path(JavaWritten), rel), filepath.Join(wh, rel))
}

// CopyTree copies the directory src into dst (created as needed; files
// there are overwritten), files readable and writable by the owner.
func CopyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
}
