package write

import "context"

// Statements of a transaction. A failed statement is undone by rolling the
// table writer back to the statement's Mark. Files cannot drop rows, so a
// statement used to end its files: a transaction of 1,000-row INSERTs
// wrote a file per statement (a tenth of the load's time, and as many
// files for every read after it). An append table's writer now keeps its
// open file across statements, and keeps in memory the rows it handed to
// that file, up to keptRowsBudget rows for the whole table writer: a
// rollback deletes the open file and writes the rows from before the
// mark again. A file whose rows were not all kept is closed when its
// statement ends, so that the rows before any mark are always at hand.
// Primary-key writers keep flushing a sorted run per statement.

// keptRowsBudget bounds the rows an append table's writer keeps across
// statements for rollbacks (about as many bytes as the rows' values).
const keptRowsBudget = 1 << 16

// EndStatement finishes the running statement: primary-key tables flush
// their buffered records into files as Flush does; an append table's
// open files stay open unless rows of theirs were not kept.
func (w *TableWriter) EndStatement(ctx context.Context) error {
	if w.pk {
		return w.Flush(ctx)
	}
	// The rows before the mark stay kept until every file is closed: a
	// failure midway rolls the statement back, deleting the closed files.
	var closed []*bucketWriter
	for _, bw := range w.writers {
		if !bw.closeAtEnd {
			continue
		}
		if err := bw.flushPending(ctx); err != nil {
			return err
		}
		if bw.file != nil {
			if err := bw.roll(); err != nil {
				return err
			}
		}
		closed = append(closed, bw)
	}
	for _, bw := range closed {
		bw.forget()
	}
	return nil
}

// keep records the rows just handed to the open file: every row from
// before the mark, later rows while the table writer's budget lasts.
func (b *bucketWriter) keep() {
	for i, row := range b.pending {
		if len(b.kept) >= b.markRows && b.tw.keptRows >= keptRowsBudget {
			b.closeAtEnd = true
			return
		}
		if b.closeAtEnd && len(b.kept) >= b.markRows {
			return
		}
		b.kept = append(b.kept, row)
		b.keptSeqs = append(b.keptSeqs, b.seqs[i])
		b.tw.keptRows++
	}
}

// forget drops the kept rows once their file is closed or dropped.
func (b *bucketWriter) forget() {
	b.tw.keptRows -= len(b.kept)
	b.kept, b.keptSeqs, b.markRows, b.closeAtEnd = nil, nil, 0, false
}

// restore rolls the writer back to its first n rows (kept, then
// pending): the open file is dropped and the rows become pending again,
// to be written into the next file with their sequence numbers.
func (b *bucketWriter) restore(ctx context.Context, n int) {
	rows := append(b.kept[:len(b.kept):len(b.kept)], b.pending...)
	seqs := append(b.keptSeqs[:len(b.keptSeqs):len(b.keptSeqs)], b.seqs...)
	if b.file != nil {
		b.file.abort(ctx)
		b.file = nil
	}
	b.forget()
	n = min(n, len(rows))
	b.pending, b.seqs, b.retract = rows[:n], seqs[:n], 0
}

// roll closes the file at its target size in the middle of a statement
// that follows others: the rows from before the statement's mark stay
// kept, since a rollback deletes this file too, and the writer's files
// close when the statement ends, as its kept rows are then partly in a
// closed file.
func (b *bucketWriter) roll() error {
	if len(b.kept) > b.markRows {
		b.tw.keptRows -= len(b.kept) - b.markRows
		b.kept, b.keptSeqs = b.kept[:b.markRows:b.markRows], b.keptSeqs[:b.markRows:b.markRows]
	}
	kept, seqs, mark := b.kept, b.keptSeqs, b.markRows
	b.kept, b.keptSeqs = nil, nil // not forgotten by closeFile
	err := b.closeFile()
	b.kept, b.keptSeqs, b.markRows, b.closeAtEnd = kept, seqs, mark, true
	return err
}
