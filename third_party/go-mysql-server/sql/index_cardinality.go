package sql

// paimon-sql: IndexCardinality is the CARDINALITY that SHOW INDEX and
// information_schema.STATISTICS show for the column at position of an
// index: for the last column of a unique index, the table's row count (each
// row has its own value of the whole index), as its StatisticsTable
// counts it; 0, "not calculated" as v0.20.0 shows every column, otherwise.
func IndexCardinality(ctx *Context, table Table, idx Index, position int) int64 {
	if !idx.IsUnique() || position != len(idx.Expressions())-1 {
		return 0
	}
	for {
		switch t := table.(type) {
		case StatisticsTable:
			rows, _, err := t.RowCount(ctx)
			if err != nil {
				return 0
			}
			return int64(rows)
		case TableWrapper:
			table = t.Underlying()
		default:
			return 0
		}
	}
}
