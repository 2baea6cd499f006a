package read

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// This file is the whole-record API compaction needs: where a Reader
// projects rows and drops retractions, these functions hand out every
// merged record with its key, sequence number and kind, so that a
// compaction can write them again.

// MergeKeyValues merges files — some or all files of the primary-key
// bucket sp, with sp's deletion vectors applied — by key with the table's
// merge engine, as merge-on-read does (docs/design/format.md §7.3), and calls emit with
// each key's merged record in key order. Retractions (-U/-D results) are
// passed on too: whether they may be dropped depends on what the caller
// leaves behind. Key is the trimmed primary key, Value the row of sch's
// fields (files written with older schemas are mapped to sch).
func MergeKeyValues(ctx context.Context, sp *scan.Split, sch *spec.TableSchema, files []spec.DataFileMeta, emit func(mergefunc.KeyValue) error) error {
	return mergeKeyValuesAll(ctx, sp, sch, files, nil, func(kv mergefunc.KeyValue, ok bool, _ KeyRecords) error {
		if !ok {
			return nil
		}
		return emit(kv)
	})
}

// KeyRecords are what one key's merge took: the key's records of the
// merged files in merge order, each with the level of its file (on tables
// that need lookup, only the newest record above level 0 and those of
// level 0, as Java's LookupMergeFunction keeps them), and the older
// records a lookup added. The slices are reused for the next key.
type KeyRecords struct {
	Records []mergefunc.KeyValue
	Levels  []int32
	Older   []mergefunc.KeyValue
}

// RecordsLookupFunc returns the older records of a key kept outside the
// merged files (a compaction's deeper levels), each Value the row of the
// schema's fields, none when the key has none. It is told the key's
// records in the merged files (Older unset), so that it can look up only
// when they need it.
type RecordsLookupFunc func(key []any, in KeyRecords) ([]mergefunc.KeyValue, error)

// MergeKeyValuesRecords is MergeKeyValues where each key's merge also takes
// the records lookup (when not nil) returns for it, placed among the key's
// records in merge order (Factory.CompareSequence), as Java's
// LookupChangelogMergeFunctionWrapper feeds the record found on a deeper
// level to the merge function: before the newer records, or after them
// when its sequence.field says it is newer. emit is also told what each
// merge took, for a compaction that produces changelog from the records
// before and after the merge. A key whose merge has no result (ok false)
// is emitted too, kv holding only its key.
func MergeKeyValuesRecords(ctx context.Context, sp *scan.Split, sch *spec.TableSchema, files []spec.DataFileMeta, lookup RecordsLookupFunc, emit func(kv mergefunc.KeyValue, ok bool, in KeyRecords) error) error {
	return mergeKeyValuesAll(ctx, sp, sch, files, lookup, emit)
}

func mergeKeyValuesAll(ctx context.Context, sp *scan.Split, sch *spec.TableSchema, files []spec.DataFileMeta, lookup RecordsLookupFunc, emit func(mergefunc.KeyValue, bool, KeyRecords) error) error {
	if len(sch.PrimaryKeys) == 0 {
		return fmt.Errorf("%s: merging key values of a table without primary key", sp.Table.FullName())
	}
	spec, err := newMergeSpec(sch, sch.Fields)
	if err != nil {
		return fmt.Errorf("%s: %w", sp.Table.FullName(), err)
	}
	fn := spec.engine.NewFunction()
	add := func(rec mergefunc.KeyValue) error {
		if err := fn.Add(rec); err != nil {
			return fmt.Errorf("%s: %w", sp.Table.FullName(), err)
		}
		return nil
	}
	keyOf := func(row []any) []any {
		key := make([]any, len(spec.keys))
		for i, k := range spec.keys {
			key[i] = row[k]
		}
		return key
	}
	return mergeFiles(ctx, sp, files, spec, fileSpec{}, nil, &dvCache{}, nil, func(g keyGroup) error {
		records := g.records
		in := KeyRecords{Records: records, Levels: g.levels}
		var older []mergefunc.KeyValue
		if lookup != nil {
			var err error
			if older, err = lookup(keyOf(records[0].Value), in); err != nil {
				return err
			}
			for _, o := range older {
				if len(o.Value) != len(spec.fields) {
					return fmt.Errorf("%s: looked-up record has %d fields, want %d", sp.Table.FullName(), len(o.Value), len(spec.fields))
				}
			}
			sort.SliceStable(older, func(i, j int) bool { return spec.engine.CompareSequence(older[i], older[j]) < 0 })
			in.Older = older
		}
		fn.Reset()
		i := 0
		for _, rec := range records {
			// An older record goes before the first record it precedes.
			for ; i < len(older) && spec.engine.CompareSequence(older[i], rec) < 0; i++ {
				if err := add(older[i]); err != nil {
					return err
				}
			}
			if err := add(rec); err != nil {
				return err
			}
		}
		for ; i < len(older); i++ {
			if err := add(older[i]); err != nil {
				return err
			}
		}
		out, ok := fn.Result()
		if !ok {
			return emit(mergefunc.KeyValue{Key: keyOf(records[0].Value)}, false, in)
		}
		row := out.Value[:spec.outputs:spec.outputs]
		return emit(mergefunc.KeyValue{Key: keyOf(row), Sequence: out.Sequence, Kind: out.Kind, Value: row}, true, in)
	})
}

// FileRows calls emit with each live row of data file f of split sp (its
// deletion vector applied), in stored order, as the row of sch's fields.
// For primary-key files the row is preceded by _SEQUENCE_NUMBER (int64)
// and _VALUE_KIND (int8).
func FileRows(ctx context.Context, sp *scan.Split, sch *spec.TableSchema, f spec.DataFileMeta, emit func(row []any) error) error {
	spec := fileSpec{fields: sch.Fields, system: len(sch.PrimaryKeys) > 0}
	fr, err := openFile(ctx, sp.Table, sp, f, spec, nil, &dvCache{})
	if err != nil {
		return err
	}
	defer fr.Close()
	for {
		row, err := fr.nextRow(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := emit(row); err != nil {
			return err
		}
	}
}
