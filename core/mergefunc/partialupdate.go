package mergefunc

import (
	"errors"
	"fmt"
	"slices"
)

var errPartialUpdateRetract = errors.New("mergefunc: the partial-update merge engine cannot " +
	"accept delete records; configure 'ignore-delete', " +
	"'partial-update.remove-record-on-delete', or sequence groups")

// partialUpdate is PartialUpdateMergeFunction: newer non-null values
// overwrite older ones column by column. With sequence groups, each group's
// columns are updated only by records whose ordering fields are not older,
// and retractions clear (or retract from) those columns.
type partialUpdate struct {
	cfg  *partialUpdateConfig
	aggs []aggregator

	row       []any
	key       []any
	latestSeq int64
	added     bool
	// meetInsert is false while only retractions arrived: the result is
	// then a -D.
	meetInsert    bool
	notNullFilled bool
	deleteRow     bool
}

func (p *partialUpdate) Reset() {
	p.row = make([]any, len(p.cfg.fields))
	p.key, p.latestSeq = nil, 0
	p.added, p.meetInsert, p.notNullFilled, p.deleteRow = false, false, false, false
	for _, a := range p.aggs {
		if a != nil {
			a.reset()
		}
	}
}

func (p *partialUpdate) Add(kv KeyValue) error {
	if len(kv.Value) != len(p.row) {
		return fmt.Errorf("mergefunc: record has %d values, table has %d columns", len(kv.Value), len(p.row))
	}
	p.key, p.added, p.deleteRow = kv.Key, true, false
	if kv.Kind.IsRetract() {
		return p.addRetract(kv)
	}
	p.latestSeq = kv.Sequence
	var err error
	if p.hasGroups() {
		err = p.updateWithGroups(kv)
	} else {
		err = p.updateNonNull(kv)
	}
	p.meetInsert, p.notNullFilled = true, true
	return err
}

func (p *partialUpdate) hasGroups() bool {
	return slices.ContainsFunc(p.cfg.groupOf, func(g *seqComparator) bool { return g != nil })
}

func (p *partialUpdate) addRetract(kv KeyValue) error {
	if !p.notNullFilled {
		row, err := initRow(p.cfg.fields, kv.Value)
		if err != nil {
			return err
		}
		p.row, p.notNullFilled = row, true
	}
	// Paimon 0.7 and older could write retractions despite ignore-delete.
	if p.cfg.ignoreDelete {
		return nil
	}
	p.latestSeq = kv.Sequence
	switch {
	case p.hasGroups():
		return p.retractWithGroups(kv)
	case p.cfg.removeOnDelete:
		if kv.Kind == Delete {
			row, err := initRow(p.cfg.fields, kv.Value)
			p.row, p.deleteRow = row, true
			return err
		}
		return nil
	}
	return errPartialUpdateRetract
}

func (p *partialUpdate) updateNonNull(kv KeyValue) error {
	for i, v := range kv.Value {
		if v != nil {
			p.row[i] = v
		} else if !p.cfg.fields[i].Type.Nullable {
			return fmt.Errorf("mergefunc: field %s can not be null", p.cfg.fields[i].Name)
		}
	}
	return nil
}

// emptyGroup tells a record that sets none of a group's ordering fields;
// it does not touch the group, and its ordering fields count as done.
func emptyGroup(kv KeyValue, g *seqComparator, done []bool) bool {
	for _, i := range g.fields {
		if kv.Value[i] != nil {
			return false
		}
	}
	for _, i := range g.fields {
		done[i] = true
	}
	return true
}

func (p *partialUpdate) updateWithGroups(kv KeyValue) error {
	done := make([]bool, len(p.row))
	for i, in := range kv.Value {
		g, agg := p.cfg.groupOf[i], p.aggs[i]
		var err error
		switch {
		case g == nil && agg != nil:
			p.row[i], err = agg.agg(p.row[i], in)
		case g == nil:
			if in != nil {
				p.row[i] = in
			}
		case done[i] || emptyGroup(kv, g, done):
		case g.compare(kv.Value, p.row) >= 0:
			if slices.Contains(g.fields, i) {
				// The ordering fields of a group move together.
				for _, j := range g.fields {
					p.row[j] = kv.Value[j]
					done[j] = true
				}
			} else if agg != nil {
				p.row[i], err = agg.agg(p.row[i], in)
			} else {
				p.row[i] = in
			}
		case agg != nil:
			// An older record still feeds the aggregate, from the other side.
			p.row[i], err = aggReversed(agg, p.row[i], in)
		}
		if err != nil {
			return fmt.Errorf("mergefunc: column %s: %w", p.cfg.fields[i].Name, err)
		}
	}
	return nil
}

func (p *partialUpdate) retractWithGroups(kv KeyValue) error {
	done := make([]bool, len(p.row))
	updated := make([]bool, len(p.row))
	for i := range kv.Value {
		g, agg := p.cfg.groupOf[i], p.aggs[i]
		var err error
		switch {
		case g == nil || done[i] || emptyGroup(kv, g, done):
		case g.compare(kv.Value, p.row) >= 0:
			if !slices.Contains(g.fields, i) {
				if agg == nil {
					p.row[i] = nil
				} else {
					p.row[i], err = agg.retract(p.row[i], kv.Value[i])
				}
				break
			}
			for _, j := range g.fields {
				if !updated[j] {
					if kv.Kind == Delete && p.cfg.partialDelete[j] {
						// 'partial-update.remove-record-on-sequence-group'.
						row, err := initRow(p.cfg.fields, kv.Value)
						p.row, p.deleteRow = row, true
						return err
					}
					p.row[j] = kv.Value[j]
					updated[j] = true
				}
				done[j] = true
			}
		case agg != nil:
			p.row[i], err = agg.retract(p.row[i], kv.Value[i])
		}
		if err != nil {
			return fmt.Errorf("mergefunc: column %s: %w", p.cfg.fields[i].Name, err)
		}
	}
	return nil
}

func (p *partialUpdate) Result() (KeyValue, bool) {
	if !p.added {
		return KeyValue{}, false
	}
	kind := Insert
	if p.deleteRow || !p.meetInsert {
		kind = Delete
	}
	return KeyValue{Key: p.key, Sequence: p.latestSeq, Kind: kind, Value: copyRow(p.row)}, true
}
