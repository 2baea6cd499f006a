package write

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// RewriteWriter writes the output files of a compaction of one (partition,
// bucket): the same physical layout, statistics and naming as TableWriter's
// files, but placed on a chosen level, marked _FILE_SOURCE = COMPACT, and
// carrying the sequence numbers of the records rewritten rather than new
// ones (Java's compaction rewriters keep them, so that merge order is kept).
// Files roll at the target file size.
type RewriteWriter struct {
	t         *table.Table
	schemaID  int64
	opts      options.Options
	dir       string
	level     int32
	pk        bool
	fileSetup // layout, rolling target and Parquet options
	namer     *fileNamer
	ext       pathProvider // external paths of new files, nil in dir

	// changelog: the files are changelog files of the compaction
	// (changelog-producer lookup or full-compaction), named, formatted
	// and marked as Java's createRollingChangelogFileWriter does.
	changelog bool
	prefix    string // of the file names

	file    *fileWriter
	pending [][]any
	seqs    []int64
	retract int64
	files   []spec.DataFileMeta
	paths   []string
}

// NewRewriteWriter prepares compaction output in the bucket directory dir
// of t, written with schema sch and the options in effect opts (table
// options plus the run's dynamic options), on level (0 for append tables).
func NewRewriteWriter(t *table.Table, sch *spec.TableSchema, opts options.Options, dir string, level int32) (*RewriteWriter, error) {
	if err := CheckWritableOptions(opts); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	w := &RewriteWriter{t: t, schemaID: sch.ID, opts: opts, dir: dir, level: level,
		pk: len(sch.PrimaryKeys) > 0, namer: newFileNamer(dataFilePrefix(opts))}
	ext, err := newPathProvider(opts, t.Root, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	w.ext = ext
	if w.fileSetup, err = newFileSetup(sch, opts, int(level)); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	if w.pk {
		// Statistics modes may differ by level (metadata.stats-mode.per.level).
		w.layout.level = int(level)
	}
	return w, nil
}

// NewChangelogWriter prepares the changelog files a compaction of a
// primary-key table produces (changelog-producer lookup or
// full-compaction) in the bucket directory dir, beside its output on
// level: changelog-file.prefix, changelog-file.format and
// changelog-file.compression (falling back to the level's data file
// settings), changelog-file.stats-mode, _FILE_SOURCE = APPEND, level as
// the output's.
func NewChangelogWriter(t *table.Table, sch *spec.TableSchema, opts options.Options, dir string, level int32) (*RewriteWriter, error) {
	w, err := NewRewriteWriter(t, sch, opts, dir, level)
	if err != nil {
		return nil, err
	}
	if !w.pk {
		return nil, fmt.Errorf("%s: changelog of an append table", t.FullName())
	}
	if w.fileFormat, w.wopts, err = changelogWriterOptions(opts, w.fileFormat, w.wopts); err != nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), err)
	}
	w.changelog = true
	w.prefix = changelogFilePrefix(opts)
	w.opts = changelogFileOptions(opts)
	return w, nil
}

// WriteKeyValue adds one merged record of a primary-key table; kv.Key is
// the trimmed primary key and kv.Value the row of the table's columns.
// Records must come in key order.
func (w *RewriteWriter) WriteKeyValue(ctx context.Context, kv mergefunc.KeyValue) error {
	if !w.pk {
		return fmt.Errorf("%s: WriteKeyValue on an append table", w.t.FullName())
	}
	row := make([]any, 0, len(w.layout.physical))
	row = append(row, kv.Key...)
	row = append(row, kv.Sequence, int8(kv.Kind))
	row = append(row, kv.Value...)
	w.pending = append(w.pending, row)
	w.seqs = append(w.seqs, kv.Sequence)
	if kv.Kind.IsRetract() {
		w.retract++
	}
	if len(w.pending) >= appendBatch {
		return w.flush(ctx)
	}
	return nil
}

// WriteRow adds one row of an append table with its sequence number.
func (w *RewriteWriter) WriteRow(ctx context.Context, row []any, seq int64) error {
	if w.pk {
		return fmt.Errorf("%s: WriteRow on a primary-key table", w.t.FullName())
	}
	w.pending = append(w.pending, row)
	w.seqs = append(w.seqs, seq)
	if len(w.pending) >= appendBatch {
		return w.flush(ctx)
	}
	return nil
}

func (w *RewriteWriter) flush(ctx context.Context) error {
	if len(w.pending) == 0 {
		return nil
	}
	if w.file == nil {
		name := w.namer.name(w.fileFormat)
		if w.changelog {
			name = w.namer.changelogName(w.prefix, w.fileFormat)
		}
		f, err := createDataFile(ctx, w.t, w.ext, w.dir, name, w.layout, w.opts, w.wopts)
		if err != nil {
			return err
		}
		w.file = f
		w.paths = append(w.paths, f.path)
	}
	if err := w.file.write(w.pending, w.seqs, w.retract); err != nil {
		return err
	}
	w.pending, w.seqs, w.retract = w.pending[:0], w.seqs[:0], 0
	if w.file.written() >= w.target {
		return w.closeFile()
	}
	return nil
}

func (w *RewriteWriter) closeFile() error {
	if w.file == nil {
		return nil
	}
	meta, err := w.file.close(w.schemaID)
	w.paths = append(w.paths, w.file.paths()[1:]...)
	w.file = nil
	if err != nil {
		return err
	}
	meta.Level = w.level
	src := spec.SourceCompact
	if w.changelog {
		src = spec.SourceAppend
	}
	meta.FileSource = &src
	w.files = append(w.files, meta)
	return nil
}

// Finish closes the last file and returns every file written, in order.
func (w *RewriteWriter) Finish(ctx context.Context) ([]spec.DataFileMeta, error) {
	if err := w.flush(ctx); err != nil {
		return nil, err
	}
	if err := w.closeFile(); err != nil {
		return nil, err
	}
	return w.files, nil
}

// Paths are the warehouse paths of every file started so far.
func (w *RewriteWriter) Paths() []string { return w.paths }

// Abort deletes every file written or being written.
func (w *RewriteWriter) Abort(ctx context.Context) {
	if w.file != nil {
		w.file.abort(ctx)
		w.file = nil
	}
	for _, p := range w.paths {
		fs.DeleteAt(ctx, w.t.FS, p)
	}
	w.pending, w.files = nil, nil
}
