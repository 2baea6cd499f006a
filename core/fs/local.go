package fs

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"

	"github.com/google/uuid"
)

// createLinked writes data to a temporary file beside target (named like
// Java's .<name>.<uuid>.tmp, which readers ignore) and links it to target:
// the link fails if target exists, atomically, across processes. perm is
// the file's mode, set before any byte is written. It does not fsync: Java's
// LocalFileIO does not either, nor do the data files and manifests a
// snapshot names (written before it, unsynced), so a sync here bought no
// durability and cost a disk flush (1-2 ms) on every commit.
func createLinked(target string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(dir, "."+filepath.Base(target)+"."+uuid.NewString()+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return &os.PathError{Op: "create", Path: target, Err: err}
	}
	if err := os.Link(tmp, target); err != nil {
		if os.IsExist(err) {
			return &os.PathError{Op: "create", Path: target, Err: ErrExist}
		}
		return err
	}
	return nil
}

// listLocal lists a local directory like List: sorted, a missing directory
// as empty.
func listLocal(path, dir string) ([]FileInfo, error) {
	entries, err := os.ReadDir(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, &os.PathError{Op: "list", Path: dir, Err: err}
	}
	out := make([]FileInfo, 0, len(entries))
	for _, e := range entries {
		if CheckComponent(e.Name()) != nil {
			continue // not addressable through the bucket: as if absent
		}
		info, err := e.Info()
		if os.IsNotExist(err) {
			continue // deleted while listing
		}
		if err != nil {
			return nil, &os.PathError{Op: "list", Path: dir, Err: err}
		}
		out = append(out, FileInfo{Name: e.Name(), IsDir: e.IsDir(), Size: info.Size(), ModTime: info.ModTime()})
	}
	return out, nil
}

// namesLocal lists the names in a local directory like Names: a missing
// directory as empty. Unlike listLocal it keeps names the bucket cannot
// address: its callers look for names of their own making.
func namesLocal(path, dir string) ([]string, error) {
	d, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, &os.PathError{Op: "list", Path: dir, Err: err}
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, &os.PathError{Op: "list", Path: dir, Err: err}
	}
	return names, nil
}

// openLocal creates or truncates a local file for writing, creating its
// directory when missing.
func openLocal(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if os.IsNotExist(err) {
		if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		}
	}
	return f, err
}

// writeLocal writes data to a local file directly (WriteNew); a failed
// write removes what it wrote.
func writeLocal(path string, data []byte) error {
	f, err := openLocal(path)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
	}
	return err
}

// readLocal reads a local file as the bucket would, without the bucket's
// attributes sidecar (an extra open and stat per read, 2 of the ~12 file
// operations of a commit): a directory is no file.
func readLocal(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, syscall.EISDIR) {
		return nil, ErrNotExist
	}
	return data, err
}

// localErr words a local file error like wrap does a bucket's: a missing
// file, a directory in its place or a file in place of a directory on its
// path are ErrNotExist.
func localErr(op, path string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNotExist), os.IsNotExist(err), errors.Is(err, syscall.ENOTDIR):
		return &os.PathError{Op: op, Path: path, Err: ErrNotExist}
	}
	return &os.PathError{Op: op, Path: path, Err: err}
}
