package mergefunc

import (
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Engine is a table's merge engine ('merge-engine') together with the
// options that change what the engine implies, built once from the
// table's options. Readers, writers, compaction and schema validation ask
// it what the engine implies (the columns a merge reads, lookup, level 0,
// row-level statements, validation) instead of comparing engine names,
// so that an option changing how rows merge is answered here alone.
type Engine struct {
	kind options.MergeEngineKind
	// opts are the options the Engine was built from, for its Factory.
	opts            options.Options
	sequenceFields  []string
	ignoreDelete    bool
	deletionVectors bool
	forceLookup     bool
	pkClustering    bool
	producer        options.ChangelogProducerKind
	// The delete options of partial-update and aggregation.
	partialRemoveOnDelete bool
	partialRemoveOnGroup  bool
	aggRemoveOnDelete     bool
}

// NewEngine reads the merge engine of a table from its options (the
// table's, or a compaction's dynamic options over them). A value that does
// not parse is an error naming the option.
func NewEngine(opts options.Options) (*Engine, error) {
	r := opts.Reader()
	e := &Engine{
		kind:                  options.MergeEngine.Read(r),
		opts:                  opts,
		sequenceFields:        opts.SequenceFields(),
		ignoreDelete:          options.IgnoreDelete.Read(r),
		deletionVectors:       options.DeletionVectorsEnabled.Read(r),
		forceLookup:           options.ForceLookup.Read(r),
		pkClustering:          options.PKClusteringOverride.Read(r),
		producer:              options.ChangelogProducer.Read(r),
		partialRemoveOnDelete: options.PartialUpdateRemoveRecordOnDelete.Read(r),
		partialRemoveOnGroup:  strings.TrimSpace(options.PartialUpdateRemoveRecordOnSequenceGroup.Text(opts)) != "",
		aggRemoveOnDelete:     options.AggregationRemoveRecordOnDelete.Read(r),
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("mergefunc: %w", err)
	}
	return e, nil
}

// combinesRows tells the engines that build a key's row from the columns
// of several records (partial-update, aggregation).
func (e *Engine) combinesRows() bool {
	return e.kind == options.MergeEnginePartialUpd || e.kind == options.MergeEngineAggregation
}

// ReadColumns are the columns of fields (the table's, in schema order) a
// merge reads besides the projection and the primary key: every column
// for the engines that combine rows, else the sequence.field columns.
func (e *Engine) ReadColumns(fields []types.DataField) []string {
	if !e.combinesRows() {
		return e.sequenceFields
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return names
}

// KeepsFirstRow tells the first-row engine: the oldest record of a key is
// its row, later ones are dropped, so an INSERT never changes an existing
// row and a compaction's changelog holds only the first insert.
func (e *Engine) KeepsFirstRow() bool { return e.kind == options.MergeEngineFirstRow }

// NewestWins tells whether a key's row is its newest record, whole
// (deduplicate without sequence.field): a lookup compaction then only
// marks older versions deleted instead of merging them.
func (e *Engine) NewestWins() bool {
	return e.kind == options.MergeEngineDeduplicate && len(e.sequenceFields) == 0
}

// NeedsLookup is CoreOptions.needLookup: compactions look the keys of
// level-0 files up in the deeper levels (first-row, changelog-producer
// lookup, deletion vectors, force-lookup).
func (e *Engine) NeedsLookup() bool {
	return e.forceLookup || e.KeepsFirstRow() || e.producer == options.ChangelogProducerLookup || e.deletionVectors
}

// ReadMergesNewestAboveLevel0 tells whether a merge-on-read merges each
// key's newest record above level 0 with its level-0 records only, as
// Java's LookupMergeFunction does: tables that need lookup, but first-row.
// Their compactions merge the version found on a deeper level into their
// output, so the older versions above level 0 are part of the newest one.
func (e *Engine) ReadMergesNewestAboveLevel0() bool { return e.NeedsLookup() && !e.KeepsFirstRow() }

// SkipsLevel0 is CoreOptions.batchScanSkipLevel0: batch reads of a
// primary-key table ignore its level-0 files (deletion vectors,
// first-row), which compaction makes visible.
func (e *Engine) SkipsLevel0() bool { return e.deletionVectors || e.KeepsFirstRow() }

// CheckUpdate refuses UPDATE on a primary-key table whose merge engine
// cannot replace a row, as Java does (Flink's applyRowLevelUpdate, Spark's
// RowLevelOp.Update): only deduplicate and partial-update take it. An
// aggregation table would add the new value to the old one, a first-row
// table would keep the old row.
func (e *Engine) CheckUpdate() error {
	if e.kind == options.MergeEngineDeduplicate || e.kind == options.MergeEnginePartialUpd {
		return nil
	}
	return fmt.Errorf("merge engine %s can not support UPDATE, currently only %s, %s can support UPDATE",
		e.kind, options.MergeEngineDeduplicate, options.MergeEnginePartialUpd)
}

// CheckDelete refuses DELETE on a primary-key table whose merge engine
// cannot remove a row by a -D record, with the reasons of Java's
// PrimaryKeyTableUtils.validatePKUpsertDeletable.
func (e *Engine) CheckDelete() error {
	switch e.kind {
	case options.MergeEngineDeduplicate:
		return nil
	case options.MergeEnginePartialUpd:
		if e.partialRemoveOnDelete || e.partialRemoveOnGroup {
			return nil
		}
		return fmt.Errorf("merge engine %s doesn't support batch delete by default. To support batch delete, please set partial-update.remove-record-on-delete to true when there is no sequence-group or set partial-update.remove-record-on-sequence-group", e.kind)
	case options.MergeEngineAggregation:
		if e.aggRemoveOnDelete {
			return nil
		}
		return fmt.Errorf("merge engine %s doesn't support batch delete by default. To support batch delete, please set aggregation.remove-record-on-delete to true", e.kind)
	}
	return fmt.Errorf("merge engine %s can not support batch delete", e.kind)
}

// Validate checks the engine against a table's columns and primary key
// with the rules of Java's SchemaValidation that concern the engine, and,
// for a primary-key table, builds its merge function's factory, which
// refuses what Java's factory refuses (and the aggregate functions this
// package does not implement).
func (e *Engine) Validate(fields []types.DataField, primaryKeys []string) error {
	switch {
	case e.KeepsFirstRow() && len(e.sequenceFields) > 0:
		return fmt.Errorf("the first-row merge engine does not support 'sequence.field'")
	case e.KeepsFirstRow() && e.producer != options.ChangelogProducerNone && e.producer != options.ChangelogProducerLookup:
		return fmt.Errorf("the first-row merge engine supports only changelog producers 'none' and 'lookup'")
	case e.KeepsFirstRow() && e.deletionVectors && !e.pkClustering:
		return fmt.Errorf("the first-row merge engine does not need deletion vectors: it never deletes old data; remove 'deletion-vectors.enabled'")
	case e.pkClustering && e.combinesRows():
		return fmt.Errorf("'%s' supports only the deduplicate and first-row merge engines", options.PKClusteringOverride.Key)
	}
	if len(primaryKeys) == 0 {
		return nil
	}
	_, err := e.Factory(fields, primaryKeys)
	return err
}
