package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDesignMapNamesEveryPackage: docs/design/design.md's package map
// names every package of the module (a directory with Go files, outside
// third_party and testdata) as `path`, and each path its tables' first
// column names is a package that exists, so that the map a newcomer
// follows is the code as it is.
func TestDesignMapNamesEveryPackage(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("design", "design.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	packages := modulePackages(t)
	for _, p := range packages {
		if !strings.Contains(text, "`"+p+"`") {
			t.Errorf("docs/design/design.md does not name package `%s`", p)
		}
	}
	quoted := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "| `") || len(cells) < 3 {
			continue
		}
		for _, m := range quoted.FindAllStringSubmatch(cells[1], -1) {
			if !slices.Contains(packages, m[1]) {
				t.Errorf("docs/design/design.md maps `%s`, which is no package of the module", m[1])
			}
		}
	}
}

// modulePackages are the directories of the module holding Go files,
// relative to its root, with slashes.
func modulePackages(t *testing.T) []string {
	t.Helper()
	root := ".."
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if name := e.Name(); path != root && (strings.HasPrefix(name, ".") || name == "third_party" || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for p := range seen {
		if p != "." {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	if len(out) < 50 {
		t.Fatalf("only %d packages found: %v", len(out), out)
	}
	return out
}
