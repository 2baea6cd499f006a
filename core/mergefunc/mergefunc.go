// Package mergefunc holds the merge engines of primary-key tables (Java's
// DeduplicateMergeFunction, PartialUpdateMergeFunction,
// AggregateMergeFunction and FirstRowMergeFunction): merge-on-read feeds
// one key's records, oldest first, to a MergeFunction and keeps its result
// (docs/design/format.md §7.3). Engine is the merge engine as a value, built
// once from a table's options: what the engine implies for reads, writes,
// compaction and validation is asked of it, never worked out from the
// engine's name elsewhere.
package mergefunc

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// RowKind is a record's change type, with Paimon's _VALUE_KIND byte values.
type RowKind int8

// The row kinds.
const (
	Insert       RowKind = 0 // +I
	UpdateBefore RowKind = 1 // -U
	UpdateAfter  RowKind = 2 // +U
	Delete       RowKind = 3 // -D
)

// IsRetract tells -U and -D.
func (k RowKind) IsRetract() bool { return k == UpdateBefore || k == Delete }

func (k RowKind) String() string {
	switch k {
	case Insert:
		return "+I"
	case UpdateBefore:
		return "-U"
	case UpdateAfter:
		return "+U"
	case Delete:
		return "-D"
	}
	return fmt.Sprintf("RowKind(%d)", int8(k))
}

// KeyValue is one record of a primary-key table: the trimmed primary key,
// the _SEQUENCE_NUMBER, the _VALUE_KIND and the full row of table columns.
type KeyValue struct {
	Key      []any
	Sequence int64
	Kind     RowKind
	Value    []any
}

// MergeFunction merges the records of one key. Reset starts a key; Add is
// called for each record in merge order (see Factory.CompareSequence);
// Result returns the merged record, ok false when there is none. A result
// of kind -U or -D means the key has no row.
type MergeFunction interface {
	Reset()
	Add(kv KeyValue) error
	Result() (kv KeyValue, ok bool)
}

// Factory makes MergeFunctions for one table schema and its options.
type Factory struct {
	seq   *seqComparator // sequence.field, nil when unset
	newFn func() MergeFunction
}

// New validates the merge options of a table (fields in schema order, its
// primary key column names, its options) and returns the Factory of its
// merge engine. Configurations Java rejects, and aggregate functions this
// package does not implement, are errors.
func New(fields []types.DataField, primaryKeys []string, opts options.Options) (*Factory, error) {
	e, err := NewEngine(opts)
	if err != nil {
		return nil, err
	}
	return e.Factory(fields, primaryKeys)
}

// Factory returns the factory of the engine's merge functions over fields
// (the columns a read or write carries, by name), with the checks of
// Java's factories.
func (e *Engine) Factory(fields []types.DataField, primaryKeys []string) (*Factory, error) {
	o := tableOptions(e.opts)
	seq, err := newSequenceField(fields, o, e)
	if err != nil {
		return nil, err
	}
	f := &Factory{seq: seq}
	switch e.kind {
	case options.MergeEngineDeduplicate:
		ignore := e.ignoreDelete
		f.newFn = func() MergeFunction { return &deduplicate{ignoreDelete: ignore} }
	case options.MergeEngineFirstRow:
		ignore := e.ignoreDelete
		f.newFn = func() MergeFunction { return &firstRow{ignoreDelete: ignore} }
	case options.MergeEnginePartialUpd:
		cfg, err := newPartialUpdateConfig(fields, primaryKeys, o, e)
		if err != nil {
			return nil, err
		}
		f.newFn = cfg.newFunction
	case options.MergeEngineAggregation:
		cfg, err := newAggregateConfig(fields, primaryKeys, o, e, seq)
		if err != nil {
			return nil, err
		}
		f.newFn = cfg.newFunction
	}
	return f, nil
}

// NewFunction returns a fresh MergeFunction. MergeFunctions keep state and
// are not safe for concurrent use; make one per reader.
func (f *Factory) NewFunction() MergeFunction {
	m := f.newFn()
	m.Reset()
	return m
}

// CompareSequence orders two records of the same key for merging, as Java's
// SortMergeReader does: by the sequence.field columns (NULL first, reversed
// for 'sequence.field.sort-order' = descending apart from NULLs), then by
// sequence number, then a retraction before an addition. Negative means a
// is older and must be added first.
func (f *Factory) CompareSequence(a, b KeyValue) int {
	if f.seq != nil {
		if c := f.seq.compare(a.Value, b.Value); c != 0 {
			return c
		}
	}
	switch {
	case a.Sequence < b.Sequence:
		return -1
	case a.Sequence > b.Sequence:
		return 1
	case a.Kind.IsRetract() == b.Kind.IsRetract():
		return 0
	case a.Kind.IsRetract():
		return -1
	}
	return 1
}

func copyRow(r []any) []any { return append([]any(nil), r...) }
