// Package predicate holds the filters that a scan uses to prune partitions,
// manifests, files and row groups. Pruning is only ever conservative: a
// predicate says "cannot match" only when no row can; the SQL engine still
// evaluates the full condition on every row it gets.
package predicate

import (
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Op is a comparison.
type Op int

// The comparisons.
const (
	Eq Op = iota
	NotEq
	Lt
	LtEq
	Gt
	GtEq
	IsNull
	IsNotNull
	In
)

// Predicate is a Leaf, an And or an Or.
type Predicate interface {
	// Test evaluates the predicate on exact values (partition pruning).
	// get returns the value of a field and whether the field is known; an
	// unknown field makes the predicate true.
	Test(get func(field string) (any, bool)) bool
	// MayMatch evaluates the predicate on column statistics: false only
	// when no row described by the statistics can match.
	MayMatch(stats func(field string) (Stats, bool)) bool
}

// Stats are the statistics of one column over a set of rows. Min or Max nil
// means unknown; NullCount nil means unknown.
type Stats struct {
	Min, Max  any
	NullCount *int64
	RowCount  int64
}

// Leaf compares one field with literals (one for the comparisons, any for In).
type Leaf struct {
	Field    string
	Op       Op
	Literals []any
}

// And is true when every child is.
type And []Predicate

// Or is true when any child is.
type Or []Predicate

// Test implements Predicate.
func (a And) Test(get func(string) (any, bool)) bool {
	for _, p := range a {
		if !p.Test(get) {
			return false
		}
	}
	return true
}

// MayMatch implements Predicate.
func (a And) MayMatch(stats func(string) (Stats, bool)) bool {
	for _, p := range a {
		if !p.MayMatch(stats) {
			return false
		}
	}
	return true
}

// Test implements Predicate.
func (o Or) Test(get func(string) (any, bool)) bool {
	for _, p := range o {
		if p.Test(get) {
			return true
		}
	}
	return len(o) == 0
}

// MayMatch implements Predicate.
func (o Or) MayMatch(stats func(string) (Stats, bool)) bool {
	for _, p := range o {
		if p.MayMatch(stats) {
			return true
		}
	}
	return len(o) == 0
}

// Test implements Predicate with SQL semantics (a comparison with NULL is
// not true).
func (l Leaf) Test(get func(string) (any, bool)) bool {
	v, ok := get(l.Field)
	if !ok {
		return true
	}
	switch l.Op {
	case IsNull:
		return v == nil
	case IsNotNull:
		return v != nil
	}
	if v == nil {
		return false
	}
	if l.Op == In {
		for _, lit := range l.Literals {
			if c, ok := types.Compare(v, lit); !ok || c == 0 {
				return true
			}
		}
		return false
	}
	c, ok := types.Compare(v, l.Literals[0])
	if !ok {
		return true
	}
	switch l.Op {
	case Eq:
		return c == 0
	case NotEq:
		return c != 0
	case Lt:
		return c < 0
	case LtEq:
		return c <= 0
	case Gt:
		return c > 0
	case GtEq:
		return c >= 0
	}
	return true
}

// MayMatch implements Predicate.
func (l Leaf) MayMatch(stats func(string) (Stats, bool)) bool {
	s, ok := stats(l.Field)
	if !ok {
		return true
	}
	allNull := s.NullCount != nil && *s.NullCount >= s.RowCount
	switch l.Op {
	case IsNull:
		return s.NullCount == nil || *s.NullCount > 0
	case IsNotNull:
		return !allNull
	}
	if allNull {
		return false
	}
	if s.Min == nil || s.Max == nil {
		return true
	}
	if l.Op == In {
		for _, lit := range l.Literals {
			if within(s, lit) {
				return true
			}
		}
		return false
	}
	lit := l.Literals[0]
	cMin, ok1 := types.Compare(s.Min, lit)
	cMax, ok2 := types.Compare(s.Max, lit)
	if !ok1 || !ok2 {
		return true
	}
	switch l.Op {
	case Eq:
		return cMin <= 0 && cMax >= 0
	case NotEq:
		return !(cMin == 0 && cMax == 0)
	case Lt:
		return cMin < 0
	case LtEq:
		return cMin <= 0
	case Gt:
		return cMax > 0
	case GtEq:
		return cMax >= 0
	}
	return true
}

func within(s Stats, lit any) bool {
	cMin, ok1 := types.Compare(s.Min, lit)
	cMax, ok2 := types.Compare(s.Max, lit)
	return !ok1 || !ok2 || (cMin <= 0 && cMax >= 0)
}

// Fields lists the fields a predicate refers to.
func Fields(p Predicate) []string {
	var out []string
	var walk func(Predicate)
	walk = func(p Predicate) {
		switch x := p.(type) {
		case Leaf:
			out = append(out, x.Field)
		case And:
			for _, c := range x {
				walk(c)
			}
		case Or:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(p)
	return out
}

// Only keeps the parts of p that refer only to the given fields, dropping
// the rest conservatively (a dropped part of an And is "true"; an Or with a
// dropped child becomes "true" as a whole). It returns nil for "true".
func Only(p Predicate, fields map[string]bool) Predicate {
	switch x := p.(type) {
	case Leaf:
		if fields[x.Field] {
			return x
		}
		return nil
	case And:
		var kept And
		for _, c := range x {
			if k := Only(c, fields); k != nil {
				kept = append(kept, k)
			}
		}
		if len(kept) == 0 {
			return nil
		}
		return kept
	case Or:
		var kept Or
		for _, c := range x {
			k := Only(c, fields)
			if k == nil {
				return nil
			}
			kept = append(kept, k)
		}
		return kept
	}
	return nil
}
