package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/sqlext"
	"github.com/paimon-sql/paimon-sql/vector"
)

// vectorSource is the vector.Source of a usable Paimon table.
func vectorSource(t sql.Table) (vector.Source, bool) {
	tbl, ok := unwrap(t).(*Table)
	if !ok || tbl.unusable != nil {
		return nil, false
	}
	return tableSource{tbl}, true
}

// tableSource is a Table as the vectorized engine reads it.
type tableSource struct{ t *Table }

func (s tableSource) Name() string              { return s.t.Name() }
func (s tableSource) FullName() string          { return s.t.t.FullName() }
func (s tableSource) Fields() []types.DataField { return s.t.fields }
func (s tableSource) FieldIndex(name string) int {
	return s.t.fieldIndex(s.t.fieldName(name))
}
func (s tableSource) NativeVectors() bool { return s.t.lay == nil }

func (s tableSource) Reader(ctx *sql.Context, cols []int) (*read.Reader, []func(any) any, error) {
	return s.t.reader(ctx, cols)
}

func (s tableSource) WholePlan(ctx *sql.Context) (*scan.Plan, bool, error) {
	if s.t.lay != nil || s.t.pin.incremental != nil {
		return nil, false, nil
	}
	p, err := s.t.plan(ctx, nil)
	return p, err == nil, err
}

func (s tableSource) Converter(ctx *sql.Context, f types.DataField) func(any) any {
	return Converter(f.Type, sqlext.SessionLocation(ctx))
}
