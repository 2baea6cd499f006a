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
	forEachProductFile(t, func(rel string, fset *token.FileSet, f *ast.File) {
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
				t.Errorf("%s:%d: option key %q as a literal: declare it in core/options/keys.go and read it through the declaration",
					rel, fset.Position(lit.Pos()).Line, s)
			}
			return true
		})
	})
}

// Code outside this package reads no option by indexing a map with a key
// of this package (opts[options.Bucket.Key], opts[options.FieldKey(...)]):
// it reads through the declaration (Bucket.Get(o), Text, Stored, a
// Reader, Options.Field), so that fallback keys, defaults and parsing
// apply everywhere. Setting an option (opts[options.X.Key] = v) is fine.
func TestNoRawOptionReadsOutsideOptions(t *testing.T) {
	forEachProductFile(t, func(rel string, fset *token.FileSet, f *ast.File) {
		writes := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN {
				for _, l := range a.Lhs {
					writes[l] = true
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			ix, ok := n.(*ast.IndexExpr)
			if !ok || writes[ix] || !mentionsOptionsPackage(ix.Index) {
				return true
			}
			t.Errorf("%s:%d: raw option read: read it through its declaration in core/options (Get, Text, Stored, a Reader)",
				rel, fset.Position(ix.Pos()).Line)
			return true
		})
	})
}

// mentionsOptionsPackage tells whether e holds a table option key of the
// options package: options.X.Key or options.FieldKey(...).
func mentionsOptionsPackage(e ast.Expr) bool {
	isOptions := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && id.Name == "options"
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if inner, ok := sel.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Key" && isOptions(inner.X) {
				found = true
			}
			if sel.Sel.Name == "FieldKey" && isOptions(sel.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// forEachProductFile parses every non-test Go file of the module outside
// this package, tests/, testdata, generated code (gen/) and third_party, and hands it to check
// with its path relative to the module root.
func forEachProductFile(t *testing.T, check func(rel string, fset *token.FileSet, f *ast.File)) {
	t.Helper()
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
			if path == here || strings.HasPrefix(e.Name(), ".") || e.Name() == "testdata" || e.Name() == "gen" || e.Name() == "tests" || e.Name() == "third_party" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		checked++
		rel, _ := filepath.Rel(root, path)
		check(rel, fset, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked", checked)
	}
}

// What a merge engine implies is answered by mergefunc.Engine: code
// outside core/mergefunc names no merge engine (options.MergeEngineFirstRow
// and the others), so that an option changing how rows merge is handled
// in one place.
func TestMergeEnginesNamedOnlyByTheEngine(t *testing.T) {
	engines := map[string]bool{}
	for _, v := range MergeEngine.Values() {
		engines[v] = true
	}
	forEachProductFile(t, func(rel string, fset *token.FileSet, f *ast.File) {
		if filepath.Dir(rel) == filepath.Join("core", "mergefunc") {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "options" && strings.HasPrefix(x.Sel.Name, "MergeEngine") && x.Sel.Name != "MergeEngine" {
					t.Errorf("%s:%d: options.%s outside core/mergefunc: ask mergefunc.Engine what the engine implies",
						rel, fset.Position(x.Pos()).Line, x.Sel.Name)
				}
			case *ast.BasicLit:
				if s, err := strconv.Unquote(x.Value); x.Kind == token.STRING && err == nil && engines[s] {
					t.Errorf("%s:%d: merge engine %q as a literal outside core/mergefunc: ask mergefunc.Engine",
						rel, fset.Position(x.Pos()).Line, s)
				}
			}
			return true
		})
	})
}
