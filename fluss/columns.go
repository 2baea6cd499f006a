package fluss

import (
	"slices"
	"strings"
)

// Names of the system columns of the LEGACY layout.
const (
	BucketColumn    = "__bucket"
	OffsetColumn    = "__offset"
	TimestampColumn = "__timestamp"
)

// systemColumns are the LEGACY system columns in their physical order.
var systemColumns = []string{BucketColumn, OffsetColumn, TimestampColumn}

// reservedNames are the column names Fluss refuses in any table, lake or not
// (its TableDescriptorValidation): the three LEGACY columns plus the names of
// its changelog virtual columns.
var reservedNames = []string{
	OffsetColumn, TimestampColumn, BucketColumn,
	"_change_type", "_log_offset", "_commit_timestamp",
}

// isSystemColumn tells a LEGACY system column name. Matching is exact, as in
// Paimon and Fluss: `__Offset` is an ordinary user column.
func isSystemColumn(name string) bool { return slices.Contains(systemColumns, name) }

// reservedName returns the reserved name that name spells, ignoring case.
func reservedName(name string) (string, bool) {
	for _, r := range reservedNames {
		if strings.EqualFold(r, name) {
			return r, true
		}
	}
	return "", false
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}
