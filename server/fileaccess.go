package server

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// fileAccess is MySQL's policy for statements that read or write the
// server's own files (LOAD_FILE, SELECT ... INTO OUTFILE/DUMPFILE, LOAD DATA
// INFILE): the FILE privilege, a writable server, and paths inside the
// --secure-file-priv directory. The protected paths (the warehouse, the
// privileges store, the TLS files) stay out of reach even inside it.
// Symbolic links and `..` are resolved before any comparison.
type fileAccess struct {
	dir       string // resolved; "" disables server-file access
	protected []string
	readOnly  bool
	access    *access
}

// newFileAccess resolves the directory and the protected paths. The
// directory must exist and must not lie inside a protected path.
func newFileAccess(dir string, protected []string, readOnly bool, a *access) (*fileAccess, error) {
	f := &fileAccess{readOnly: readOnly, access: a}
	for _, p := range protected {
		if p != "" {
			f.protected = append(f.protected, resolvePath(p))
		}
	}
	if dir == "" {
		return f, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("secure-file-priv %q: %w", dir, err)
	}
	if f.dir, err = filepath.EvalSymlinks(abs); err != nil {
		return nil, fmt.Errorf("secure-file-priv %q: %w", dir, err)
	}
	if st, err := os.Stat(f.dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("secure-file-priv %q is not a directory", dir)
	}
	for _, p := range f.protected {
		if within(p, f.dir) {
			return nil, fmt.Errorf("secure-file-priv %q lies inside %s, which SQL must never reach (the warehouse, the privileges store or a TLS file)", dir, p)
		}
	}
	return f, nil
}

// resolvePath is p absolute with its symbolic links resolved, as far as it
// exists.
func resolvePath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// within tells whether p is dir or lies under it (both clean and absolute).
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

var (
	errFileAccessDisabled = mysql.NewSQLError(mysql.EROptionPreventsStatement, mysql.SSUnknownSQLState,
		"The server is running without --secure-file-priv, so it cannot execute this statement: "+
			"server-file access (LOAD_FILE, SELECT ... INTO OUTFILE/DUMPFILE, LOAD DATA INFILE) is disabled")
	errFileAccessReadOnly = mysql.NewSQLError(mysql.EROptionPreventsStatement, mysql.SSUnknownSQLState,
		"The server is running with the --read-only option so it cannot execute this statement: server-file access is refused")
)

// permit checks what every server-file statement needs before its path.
func (f *fileAccess) permit(ctx *sql.Context) error {
	if f.readOnly {
		return errFileAccessReadOnly
	}
	if !f.access.hasGlobal(ctx, sql.PrivilegeType_File) {
		return sql.ErrPrivilegeCheckFailed.New(userHost(ctx))
	}
	if f.dir == "" {
		return errFileAccessDisabled
	}
	return nil
}

// outside is the error for a path the policy does not allow.
func (f *fileAccess) outside(name string) error {
	return mysql.NewSQLError(mysql.EROptionPreventsStatement, mysql.SSUnknownSQLState,
		"The server is running with --secure-file-priv %s so it cannot execute this statement: '%s' is outside it or is a server file", f.dir, name)
}

// absolute makes name absolute; a relative name is taken in the directory.
func (f *fileAccess) absolute(name string) string {
	if !filepath.IsAbs(name) {
		name = filepath.Join(f.dir, name)
	}
	return filepath.Clean(name)
}

// allowed tells whether the resolved path real may be read or written.
func (f *fileAccess) allowed(real string) bool {
	if !within(f.dir, real) {
		return false
	}
	for _, p := range f.protected {
		if within(p, real) {
			return false
		}
	}
	return true
}

// existing resolves the file name for reading. A missing file is an error
// satisfying os.IsNotExist.
func (f *fileAccess) existing(name string) (string, error) {
	real, err := filepath.EvalSymlinks(f.absolute(name))
	if err != nil {
		return "", err
	}
	if !f.allowed(real) {
		return "", f.outside(name)
	}
	return real, nil
}

// fresh resolves the file name for creating it: its directory must exist
// and the file must not (MySQL never overwrites a file).
func (f *fileAccess) fresh(name string) (string, error) {
	abs := f.absolute(name)
	parent, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return "", err
	}
	real := filepath.Join(parent, filepath.Base(abs))
	if !f.allowed(real) || real == f.dir {
		return "", f.outside(name)
	}
	if _, err := os.Lstat(real); err == nil {
		return "", mysql.NewSQLError(mysql.ERFileExists, mysql.SSUnknownSQLState, "File '%s' already exists", name)
	}
	return real, nil
}

// read returns the content of a regular file for LOAD_FILE, or nil when it
// does not exist, cannot be read, lies outside the directory (or is a
// server file), is no regular file or is larger than max_allowed_packet:
// MySQL's NULL, the same in every case, so that LOAD_FILE tells nothing
// of the files outside the directory.
func (f *fileAccess) read(ctx *sql.Context, name string) ([]byte, error) {
	real, err := f.existing(name)
	if err != nil {
		return nil, nil
	}
	file, err := os.Open(real)
	if err != nil {
		return nil, nil
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil, nil
	}
	limit, err := ctx.Session.GetSessionVariable(ctx, "max_allowed_packet")
	if err != nil {
		return nil, err
	}
	if max, ok := limit.(int64); ok && st.Size() > max {
		return nil, nil
	}
	return io.ReadAll(file)
}
