package catalog

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/sqlext"
)

// Keys: a Paimon table's primary key is its PRIMARY index (index.go) and
// its partition keys a non-unique index named PARTITION, so that BI tools
// (DBeaver's row editing and diagrams, JDBC getPrimaryKeys) see them in
// SHOW INDEX and information_schema STATISTICS, KEY_COLUMN_USAGE and
// TABLE_CONSTRAINTS. The PARTITION index supports no lookup: it is shown
// only to the statements that describe keys (sqlext.IsDescribingKeys), so
// that the engine never plans a lookup through it.

// partitionIndexName names the index of a table's partition keys.
const partitionIndexName = "PARTITION"

// partitionIndex is the index of the partition keys, to a context
// sqlext.DescribingKeys marked; nil otherwise (it supports no lookup).
func (t *Table) partitionIndex(ctx *sql.Context) sql.Index {
	if t.schemaUnread() || len(t.schema.PartitionKeys) == 0 || !sqlext.IsDescribingKeys(ctx) {
		return nil
	}
	return t.keyIndex(partitionIndexName, t.schema.PartitionKeys, false)
}

func (t *Table) keyIndex(name string, columns []string, unique bool) *keyIndex {
	k := &keyIndex{name: name, db: t.db.name, table: t.t.Name, unique: unique}
	for _, c := range columns {
		i := t.fieldIndex(c)
		if i < 0 {
			// A key column hidden from users (a Fluss system column).
			continue
		}
		k.exprs = append(k.exprs, t.t.Name+"."+c)
		k.types = append(k.types, sql.ColumnExpressionType{Expression: t.t.Name + "." + c, Type: t.full[i].Type})
	}
	return k
}

// keyIndex is a key as go-mysql-server describes indexes; it supports no
// lookup.
type keyIndex struct {
	name, db, table string
	exprs           []string
	types           []sql.ColumnExpressionType
	unique          bool
}

var _ sql.Index = (*keyIndex)(nil)

func (k *keyIndex) ID() string                                        { return k.name }
func (k *keyIndex) Database() string                                  { return k.db }
func (k *keyIndex) Table() string                                     { return k.table }
func (k *keyIndex) Expressions() []string                             { return k.exprs }
func (k *keyIndex) IsUnique() bool                                    { return k.unique }
func (k *keyIndex) IsSpatial() bool                                   { return false }
func (k *keyIndex) IsFullText() bool                                  { return false }
func (k *keyIndex) IsVector() bool                                    { return false }
func (k *keyIndex) Comment() string                                   { return "" }
func (k *keyIndex) IndexType() string                                 { return "BTREE" }
func (k *keyIndex) IsGenerated() bool                                 { return false }
func (k *keyIndex) ColumnExpressionTypes() []sql.ColumnExpressionType { return k.types }
func (k *keyIndex) CanSupport(*sql.Context, ...sql.Range) bool        { return false }
func (k *keyIndex) CanSupportOrderBy(sql.Expression) bool             { return false }
func (k *keyIndex) PrefixLengths() []uint16                           { return nil }

// Times returns when the table was created and last changed: the commit
// times of its first and latest snapshots (for a table without snapshots,
// when its schema was written). ok is false when neither is known.
func (t *Table) Times(ctx *sql.Context) (created, updated time.Time, ok bool) {
	if t.schemaUnread() {
		return time.Time{}, time.Time{}, false
	}
	snaps := t.t.Snapshots
	if first, found, err := snaps.EarliestID(ctx); err == nil && found {
		if s, err := snaps.Snapshot(ctx, first); err == nil {
			created = time.UnixMilli(s.TimeMillis)
		}
	}
	if latest, err := snaps.Latest(ctx); err == nil && latest != nil {
		updated = time.UnixMilli(latest.TimeMillis)
	}
	if created.IsZero() && t.schema.TimeMillis > 0 {
		created = time.UnixMilli(t.schema.TimeMillis)
	}
	if updated.IsZero() {
		updated = created
	}
	return created, updated, !created.IsZero()
}
