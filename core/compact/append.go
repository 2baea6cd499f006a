package compact

import (
	"context"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// fullCompactMinFiles is BucketedAppendCompactManager.FULL_COMPACT_MIN_FILE.
const fullCompactMinFiles = 3

// compactAppend compacts one bucket of an append table: the files picked
// are rewritten, in sequence order, into new level-0 files.
func (c *compactor) compactAppend(ctx context.Context, sp *scan.Split, res *bucketResult) error {
	files := append([]spec.DataFileMeta(nil), sp.Files...)
	// Java orders an append bucket by sequence number (fileComparator), so
	// that rows keep the order they were written in.
	sort.SliceStable(files, func(i, j int) bool { return files[i].MinSequenceNumber < files[j].MinSequenceNumber })
	hasDV := func(name string) bool { _, ok := sp.DeletionFiles[name]; return ok }
	target, err := c.opts.TargetFileSize(c.pk)
	if err != nil {
		return err
	}
	minFiles, err := options.CompactionMinFileNum.Get(c.opts)
	if err != nil {
		return err
	}
	var groups [][]spec.DataFileMeta
	if c.buckets > 0 {
		if c.full {
			groups = bucketedFull(files, target, hasDV, c.dv)
		} else if g := pickCompactBefore(files, minFiles, target); g != nil {
			groups = [][]spec.DataFileMeta{g}
		}
	} else {
		if groups, err = c.unawareGroups(files, sp, target, minFiles); err != nil {
			return err
		}
	}
	for _, g := range groups {
		if err := c.rewriteAppend(ctx, sp, g, res); err != nil {
			return err
		}
	}
	return nil
}

// bucketedFull is BucketedAppendCompactManager's FullCompactTask: leading
// files already at the target size (without deletion vectors) stay; the
// rest is rewritten when deletion vectors are enabled, or when small files
// outnumber large ones and there are at least three.
func bucketedFull(files []spec.DataFileMeta, target int64, hasDV func(string) bool, dv bool) [][]spec.DataFileMeta {
	if len(files) == 0 || (!dv && len(files) < fullCompactMinFiles) {
		return nil
	}
	for len(files) > 0 && files[0].FileSize >= target && !hasDV(files[0].FileName) {
		files = files[1:]
	}
	if len(files) == 0 {
		return nil
	}
	if dv {
		return [][]spec.DataFileMeta{files}
	}
	big, small := 0, 0
	for _, f := range files {
		if f.FileSize >= target {
			big++
		} else {
			small++
		}
	}
	if small > big && len(files) >= fullCompactMinFiles {
		return [][]spec.DataFileMeta{files}
	}
	return nil
}

// pickCompactBefore is BucketedAppendCompactManager.pickCompactBefore: a
// window sliding over the files in sequence order, dropping its oldest
// file while the window holds twice the target size (Java 1.4), until it
// holds minFiles files.
func pickCompactBefore(files []spec.DataFileMeta, minFiles int, target int64) []spec.DataFileMeta {
	var total int64
	start := 0
	for i, f := range files {
		total += f.FileSize
		if i-start+1 >= minFiles {
			return files[start : i+1]
		} else if total >= 2*target {
			total -= files[start].FileSize
			start++
		}
	}
	return nil
}

// unawareGroups is AppendCompactCoordinator's planning for one partition
// of a bucket-unaware table: files below the compaction file size (or
// with too many deleted rows) are candidates; minor packs them, smallest
// first, into bins of twice the target size (counting the open-file cost),
// a last bin only with compaction.min.file-num files; full rewrites all
// candidates together.
func (c *compactor) unawareGroups(files []spec.DataFileMeta, sp *scan.Split, target int64, minFiles int) ([][]spec.DataFileMeta, error) {
	compactionSize, err := c.opts.CompactionFileSize(c.pk)
	if err != nil {
		return nil, err
	}
	ratio, err := options.CompactionDeleteRatioThreshold.Get(c.opts)
	if err != nil {
		return nil, err
	}
	openCost, err := options.SourceSplitOpenFileCost.Get(c.opts)
	if err != nil {
		return nil, err
	}
	var withDV, rest []spec.DataFileMeta
	for _, f := range files {
		df, dv := sp.DeletionFiles[f.FileName]
		tooManyDeleted := dv && (df.Cardinality == nil || float64(*df.Cardinality) > float64(f.RowCount)*ratio)
		switch {
		case dv && c.dv && (f.FileSize < compactionSize || tooManyDeleted):
			withDV = append(withDV, f)
		case f.FileSize < compactionSize:
			rest = append(rest, f)
		}
	}
	if c.full {
		all := append(withDV, rest...)
		if len(all) >= 2 || len(withDV) > 0 {
			return [][]spec.DataFileMeta{sortBySequence(all)}, nil
		}
		return nil, nil
	}
	var groups [][]spec.DataFileMeta
	pack := func(fs []spec.DataFileMeta, keepRest bool) {
		fs = append([]spec.DataFileMeta(nil), fs...)
		sort.SliceStable(fs, func(i, j int) bool { return fs[i].FileSize < fs[j].FileSize })
		var bin []spec.DataFileMeta
		var size int64
		for _, f := range fs {
			bin = append(bin, f)
			size += f.FileSize + openCost
			if len(bin) > 1 && size >= target*2 {
				groups = append(groups, sortBySequence(bin))
				bin, size = nil, 0
			}
		}
		if len(bin) > 0 && (keepRest || len(bin) >= minFiles) {
			groups = append(groups, sortBySequence(bin))
		}
	}
	// Files with deletion vectors must be compacted (packInDeletionVectorVMode).
	pack(withDV, true)
	if len(rest) > 1 {
		pack(rest, false)
	}
	return groups, nil
}

// sortBySequence puts a group in sequence order, so that the rewritten
// rows keep the order they were written in (Java rewrites a bin in size
// order; for a bucket-unaware table either is valid).
func sortBySequence(fs []spec.DataFileMeta) []spec.DataFileMeta {
	fs = append([]spec.DataFileMeta(nil), fs...)
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].MinSequenceNumber < fs[j].MinSequenceNumber })
	return fs
}

// rewriteAppend copies the live rows of group, file after file, into new
// files; sequence numbers continue from the first file's, as Java's
// append rewriter counts them (deleted rows leave no gap).
func (c *compactor) rewriteAppend(ctx context.Context, sp *scan.Split, group []spec.DataFileMeta, res *bucketResult) error {
	w, err := write.NewRewriteWriter(c.t, c.sch, c.opts, sp.Dir, 0)
	if err != nil {
		return err
	}
	seq := group[0].MinSequenceNumber
	var rows int64
	for _, f := range group {
		err = read.FileRows(ctx, sp, c.sch, f, func(row []any) error {
			rows++
			seq++
			return w.WriteRow(ctx, row, seq-1)
		})
		if err != nil {
			break
		}
	}
	return res.replaced(ctx, sp, w, err, group, rows)
}
