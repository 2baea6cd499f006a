package write

import (
	"context"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// appendBatch is how many rows an append writer hands the Parquet writer at once.
const appendBatch = 256

// bucketWriter writes the files of one (partition, bucket).
type bucketWriter struct {
	tw      *TableWriter
	part    []byte
	bucket  int32
	total   int32
	dir     string
	namer   *fileNamer
	ext     pathProvider // external paths of new files, nil in the table
	nextSeq int64

	file    *fileWriter // the file being written
	pending [][]any     // rows not yet handed to the file
	seqs    []int64
	retract int64                // -U/-D rows among pending
	buffer  []mergefunc.KeyValue // primary-key records not yet flushed
	// bufferBytes is buffer's share of the table writer's buffered bytes.
	bufferBytes int64

	// An append table's writer keeps its open file across the statements
	// of a transaction (statement.go): kept are the rows handed to the
	// open file, with their sequence numbers, while the table writer's
	// budget lasts; markRows is how many rows (kept, then pending)
	// preceded the running statement; closeAtEnd is set when rows of the
	// file were not kept, which then closes at the statement's end.
	kept       [][]any
	keptSeqs   []int64
	markRows   int
	closeAtEnd bool
}

func (b *bucketWriter) write(ctx context.Context, kind mergefunc.RowKind, row []any) error {
	seq := b.nextSeq
	b.nextSeq++
	if b.tw.pk {
		b.buffer = append(b.buffer, mergefunc.KeyValue{Key: project(row, b.tw.keyIdx), Sequence: seq, Kind: kind, Value: row})
		n := recordBytes(row, len(b.tw.keyIdx))
		b.bufferBytes += n
		b.tw.buffered += n
		if len(b.buffer) >= kvBufferRows {
			return b.flushBuffer(ctx)
		}
		if b.tw.buffered > b.tw.bufferBudget {
			return b.tw.flushLargestBuffer(ctx)
		}
		return nil
	}
	b.pending = append(b.pending, row)
	b.seqs = append(b.seqs, seq)
	if len(b.pending) >= appendBatch {
		return b.flushPending(ctx)
	}
	return nil
}

// flushPending hands pending rows to the current file, rolling it at the
// target size.
func (b *bucketWriter) flushPending(ctx context.Context) error {
	if len(b.pending) == 0 {
		return nil
	}
	if b.file == nil {
		f, err := createDataFile(ctx, b.tw.t, b.ext, b.dir, b.namer.name(b.tw.fileFormat), b.tw.layout, b.tw.sch.Options, b.tw.wopts)
		if err != nil {
			return err
		}
		b.file = f
	}
	if err := b.file.write(b.pending, b.seqs, b.retract); err != nil {
		return err
	}
	if !b.tw.pk {
		b.keep()
	}
	b.pending, b.seqs, b.retract = b.pending[:0], b.seqs[:0], 0
	if b.file.written() >= b.tw.target {
		if !b.tw.pk && b.markRows > 0 {
			return b.roll()
		}
		return b.closeFile()
	}
	return nil
}

func (b *bucketWriter) closeFile() error {
	b.forget()
	if b.file == nil {
		return nil
	}
	meta, err := b.file.close(b.tw.sch.ID)
	b.tw.done = append(b.tw.done, b.file.paths()...)
	b.file = nil
	if err != nil {
		return err
	}
	b.tw.entries = append(b.tw.entries, spec.ManifestEntry{
		Kind: spec.FileAdd, Partition: b.part, Bucket: b.bucket, TotalBuckets: b.total, File: meta})
	return nil
}

// flushBuffer sorts the buffered primary-key records by key and sequence,
// merges each key's records with the table's merge engine (Java's write
// buffer does the same) and writes them as level-0 files: one row per key.
func (b *bucketWriter) flushBuffer(ctx context.Context) error {
	if len(b.buffer) == 0 {
		return nil
	}
	types := b.tw.keyTypes
	sort.SliceStable(b.buffer, func(i, j int) bool {
		if c := binrow.Compare(b.buffer[i].Key, b.buffer[j].Key, types); c != 0 {
			return c < 0
		}
		return b.tw.engine.CompareSequence(b.buffer[i], b.buffer[j]) < 0
	})
	if err := b.writeChangelog(ctx); err != nil {
		return err
	}
	fn := b.tw.engine.NewFunction()
	emit := func() error {
		kv, ok := fn.Result()
		if !ok {
			return nil
		}
		row := make([]any, 0, len(b.tw.layout.physical))
		row = append(row, kv.Key...)
		row = append(row, kv.Sequence, int8(kv.Kind))
		row = append(row, kv.Value...)
		b.pending = append(b.pending, row)
		b.seqs = append(b.seqs, kv.Sequence)
		if kv.Kind.IsRetract() {
			b.retract++
		}
		if len(b.pending) >= appendBatch {
			return b.flushPending(ctx)
		}
		return nil
	}
	for i, kv := range b.buffer {
		if i > 0 && binrow.Compare(b.buffer[i-1].Key, kv.Key, types) != 0 {
			if err := emit(); err != nil {
				return err
			}
			fn.Reset()
		}
		if i == 0 {
			fn.Reset()
		}
		if err := fn.Add(kv); err != nil {
			return err
		}
	}
	if err := emit(); err != nil {
		return err
	}
	b.dropBuffer()
	if err := b.flushPending(ctx); err != nil {
		return err
	}
	// One flush is one sorted run: the next flush starts a new file.
	return b.closeFile()
}

func (b *bucketWriter) finish(ctx context.Context) error {
	if b.tw.pk {
		return b.flushBuffer(ctx)
	}
	if err := b.flushPending(ctx); err != nil {
		return err
	}
	return b.closeFile()
}

func (b *bucketWriter) abort(ctx context.Context) {
	b.forget()
	if b.file != nil {
		b.file.abort(ctx)
		b.file = nil
	}
	b.dropBuffer()
	b.pending, b.buffer = nil, nil
}

// dropBuffer empties the primary-key buffer, whose records were written
// or are discarded, and gives its bytes back to the table writer's budget.
func (b *bucketWriter) dropBuffer() {
	clear(b.buffer) // the records' rows can go before the next ones come
	b.buffer = b.buffer[:0]
	b.tw.buffered -= b.bufferBytes
	b.bufferBytes = 0
}

// flushLargestBuffer writes the largest primary-key buffer of the table
// writer as a sorted run (see recordBytes).
func (w *TableWriter) flushLargestBuffer(ctx context.Context) error {
	var largest *bucketWriter
	for _, bw := range w.writers {
		if largest == nil || bw.bufferBytes > largest.bufferBytes {
			largest = bw
		}
	}
	if largest == nil {
		return nil
	}
	return largest.flushBuffer(ctx)
}
