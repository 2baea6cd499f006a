package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// vectorRows is how many rows a batch of vectors holds: more than a batch
// of rows, as a batch costs its consumer a fixed overhead per column.
const vectorRows = 4096

// VectorKinds are the vector kinds of the projected columns, or nil when
// some column has none (the read is by rows only).
func (r *Reader) VectorKinds() []format.VectorKind {
	kinds := make([]format.VectorKind, len(r.projection))
	for i, f := range r.projection {
		if kinds[i] = format.VectorKindOf(f.Type); kinds[i] == format.VectorNone {
			return nil
		}
	}
	return kinds
}

// VectorConsumer takes the batches of one worker of a vector read, one at
// a time. The batch is the worker's: it is reused once the consumer
// returns, so the consumer keeps nothing of it.
type VectorConsumer func(b *format.VectorBatch) error

// ReadVectors reads every row as batches of typed column vectors, one per
// projected column; VectorKinds must not be nil. Files that can be read so
// (Parquet files of append tables, and of primary-key tables where no
// merge is needed, without type changes) are decoded into vectors
// directly, large files in ranges of rows; the other reads (merges, other
// formats, changed types) make rows, turned into vectors. Each of up to
// len(consumers) workers hands its batches to its own consumer, in its own
// goroutine: a consumer that aggregates does so while the batch is in the
// core's cache, with no copy and no hand-over. The first error (of a read
// or a consumer) stops the read and is returned.
func (r *Reader) ReadVectors(ctx context.Context, consumers []VectorConsumer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	kinds := r.VectorKinds()
	tasks := r.tasks()
	next := feedTasks(ctx, tasks)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for w := range min(len(consumers), len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dvs := &dvCache{}
			for tk := range next {
				if err := r.vectorTaskSafely(ctx, tk, kinds, dvs, consumers[w]); err != nil {
					once.Do(func() { first = err })
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err() // the caller's context ended
	}
	return first
}

func (r *Reader) vectorTaskSafely(ctx context.Context, tk task, kinds []format.VectorKind, dvs *dvCache, out VectorConsumer) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: reading %s: internal error: %v", r.plan.Table.FullName(), tk.describe(), p)
		}
		err = fs.EndedEarly(err)
	}()
	if tk.file < 0 || tk.fail != nil || tk.split.Diff {
		return r.rowsToVectors(ctx, tk, kinds, dvs, out)
	}
	return r.vectorFile(ctx, tk, kinds, dvs, out)
}

// vectorFile reads one file (or a range of its rows) into vectors.
func (r *Reader) vectorFile(ctx context.Context, tk task, kinds []format.VectorKind, dvs *dvCache, out VectorConsumer) error {
	spec := fileSpec{fields: r.projection, system: r.pk, filter: r.splitFilter(tk.split), first: tk.first, end: tk.end, vectors: true}
	fr, err := openFile(ctx, tk.split.Table, tk.split, tk.split.Files[tk.file], spec, r.loc, dvs)
	if err != nil {
		return err
	}
	defer fr.Close()
	pr, ok := fr.pr.(*format.ParquetReader)
	if !ok || !pr.Vectorizable() || !noCasts(fr) {
		return r.fileRowsToVectors(ctx, fr, kinds, out)
	}
	var keep []bool
	b := &format.VectorBatch{}    // the file's columns, reused batch after batch
	view := &format.VectorBatch{} // the projected columns, handed on
	view.Cols = make([]format.Vector, len(fr.sources))
	for {
		if err := pr.NextVectors(ctx, b); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		// Deleted rows, and retractions of a primary-key file, are dropped.
		if fr.dv != nil || r.pk && hasRetractions(b.Cols[1].Int64[:b.Len]) {
			keep = keep[:0]
			for i := range b.Len {
				live := fr.dv == nil || !fr.dv.IsDeleted(b.FirstPosition+int64(i))
				if r.pk {
					k := int8(b.Cols[1].Int64[i])
					live = live && k != KindUpdateBefore && k != KindDelete
				}
				keep = append(keep, live)
			}
			b.Keep(keep)
		}
		if b.Len == 0 {
			continue
		}
		// sources index the file's columns, system columns included.
		view.Len, view.FirstPosition = b.Len, b.FirstPosition
		for i, s := range fr.sources {
			if s < 0 {
				view.Cols[i] = nullVector(kinds[i], b.Len)
				continue
			}
			view.Cols[i] = b.Cols[s]
		}
		if err := out(view); err != nil {
			return err
		}
	}
}

// hasRetractions tells whether a batch's _VALUE_KIND values hold a
// retraction (a fully compacted file holds none: its rows are then all
// kept without a test each).
func hasRetractions(kinds []int64) bool {
	for _, k := range kinds {
		if k == int64(KindUpdateBefore) || k == int64(KindDelete) {
			return true
		}
	}
	return false
}

func noCasts(fr *fileRows) bool {
	for _, c := range fr.casts {
		if c != nil {
			return false
		}
	}
	return true
}

func nullVector(k format.VectorKind, n int) format.Vector {
	var v format.Vector
	v.Reset(k, n)
	v.Nulls = make([]bool, n)
	for i := range v.Nulls {
		v.Nulls[i] = true
	}
	switch k {
	case format.VectorInt64, format.VectorDecimal64:
		clear(v.Int64)
	case format.VectorFloat64:
		clear(v.Float64)
	case format.VectorBytes:
		clear(v.Offsets)
	}
	return v
}

// fileRowsToVectors reads a file by rows (a format without vectors, or
// columns of changed types) and hands them on as vectors.
func (r *Reader) fileRowsToVectors(ctx context.Context, fr *fileRows, kinds []format.VectorKind, out VectorConsumer) error {
	return r.fileBatches(ctx, fr, vectorRows, func(rows [][]any) error {
		return sendRows(ctx, rows, r.projection, kinds, out)
	})
}

// rowsToVectors runs a task of the row read (a merge, a group of files
// holding columns of the same rows) and hands its rows on as vectors.
func (r *Reader) rowsToVectors(ctx context.Context, tk task, kinds []format.VectorKind, dvs *dvCache, out VectorConsumer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rows := make(chan result, 1)
	done := make(chan error, 1)
	go func() {
		done <- r.runSafely(ctx, tk, dvs, rows)
		close(rows)
	}()
	for res := range rows {
		if err := sendRows(ctx, res.rows, r.projection, kinds, out); err != nil {
			cancel()
			for range rows {
			}
			<-done
			return err
		}
	}
	return <-done
}

func sendRows(ctx context.Context, rows [][]any, fields []types.DataField, kinds []format.VectorKind, out VectorConsumer) error {
	if len(rows) == 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	b := &format.VectorBatch{Len: len(rows), Cols: make([]format.Vector, len(kinds))}
	for j, k := range kinds {
		v := &b.Cols[j]
		v.Reset(k, 0)
		for _, row := range rows {
			if err := v.Append(row[j], fields[j].Type); err != nil {
				return err
			}
		}
	}
	return out(b)
}
