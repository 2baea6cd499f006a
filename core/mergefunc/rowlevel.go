package mergefunc

import (
	"fmt"
	"github.com/paimon-sql/paimon-sql/core/options"
	"strings"
)

// CheckUpdate refuses UPDATE on a primary-key table whose merge engine
// cannot replace a row, as Java does (Flink's applyRowLevelUpdate, Spark's
// RowLevelOp.Update): only deduplicate and partial-update take it. An
// aggregation table would add the new value to the old one, a first-row
// table would keep the old row.
func CheckUpdate(opts map[string]string) error {
	engine, err := tableOptions(opts).mergeEngine()
	if err != nil {
		return err
	}
	if engine == Deduplicate || engine == PartialUpdate {
		return nil
	}
	return fmt.Errorf("merge engine %s can not support UPDATE, currently only %s, %s can support UPDATE", engine, Deduplicate, PartialUpdate)
}

// CheckDelete refuses DELETE on a primary-key table whose merge engine
// cannot remove a row by a -D record, with the reasons of Java's
// PrimaryKeyTableUtils.validatePKUpsertDeletable.
func CheckDelete(opts map[string]string) error {
	o := tableOptions(opts)
	engine, err := o.mergeEngine()
	if err != nil {
		return err
	}
	switch engine {
	case Deduplicate:
		return nil
	case PartialUpdate:
		remove, err := o.flag(options.PartialUpdateRemoveRecordOnDelete)
		if err != nil {
			return err
		}
		if remove || strings.TrimSpace(opts[options.PartialUpdateRemoveRecordOnSequenceGroup.Key]) != "" {
			return nil
		}
		return fmt.Errorf("merge engine %s doesn't support batch delete by default. To support batch delete, please set partial-update.remove-record-on-delete to true when there is no sequence-group or set partial-update.remove-record-on-sequence-group", engine)
	case Aggregation:
		remove, err := o.flag(options.AggregationRemoveRecordOnDelete)
		if err != nil {
			return err
		}
		if remove {
			return nil
		}
		return fmt.Errorf("merge engine %s doesn't support batch delete by default. To support batch delete, please set aggregation.remove-record-on-delete to true", engine)
	}
	return fmt.Errorf("merge engine %s can not support batch delete", engine)
}
