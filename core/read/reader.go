package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
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
	opts  options.Options
}

// Options tune a Reader.
type Options struct {
	// Projection lists indexes into the read schema's fields; nil reads all.
	Projection []int
	// Location is the zone Java's TIMESTAMP_LTZ casts use; nil is UTC.
	Location *time.Location
	// Workers bounds the files decoded at once; 0 means GOMAXPROCS.
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
		pk: len(plan.Schema.PrimaryKeys) > 0, opts: options.Options(plan.Schema.Options)}
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
	if r.pk {
		m, err := newMergeSpec(plan.Schema, proj)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", plan.Table.FullName(), err)
		}
		r.merge = m
	}
	return r, nil
}

// task is one unit of parallel work: a single file, or a split to merge.
type task struct {
	split *scan.Split
	file  int // index into split.Files, or -1 to merge the whole split
}

func (r *Reader) tasks() []task {
	var out []task
	for i := range r.plan.Splits {
		sp := &r.plan.Splits[i]
		if r.pk && !scan.RawConvertible(*sp, r.opts) {
			out = append(out, task{split: sp, file: -1})
			continue
		}
		for f := range sp.Files {
			out = append(out, task{split: sp, file: f})
		}
	}
	return out
}

// Rows streams every row. Close the iterator to stop early: it cancels the
// workers.
func (r *Reader) Rows(ctx context.Context) *Iterator {
	ctx, cancel := context.WithCancel(ctx)
	it := &Iterator{cancel: cancel, out: make(chan result, r.workers*2)}
	tasks := r.tasks()
	next := make(chan task)
	var wg sync.WaitGroup
	for w := 0; w < r.workers && w < len(tasks); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dvs := &dvCache{}
			for tk := range next {
				if err := r.runSafely(ctx, tk, dvs, it.out); err != nil {
					select {
					case it.out <- result{err: err}:
					case <-ctx.Done():
					}
					cancel()
					return
				}
			}
		}()
	}
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
	go func() {
		wg.Wait()
		close(it.out)
	}()
	return it
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
	if tk.file < 0 {
		return "bucket " + tk.split.Dir
	}
	return tk.split.FilePath(tk.split.Files[tk.file])
}

func (r *Reader) run(ctx context.Context, tk task, dvs *dvCache, out chan<- result) error {
	emit := func(batch [][]any) error {
		select {
		case out <- result{rows: batch}:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if tk.file < 0 {
		return r.mergeSplit(ctx, tk.split, dvs, emit)
	}
	spec := fileSpec{fields: r.projection, system: r.pk, filter: r.filter}
	fr, err := openFile(ctx, tk.split.Table, tk.split, tk.split.Files[tk.file], spec, r.loc, dvs)
	if err != nil {
		return err
	}
	defer fr.Close()
	batch := make([][]any, 0, batchRows)
	for {
		row, err := fr.nextRow(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if r.pk {
			// Raw reads of a primary-key file: drop retractions, strip the system columns.
			if k := row[1].(int8); k == KindUpdateBefore || k == KindDelete {
				continue
			}
			row = row[2:]
		}
		batch = append(batch, row)
		if len(batch) == batchRows {
			if err := emit(batch); err != nil {
				return err
			}
			batch = make([][]any, 0, batchRows)
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
		res, ok := <-it.out
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

// Close stops the workers and waits for them to let go of their files.
func (it *Iterator) Close() error {
	it.cancel()
	for range it.out {
	}
	return nil
}
