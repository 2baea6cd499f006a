package spec

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The spec package stays at the bottom of core: it imports the standard
// library, core/jsonfmt (Jackson's layout), core/types (the schema's
// data types) and core/options (its typed options) only, never a package
// that operates on the files (snapshot, manifest, format, commit, ...).
func TestImportsNoOperationPackage(t *testing.T) {
	allowed := map[string]bool{
		"github.com/paimon-sql/paimon-sql/core/jsonfmt": true,
		"github.com/paimon-sql/paimon-sql/core/types":   true,
		"github.com/paimon-sql/paimon-sql/core/options": true,
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if strings.Contains(first, ".") && !allowed[path] {
				t.Errorf("%s imports %s", f, path)
			}
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d files checked", checked)
	}
}
