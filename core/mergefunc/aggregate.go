package mergefunc

import (
	"fmt"
	"slices"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// aggregateConfig is AggregateMergeFunction's factory state.
type aggregateConfig struct {
	fields         []types.DataField
	specs          []aggSpec
	removeOnDelete bool
}

// newAggregateConfig picks each column's function as
// AggregateMergeFunction.getAggFuncName: sequence fields take last_value,
// primary-key columns keep their value, others use
// 'fields.<f>.aggregate-function', else 'fields.default-aggregate-function',
// else last_non_null_value.
func newAggregateConfig(fields []types.DataField, primaryKeys []string, o tableOptions, e *Engine, seq *seqComparator) (*aggregateConfig, error) {
	c := &aggregateConfig{fields: fields, removeOnDelete: e.aggRemoveOnDelete}
	for i, f := range fields {
		name := o.aggFunction(f.Name)
		switch {
		case seq != nil && slices.Contains(seq.fields, i):
			name = aggLastValue
		case slices.Contains(primaryKeys, f.Name):
			name = aggPrimaryKey
		case name == "":
			name = aggLastNonNullValue
		}
		s, err := newAggSpec(name, f, o, e)
		if err != nil {
			return nil, err
		}
		c.specs = append(c.specs, s)
	}
	return c, nil
}

func (c *aggregateConfig) newFunction() MergeFunction {
	a := &aggregate{cfg: c, aggs: make([]aggregator, len(c.specs))}
	for i, s := range c.specs {
		a.aggs[i] = s.make()
	}
	return a
}

// aggregate is AggregateMergeFunction: every column folds its values with
// its aggregator; -U/-D retract from it. With
// 'aggregation.remove-record-on-delete' a -D replaces the row and makes the
// result a -D. Java applies no 'ignore-delete' here: writers drop such
// records before they reach files.
type aggregate struct {
	cfg       *aggregateConfig
	aggs      []aggregator
	row       []any
	latest    KeyValue
	ok        bool
	deleteRow bool
}

func (a *aggregate) Reset() {
	a.row = make([]any, len(a.aggs))
	a.latest, a.ok, a.deleteRow = KeyValue{}, false, false
	for _, g := range a.aggs {
		g.reset()
	}
}

func (a *aggregate) Add(kv KeyValue) error {
	if len(kv.Value) != len(a.row) {
		return fmt.Errorf("mergefunc: record has %d values, table has %d columns", len(kv.Value), len(a.row))
	}
	a.latest, a.ok = kv, true
	a.deleteRow = a.cfg.removeOnDelete && kv.Kind == Delete
	if a.deleteRow {
		row, err := initRow(a.cfg.fields, kv.Value)
		a.row = row
		return err
	}
	for i, g := range a.aggs {
		var err error
		if kv.Kind.IsRetract() {
			a.row[i], err = g.retract(a.row[i], kv.Value[i])
		} else {
			a.row[i], err = g.agg(a.row[i], kv.Value[i])
		}
		if err != nil {
			return fmt.Errorf("mergefunc: column %s: %w", a.cfg.fields[i].Name, err)
		}
	}
	return nil
}

func (a *aggregate) Result() (KeyValue, bool) {
	if !a.ok {
		return KeyValue{}, false
	}
	kind := Insert
	if a.deleteRow {
		kind = Delete
	}
	return KeyValue{Key: a.latest.Key, Sequence: a.latest.Sequence, Kind: kind, Value: copyRow(a.row)}, true
}

// initRow copies a record's values, refusing NULL in NOT NULL columns as
// Java's initRow does.
func initRow(fields []types.DataField, value []any) ([]any, error) {
	row := copyRow(value)
	for i, f := range fields {
		if row[i] == nil && !f.Type.Nullable {
			return row, fmt.Errorf("mergefunc: field %s can not be null", f.Name)
		}
	}
	return row, nil
}
