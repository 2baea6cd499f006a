// Package fsfault is a test helper: a file system (core/fs) over the same
// storage as another whose operations fail by plan, for testing what a
// crash or a flaky store leaves behind. Tests only; no product code uses it.
package fsfault

import (
	"context"
	"errors"
	"math/rand"
	"sync"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/blob/driver"
	"gocloud.dev/gcerrors"

	corefs "github.com/paimon-sql/paimon-sql/core/fs"
)

// ErrInjected is wrapped by every error a faulty file system makes up.
var ErrInjected = errors.New("injected fault")

// Op is a class of file operations a Plan can fail.
type Op uint8

// The operation classes. Reads include listings, existence and size checks.
const (
	Read Op = 1 << iota
	Write
	Create // CreateExclusive
	Delete
	All = Read | Write | Create | Delete
)

// Plan says which operations of a faulty file system fail. Only
// operations of the classes in Ops are counted and may fail.
type Plan struct {
	Ops Op // zero means All
	// FailAt makes the FailAt-th counted operation (1-based) fail; 0 never.
	FailAt int
	// Rate is the probability that a counted operation fails, drawn from a
	// generator seeded with Seed so that a failing run can be replayed.
	Rate float64
	Seed int64
	// Stop makes every counted operation after the first failure fail too,
	// as if the process had crashed.
	Stop bool
	// Lost makes failing writes, creates and deletes take effect before they
	// report the failure: the reply was lost, not the request.
	Lost bool
	// Delay makes every counted operation wait this long first, even when
	// its context ends meanwhile: a slow store, for testing that callers
	// stop between operations.
	Delay time.Duration
	// OnRead, when set, is called with the key of every file about to be
	// read (not listed or checked): a test looks at storage at that point.
	OnRead func(key string)
}

// Faults is the state of a faulty file system: what it counted and failed.
type Faults struct {
	mu       sync.Mutex
	plan     Plan
	rng      *rand.Rand
	ops      int
	injected int
	healed   bool
}

// Ops is the number of counted operations so far.
func (f *Faults) Ops() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ops
}

// Injected is the number of failures injected so far.
func (f *Faults) Injected() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.injected
}

// Heal stops all further failures.
func (f *Faults) Heal() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.healed = true
}

// fail counts one operation of class op, delays it, and decides whether
// it fails.
func (f *Faults) fail(op Op) bool {
	fail, counted := f.decide(op)
	if counted {
		time.Sleep(f.plan.Delay)
	}
	return fail
}

func (f *Faults) decide(op Op) (fail, counted bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	ops := f.plan.Ops
	if ops == 0 {
		ops = All
	}
	if f.healed || ops&op == 0 {
		return false, false
	}
	f.ops++
	fail = (f.plan.Stop && f.injected > 0) ||
		f.ops == f.plan.FailAt ||
		(f.plan.Rate > 0 && f.rng.Float64() < f.plan.Rate)
	if fail {
		f.injected++
	}
	return fail, true
}

// New returns a file system over the same storage as inner whose
// operations fail according to plan, for testing what a crash or a flaky
// store leaves behind. A failed operation has no effect unless plan.Lost
// says otherwise; writes are all-or-nothing as on the real stores. Closing
// the returned FS leaves inner open.
func New(inner *corefs.FS, plan Plan) (*corefs.FS, *Faults) {
	faults := &Faults{plan: plan, rng: rand.New(rand.NewSource(plan.Seed))}
	return inner.WrapBucket(func(b *blob.Bucket) *blob.Bucket {
		return blob.NewBucket(&faultyBucket{inner: b, faults: faults})
	}), faults
}

// faultyBucket is a gocloud driver over another bucket's portable API, so
// the FS methods run unchanged over it.
type faultyBucket struct {
	inner  *blob.Bucket
	faults *Faults
}

func (b *faultyBucket) ErrorCode(err error) gcerrors.ErrorCode {
	if errors.Is(err, ErrInjected) {
		return gcerrors.Unknown
	}
	return gcerrors.Code(err)
}

func (b *faultyBucket) As(i any) bool                 { return b.inner.As(i) }
func (b *faultyBucket) ErrorAs(err error, i any) bool { return b.inner.ErrorAs(err, i) }
func (b *faultyBucket) Close() error                  { return nil }

func (b *faultyBucket) Attributes(ctx context.Context, key string) (*driver.Attributes, error) {
	if b.faults.fail(Read) {
		return nil, ErrInjected
	}
	a, err := b.inner.Attributes(ctx, key)
	if err != nil {
		return nil, err
	}
	return &driver.Attributes{
		CacheControl: a.CacheControl, ContentDisposition: a.ContentDisposition,
		ContentEncoding: a.ContentEncoding, ContentLanguage: a.ContentLanguage,
		ContentType: a.ContentType, Metadata: a.Metadata, CreateTime: a.CreateTime,
		ModTime: a.ModTime, Size: a.Size, MD5: a.MD5, ETag: a.ETag,
	}, nil
}

// listPageSize is the page size asked of the inner bucket when the caller
// leaves it to the driver (gocloud's own default).
const listPageSize = 1000

func (b *faultyBucket) ListPaged(ctx context.Context, opts *driver.ListOptions) (*driver.ListPage, error) {
	if b.faults.fail(Read) {
		return nil, ErrInjected
	}
	token := opts.PageToken
	if len(token) == 0 {
		token = blob.FirstPageToken
	}
	size := opts.PageSize
	if size <= 0 {
		size = listPageSize
	}
	objs, next, err := b.inner.ListPage(ctx, token, size, &blob.ListOptions{Prefix: opts.Prefix, Delimiter: opts.Delimiter})
	if err != nil {
		return nil, err
	}
	page := &driver.ListPage{NextPageToken: next}
	for _, o := range objs {
		page.Objects = append(page.Objects, &driver.ListObject{Key: o.Key, ModTime: o.ModTime, Size: o.Size, MD5: o.MD5, IsDir: o.IsDir})
	}
	return page, nil
}

func (b *faultyBucket) NewRangeReader(ctx context.Context, key string, offset, length int64, opts *driver.ReaderOptions) (driver.Reader, error) {
	if b.faults.plan.OnRead != nil {
		b.faults.plan.OnRead(key)
	}
	if b.faults.fail(Read) {
		return nil, ErrInjected
	}
	r, err := b.inner.NewRangeReader(ctx, key, offset, length, nil)
	if err != nil {
		return nil, err
	}
	return faultyReader{r}, nil
}

func (b *faultyBucket) NewTypedWriter(ctx context.Context, key, contentType string, opts *driver.WriterOptions) (driver.Writer, error) {
	op := Write
	if opts.IfNotExist {
		op = Create
	}
	// The failure strikes at Close: gocloud's Writer retries a failed driver
	// open with the bytes it has buffered, possibly none, which would leave
	// an empty file that no real failure leaves.
	fail := b.faults.fail(op)
	wctx, cancel := context.WithCancel(ctx)
	w, err := b.inner.NewWriter(wctx, key, &blob.WriterOptions{
		ContentType: contentType, IfNotExist: opts.IfNotExist, Metadata: opts.Metadata,
		DisableContentTypeDetection: true,
	})
	if err != nil {
		cancel()
		return nil, err
	}
	return &faultyWriter{w: w, cancel: cancel, fail: fail, lost: b.faults.plan.Lost}, nil
}

func (b *faultyBucket) Copy(ctx context.Context, dstKey, srcKey string, _ *driver.CopyOptions) error {
	fail := b.faults.fail(Write)
	if fail && !b.faults.plan.Lost {
		return ErrInjected
	}
	if err := b.inner.Copy(ctx, dstKey, srcKey, nil); err != nil || !fail {
		return err
	}
	return ErrInjected
}

func (b *faultyBucket) Delete(ctx context.Context, key string, _ *driver.DeleteOptions) error {
	fail := b.faults.fail(Delete)
	if fail && !b.faults.plan.Lost {
		return ErrInjected
	}
	if err := b.inner.Delete(ctx, key); err != nil || !fail {
		return err
	}
	return ErrInjected
}

func (b *faultyBucket) SignedURL(ctx context.Context, key string, opts *driver.SignedURLOptions) (string, error) {
	return "", errors.New("fs: a faulty file system does not sign URLs")
}

type faultyReader struct{ r *blob.Reader }

func (r faultyReader) Read(p []byte) (int, error) { return r.r.Read(p) }
func (r faultyReader) Close() error               { return r.r.Close() }
func (r faultyReader) As(i any) bool              { return r.r.As(i) }
func (r faultyReader) Attributes() *driver.ReaderAttributes {
	return &driver.ReaderAttributes{ContentType: r.r.ContentType(), ModTime: r.r.ModTime(), Size: r.r.Size()}
}

// faultyWriter passes the bytes through. A failing write is aborted at
// Close by cancelling the inner writer (all or nothing, like the stores),
// unless the failure is a lost reply: then it completes first.
type faultyWriter struct {
	w          *blob.Writer
	cancel     context.CancelFunc
	fail, lost bool
}

func (w *faultyWriter) Write(p []byte) (int, error) { return w.w.Write(p) }

func (w *faultyWriter) Close() error {
	defer w.cancel()
	if w.fail && !w.lost {
		w.cancel()
		_ = w.w.Close()
		return ErrInjected
	}
	if err := w.w.Close(); err != nil || !w.fail {
		return err
	}
	return ErrInjected
}
