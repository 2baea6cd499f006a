package commit

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// mergeConfig holds Java's ManifestFileMerger thresholds.
type mergeConfig struct {
	targetSize     int64 // manifest.target-file-size
	minCount       int   // manifest.merge-min-count
	fullCompaction int64 // manifest.full-compaction-threshold-size
}

// mergeManifests is Java's ManifestFileMerger.merge: it turns the data
// manifests of the latest snapshot (base then delta) into the next base
// list. A full compaction rewrites every manifest that is small or holds
// DELETE entries, dropping cancelled ADD/DELETE pairs, once those manifests
// add up to the full-compaction threshold; otherwise a minor compaction
// concatenates runs of small manifests. Manifests it leaves alone are
// reused as they are.
func (w *metaWriter) mergeManifests(ctx context.Context, input []spec.ManifestFileMeta, cfg mergeConfig, files *fileSet) ([]spec.ManifestFileMeta, error) {
	out, done, err := w.fullCompaction(ctx, input, cfg, files)
	if err != nil || done {
		return out, err
	}
	return w.minorCompaction(ctx, input, cfg, files)
}

func (w *metaWriter) minorCompaction(ctx context.Context, input []spec.ManifestFileMeta, cfg mergeConfig, files *fileSet) ([]spec.ManifestFileMeta, error) {
	var result, candidates []spec.ManifestFileMeta
	var size int64
	for _, m := range input {
		size += m.FileSize
		candidates = append(candidates, m)
		if size >= cfg.targetSize {
			merged, err := w.mergeCandidates(ctx, candidates, files)
			if err != nil {
				return nil, err
			}
			result = append(result, merged...)
			candidates, size = nil, 0
		}
	}
	// The tail is merged only when there are many small manifests.
	if len(candidates) >= cfg.minCount {
		merged, err := w.mergeCandidates(ctx, candidates, files)
		if err != nil {
			return nil, err
		}
		return append(result, merged...), nil
	}
	return append(result, candidates...), nil
}

// mergeCandidates rewrites manifests as one merged run of entries (ADD and
// DELETE of one file cancel; a DELETE whose ADD lives in an older manifest
// stays). A single candidate is kept as is.
func (w *metaWriter) mergeCandidates(ctx context.Context, candidates []spec.ManifestFileMeta, files *fileSet) ([]spec.ManifestFileMeta, error) {
	if len(candidates) == 1 {
		return candidates, nil
	}
	var all []spec.ManifestEntry
	for _, m := range candidates {
		entries, err := scan.ReadManifest(ctx, w.t, m.FileName)
		if err != nil {
			return nil, err
		}
		all = append(all, entries...)
	}
	merged, err := manifest.MergeEntries(all)
	if err != nil {
		return nil, err
	}
	return w.writeManifests(ctx, merged, files)
}

// fullCompaction is Java's tryFullCompaction; done is false when it does
// not apply and the minor compaction decides instead.
func (w *metaWriter) fullCompaction(ctx context.Context, input []spec.ManifestFileMeta, cfg mergeConfig, files *fileSet) (_ []spec.ManifestFileMeta, done bool, _ error) {
	mustChange := func(m spec.ManifestFileMeta) bool {
		return m.NumDeletedFiles > 0 || m.FileSize < cfg.targetSize
	}
	var changeSize int64
	for _, m := range input {
		if mustChange(m) {
			changeSize += m.FileSize
		}
	}
	if changeSize < cfg.fullCompaction {
		return nil, false, nil
	}

	deleted, err := w.deletedIdentifiers(ctx, input)
	if err != nil {
		return nil, false, err
	}
	// Large manifests without deletes whose partitions cannot hold a deleted
	// file are kept first, unread.
	mayHoldDeleted, err := deletedPartitionFilter(deleted, w.partTypes)
	if err != nil {
		return nil, false, err
	}
	var result, toMerge []spec.ManifestFileMeta
	for _, m := range input {
		if !mustChange(m) && !mayHoldDeleted(m) {
			result = append(result, m)
		} else {
			toMerge = append(toMerge, m)
		}
	}
	if len(toMerge) <= 1 {
		return nil, false, nil
	}

	var rewrite []spec.ManifestEntry
	for _, m := range toMerge {
		entries, err := scan.ReadManifest(ctx, w.t, m.FileName)
		if err != nil {
			return nil, false, err
		}
		change := mustChange(m)
		var kept []spec.ManifestEntry
		for _, e := range entries {
			if e.Kind == spec.FileDelete {
				continue
			}
			if deleted[e.Identifier()] {
				change = true
			} else {
				kept = append(kept, e)
			}
		}
		if change {
			rewrite = append(rewrite, kept...)
		} else {
			result = append(result, m)
		}
	}
	merged, err := w.writeManifests(ctx, rewrite, files)
	if err != nil {
		return nil, false, err
	}
	return append(result, merged...), true, nil
}

// deletedIdentifiers reads the identifiers of all DELETE entries, looking
// only at manifests that have some.
func (w *metaWriter) deletedIdentifiers(ctx context.Context, input []spec.ManifestFileMeta) (map[spec.Identifier]bool, error) {
	deleted := map[spec.Identifier]bool{}
	for _, m := range input {
		if m.NumDeletedFiles == 0 {
			continue
		}
		entries, err := scan.ReadManifest(ctx, w.t, m.FileName)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.Kind == spec.FileDelete {
				deleted[e.Identifier()] = true
			}
		}
	}
	return deleted, nil
}

// deletedPartitionFilter tells from a manifest's partition statistics
// whether it may hold a file of a partition with deleted files: Java's
// PartitionPredicate.fromMultiple tested on min/max/null counts. With no
// deleted file nothing matches; without partition keys everything does.
func deletedPartitionFilter(deleted map[spec.Identifier]bool, partTypes []types.DataType) (func(spec.ManifestFileMeta) bool, error) {
	if len(deleted) == 0 {
		return func(spec.ManifestFileMeta) bool { return false }, nil
	}
	if len(partTypes) == 0 {
		return func(spec.ManifestFileMeta) bool { return true }, nil
	}
	n := len(partTypes)
	lo, hi := make([]any, n), make([]any, n)
	hasNull := make([]bool, n)
	seen := map[string]bool{}
	for id := range deleted {
		if seen[id.Partition] {
			continue
		}
		seen[id.Partition] = true
		values, err := binrow.Decode([]byte(id.Partition), partTypes)
		if err != nil {
			return nil, fmt.Errorf("decode partition: %w", err)
		}
		for i, v := range values {
			switch {
			case v == nil:
				hasNull[i] = true
			case lo[i] == nil:
				lo[i], hi[i] = v, v
			default:
				if compareValue(v, lo[i], partTypes[i]) < 0 {
					lo[i] = v
				}
				if compareValue(v, hi[i], partTypes[i]) > 0 {
					hi[i] = v
				}
			}
		}
	}
	return func(m spec.ManifestFileMeta) bool {
		mins, err1 := binrow.Decode(m.PartitionStats.MinValues, partTypes)
		maxs, err2 := binrow.Decode(m.PartitionStats.MaxValues, partTypes)
		if err1 != nil || err2 != nil {
			return true // unreadable statistics never exclude
		}
		rows := m.NumAddedFiles + m.NumDeletedFiles
		for i, t := range partTypes {
			nulls := int64(-1) // unknown
			if i < len(m.PartitionStats.NullCounts) && m.PartitionStats.NullCounts[i] != nil {
				nulls = *m.PartitionStats.NullCounts[i]
			}
			// As Java's LeafPredicate: missing min/max of a column that is
			// not all null means "unknown", which always may match.
			unknown := nulls != rows && (mins[i] == nil || maxs[i] == nil)
			inRange := lo[i] != nil && nulls != rows &&
				(unknown || compareValue(maxs[i], lo[i], t) >= 0 && compareValue(mins[i], hi[i], t) <= 0)
			mayNull := unknown || nulls != 0
			if !inRange && !(hasNull[i] && mayNull) {
				return false
			}
		}
		return true
	}, nil
}
