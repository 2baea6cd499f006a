package scan

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// ColumnRange is what the file statistics of a plan tell of one column:
// its smallest and largest value (nil when every value is NULL) and the
// number of non-NULL values.
type ColumnRange struct {
	Min, Max any
	NonNull  int64
}

// ColumnRange answers MIN, MAX and COUNT of a column of the read schema
// from the statistics of the planned files, without reading them. ok is
// false unless the statistics are exact for every file: an append table
// (a primary-key table's files hold old versions of rows) with no deleted
// rows and no column files of data evolution; an integer, DECIMAL or DATE
// column (statistics of strings may be truncated, of floats hold NaN
// oddly, of timestamps may be coarser than the values), written with the
// column's present type; statistics kept with null counts and, where a
// file has values, with min and max (not metadata.stats-mode 'none' or
// 'counts').
func (p *Plan) ColumnRange(ctx context.Context, column string) (r ColumnRange, ok bool, err error) {
	cur, _, found := p.Schema.Field(column)
	if !found || len(p.Schema.PrimaryKeys) > 0 || !exactStatsKind(cur.Type.Kind) {
		return r, false, nil
	}
	for _, sp := range p.Splits {
		if sp.Delta || sp.Diff || len(sp.DeletionFiles) > 0 {
			return r, false, nil
		}
		for _, f := range sp.Files {
			if f.FirstRowID != nil {
				return r, false, nil
			}
			fileSchema, err := sp.Table.Schemas.Schema(ctx, f.SchemaID)
			if err != nil {
				return r, false, err
			}
			var fd types.DataField
			var i = -1
			cols := f.ValueStatsCols
			if cols == nil {
				cols = fileSchema.FieldNames()
			}
			colTypes := make([]types.DataType, len(cols))
			for j, c := range cols {
				d, _, ok := fileSchema.Field(c)
				if !ok {
					return r, false, nil
				}
				colTypes[j] = d.Type.WithNullable(true)
				if d.ID == cur.ID {
					fd, i = d, j
				}
			}
			if i < 0 {
				if fileSchema.HighestFieldID < cur.ID {
					continue // added after the file: NULL in all its rows
				}
				return r, false, nil
			}
			if fd.Type.WithNullable(true).SQL() != cur.Type.WithNullable(true).SQL() {
				return r, false, nil
			}
			stats, ok := decodeStats(f.ValueStats, colTypes, f.RowCount)
			if !ok || stats[i].NullCount == nil {
				return r, false, nil
			}
			s := stats[i]
			nonNull := f.RowCount - *s.NullCount
			if nonNull == 0 {
				continue
			}
			if s.Min == nil || s.Max == nil {
				return r, false, nil
			}
			r.NonNull += nonNull
			if r.Min == nil || compareExact(s.Min, r.Min) < 0 {
				r.Min = s.Min
			}
			if r.Max == nil || compareExact(s.Max, r.Max) > 0 {
				r.Max = s.Max
			}
		}
	}
	return r, true, nil
}

func exactStatsKind(k types.Kind) bool {
	switch k {
	case types.TinyInt, types.SmallInt, types.Int, types.BigInt, types.Decimal, types.Date:
		return true
	}
	return false
}

// compareExact orders two statistics values of one exactStatsKind column.
func compareExact(a, b any) int {
	switch x := a.(type) {
	case decimal.Decimal:
		return x.Cmp(b.(decimal.Decimal))
	case int8:
		return cmpInt(int64(x), int64(b.(int8)))
	case int16:
		return cmpInt(int64(x), int64(b.(int16)))
	case int32:
		return cmpInt(int64(x), int64(b.(int32)))
	case int64:
		return cmpInt(x, b.(int64))
	}
	return 0
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
