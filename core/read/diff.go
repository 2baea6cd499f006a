package read

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// DiffKeyValues calls emit with the difference between the start and the
// end snapshot of a primary-key bucket, as Java's IncrementalDiffSplitRead
// computes it: the files both snapshots hold are left out (scan.Diff), the
// rest of each side is merged by key, and a key comes out with its end
// record when only the end has it or when its value or kind changed. With
// keepDelete ($audit_log) retractions stay, and a key only the start has
// comes out as -D; without, only added rows come out.
func DiffKeyValues(ctx context.Context, sp *scan.Split, sch *spec.TableSchema, keepDelete bool, emit func(mergefunc.KeyValue) error) error {
	spec, err := newMergeSpec(sch, sch.Fields)
	if err != nil {
		return fmt.Errorf("%s: %w", sp.Table.FullName(), err)
	}
	var before []mergefunc.KeyValue
	if sp.DiffBefore != nil {
		err := MergeKeyValues(ctx, sp.DiffBefore, sch, sp.DiffBefore.Files, func(kv mergefunc.KeyValue) error {
			if keepDelete || !kv.Kind.IsRetract() {
				kv.Value = append([]any(nil), kv.Value...) // kept past the merge's next key
				before = append(before, kv)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	// onlyBefore emits a key the end no longer has.
	onlyBefore := func(kv mergefunc.KeyValue) error {
		if keepDelete && !kv.Kind.IsRetract() {
			kv.Kind = mergefunc.Delete
			return emit(kv)
		}
		return nil
	}
	i := 0
	err = MergeKeyValues(ctx, sp, sch, sp.Files, func(after mergefunc.KeyValue) error {
		if !keepDelete && after.Kind.IsRetract() {
			return nil // the merge read drops it: the key is not in the end's rows
		}
		for ; i < len(before) && spec.compareKeys(before[i].Value, after.Value) < 0; i++ {
			if err := onlyBefore(before[i]); err != nil {
				return err
			}
		}
		if i < len(before) && spec.compareKeys(before[i].Value, after.Value) == 0 {
			same := sameRecord(before[i], after, spec.outputs)
			i++
			if same {
				return nil
			}
		}
		return emit(after)
	})
	if err != nil {
		return err
	}
	for ; i < len(before); i++ {
		if err := onlyBefore(before[i]); err != nil {
			return err
		}
	}
	return nil
}

// sameRecord tells whether two records of a key have equal values and are
// both additions or both retractions.
func sameRecord(a, b mergefunc.KeyValue, width int) bool {
	if a.Kind.IsRetract() != b.Kind.IsRetract() {
		return false
	}
	for j := 0; j < width; j++ {
		if types.CompareNullsFirst(a.Value[j], b.Value[j]) != 0 {
			return false
		}
	}
	return true
}

// readDiff sends the projected rows of a primary-key diff split.
func (r *Reader) readDiff(ctx context.Context, sp *scan.Split, out chan<- result) error {
	index := map[int]int{}
	for i, f := range r.plan.Schema.Fields {
		index[f.ID] = i
	}
	batch := make([][]any, 0, batchRows)
	flush := func() error {
		err := send(ctx, out, batch, func() {}, nil)
		batch = make([][]any, 0, batchRows)
		return err
	}
	err := DiffKeyValues(ctx, sp, r.plan.Schema, false, func(kv mergefunc.KeyValue) error {
		row := make([]any, len(r.projection))
		for i, f := range r.projection {
			row[i] = kv.Value[index[f.ID]]
		}
		batch = append(batch, row)
		if len(batch) == batchRows {
			return flush()
		}
		return nil
	})
	if err != nil || len(batch) == 0 {
		return err
	}
	return flush()
}
