package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// batchRows is how many rows travel together from a worker to the consumer.
const batchRows = 1024

// Reader reads the rows of a plan, projected to some columns of the read
// schema.
type Reader struct {
	plan       *scan.Plan
	projection []types.DataField
	loc        *time.Location
	workers    int
	filter     predicate.Predicate // for row-group skipping only

	// Primary-key tables only.
	pk    bool
	merge *mergeSpec
}

// Options tune a Reader.
type Options struct {
	// Projection lists indexes into the read schema's fields; nil reads all.
	Projection []int
	// Location is the zone Java's TIMESTAMP_LTZ casts use; nil is UTC.
	Location *time.Location
	// Workers bounds the files decoded at once; 0 means GOMAXPROCS. They
	// start as the consumer needs them, see Reader.Rows.
	Workers int
	// Filter lets row groups be skipped by their statistics; rows of kept
	// row groups are not filtered (the SQL engine does that).
	Filter predicate.Predicate
}

// New prepares the read of a plan.
func New(plan *scan.Plan, o Options) (*Reader, error) {
	fields := plan.Schema.Fields
	proj := make([]types.DataField, 0, len(fields))
	if o.Projection == nil {
		proj = append(proj, fields...)
	} else {
		for _, i := range o.Projection {
			if i < 0 || i >= len(fields) {
				return nil, fmt.Errorf("projection index %d out of range", i)
			}
			proj = append(proj, fields[i])
		}
	}
	r := &Reader{plan: plan, projection: proj, loc: o.Location, workers: o.Workers,
		pk: len(plan.Schema.PrimaryKeys) > 0}
	if o.Filter != nil {
		// Merging makes statistics of non-key columns unsafe: an old version
		// of a row may be skipped while its newer version is kept.
		only := map[string]bool{}
		for _, f := range plan.Schema.Fields {
			only[f.Name] = !r.pk
		}
		for _, k := range plan.Schema.PrimaryKeys {
			only[k] = true
		}
		r.filter = predicate.Only(o.Filter, only)
	}
	if r.workers <= 0 {
		r.workers = runtime.GOMAXPROCS(0)
	}
	// A plan without splits merges nothing: like Java, which builds the
	// merge function only for a split, an empty table reads even when its
	// merge options could not be (sum on a VARCHAR column).
	if r.pk && len(plan.Splits) > 0 {
		m, err := newMergeSpec(plan.Schema, proj)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", plan.Table.FullName(), err)
		}
		r.merge = m
	}
	return r, nil
}

// splitFilter is the filter that skips row groups and pages of a split's
// files: the read's, narrowed by the split's key filter.
func (r *Reader) splitFilter(sp *scan.Split) predicate.Predicate {
	switch {
	case sp.KeyFilter == nil:
		return r.filter
	case r.filter == nil:
		return sp.KeyFilter
	}
	return predicate.And{r.filter, sp.KeyFilter}
}

// task is one unit of parallel work: a single file, a split to merge, or a
// group of files that hold columns of the same rows.
type task struct {
	split *scan.Split
	file  int // index into split.Files, or -1 to merge the whole split or read group
	// first and end, when end > 0, are the rows of the file the task reads
	// (file positions first .. end-1): a part of a big file.
	first, end int64
	group      []spec.DataFileMeta
	fail       error // the split cannot be read (planning checks it already)
}

// splitRows is the least a part of a file has when workers share one file
// (splitFiles), so that one big file (a 1M-row file is one row group)
// still uses every core. A part opens the file again and decodes the
// dictionaries and the start of the first pages it reads, a few ms per
// column.
var splitRows int64 = 1 << 18

func (r *Reader) tasks() []task {
	var out []task
	for i := range r.plan.Splits {
		sp := &r.plan.Splits[i]
		if r.pk && (sp.Diff || !sp.Delta && !scan.RawConvertible(*sp, r.merge.skipsLevel0)) {
			out = append(out, task{split: sp, file: -1})
			continue
		}
		if !r.pk && hasRowIDs(sp) {
			out = append(out, groupTasks(sp)...)
			continue
		}
		for f := range sp.Files {
			out = append(out, task{split: sp, file: f})
		}
	}
	if len(out) < r.workers {
		out = r.splitFiles(out)
	}
	return out
}

// splitFiles cuts the big Parquet files of a read with fewer tasks than
// workers into one part per worker (each of at least splitRows rows): a
// part decodes its columns' dictionaries again, which pays only when a
// worker would otherwise have nothing to do.
func (r *Reader) splitFiles(tasks []task) []task {
	var out []task
	for _, tk := range tasks {
		if tk.file < 0 || tk.group != nil {
			out = append(out, tk)
			continue
		}
		rows := tk.split.Files[tk.file].RowCount
		parts := min(int64(r.workers), rows/splitRows)
		if ff, err := format.ForFile(tk.split.Files[tk.file].FileName); parts < 2 || err != nil || !format.ReadsRowRanges(ff) {
			out = append(out, tk)
			continue
		}
		for i := range parts {
			part := tk
			part.first, part.end = rows*i/parts, rows*(i+1)/parts
			out = append(out, part)
		}
	}
	return out
}

func hasRowIDs(sp *scan.Split) bool {
	for _, f := range sp.Files {
		if f.FirstRowID != nil {
			return true
		}
	}
	return false
}

// groupTasks makes a task per group of files holding the same rows, and
// a plain file task for a file alone in its group.
func groupTasks(sp *scan.Split) []task {
	groups, err := scan.RowIDGroups(sp)
	if err != nil {
		return []task{{split: sp, file: -1, fail: err}}
	}
	index := make(map[string]int, len(sp.Files))
	for i, f := range sp.Files {
		index[f.FileName] = i
	}
	out := make([]task, 0, len(groups))
	for _, g := range groups {
		if len(g) == 1 {
			out = append(out, task{split: sp, file: index[g[0].FileName]})
		} else {
			out = append(out, task{split: sp, file: -1, group: g})
		}
	}
	return out
}

// growAfterWaits is how many batches in a row the consumer must wait for
// before the read starts another worker.
const growAfterWaits = 3

// feedTasks hands tasks one at a time to the workers reading the channel it
// returns, closed after the last one or when ctx ends.
func feedTasks(ctx context.Context, tasks []task) <-chan task {
	next := make(chan task)
	go func() {
		defer close(next)
		for _, tk := range tasks {
			select {
			case next <- tk:
			case <-ctx.Done():
				return
			}
		}
	}()
	return next
}

// Rows streams every row. Close the iterator to stop early: it cancels the
// workers.
//
// Workers start one at a time, another only while the consumer keeps
// waiting for batches (up to Options.Workers): a consumer slower than one
// worker, such as a client over the network, gains nothing from more open
// files, and a client that stops reading leaves one file per scan to
// suspend.
func (r *Reader) Rows(ctx context.Context) *Iterator {
	ctx, cancel := context.WithCancel(ctx)
	// One queued batch: a consumer that stops reading (a stalled client)
	// holds it, one batch per worker waiting to be sent and the batch each
	// worker's file reader is at, not a longer queue.
	out := make(chan result, 1)
	tasks := r.tasks()
	next := feedTasks(ctx, tasks)
	work := func() {
		dvs := &dvCache{}
		for tk := range next {
			if err := r.runSafely(ctx, tk, dvs, out); err != nil {
				select {
				case out <- result{err: err}:
				case <-ctx.Done():
				}
				cancel()
				return
			}
		}
	}
	pool := &workerPool{max: min(r.workers, len(tasks)), work: work, out: out}
	it := &Iterator{cancel: cancel, out: out, pool: pool}
	if pool.max == 0 {
		close(out)
	} else {
		pool.grow()
	}
	return it
}

// workerPool runs up to max workers, started by grow; the last one to end
// closes out, and none starts after that.
type workerPool struct {
	mu       sync.Mutex
	max      int
	started  int
	running  int
	finished bool
	work     func()
	out      chan result
}

func (p *workerPool) grow() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished || p.started >= p.max {
		return
	}
	p.started++
	p.running++
	go func() {
		p.work()
		p.exit()
	}()
}

func (p *workerPool) exit() {
	p.mu.Lock()
	p.running--
	last := p.running == 0
	p.finished = p.finished || last
	p.mu.Unlock()
	if last {
		close(p.out)
	}
}

// runSafely turns a panic while decoding (a corrupt file the decoder did
// not foresee) into an error: a worker goroutine that panics would take the
// whole server down. A file that ends early must fail the read, not end it.
func (r *Reader) runSafely(ctx context.Context, tk task, dvs *dvCache, out chan<- result) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: reading %s: internal error: %v", r.plan.Table.FullName(), tk.describe(), p)
		}
		err = fs.EndedEarly(err)
	}()
	return r.run(ctx, tk, dvs, out)
}

func (tk task) describe() string {
	if tk.group != nil {
		return tk.split.FilePath(tk.group[0]) + " and the files holding other columns of its rows"
	}
	if tk.file < 0 {
		return "bucket " + tk.split.Dir
	}
	if tk.end > 0 {
		return fmt.Sprintf("rows %d to %d of %s", tk.first, tk.end-1, tk.split.FilePath(tk.split.Files[tk.file]))
	}
	return tk.split.FilePath(tk.split.Files[tk.file])
}

// suspendAfter is how long a worker waits for the consumer to take a batch
// before it releases its open file's pages, dictionaries and buffers (a
// few MB per file): a client that stopped reading keeps its statement, and
// so the scan, waiting until the write timeout ends it.
var suspendAfter = time.Second

// send hands a batch to the consumer. When the consumer takes none for
// suspendAfter, or at once when another worker waits for a slot, suspend
// releases what the worker's files hold and the worker gives its slot back
// while it goes on waiting; it takes one again before it decodes on. sl is
// nil for reads that hold none.
func send(ctx context.Context, out chan<- result, batch [][]any, suspend func(), sl *slot) error {
	select {
	case out <- result{rows: batch}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	timer := time.NewTimer(suspendAfter)
	defer timer.Stop()
	select {
	case out <- result{rows: batch}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
	case <-sl.wanted():
	}
	suspend()
	sl.release()
	select {
	case out <- result{rows: batch}:
	case <-ctx.Done():
		return ctx.Err()
	}
	return sl.take(ctx)
}

func (r *Reader) run(ctx context.Context, tk task, dvs *dvCache, out chan<- result) error {
	if tk.fail != nil {
		return tk.fail
	}
	if tk.split.Diff && r.pk {
		return r.readDiff(ctx, tk.split, out)
	}
	sl, err := openSlots.acquire(ctx)
	if err != nil {
		return err
	}
	defer sl.release()
	if tk.group != nil {
		return r.readGroup(ctx, tk.split, tk.group, out, sl)
	}
	if tk.file < 0 {
		return r.mergeSplit(ctx, tk.split, dvs, out, sl)
	}
	spec := fileSpec{fields: r.projection, system: r.pk, filter: r.splitFilter(tk.split), first: tk.first, end: tk.end}
	fr, err := openFile(ctx, tk.split.Table, tk.split, tk.split.Files[tk.file], spec, r.loc, dvs)
	if err != nil {
		return err
	}
	defer fr.Close()
	return r.fileBatches(ctx, fr, batchRows, func(batch [][]any) error { return send(ctx, out, batch, fr.pr.Suspend, sl) })
}

// fileBatches reads the user rows of a file (userRow) and hands them to
// emit in batches of n rows, the last one shorter; emit keeps each batch.
func (r *Reader) fileBatches(ctx context.Context, fr *fileRows, n int, emit func(batch [][]any) error) error {
	batch := make([][]any, 0, n)
	for {
		row, err := fr.nextRow(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if row = r.userRow(row); row == nil {
			continue
		}
		batch = append(batch, row)
		if len(batch) == n {
			if err := emit(batch); err != nil {
				return err
			}
			batch = make([][]any, 0, n)
		}
	}
	if len(batch) > 0 {
		return emit(batch)
	}
	return nil
}

type result struct {
	rows [][]any
	err  error
}

// Iterator yields rows of the projected columns. It is not safe for
// concurrent use.
type Iterator struct {
	cancel context.CancelFunc
	out    chan result
	pool   *workerPool
	waits  int // batches in a row the consumer had to wait for
	batch  [][]any
	next   int
	err    error
}

// Next returns the next row, or io.EOF after the last one.
func (it *Iterator) Next() ([]any, error) {
	for it.next >= len(it.batch) {
		if it.err != nil {
			return nil, it.err
		}
		res, ok := it.receive()
		if !ok {
			it.err = io.EOF
			return nil, io.EOF
		}
		if res.err != nil {
			it.err = res.err
			it.cancel()
			return nil, res.err
		}
		it.batch, it.next = res.rows, 0
	}
	row := it.batch[it.next]
	it.next++
	return row, nil
}

// NextBatch returns the rows Next has not yet returned of the current
// batch, or the next batch, or io.EOF after the last one. Consumers that
// reduce rows (aggregates) take them a batch at a time to hand the batches
// on to goroutines of their own. The rows are the caller's.
func (it *Iterator) NextBatch() ([][]any, error) {
	if it.next >= len(it.batch) {
		if _, err := it.Next(); err != nil {
			return nil, err
		}
		it.next--
	}
	b := it.batch[it.next:]
	it.batch, it.next = nil, 0
	return b, nil
}

// receive takes the next batch, and starts another worker when the consumer
// has had to wait for growAfterWaits batches in a row.
func (it *Iterator) receive() (result, bool) {
	select {
	case res, ok := <-it.out:
		it.waits = 0
		return res, ok
	default:
	}
	if it.waits++; it.waits >= growAfterWaits {
		it.waits = 0
		it.pool.grow()
	}
	res, ok := <-it.out
	return res, ok
}

// Close stops the workers and waits for them to let go of their files.
func (it *Iterator) Close() error {
	it.cancel()
	for range it.out {
	}
	return nil
}

// userRow is a row of a raw file read as the user sees it: for a
// primary-key file without its system columns, nil for a retraction.
func (r *Reader) userRow(row []any) []any {
	if !r.pk {
		return row
	}
	if k := row[1].(int8); k == KindUpdateBefore || k == KindDelete {
		return nil
	}
	return row[2:]
}
