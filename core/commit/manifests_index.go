package commit

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// nextIndexManifest writes the index manifest of the next snapshot: the
// previous one combined with the commit's index changes (Java's
// IndexManifestFile.writeIndexFiles). Without changes the previous file is
// reused by name.
func (w *metaWriter) nextIndexManifest(ctx context.Context, previous *string, changes []spec.IndexManifestEntry, bucketUnaware bool, files *fileSet) (*string, error) {
	if len(changes) == 0 {
		return previous, nil
	}
	var prev []spec.IndexManifestEntry
	if previous != nil {
		var err error
		if prev, err = scan.ReadIndexManifest(ctx, w.t, *previous); err != nil {
			return nil, err
		}
	}
	live, err := combineIndex(prev, changes, bucketUnaware)
	if err != nil {
		return nil, err
	}
	name, err := w.writeIndexManifest(ctx, live, files)
	if err != nil {
		return nil, err
	}
	return &name, nil
}

// combineIndex is IndexManifestFileHandler's rule: per index type,
// deletion vectors of bucketed tables and hash indexes are keyed by
// (partition, bucket, type) — one file per bucket, an ADD replaces —;
// deletion vectors of bucket-unaware tables and global indexes are keyed
// by file name. The result holds ADD entries only. Java orders it by hash;
// this keeps the previous order and appends new files.
func combineIndex(prev, changes []spec.IndexManifestEntry, bucketUnaware bool) ([]spec.IndexManifestEntry, error) {
	for _, e := range prev {
		if e.Kind != spec.FileAdd {
			return nil, fmt.Errorf("index manifest holds a %s entry for %s", e.Kind, e.FileName)
		}
	}
	live := newOrderedIndex()
	for _, e := range prev {
		live.put(indexKey(e, bucketUnaware), e)
	}
	dvFiles := dvDataFiles(prev, bucketUnaware)
	// Deletes first, so that an ADD for the same bucket in one commit wins.
	for _, e := range changes {
		if e.Kind != spec.FileDelete {
			continue
		}
		key := indexKey(e, bucketUnaware)
		if byFileName(e, bucketUnaware) && e.IndexType == scan.IndexDeletionVectors {
			if !live.has(key) {
				return nil, fmt.Errorf("trying to delete index file %s which does not exist", e.FileName)
			}
			for _, r := range e.DVRanges {
				if !dvFiles[r.DataFileName] {
					return nil, fmt.Errorf("trying to delete the deletion vector of data file %s which has none", r.DataFileName)
				}
				delete(dvFiles, r.DataFileName)
			}
		}
		live.remove(key)
	}
	retained := live.values()
	for _, e := range changes {
		if e.Kind != spec.FileAdd {
			continue
		}
		key := indexKey(e, bucketUnaware)
		switch {
		case e.IndexType == scan.IndexDeletionVectors && bucketUnaware:
			if live.has(key) {
				return nil, fmt.Errorf("trying to add index file %s which is already added", e.FileName)
			}
			for _, r := range e.DVRanges {
				if dvFiles[r.DataFileName] {
					return nil, fmt.Errorf("trying to add a deletion vector for data file %s which already has one", r.DataFileName)
				}
				dvFiles[r.DataFileName] = true
			}
		case byFileName(e, bucketUnaware):
			if err := checkGlobalIndexRange(retained, e); err != nil {
				return nil, err
			}
		}
		live.put(key, e)
	}
	return live.values(), nil
}

// byFileName tells whether index files of e's kind are keyed by file name.
func byFileName(e spec.IndexManifestEntry, bucketUnaware bool) bool {
	switch e.IndexType {
	case scan.IndexDeletionVectors:
		return bucketUnaware
	case scan.IndexHash:
		return false
	}
	return true
}

type indexID struct {
	partition string
	bucket    int32
	indexType string
	fileName  string
}

func indexKey(e spec.IndexManifestEntry, bucketUnaware bool) indexID {
	if byFileName(e, bucketUnaware) {
		return indexID{indexType: e.IndexType, fileName: e.FileName}
	}
	return indexID{partition: string(e.Partition), bucket: e.Bucket, indexType: e.IndexType}
}

// dvDataFiles lists the data files that have a deletion vector in a
// bucket-unaware table, where one index file covers many data files.
func dvDataFiles(entries []spec.IndexManifestEntry, bucketUnaware bool) map[string]bool {
	files := map[string]bool{}
	for _, e := range entries {
		if bucketUnaware && e.IndexType == scan.IndexDeletionVectors {
			for _, r := range e.DVRanges {
				files[r.DataFileName] = true
			}
		}
	}
	return files
}

// checkGlobalIndexRange refuses a global index file whose row range
// overlaps a retained file of the same field: the old one must be removed
// in the same commit.
func checkGlobalIndexRange(retained []spec.IndexManifestEntry, added spec.IndexManifestEntry) error {
	a := added.GlobalIndex
	if a == nil {
		return nil
	}
	for _, e := range retained {
		g := e.GlobalIndex
		if g == nil || g.IndexFieldID != a.IndexFieldID || g.RowRangeEnd < a.RowRangeStart || a.RowRangeEnd < g.RowRangeStart {
			continue
		}
		return fmt.Errorf("trying to add global index file %s of type %s for field %d with row range [%d, %d], but file %s still covers [%d, %d]; remove it first",
			added.FileName, added.IndexType, a.IndexFieldID, a.RowRangeStart, a.RowRangeEnd, e.FileName, g.RowRangeStart, g.RowRangeEnd)
	}
	return nil
}

// orderedIndex is a map that remembers insertion order.
type orderedIndex struct {
	pos     map[indexID]int
	entries []spec.IndexManifestEntry
	dead    []bool
}

func newOrderedIndex() *orderedIndex { return &orderedIndex{pos: map[indexID]int{}} }

func (o *orderedIndex) has(k indexID) bool { _, ok := o.pos[k]; return ok }

func (o *orderedIndex) put(k indexID, e spec.IndexManifestEntry) {
	if i, ok := o.pos[k]; ok {
		o.entries[i] = e
		return
	}
	o.pos[k] = len(o.entries)
	o.entries = append(o.entries, e)
	o.dead = append(o.dead, false)
}

func (o *orderedIndex) remove(k indexID) {
	if i, ok := o.pos[k]; ok {
		o.dead[i] = true
		delete(o.pos, k)
	}
}

func (o *orderedIndex) values() []spec.IndexManifestEntry {
	out := make([]spec.IndexManifestEntry, 0, len(o.pos))
	for i, e := range o.entries {
		if !o.dead[i] {
			out = append(out, e)
		}
	}
	return out
}
