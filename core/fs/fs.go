// Package fs is the file I/O of a Paimon warehouse over gocloud.dev/blob: a
// local directory, memory, or an object store, addressed by paths relative to
// the warehouse root ("db.db/t/snapshot/snapshot-1").
package fs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/stats"
	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/memblob" // mem:// warehouses
	"gocloud.dev/gcerrors"
)

// ErrNotExist is returned (wrapped) when a file does not exist.
var ErrNotExist = os.ErrNotExist

// ErrExist is returned (wrapped) by CreateExclusive when the file exists.
var ErrExist = os.ErrExist

// FS is a warehouse's file system. It is safe for concurrent use.
type FS struct {
	bucket *blob.Bucket
	url    string
	// local is the directory of a local warehouse, where exclusive creates
	// use the file system's own atomic link instead of the bucket's
	// check-then-rename (not atomic between writers).
	local string
}

// WrapBucket returns a file system at f's URL over wrap(f's bucket), every
// operation going through the bucket (a local warehouse's exclusive creates
// too): how internal/fsfault injects faults in tests. Closing it leaves f
// open.
func (f *FS) WrapBucket(wrap func(*blob.Bucket) *blob.Bucket) *FS {
	return &FS{bucket: wrap(f.bucket), url: f.url}
}

// FileInfo describes one entry of a listing.
type FileInfo struct {
	Name    string // base name
	IsDir   bool
	Size    int64
	ModTime time.Time
}

// Open opens a warehouse by URL: a local path, file://, mem://, s3://,
// gs:// or azblob://. A local directory is created when missing.
func Open(ctx context.Context, warehouse string) (*FS, error) {
	u := warehouse
	if !strings.Contains(warehouse, "://") {
		abs, err := filepath.Abs(warehouse)
		if err != nil {
			return nil, err
		}
		u = "file://" + filepath.ToSlash(abs)
	}
	parsed, err := url.Parse(u)
	if err != nil {
		return nil, fmt.Errorf("warehouse %q: %w", warehouse, err)
	}
	var b *blob.Bucket
	if parsed.Scheme == "file" {
		dir := parsed.Path
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("warehouse %q: %w", warehouse, err)
		}
		// Paimon directories must hold nothing but Paimon files: no .attrs sidecars.
		b, err = fileblob.OpenBucket(dir, &fileblob.Options{Metadata: fileblob.MetadataDontWrite, NoTempDir: true})
		if err == nil {
			return &FS{bucket: b, url: u, local: dir}, nil
		}
	} else {
		// gocloud reads a bucket's prefix only from ?prefix=; a path such as
		// s3://bucket/warehouse is a prefix too.
		prefix := strings.Trim(parsed.Path, "/")
		parsed.Path = ""
		b, err = blob.OpenBucket(ctx, parsed.String())
		if err == nil && prefix != "" {
			b = blob.PrefixedBucket(b, prefix+"/")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("open warehouse %q: %w", warehouse, err)
	}
	return &FS{bucket: b, url: u}, nil
}

// URL is the warehouse URL the FS was opened with.
func (f *FS) URL() string { return f.url }

// Location is the full URL of a warehouse path, as users see file paths
// (without the warehouse URL's query parameters).
func (f *FS) Location(path string) string {
	base, _, _ := strings.Cut(f.url, "?")
	return strings.TrimSuffix(base, "/") + "/" + path
}

// Close releases the bucket.
func (f *FS) Close() error { return f.bucket.Close() }

func wrap(op, path string, err error) error {
	if err == nil {
		return nil
	}
	switch gcerrors.Code(err) {
	case gcerrors.NotFound:
		return &os.PathError{Op: op, Path: path, Err: ErrNotExist}
	case gcerrors.FailedPrecondition, gcerrors.AlreadyExists:
		return &os.PathError{Op: op, Path: path, Err: ErrExist}
	}
	return &os.PathError{Op: op, Path: path, Err: err}
}

// ReadFile reads a whole file.
func (f *FS) ReadFile(ctx context.Context, path string) ([]byte, error) {
	if f.local != "" && checkPath(path) == nil {
		data, err := readLocal(filepath.Join(f.local, filepath.FromSlash(path)))
		stats.BytesRead.Add(int64(len(data)))
		return data, localErr("read", path, err)
	}
	data, err := f.bucket.ReadAll(ctx, path)
	stats.BytesRead.Add(int64(len(data)))
	return data, wrap("read", path, err)
}

// Exists tells whether a file exists.
func (f *FS) Exists(ctx context.Context, path string) (bool, error) {
	if f.local != "" && checkPath(path) == nil {
		info, err := os.Stat(filepath.Join(f.local, filepath.FromSlash(path)))
		if err == nil {
			return !info.IsDir(), nil
		}
		err = localErr("stat", path, err)
		if IsNotExist(err) {
			return false, nil
		}
		return false, err
	}
	ok, err := f.bucket.Exists(ctx, path)
	return ok, wrap("stat", path, err)
}

// Size returns the size of a file.
func (f *FS) Size(ctx context.Context, path string) (int64, error) {
	attrs, err := f.bucket.Attributes(ctx, path)
	if err != nil {
		return 0, wrap("stat", path, err)
	}
	return attrs.Size, nil
}

// Version identifies one content of a file: a file deleted and written
// again (a snapshot id reused after a rollback) differs in its entity tag
// (a content hash or generation on object stores) or its modification time
// (a local file: the rewrite follows the rollback and a whole commit, far
// more than the clock tick of file times).
type Version struct {
	Size    int64
	ModTime time.Time
	ETag    string
}

// Version returns the version of a file, or false when it does not exist.
func (f *FS) Version(ctx context.Context, path string) (Version, bool, error) {
	attrs, err := f.bucket.Attributes(ctx, path)
	if err != nil {
		if err = wrap("stat", path, err); IsNotExist(err) {
			return Version{}, false, nil
		}
		return Version{}, false, err
	}
	return Version{Size: attrs.Size, ModTime: attrs.ModTime, ETag: attrs.ETag}, true, nil
}

// List returns the entries directly below dir, sorted by name. A missing
// directory lists as empty. Local directories are read directly, so that an
// empty directory (a database without tables) lists too.
func (f *FS) List(ctx context.Context, dir string) ([]FileInfo, error) {
	if f.local != "" {
		return listLocal(filepath.Join(f.local, filepath.FromSlash(dir)), dir)
	}
	prefix := strings.TrimSuffix(dir, "/") + "/"
	if dir == "" {
		prefix = ""
	}
	it := f.bucket.List(&blob.ListOptions{Prefix: prefix, Delimiter: "/"})
	var out []FileInfo
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, wrap("list", dir, err)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(obj.Key, prefix), "/")
		if name == "" {
			continue
		}
		out = append(out, FileInfo{Name: name, IsDir: obj.IsDir, Size: obj.Size, ModTime: obj.ModTime})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Names returns the names of the entries directly below dir, unsorted and
// unfiltered,
// without List's sizes and times: on a local disk that saves a stat call
// per entry, which a commit's look into the snapshot directory (thousands
// of snapshots) pays on every commit otherwise.
func (f *FS) Names(ctx context.Context, dir string) ([]string, error) {
	if f.local != "" {
		return namesLocal(filepath.Join(f.local, filepath.FromSlash(dir)), dir)
	}
	entries, err := f.List(ctx, dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
	}
	return names, nil
}

// writeOptions open the underlying write at once: otherwise gocloud may
// retry a failed open at Close with an empty buffer and leave an empty file.
func writeOptions(ifNotExist bool) *blob.WriterOptions {
	return &blob.WriterOptions{ContentType: "application/octet-stream", IfNotExist: ifNotExist}
}

// Write creates or replaces a file (hints, tags, consumers).
func (f *FS) Write(ctx context.Context, path string, data []byte) error {
	return wrap("write", path, f.bucket.WriteAll(ctx, path, data, writeOptions(false)))
}

// WriteNew writes a file whose name no other file has or will have (a
// manifest, a manifest list): on a local disk straight to that name,
// without the temporary file and rename of Write, which cost a file
// system operation more per file — a commit writes three. Readers reach
// such a file only through metadata written after it, as Java's local
// writers leave theirs; a write that fails midway leaves an orphan, as a
// temporary file would.
func (f *FS) WriteNew(ctx context.Context, path string, data []byte) error {
	if f.local == "" {
		return f.Write(ctx, path, data)
	}
	if err := checkPath(path); err != nil {
		return err
	}
	return writeLocal(filepath.Join(f.local, filepath.FromSlash(path)), data)
}

// CreateExclusive creates a file only if it does not exist yet: the atomic
// step of a commit. It returns an error wrapping ErrExist otherwise. On a
// local disk the content goes to a temporary file that is then hard-linked
// to the name, which fails when the name exists (what Java's rename-based
// commit relies on); object stores use a conditional write.
func (f *FS) CreateExclusive(ctx context.Context, path string, data []byte) error {
	if f.local == "" {
		return wrap("create", path, f.bucket.WriteAll(ctx, path, data, writeOptions(true)))
	}
	if err := checkPath(path); err != nil {
		return err
	}
	return createLinked(filepath.Join(f.local, filepath.FromSlash(path)), data, 0o644)
}

// CreatePrivate is CreateExclusive for secrets (the privileges store): on a
// local disk the file is readable by the server's own user only (0600).
// Object stores keep their bucket's access rules.
func (f *FS) CreatePrivate(ctx context.Context, path string, data []byte) error {
	if f.local == "" {
		return f.CreateExclusive(ctx, path, data)
	}
	if err := checkPath(path); err != nil {
		return err
	}
	return createLinked(filepath.Join(f.local, filepath.FromSlash(path)), data, 0o600)
}

// Delete removes a file; a missing file is not an error.
func (f *FS) Delete(ctx context.Context, path string) error {
	err := f.bucket.Delete(ctx, path)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil
	}
	return wrap("delete", path, err)
}

// OpenFile opens a file for random access (Parquet readers).
func (f *FS) OpenFile(ctx context.Context, path string) (*File, error) {
	size, err := f.Size(ctx, path)
	if err != nil {
		return nil, err
	}
	return &File{ctx: ctx, fs: f, path: path, size: size}, nil
}

// OpenFileSized opens a file of a size already known and checked, without
// asking the store for it.
func (f *FS) OpenFileSized(ctx context.Context, path string, size int64) *File {
	return &File{ctx: ctx, fs: f, path: path, size: size}
}

// File is a random-access view of one file. ReadAt issues a range read.
type File struct {
	ctx  context.Context
	fs   *FS
	path string
	size int64
}

// Size is the file size in bytes.
func (r *File) Size() int64 { return r.size }

// ReadAt implements io.ReaderAt with a ranged read.
func (r *File) ReadAt(p []byte, off int64) (int, error) {
	if off >= r.size {
		return 0, io.EOF
	}
	n := int64(len(p))
	if off+n > r.size {
		n = r.size - off
	}
	rd, err := r.fs.bucket.NewRangeReader(r.ctx, r.path, off, n, nil)
	if err != nil {
		return 0, wrap("read", r.path, err)
	}
	defer rd.Close()
	read, err := io.ReadFull(rd, p[:n])
	stats.BytesRead.Add(int64(read))
	if err != nil {
		return read, wrap("read", r.path, err)
	}
	if n < int64(len(p)) {
		return read, io.EOF
	}
	return read, nil
}

// IsNotExist tells whether err means a missing file.
func IsNotExist(err error) bool { return errors.Is(err, ErrNotExist) }

// IsExist tells whether err means the file already exists.
func IsExist(err error) bool { return errors.Is(err, ErrExist) }
