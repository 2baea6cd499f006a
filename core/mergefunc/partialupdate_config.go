package mergefunc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// partialUpdateConfig is PartialUpdateMergeFunction's factory state.
type partialUpdateConfig struct {
	fields         []types.DataField
	ignoreDelete   bool
	removeOnDelete bool
	// groupOf[i] orders column i when it is a sequence-group ordering
	// field or protected by one; nil otherwise.
	groupOf []*seqComparator
	// aggs[i] is column i's aggregator spec, nil when it has none.
	aggs []*aggSpec
	// partialDelete holds the ordering fields named by
	// 'partial-update.remove-record-on-sequence-group'.
	partialDelete map[int]bool
}

// newPartialUpdateConfig reads the sequence groups
// ('fields.<ordering fields>.sequence-group' = '<protected fields>', comma
// lists) and the delete options, with the checks of Java's factory.
func newPartialUpdateConfig(fields []types.DataField, primaryKeys []string, o tableOptions, e *Engine) (*partialUpdateConfig, error) {
	c := &partialUpdateConfig{
		fields:        fields,
		groupOf:       make([]*seqComparator, len(fields)),
		aggs:          make([]*aggSpec, len(fields)),
		partialDelete: map[int]bool{},
		ignoreDelete:  e.ignoreDelete,
		// Java checks the delete options of partial-update only.
		removeOnDelete: e.partialRemoveOnDelete,
	}
	orderingFields, protected, err := c.readSequenceGroups(primaryKeys, o)
	if err != nil {
		return nil, err
	}
	for i, f := range fields {
		name := o.aggFunction(f.Name)
		_, isOrdering := orderingFields[f.Name]
		switch {
		case isOrdering:
			continue // ordering fields are never aggregated
		case slices.Contains(primaryKeys, f.Name):
			name = aggPrimaryKey
		case name == "":
			continue
		case name != aggLastNonNullValue && !protected[f.Name]:
			return nil, fmt.Errorf("mergefunc: aggregate function %q on %s needs the field "+
				"in a sequence group", name, f.Name)
		}
		s, err := newAggSpec(name, f, o, e)
		if err != nil {
			return nil, err
		}
		c.aggs[i] = &s
	}
	return c, c.checkDeleteOptions(o, orderingFields)
}

// readSequenceGroups fills groupOf and returns the ordering fields (name to
// index) and the protected field names.
func (c *partialUpdateConfig) readSequenceGroups(primaryKeys []string, o tableOptions) (map[string]int, map[string]bool, error) {
	ordering := map[string]int{}
	protected := map[string]bool{}
	keys := make([]string, 0, len(o))
	for k := range o {
		// Java picks the keys loosely and then fails on a malformed one.
		if strings.HasPrefix(k, strings.TrimSuffix(options.FieldsPrefix, ".")) && strings.HasSuffix(k, string(options.FieldSequenceGroup)) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys) // Java iterates a hash map; sorted keeps errors stable
	for _, k := range keys {
		columns, setting, ok := options.ParseFieldKey(k)
		if !ok || setting != options.FieldSequenceGroup {
			return nil, nil, fmt.Errorf("mergefunc: invalid sequence-group option %q", k)
		}
		group := &seqComparator{}
		// Java splits both lists on ',' without trimming.
		for _, n := range splitJava(columns, false) {
			i, err := fieldIndex(c.fields, n)
			if err != nil {
				return nil, nil, fmt.Errorf("mergefunc: %s: %w", k, err)
			}
			if slices.Contains(primaryKeys, n) {
				return nil, nil, fmt.Errorf("mergefunc: sequence group %s contains primary key field %q", k, n)
			}
			if !isComparable(c.fields[i].Type) {
				return nil, nil, fmt.Errorf("mergefunc: field %q of type %s cannot order sequence group %s", n, c.fields[i].Type.SQL(), k)
			}
			group.fields = append(group.fields, i)
		}
		for _, n := range splitJava(o[k], false) {
			i, err := fieldIndex(c.fields, n)
			if err != nil {
				return nil, nil, fmt.Errorf("mergefunc: %s: %w", k, err)
			}
			if slices.Contains(primaryKeys, n) {
				return nil, nil, fmt.Errorf("mergefunc: sequence group %s contains primary key field %q", k, n)
			}
			if c.groupOf[i] != nil {
				return nil, nil, fmt.Errorf("mergefunc: field %s is defined repeatedly by multiple groups: %s", n, k)
			}
			c.groupOf[i] = group
			protected[n] = true
		}
		for _, i := range group.fields {
			c.groupOf[i] = group
			ordering[c.fields[i].Name] = i
		}
	}
	return ordering, protected, nil
}

func (c *partialUpdateConfig) checkDeleteOptions(o tableOptions, ordering map[string]int) error {
	onGroup, hasOnGroup := options.PartialUpdateRemoveRecordOnSequenceGroup.Stored(options.Options(o))
	switch {
	case c.removeOnDelete && c.ignoreDelete:
		return fmt.Errorf("mergefunc: ignore-delete and partial-update.remove-record-on-delete conflict")
	case hasOnGroup && c.ignoreDelete:
		return fmt.Errorf("mergefunc: ignore-delete and partial-update.remove-record-on-sequence-group conflict")
	case c.removeOnDelete && len(ordering) > 0:
		return fmt.Errorf("mergefunc: sequence-group and partial-update.remove-record-on-delete conflict")
	}
	if !hasOnGroup {
		return nil
	}
	for _, n := range splitJava(onGroup, false) {
		i, ok := ordering[n]
		if !ok {
			return fmt.Errorf("mergefunc: field %q of partial-update.remove-record-on-sequence-group "+
				"must be a sequence group ordering field", n)
		}
		c.partialDelete[i] = true
	}
	return nil
}

func (c *partialUpdateConfig) newFunction() MergeFunction {
	p := &partialUpdate{cfg: c, aggs: make([]aggregator, len(c.aggs))}
	for i, s := range c.aggs {
		if s != nil {
			p.aggs[i] = s.make()
		}
	}
	return p
}
