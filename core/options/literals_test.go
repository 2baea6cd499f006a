package options

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ordinaryWords are option keys that are also ordinary names elsewhere: a
// column of a system table ("bucket"), an aggregate function
// ("primary-key"), a procedure argument ("mode"), a JSON field ("type"),
// the codec entry of an Avro container's header ("avro.codec").
// Code reads these options through their declarations all the same.
var ordinaryWords = map[string]bool{
	"bucket": true, "partition": true, "type": true, "path": true, "branch": true,
	"owner": true, "mode": true, "primary-key": true, "avro.codec": true,
}

// Code outside this package names no option key as a string literal: it
// reads an option through its declaration, so that the key, Java's default
// and the parser are in one place. Tests may use literals.
func TestNoOptionKeyLiteralsOutsideOptions(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	here, _ := filepath.Abs(".")
	fset := token.NewFileSet()
	checked := 0
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if path == here || strings.HasPrefix(e.Name(), ".") || e.Name() == "testdata" || e.Name() == "tests" || e.Name() == "third_party" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || ordinaryWords[s] {
				return true
			}
			if knownKeys[s] || strings.HasPrefix(s, FieldsPrefix) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d: option key %q as a literal: declare it in core/options/keys.go and read it through the declaration",
					rel, fset.Position(lit.Pos()).Line, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked", checked)
	}
}
