package compact

import (
	"bytes"
	"context"
	"fmt"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/deletionvector"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// dvEntries are the live deletion-vector index entries of snap by
// (partition, bucket).
func (c *compactor) dvEntries(ctx context.Context, snap *spec.Snapshot) (map[string][]spec.IndexManifestEntry, error) {
	out := map[string][]spec.IndexManifestEntry{}
	if snap == nil || snap.IndexManifest == nil {
		return out, nil
	}
	entries, err := scan.ReadIndexManifest(ctx, c.t, *snap.IndexManifest)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.Kind == spec.FileAdd && e.IndexType == scan.IndexDeletionVectors {
			k := splitKey(e.Partition, e.Bucket)
			out[k] = append(out[k], e)
		}
	}
	return out, nil
}

// replaceDVs drops the deletion vectors of the files a bucket's compaction
// removed and adds the positions it marked deleted (res.deletions): every
// index entry that holds a dropped vector is deleted — all of the bucket's
// entries when there are new positions — and the vectors of the files that
// stay, merged with the new positions, are written to a new index file
// (Java's DeletionVectorsMaintainer writes the bucket's index file anew).
// A fully compacted primary-key bucket usually keeps none, so its entry is
// just deleted.
func (c *compactor) replaceDVs(ctx context.Context, sp *scan.Split, entries []spec.IndexManifestEntry, res *bucketResult) error {
	if (len(entries) == 0 && len(res.deletions) == 0) || len(res.files) == 0 {
		return nil
	}
	removed := map[string]bool{}
	for _, e := range res.files {
		if e.Kind == spec.FileDelete {
			removed[e.File.FileName] = true
		}
	}
	for _, e := range res.files {
		if e.Kind == spec.FileAdd {
			delete(removed, e.File.FileName) // upgraded: the file stays
		}
	}
	var keep []string
	var keepDVs []*deletionvector.DeletionVector
	done := map[string]bool{}
	for _, e := range entries {
		touched := len(res.deletions) > 0
		for _, r := range e.DVRanges {
			if removed[r.DataFileName] {
				touched = true
			}
		}
		if !touched {
			continue
		}
		del := e
		del.Kind = spec.FileDelete
		res.index = append(res.index, del)
		for _, r := range e.DVRanges {
			if removed[r.DataFileName] || done[r.DataFileName] {
				continue
			}
			df, ok := sp.DeletionFiles[r.DataFileName]
			if !ok {
				continue // the vector of a file that is no longer live
			}
			data, err := fs.ReadFileAt(ctx, c.t.FS, df.Path)
			if err != nil {
				return fmt.Errorf("%s: deletion vectors: %w", c.t.FullName(), err)
			}
			dv, err := deletionvector.Read(bytes.NewReader(data), deletionvector.Range{Offset: int64(r.Offset), Length: int64(r.Length)})
			if err != nil {
				return fmt.Errorf("%s: deletion vector of %s: %w", c.t.FullName(), r.DataFileName, err)
			}
			for _, p := range res.deletions[r.DataFileName] {
				if err := dv.Delete(p); err != nil {
					return fmt.Errorf("%s: deletion vector of %s: %w", c.t.FullName(), r.DataFileName, err)
				}
			}
			done[r.DataFileName] = true
			keep = append(keep, r.DataFileName)
			keepDVs = append(keepDVs, dv)
		}
	}
	// Files that get their first deleted rows, in name order.
	var fresh []string
	for name := range res.deletions {
		if !done[name] && !removed[name] {
			fresh = append(fresh, name)
		}
	}
	sort.Strings(fresh)
	for _, name := range fresh {
		dv := c.dvIndex.NewVector()
		for _, p := range res.deletions[name] {
			if err := dv.Delete(p); err != nil {
				return fmt.Errorf("%s: deletion vector of %s: %w", c.t.FullName(), name, err)
			}
		}
		keep = append(keep, name)
		keepDVs = append(keepDVs, dv)
	}
	if len(keepDVs) == 0 {
		return nil
	}
	add, path, err := c.dvIndex.Write(ctx, sp.Partition, sp.Bucket, sp.Dir, keep, keepDVs)
	if path != "" {
		res.paths = append(res.paths, path)
	}
	if err != nil {
		return err
	}
	res.index = append(res.index, add)
	return nil
}
