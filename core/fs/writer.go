package fs

import (
	"context"
	"io"

	"gocloud.dev/blob"
)

// Writer streams a new file; the file appears when Close succeeds.
type Writer struct {
	w    *blob.Writer
	path string
	n    int64
}

// Create starts writing a file (data files, which are too large to hold in
// memory). A file of the same name is replaced.
func (f *FS) Create(ctx context.Context, path string) (*Writer, error) {
	w, err := f.bucket.NewWriter(ctx, path, nil)
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
