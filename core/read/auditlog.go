package read

import (
	"context"

	"github.com/paimon-sql/paimon-sql/core/mergefunc"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// AuditRecord is one row of a table's audit log: the row of the plan
// schema's fields with its row kind and sequence number.
type AuditRecord struct {
	Kind mergefunc.RowKind
	// Sequence is the record's _SEQUENCE_NUMBER; for append tables the
	// position in its file after the file's first sequence number (nil when
	// a deletion vector hides rows of the file, as the position is unknown).
	Sequence *int64
	Row      []any
}

// AuditLog calls emit with every row of the plan as Java's $audit_log reads
// a snapshot in batch mode (AuditLogTable over a read with forceKeepDelete):
// primary-key splits are always merged, never read raw, and merged results
// keep their row kind — a key whose newest record is -D or -U comes out
// with that kind instead of being dropped. Rows of append tables are +I.
// Delta splits (an incremental read) are not merged: every record of their
// files comes out with its own kind. Splits are read one after another, in
// plan order; rows within a split in key order.
func AuditLog(ctx context.Context, plan *scan.Plan, emit func(AuditRecord) error) error {
	pk := len(plan.Schema.PrimaryKeys) > 0
	for i := range plan.Splits {
		sp := &plan.Splits[i]
		if pk && sp.Diff {
			err := DiffKeyValues(ctx, sp, plan.Schema, true, func(kv mergefunc.KeyValue) error {
				seq := kv.Sequence
				return emit(AuditRecord{Kind: kv.Kind, Sequence: &seq, Row: kv.Value})
			})
			if err != nil {
				return err
			}
			continue
		}
		if pk && sp.Delta {
			if err := deltaAuditRows(ctx, sp, plan, emit); err != nil {
				return err
			}
			continue
		}
		if pk {
			err := MergeKeyValues(ctx, sp, plan.Schema, sp.Files, func(kv mergefunc.KeyValue) error {
				seq := kv.Sequence
				return emit(AuditRecord{Kind: kv.Kind, Sequence: &seq, Row: kv.Value})
			})
			if err != nil {
				return err
			}
			continue
		}
		groups, err := scan.RowIDGroups(sp)
		if err != nil {
			return err
		}
		for _, g := range groups {
			if err := appendAuditRows(ctx, sp, plan, g, emit); err != nil {
				return err
			}
		}
	}
	return nil
}

// appendAuditRows emits the rows of one file, or of a group of files that
// hold columns of the same rows (no sequence number: it is per file).
func appendAuditRows(ctx context.Context, sp *scan.Split, plan *scan.Plan, group []spec.DataFileMeta, emit func(AuditRecord) error) error {
	if len(group) == 1 {
		return appendFileAuditRows(ctx, sp, plan, group[0], emit)
	}
	return groupRows(ctx, sp, group, plan.Schema.Fields, nil, func(func()) {}, func(row []any) error {
		return emit(AuditRecord{Kind: mergefunc.Insert, Row: row})
	})
}

func appendFileAuditRows(ctx context.Context, sp *scan.Split, plan *scan.Plan, f spec.DataFileMeta, emit func(AuditRecord) error) error {
	_, hidden := sp.DeletionFiles[f.FileName]
	next := f.MinSequenceNumber
	return FileRows(ctx, sp, plan.Schema, f, func(row []any) error {
		rec := AuditRecord{Kind: mergefunc.Insert, Row: row}
		if !hidden {
			seq := next
			rec.Sequence = &seq
			next++
		}
		return emit(rec)
	})
}

// deltaAuditRows emits each record of a Delta primary-key split's files as
// written: its row kind and sequence number kept, nothing merged.
func deltaAuditRows(ctx context.Context, sp *scan.Split, plan *scan.Plan, emit func(AuditRecord) error) error {
	for _, f := range sp.Files {
		err := FileRows(ctx, sp, plan.Schema, f, func(row []any) error {
			seq := row[0].(int64)
			return emit(AuditRecord{Kind: mergefunc.RowKind(row[1].(int8)), Sequence: &seq, Row: row[2:]})
		})
		if err != nil {
			return err
		}
	}
	return nil
}
