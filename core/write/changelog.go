package write

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// The input changelog producer (docs/design/format.md §7.3, changelog-producer =
// input): every record a primary-key bucket receives is also written, as
// received and before merging, to changelog files next to the data files:
// changelog-<uuid>-<n>.<format> in the bucket directory, with the key-value
// layout of the data files (_KEY_*, _SEQUENCE_NUMBER, _VALUE_KIND, the
// table's columns). Within one flush the records are sorted by key and
// sequence, as the write buffer hands them to both writers. The files are
// committed as ADD entries of the snapshot's changelog manifest list, which
// sets changelogRecordCount; they never belong to the table contents.

// producesInputChangelog tells whether the table's writes produce changelog
// files: a primary-key table with changelog-producer = input. The other
// producers (lookup, full-compaction) produce changelog at compaction.
func (w *TableWriter) producesInputChangelog() bool {
	producer, _ := w.opts.ChangelogProducer() // Validate refuses a value that does not parse
	return w.pk && producer == options.ChangelogProducerInput
}

// Changelog are the ADD entries of the changelog files of the flushed
// records, for Changes.Changelog. Empty unless the table has
// changelog-producer = input.
func (w *TableWriter) Changelog() []spec.ManifestEntry { return w.changelog }

// DiscardChangelog deletes the changelog files written so far and forgets
// them: an OVERWRITE commits no changelog (as in Java), so they would only
// be left behind.
func (w *TableWriter) DiscardChangelog(ctx context.Context) {
	if len(w.changelog) == 0 {
		return
	}
	names := make(map[string]bool, len(w.changelog))
	for _, e := range w.changelog {
		names[e.File.FileName] = true
	}
	kept := w.done[:0]
	for _, p := range w.done {
		if names[path.Base(p)] {
			fs.DeleteAt(ctx, w.t.FS, p)
			continue
		}
		kept = append(kept, p)
	}
	w.done, w.changelog = kept, nil
}

// changelogFilePrefix is the changelog-file.prefix option.
func changelogFilePrefix(opts options.Options) string {
	p, _ := options.ChangelogFilePrefix.Get(opts)
	return p
}

// changelogFileOptions are the table options a changelog file is written
// with: changelog-file.stats-mode stands in for metadata.stats-mode
// (Java's CoreOptions.changelogFileStatsMode falls back to it).
func changelogFileOptions(opts options.Options) map[string]string {
	mode, ok := options.ChangelogFileStatsMode.Stored(opts)
	if !ok {
		return opts
	}
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		out[k] = v
	}
	out[options.MetadataStatsMode.Key] = mode
	return out
}

// changelogWriterOptions are the format and writer options of changelog
// files: changelog-file.format and changelog-file.compression fall back to
// the data file settings fileFormat and wo.
func changelogWriterOptions(opts options.Options, fileFormat string, wo format.WriterOptions) (string, format.WriterOptions, error) {
	name := fileFormat
	if f := strings.ToLower(options.ChangelogFileFormat.Text(opts)); f != "" {
		name = f
	}
	ff, err := format.Lookup(name)
	if err != nil {
		return "", wo, fmt.Errorf("%s=%s: %w", options.ChangelogFileFormat.Key, name, err)
	}
	if c, ok := options.ChangelogFileCompression.Stored(opts); ok {
		if c == "" {
			return "", wo, fmt.Errorf("%s is empty", options.ChangelogFileCompression.Key)
		}
		if err := ff.CheckCompression(strings.ToLower(c)); err != nil {
			return "", wo, fmt.Errorf("changelog-%w", err)
		}
		wo.Compression = c
	}
	return name, wo, nil
}

// changelogName names a changelog file of the bucket writer: the writer's
// uuid and counter, shared with its data files as Java's
// DataFilePathFactory shares them.
func (n *fileNamer) changelogName(prefix, fileFormat string) string {
	s := fmt.Sprintf("%s%s-%d.%s", prefix, n.uuid, n.next, fileFormat)
	n.next++
	return s
}

// writeChangelog writes the buffered records — already sorted by key and
// sequence, not yet merged — to changelog files of the bucket, rolling at
// the target file size. Nothing is written unless the table produces input
// changelog. A file that fails is deleted; finished files are deleted by
// Abort like the data files.
func (b *bucketWriter) writeChangelog(ctx context.Context) error {
	tw := b.tw
	if !tw.producesInputChangelog() || len(b.buffer) == 0 {
		return nil
	}
	fileFormat, wo, err := changelogWriterOptions(tw.opts, tw.fileFormat, tw.wopts)
	if err != nil {
		return fmt.Errorf("%s: %w", tw.t.FullName(), err)
	}
	opts := changelogFileOptions(tw.opts)
	prefix := changelogFilePrefix(tw.opts)
	var (
		file    *fileWriter
		rows    [][]any
		seqs    []int64
		retract int64
	)
	closeFile := func() error {
		if file == nil {
			return nil
		}
		meta, err := file.close(tw.sch.ID)
		tw.done = append(tw.done, file.paths()...)
		file = nil
		if err != nil {
			return err
		}
		tw.changelog = append(tw.changelog, spec.ManifestEntry{
			Kind: spec.FileAdd, Partition: b.part, Bucket: b.bucket, TotalBuckets: b.total, File: meta})
		return nil
	}
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		if file == nil {
			f, err := createDataFile(ctx, tw.t, b.ext, b.dir, b.namer.changelogName(prefix, fileFormat), tw.layout, opts, wo)
			if err != nil {
				return err
			}
			file = f
		}
		if err := file.write(rows, seqs, retract); err != nil {
			return err
		}
		rows, seqs, retract = rows[:0], seqs[:0], 0
		if file.written() >= tw.target {
			return closeFile()
		}
		return nil
	}
	for _, kv := range b.buffer {
		row := make([]any, 0, len(tw.layout.physical))
		row = append(row, kv.Key...)
		row = append(row, kv.Sequence, int8(kv.Kind))
		row = append(row, kv.Value...)
		rows = append(rows, row)
		seqs = append(seqs, kv.Sequence)
		if kv.Kind.IsRetract() {
			retract++
		}
		if len(rows) >= appendBatch {
			if err := flush(); err != nil {
				if file != nil {
					file.abort(ctx)
				}
				return err
			}
		}
	}
	if err := flush(); err != nil {
		if file != nil {
			file.abort(ctx)
		}
		return err
	}
	return closeFile()
}
