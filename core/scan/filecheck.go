package scan

import (
	"fmt"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// checkFiles fails clearly for the planned files paimon-sql cannot read
// correctly, instead of returning other rows: a file in a format core/format
// has no reader for (Lance, .blob files of blob columns), and files of a
// data-evolution table that hold other columns of the same rows.
func checkFiles(splits []Split) error {
	for i := range splits {
		sp := &splits[i]
		for _, f := range sp.Files {
			if name := format.FileFormat(f.FileName); name == "" {
				return fmt.Errorf("data file %s has no format extension", sp.FilePath(f))
			} else if _, err := format.Lookup(name); err != nil {
				return fmt.Errorf("data file %s is in format '%s': %w", sp.FilePath(f), name, err)
			}
		}
		if err := checkRowIDOverlap(sp); err != nil {
			return err
		}
	}
	return nil
}

// checkRowIDOverlap fails for files whose row-id ranges overlap without
// being equal, which Java refuses to merge too.
func checkRowIDOverlap(sp *Split) error {
	_, err := RowIDGroups(sp)
	return err
}

// RowIDGroups groups the files of a split by row ids as Java's
// DataEvolutionSplitRead.mergeRangesAndSort does: files whose row-id ranges
// overlap hold columns of the same rows (a data-evolution table wrote some
// columns in a later file); each such group must share one range and is
// ordered by maximum sequence number, newest first, since the newest file
// that wrote a column supplies it. A file without a first row id is a group
// of its own. Groups are in row-id order, after the files without one.
func RowIDGroups(sp *Split) ([][]spec.DataFileMeta, error) {
	var groups [][]spec.DataFileMeta
	var tracked []spec.DataFileMeta
	for _, f := range sp.Files {
		if f.FirstRowID == nil {
			groups = append(groups, []spec.DataFileMeta{f})
		} else {
			tracked = append(tracked, f)
		}
	}
	sort.SliceStable(tracked, func(i, j int) bool { return *tracked[i].FirstRowID < *tracked[j].FirstRowID })
	for i := 0; i < len(tracked); {
		end := *tracked[i].FirstRowID + tracked[i].RowCount
		j := i + 1
		for ; j < len(tracked) && *tracked[j].FirstRowID < end; j++ {
			end = max(end, *tracked[j].FirstRowID+tracked[j].RowCount)
		}
		group := tracked[i:j:j]
		for _, f := range group[1:] {
			if *f.FirstRowID != *group[0].FirstRowID || f.RowCount != group[0].RowCount {
				return nil, fmt.Errorf("data files %s and %s hold columns of overlapping but different row-id ranges (from %d and from %d): Java refuses to merge them too",
					sp.FilePath(group[0]), sp.FilePath(f), *group[0].FirstRowID, *f.FirstRowID)
			}
		}
		sort.SliceStable(group, func(a, b int) bool { return group[a].MaxSequenceNumber > group[b].MaxSequenceNumber })
		groups = append(groups, group)
		i = j
	}
	return groups, nil
}

// rowGroupHeads keeps one file per group of files that hold the same rows
// (their row counts are the group's): the rows a split reads.
func rowGroupHeads(files []spec.DataFileMeta) []spec.DataFileMeta {
	seen := map[int64]bool{}
	out := files[:0:0]
	for _, f := range files {
		if f.FirstRowID != nil {
			if seen[*f.FirstRowID] {
				continue
			}
			seen[*f.FirstRowID] = true
		}
		out = append(out, f)
	}
	return out
}
