package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// The primary key of a Paimon table is offered to go-mysql-server as its
// PRIMARY index, so that equalities, IN lists and ranges on it, and joins
// on it (lookup joins), become index lookups. A lookup is served by the
// scan pruned with the lookup's ranges as a filter: Java's bucket of the
// key, files by their key range, row groups and pages by their statistics
// (core/scan, core/format). The lookup is not precise (PreciseMatch): the
// pruned scan returns the rows of the pages that may hold the keys and the
// engine's filter keeps the matching ones.

var (
	_ sql.IndexAddressableTable = (*Table)(nil)
	_ sql.IndexedTable          = (*Table)(nil)
	_ sql.OrderedIndex          = (*pkIndex)(nil)
)

// primaryIndexName is MySQL's name of the primary key index.
const primaryIndexName = "PRIMARY"

// pkIndex is the primary key of a table as an index.
type pkIndex struct {
	db, table string
	columns   []*sql.Column // the primary key columns, in key order
}

// GetIndexes implements sql.IndexAddressable: the primary key, if any,
// and the partition keys to statements that describe keys (keys.go).
func (t *Table) GetIndexes(ctx *sql.Context) ([]sql.Index, error) {
	var out []sql.Index
	if idx := t.primaryIndex(); idx != nil {
		out = append(out, idx)
	}
	if idx := t.partitionIndex(ctx); idx != nil {
		out = append(out, idx)
	}
	return out, nil
}

func (t *Table) primaryIndex() *pkIndex {
	if t.unusable != nil || len(t.schema.PrimaryKeys) == 0 || t.pin.incremental != nil {
		// An incremental read returns changes, several per key: no index.
		return nil
	}
	idx := &pkIndex{db: t.db.name, table: t.t.Name}
	for _, k := range t.schema.PrimaryKeys {
		i := t.fieldIndex(k)
		if i < 0 {
			return nil // a key column hidden from users (a Fluss system column)
		}
		idx.columns = append(idx.columns, t.full[i])
	}
	return idx
}

// PreciseMatch implements sql.IndexAddressable: the pruned scan returns a
// superset of the lookup's rows, so the engine keeps its filter.
func (t *Table) PreciseMatch() bool { return false }

// IndexedAccess implements sql.IndexAddressable.
func (t *Table) IndexedAccess(_ *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	if _, ok := lookup.Index.(*pkIndex); !ok {
		return nil
	}
	return t
}

// LookupPartitions implements sql.IndexedTable: one partition that scans
// with the lookup's ranges as a filter.
func (t *Table) LookupPartitions(ctx *sql.Context, lookup sql.IndexLookup) (sql.PartitionIter, error) {
	idx, ok := lookup.Index.(*pkIndex)
	if !ok {
		return nil, fmt.Errorf("%s: lookup on an index the table does not have: %s", t.t.FullName(), lookup.Index.ID())
	}
	part := lookupPartition{empty: lookup.IsEmptyRange, index: idx}
	if !part.empty {
		part.filter = t.rangesPredicate(ctx, idx, lookup.Ranges)
		if part.filter == nil {
			coll, ok := lookup.Ranges.(sql.MySQLRangeCollection)
			if !ok {
				return nil, fmt.Errorf("%s: unsupported index lookup %s", t.t.FullName(), lookup.Ranges)
			}
			part.ranges = coll
		}
	}
	return sql.PartitionsToPartitionIter(part), nil
}

// lookupPartition is the scan of an index lookup.
type lookupPartition struct {
	filter predicate.Predicate // nil: the ranges could not be translated
	// ranges are the lookup's when filter could not express them: the
	// engine's range expression then checks each row.
	ranges sql.MySQLRangeCollection
	index  *pkIndex
	empty  bool // the lookup matches no row
}

func (lookupPartition) Key() []byte { return []byte("lookup") }

// rangesPredicate translates the lookup's ranges over the key columns to a
// predicate: an Or of the ranges, each an And of its column bounds, with
// points as equalities (or one IN list for a single column). nil when a
// bound has no exact Paimon value: the scan then reads every row.
func (t *Table) rangesPredicate(ctx *sql.Context, idx *pkIndex, ranges sql.RangeCollection) predicate.Predicate {
	coll, ok := ranges.(sql.MySQLRangeCollection)
	if !ok {
		return nil
	}
	var or predicate.Or
	var points []any // a single-column key fixed by every range
	single := len(idx.columns) == 1
	for _, r := range coll {
		var and predicate.And
		for i, ce := range r {
			if i >= len(idx.columns) {
				break
			}
			name := t.fieldName(idx.columns[i].Name)
			ft, ok := t.fieldType(name)
			if !ok {
				return nil
			}
			lo, isLo := ce.LowerBound.(sql.Below)
			hi, isHi := ce.UpperBound.(sql.Above)
			if isLo && isHi {
				if c, err := ce.Typ.Compare(ctx, lo.Key, hi.Key); err == nil && c == 0 {
					v, ok := exactPaimonValue(ft, lo.Key)
					if !ok || v == nil {
						return nil
					}
					and = append(and, predicate.Leaf{Field: name, Op: predicate.Eq, Literals: []any{v}})
					continue
				}
			}
			leaves, ok := boundLeaves(name, ft, ce)
			if !ok {
				return nil
			}
			and = append(and, leaves...)
		}
		if single && len(and) == 1 {
			if l, ok := and[0].(predicate.Leaf); ok && l.Op == predicate.Eq {
				points = append(points, l.Literals[0])
				continue
			}
		}
		switch len(and) {
		case 0:
			return nil // a range over every row
		case 1:
			or = append(or, and[0])
		default:
			or = append(or, and)
		}
	}
	if len(points) > 0 {
		name := t.fieldName(idx.columns[0].Name)
		or = append(or, predicate.Leaf{Field: name, Op: predicate.In, Literals: points})
	}
	switch len(or) {
	case 0:
		return nil
	case 1:
		return or[0]
	}
	return or
}

// boundLeaves are the comparisons of one column's range bounds.
func boundLeaves(name string, ft types.DataType, ce sql.MySQLRangeColumnExpr) ([]predicate.Predicate, bool) {
	var out []predicate.Predicate
	add := func(op predicate.Op, key any) bool {
		v, ok := exactPaimonValue(ft, key)
		if !ok || v == nil {
			return false
		}
		out = append(out, predicate.Leaf{Field: name, Op: op, Literals: []any{v}})
		return true
	}
	switch b := ce.LowerBound.(type) {
	case sql.Below:
		if !add(predicate.GtEq, b.Key) {
			return nil, false
		}
	case sql.Above:
		if !add(predicate.Gt, b.Key) {
			return nil, false
		}
	case sql.AboveNull:
		out = append(out, predicate.Leaf{Field: name, Op: predicate.IsNotNull})
	}
	switch b := ce.UpperBound.(type) {
	case sql.Above:
		if !add(predicate.LtEq, b.Key) {
			return nil, false
		}
	case sql.Below:
		if !add(predicate.Lt, b.Key) {
			return nil, false
		}
	case sql.AboveNull:
		if _, null := ce.LowerBound.(sql.BelowNull); null {
			out = append(out, predicate.Leaf{Field: name, Op: predicate.IsNull})
		}
	}
	return out, true
}

// ID implements sql.Index.
func (i *pkIndex) ID() string { return primaryIndexName }

// Database implements sql.Index.
func (i *pkIndex) Database() string { return i.db }

// Table implements sql.Index.
func (i *pkIndex) Table() string { return i.table }

// Expressions implements sql.Index: "table.column", as go-mysql-server
// matches them against columns.
func (i *pkIndex) Expressions() []string {
	out := make([]string, len(i.columns))
	for k, c := range i.columns {
		out[k] = strings.ToLower(i.table) + "." + strings.ToLower(c.Name)
	}
	return out
}

// IsUnique implements sql.Index.
func (i *pkIndex) IsUnique() bool { return true }

// IsSpatial implements sql.Index.
func (i *pkIndex) IsSpatial() bool { return false }

// IsFullText implements sql.Index.
func (i *pkIndex) IsFullText() bool { return false }

// IsVector implements sql.Index.
func (i *pkIndex) IsVector() bool { return false }

// Comment implements sql.Index.
func (i *pkIndex) Comment() string { return "" }

// IndexType implements sql.Index: the LSM tree's sorted runs are what
// MySQL calls a BTREE here.
func (i *pkIndex) IndexType() string { return "BTREE" }

// IsGenerated implements sql.Index: it is shown (SHOW INDEXES).
func (i *pkIndex) IsGenerated() bool { return false }

// ColumnExpressionTypes implements sql.Index.
func (i *pkIndex) ColumnExpressionTypes() []sql.ColumnExpressionType {
	exprs := i.Expressions()
	out := make([]sql.ColumnExpressionType, len(i.columns))
	for k, c := range i.columns {
		out[k] = sql.ColumnExpressionType{Expression: exprs[k], Type: c.Type}
	}
	return out
}

// CanSupport implements sql.Index: ranges that fix key columns (a prefix
// of the key, or all of it) by equality. Their rows are few and returned
// in key order, as go-mysql-server expects of an index when it drops an
// ORDER BY; other ranges are left to the scan's filter pushdown.
func (i *pkIndex) CanSupport(ctx *sql.Context, ranges ...sql.Range) bool {
	for _, r := range ranges {
		mr, ok := r.(sql.MySQLRange)
		if !ok || len(mr) == 0 {
			return false
		}
		// Equalities on a leading part of the key, the other columns
		// unbounded (a lookup join on a prefix of the key).
		prefix := true
		for k, ce := range mr {
			if prefix && isPoint(ctx, ce) {
				continue
			}
			if k == 0 || !isEverything(ce) {
				return false
			}
			prefix = false
		}
	}
	return true
}

// isPoint tells whether a column's range is one non-NULL value.
func isPoint(ctx *sql.Context, ce sql.MySQLRangeColumnExpr) bool {
	lo, isLo := ce.LowerBound.(sql.Below)
	hi, isHi := ce.UpperBound.(sql.Above)
	if !isLo || !isHi || lo.Key == nil || hi.Key == nil {
		return false
	}
	c, err := ce.Typ.Compare(ctx, lo.Key, hi.Key)
	return err == nil && c == 0
}

// isEverything tells whether a column's range is unbounded, NULL included.
func isEverything(ce sql.MySQLRangeColumnExpr) bool {
	_, lo := ce.LowerBound.(sql.BelowNull)
	_, hi := ce.UpperBound.(sql.AboveAll)
	return lo && hi
}

// CanSupportOrderBy implements sql.Index: rows do not come in key order
// (buckets and partitions are read in parallel).
func (i *pkIndex) CanSupportOrderBy(sql.Expression) bool { return false }

// Order implements sql.OrderedIndex: none, so that go-mysql-server keeps
// its sorts (and MIN/MAX) over lookups. Buckets and partitions are read in
// parallel, and a bucket's rows are in key order only within it.
func (i *pkIndex) Order() sql.IndexOrder { return sql.IndexOrderNone }

// Reversible implements sql.OrderedIndex.
func (i *pkIndex) Reversible() bool { return false }

// PrefixLengths implements sql.Index.
func (i *pkIndex) PrefixLengths() []uint16 { return nil }
