package binrow

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Compare orders two rows field by field the way Paimon's generated key
// comparator does (types.Compare per field, NULL first). Rows must hold
// values of the given types (as Decode returns them); a value of another Go
// type panics, as it is a programming error.
func Compare(a, b []any, fieldTypes []types.DataType) int {
	for i, t := range fieldTypes {
		x, y := a[i], b[i]
		switch {
		case x == nil && y == nil:
			continue
		case x == nil:
			return -1
		case y == nil:
			return 1
		}
		c, ok := types.Compare(x, y)
		if !ok {
			panic(fmt.Sprintf("binrow: cannot compare %T and %T as %s", x, y, t.SQL()))
		}
		if c != 0 {
			return c
		}
	}
	return 0
}
