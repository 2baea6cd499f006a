package fs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"
)

// Writer streams a new file.
type Writer struct {
	w    io.WriteCloser // a *blob.Writer, or the *os.File of a local file
	path string
	n    int64
}

// Create starts writing a file (data files, which are too large to hold in
// memory). A file of the same name is replaced. On an object store the
// file appears when Close succeeds; on a local disk it is written in
// place, without the temporary file and rename of the bucket, as Java's
// local writers write data files: it is reached only through the
// manifests of a commit after it is closed.
func (f *FS) Create(ctx context.Context, path string) (*Writer, error) {
	if f.local != "" {
		if err := checkPath(path); err != nil {
			return nil, err
		}
		file, err := openLocal(filepath.Join(f.local, filepath.FromSlash(path)))
		if err != nil {
			return nil, &os.PathError{Op: "create", Path: path, Err: err}
		}
		return &Writer{w: file, path: path}, nil
	}
	w, err := f.bucket.NewWriter(ctx, path, writeOptions(false))
	if err != nil {
		return nil, wrap("create", path, err)
	}
	return &Writer{w: w, path: path}, nil
}

// Write implements io.Writer.
func (w *Writer) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	w.n += int64(n)
	return n, wrap("write", w.path, err)
}

// Written is the number of bytes written so far.
func (w *Writer) Written() int64 { return w.n }

// Close finishes the file.
func (w *Writer) Close() error { return wrap("write", w.path, w.w.Close()) }

var _ io.WriteCloser = (*Writer)(nil)

// MkdirAll creates a directory of a local warehouse. Object stores have no
// directories, so there it does nothing.
func (f *FS) MkdirAll(path string) error {
	root, ok := f.localRoot()
	if !ok {
		return nil
	}
	if err := checkPath(path); err != nil {
		return err
	}
	return os.MkdirAll(filepath.Join(root, filepath.FromSlash(path)), 0o755)
}

// RemoveEmptyDir removes a directory if it is empty: on object stores the
// directory marker object some stores keep (SeaweedFS lists emptied
// directories as prefixes until it goes).
func (f *FS) RemoveEmptyDir(path string) error {
	root, ok := f.localRoot()
	if !ok {
		return f.Delete(context.Background(), strings.TrimSuffix(path, "/")+"/")
	}
	err := os.Remove(filepath.Join(root, filepath.FromSlash(path)))
	if os.IsNotExist(err) {
		return nil
	}
	return err
}

// DeleteTree deletes every file below dir (DROP TABLE), then the local
// directories left empty.
func (f *FS) DeleteTree(ctx context.Context, dir string) error {
	if strings.Trim(dir, "/") == "" {
		return fmt.Errorf("refusing to delete the whole warehouse")
	}
	prefix := strings.TrimSuffix(dir, "/") + "/"
	it := f.bucket.List(&blob.ListOptions{Prefix: prefix})
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return wrap("list", dir, err)
		}
		if err := f.Delete(ctx, obj.Key); err != nil {
			return err
		}
	}
	if root, ok := f.localRoot(); ok {
		return os.RemoveAll(filepath.Join(root, filepath.FromSlash(dir)))
	}
	return nil
}

func (f *FS) localRoot() (string, bool) {
	u, err := url.Parse(f.url)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	return u.Path, true
}

// ErrNoDirectoryRename is returned (wrapped) by RenameDir on a warehouse
// whose store has no directory rename: object stores copy file by file,
// which is neither atomic nor safe beside a writer.
var ErrNoDirectoryRename = errors.New("the warehouse's store cannot rename a directory (object stores copy file by file)")

// RenameDir renames the directory from to to in one step, as Java's
// FileIO.rename does for a table directory on a local disk (RENAME TABLE).
// A to that exists is refused, even an empty one, so that nothing is ever
// replaced; object stores are refused with ErrNoDirectoryRename.
func (f *FS) RenameDir(from, to string) error {
	if f.local == "" {
		return fmt.Errorf("rename %s to %s: %w", from, to, ErrNoDirectoryRename)
	}
	for _, p := range []string{from, to} {
		if err := checkPath(p); err != nil {
			return err
		}
		if strings.Trim(p, "/") == "" {
			return fmt.Errorf("refusing to rename the whole warehouse")
		}
	}
	src, dst := filepath.Join(f.local, filepath.FromSlash(from)), filepath.Join(f.local, filepath.FromSlash(to))
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("rename %s to %s: %w", from, to, ErrExist)
	} else if !os.IsNotExist(err) {
		return localErr("rename", to, err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return localErr("rename", to, err)
	}
	return localErr("rename", from, os.Rename(src, dst))
}
