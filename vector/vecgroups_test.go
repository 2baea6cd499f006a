package vector_test

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
)

// Catches: GROUP BY of several strings read from dictionaries (TPC-H
// Q01's two CHAR(1) keys), whose groups are found per combination of
// dictionary entries (dictGroups), answering otherwise than
// go-mysql-server's own aggregation: combinations mixed up, NULL keys,
// dictionaries that change between row groups and files, a filter that
// compacted the batch first, a key of another kind beside them.
func TestDictKeysVectorsMatchEngine(t *testing.T) {
	char := types.DataType{Kind: types.Char, Length: 1, Nullable: true}
	cols := []gentable.Column{
		{Name: "id", Type: types.New(types.BigInt)},
		{Name: "flag", Type: char},
		{Name: "mode", Type: char},
		{Name: "kind", Type: char},
		{Name: "i", Type: types.New(types.Int)},
		{Name: "m", Type: types.NewDecimal(9, 2)},
	}
	queries := []string{
		"SELECT flag, mode, COUNT(*), SUM(m), AVG(i), MIN(i) FROM bench.t GROUP BY flag, mode",
		"SELECT mode, flag, kind, COUNT(*), SUM(i) FROM bench.t WHERE i < 600000 GROUP BY mode, flag, kind",
		"SELECT flag, mode, COUNT(*) FROM bench.t WHERE i < 100000 AND m > 10 GROUP BY flag, mode",
		"SELECT flag, i % 3, COUNT(*), SUM(m) FROM bench.t GROUP BY flag, i % 3",
		"SELECT CONCAT(flag, mode), COUNT(*) FROM bench.t GROUP BY flag, mode",
	}
	matchEngine(t, tableShapes, cols, queries, true)
}
