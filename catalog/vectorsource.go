package catalog

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"

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
func (s tableSource) DescribeScan(ctx *sql.Context) string {
	return s.t.DescribeScan(ctx)
}

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

// scanRows estimates the rows of a plan node that is a scan of a Paimon
// table (through aliases, filters and projections) by its files' row
// counts after the pushed filter's pruning, and a filtered scan as the join
// planner does (Table.filteredRows), for the vectorized hash join's choice
// of its build side; ok is false for any other node.
func scanRows(ctx *sql.Context) func(sql.Node) (int64, bool) {
	return func(n sql.Node) (int64, bool) {
		for {
			switch x := n.(type) {
			case *plan.TableAlias:
				n = x.Child
				continue
			case *plan.Filter:
				// The same estimate as the join planner's: the build side
				// it chose stays the smaller.
				if t, ok := filteredTable(x.Child); ok {
					rows, ok := t.filteredRows(ctx, expression.SplitConjunction(x.Expression))
					return int64(math.Round(rows)), ok
				}
				n = x.Child
				continue
			case *plan.Project:
				n = x.Child
				continue
			case *plan.ResolvedTable:
				t, ok := unwrap(x.Table).(*Table)
				if !ok || t.unusable != nil {
					return 0, false
				}
				p, err := t.plan(ctx, t.filter)
				if err != nil {
					return 0, false
				}
				rows, _ := p.RowCount()
				return rows, true
			}
			if in, ok := vector.MarkedInput(n); ok {
				n = in
				continue
			}
			return 0, false
		}
	}
}

// filteredTable is the Paimon table a Filter reads, through the vector
// engine's mark of a filtered scan and an alias.
func filteredTable(n sql.Node) (*Table, bool) {
	if in, ok := vector.MarkedInput(n); ok {
		n = in
	}
	if a, ok := n.(*plan.TableAlias); ok {
		n = a.Child
	}
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return nil, false
	}
	t, ok := unwrap(rt.Table).(*Table)
	return t, ok && t.unusable == nil
}
