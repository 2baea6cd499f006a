package server

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/go-sql-driver/mysql"
)

// fileDirs makes root/files (the directory, with a.txt) and root/wh (a
// protected warehouse with a snapshot file), and a link from the directory
// into the warehouse.
func fileDirs(t *testing.T) (files, wh string, f *fileAccess) {
	t.Helper()
	root := t.TempDir()
	files, wh = filepath.Join(root, "files"), filepath.Join(root, "wh")
	for _, d := range []string{files, filepath.Join(wh, "t", "snapshot")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{filepath.Join(files, "a.txt"), filepath.Join(wh, "t", "snapshot", "snapshot-1")} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(wh, "t", "snapshot", "snapshot-1"), filepath.Join(files, "link")); err != nil {
		t.Fatal(err)
	}
	f, err := newFileAccess(files, []string{wh}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	return files, wh, f
}

func TestFileAccessExisting(t *testing.T) {
	files, wh, f := fileDirs(t)
	for name, ok := range map[string]bool{
		"a.txt":                       true,
		filepath.Join(files, "a.txt"): true,
		"link":                        false, // into the warehouse
		"../wh/t/snapshot/snapshot-1": false,
		filepath.Join(wh, "t", "snapshot", "snapshot-1"): false,
		"/etc/passwd": false,
	} {
		_, err := f.existing(name)
		if (err == nil) != ok {
			t.Errorf("existing(%q): %v, allowed %v", name, err, ok)
		}
	}
	if _, err := f.existing("missing"); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}

func TestFileAccessFresh(t *testing.T) {
	files, wh, f := fileDirs(t)
	for name, ok := range map[string]bool{
		"out.txt":                     true,
		filepath.Join(files, "b.txt"): true,
		"a.txt":                       false, // exists
		"link":                        false, // exists (a link)
		"../wh/t/snapshot/snapshot-2": false,
		filepath.Join(wh, "t", "x"):   false,
		".":                           false,
		"/tmp/x":                      false,
	} {
		_, err := f.fresh(name)
		if (err == nil) != ok {
			t.Errorf("fresh(%q): %v, allowed %v", name, err, ok)
		}
	}
}

func TestFileAccessRefusesDirectoryInsideProtected(t *testing.T) {
	wh := t.TempDir()
	inside := filepath.Join(wh, "files")
	if err := os.Mkdir(inside, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := newFileAccess(inside, []string{wh}, false, nil); err == nil {
		t.Error("a directory inside the warehouse was accepted")
	}
	if _, err := newFileAccess(filepath.Join(wh, "nope"), nil, false, nil); err == nil {
		t.Error("a missing directory was accepted")
	}
}

func TestWithBaseTables(t *testing.T) {
	single := ast.AuthInformation{AuthType: ast.AuthType_SELECT, TargetType: ast.AuthTargetType_SingleTableIdentifier,
		TargetNames: []string{"shop", "kv$branch_b$snapshots"}}
	got, ok := withBaseTables(single)
	if !ok || got.TargetNames[1] != "kv" || single.TargetNames[1] != "kv$branch_b$snapshots" {
		t.Errorf("single: %v %v (original %v)", got.TargetNames, ok, single.TargetNames)
	}
	multi := ast.AuthInformation{TargetType: ast.AuthTargetType_MultipleTableIdentifiers,
		TargetNames: []string{"a", "t$files", "b", "u"}}
	if got, ok := withBaseTables(multi); !ok || got.TargetNames[1] != "t" || got.TargetNames[3] != "u" {
		t.Errorf("multiple: %v %v", got.TargetNames, ok)
	}
	plain := ast.AuthInformation{TargetType: ast.AuthTargetType_SingleTableIdentifier, TargetNames: []string{"a", "t"}}
	if _, ok := withBaseTables(plain); ok {
		t.Error("a plain table name was changed")
	}
}

// The TLS files are never reachable, even inside the directory.
func TestTLSFilesOutOfReach(t *testing.T) {
	certFile, keyFile := writeSelfSignedCert(t)
	dir := filepath.Dir(keyFile)
	if err := os.WriteFile(filepath.Join(dir, "ok.txt"), []byte("ok"), 0o644); err != nil {
		t.Fatal(err)
	}
	pro := newTestProvider(t)
	s := start(t, Config{TLSCertFile: certFile, TLSKeyFile: keyFile, SecureFilePriv: dir}, pro, pro.options(nil))
	cfg := mysql.NewConfig()
	cfg.User, cfg.Net, cfg.Addr, cfg.TLSConfig = "root", "tcp", s.Addr().String(), "skip-verify"
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	wantRows(t, db, "ok", "SELECT LOAD_FILE('ok.txt')")
	wantRows(t, db, "NULL", "SELECT LOAD_FILE('key.pem')")
	wantRows(t, db, "NULL", "SELECT LOAD_FILE(?)", certFile)
}
