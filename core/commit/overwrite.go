package commit

import (
	"fmt"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// OverwriteMode chooses which live files an OVERWRITE replaces.
type OverwriteMode int

// The overwrite modes.
const (
	// OverwriteAuto is INSERT OVERWRITE as Java runs it: on a partitioned
	// table with dynamic-partition-overwrite (default true) the partitions
	// that receive new files, ignoring Partition; otherwise as
	// OverwriteStatic.
	OverwriteAuto OverwriteMode = iota
	// OverwriteStatic replaces the partitions matching Partition (every
	// partition when it is empty or the table is unpartitioned), even when
	// no new files arrive.
	OverwriteStatic
	// OverwriteDynamic replaces exactly the partitions that receive new
	// files; without new files nothing is deleted and no snapshot is made.
	OverwriteDynamic
	// OverwriteTable replaces every live file (TRUNCATE TABLE).
	OverwriteTable
	// OverwritePartitions replaces exactly the partitions in Rows, even
	// when no new files arrive: Java's dropPartitions of whole partitions
	// (partition expiration).
	OverwritePartitions
)

// Overwrite makes a commit an OVERWRITE.
type Overwrite struct {
	Mode OverwriteMode
	// Partition is a static partition spec: partition column -> value in
	// package types' Go form, nil for NULL (the default partition). A spec
	// naming only some partition columns selects every partition with those
	// values. New files must lie inside it.
	Partition map[string]any
	// Rows are the serialized partitions OverwritePartitions replaces.
	Rows [][]byte
}

// partitionFilter selects partitions by their serialized BinaryRow; a nil
// filter selects all.
type partitionFilter func(part []byte) (bool, error)

// overwriteScope resolves an Overwrite into the filter of partitions whose
// files are deleted. skip is true for a dynamic overwrite without new files.
func overwriteScope(o Overwrite, dynamicDefault bool, partKeys []string, partTypes []types.DataType, added []spec.ManifestEntry) (filter partitionFilter, skip bool, err error) {
	mode := o.Mode
	if mode == OverwriteAuto {
		mode = OverwriteStatic
		if len(partKeys) > 0 && dynamicDefault {
			mode = OverwriteDynamic
		}
	}
	switch mode {
	case OverwriteTable:
		return nil, false, nil
	case OverwritePartitions:
		rows := map[string]bool{}
		for _, r := range o.Rows {
			rows[string(r)] = true
		}
		for _, e := range added {
			if !rows[string(e.Partition)] {
				return nil, false, fmt.Errorf("overwriting %d partitions, but file %s belongs to another partition", len(rows), e.File.FileName)
			}
		}
		return func(p []byte) (bool, error) { return rows[string(p)], nil }, false, nil
	case OverwriteDynamic:
		if len(partKeys) == 0 {
			return nil, false, nil
		}
		if len(added) == 0 {
			return nil, true, nil
		}
		parts := map[string]bool{}
		for _, e := range added {
			parts[string(e.Partition)] = true
		}
		return func(p []byte) (bool, error) { return parts[string(p)], nil }, false, nil
	case OverwriteStatic:
		filter, err := staticFilter(o.Partition, partKeys, partTypes)
		if err != nil || filter == nil {
			return nil, false, err
		}
		for _, e := range added {
			if ok, err := filter(e.Partition); err != nil {
				return nil, false, err
			} else if !ok {
				return nil, false, fmt.Errorf("overwriting partition %v, but file %s belongs to another partition", o.Partition, e.File.FileName)
			}
		}
		return filter, false, nil
	}
	return nil, false, fmt.Errorf("unknown overwrite mode %d", o.Mode)
}

// staticFilter matches partitions whose values equal the spec's.
func staticFilter(spec map[string]any, partKeys []string, partTypes []types.DataType) (partitionFilter, error) {
	if len(spec) == 0 || len(partKeys) == 0 {
		return nil, nil
	}
	type cond struct {
		field int
		value any
	}
	var conds []cond
	for k, v := range spec {
		i := indexOf(partKeys, k)
		if i < 0 {
			return nil, fmt.Errorf("'%s' is not a partition column (partition keys: %v)", k, partKeys)
		}
		conds = append(conds, cond{i, v})
	}
	sort.Slice(conds, func(a, b int) bool { return conds[a].field < conds[b].field })
	decoded := map[string]bool{}
	return func(p []byte) (bool, error) {
		if ok, found := decoded[string(p)]; found {
			return ok, nil
		}
		values, err := binrow.Decode(p, partTypes)
		if err != nil {
			return false, fmt.Errorf("decode partition: %w", err)
		}
		ok := true
		for _, c := range conds {
			v := values[c.field]
			if v == nil || c.value == nil {
				ok = ok && v == nil && c.value == nil
			} else {
				ok = ok && compareValue(v, c.value, partTypes[c.field]) == 0
			}
		}
		decoded[string(p)] = ok
		return ok, nil
	}, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// overwriteChanges is Java's CommitScanner.readOverwriteChanges: a DELETE,
// copied verbatim, for every live file of latest in the scope (only
// buckets >= 0 unless the table is a postpone-bucket table), and a DELETE
// for every live index file in the scope, followed by the new changes.
func overwriteChanges(live []spec.ManifestEntry, liveIndex []spec.IndexManifestEntry, filter partitionFilter, postpone bool, ch Changes) (Changes, error) {
	in := func(p []byte) (bool, error) {
		if filter == nil {
			return true, nil
		}
		return filter(p)
	}
	var out Changes
	for _, e := range live {
		if e.Kind != spec.FileAdd || (e.Bucket < 0 && !postpone) {
			continue
		}
		if ok, err := in(e.Partition); err != nil {
			return Changes{}, err
		} else if ok {
			e.Kind = spec.FileDelete
			out.Files = append(out.Files, e)
		}
	}
	for _, e := range liveIndex {
		if ok, err := in(e.Partition); err != nil {
			return Changes{}, err
		} else if ok {
			e.Kind = spec.FileDelete
			out.Index = append(out.Index, e)
		}
	}
	out.Files = append(out.Files, ch.Files...)
	out.Index = append(out.Index, ch.Index...)
	return out, nil
}

// upgradeOverwrite is Java's tryUpgrade (overwrite-upgrade, default true):
// the new level-0 files of a primary-key table go straight to the top level
// when, per bucket, their key ranges do not overlap — after an overwrite
// nothing else in the bucket needs merging with them.
func upgradeOverwrite(files []spec.ManifestEntry, keyTypes []types.DataType, maxLevel int32) ([]spec.ManifestEntry, error) {
	if keyTypes == nil {
		return files, nil
	}
	for _, e := range files {
		// Java also bails out on levels and buckets; deletes are left alone
		// here too, as moving one would change what it deletes.
		if e.File.Level > 0 || e.Bucket < 0 || e.Kind != spec.FileAdd {
			return files, nil
		}
	}
	type bucketKey struct {
		partition string
		bucket    int32
	}
	var order []bucketKey
	groups := map[bucketKey][]spec.ManifestEntry{}
	for _, e := range files {
		k := bucketKey{string(e.Partition), e.Bucket}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], e)
	}
	var out []spec.ManifestEntry
	for _, k := range order {
		group := groups[k]
		sorted, err := sortByMinKey(group, keyTypes)
		if err != nil {
			return nil, err
		}
		if firstOverlap(sorted, keyTypes) >= 0 {
			out = append(out, group...)
			continue
		}
		for _, s := range sorted {
			e := s.entry
			e.File.Level = maxLevel
			out = append(out, e)
		}
	}
	return out, nil
}
