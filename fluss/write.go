package fluss

import (
	"fmt"
	"time"
)

// OffsetNotFromLog is the __offset of a row that did not come from the Fluss
// log, such as one paimon-sql writes. Fluss uses -1 for an unknown offset, and
// its readers never move a log position on a negative offset.
const OffsetNotFromLog int64 = -1

// PhysicalRow lays out a row of UserFields values as the table stores it.
// For a LEGACY table it appends what Fluss's tiering would write, never NULL:
// __bucket the bucket the row is written to (0 in a bucket-unaware table),
// __offset OffsetNotFromLog, and __timestamp the commit time at the column's
// precision. The same applies to every row kind, deletes included. Other
// tables store the row as it is.
func (t *Table) PhysicalRow(user []any, bucket int32, commit time.Time) ([]any, error) {
	if len(user) != t.users {
		return nil, fmt.Errorf("row has %d values, the table has %d user columns", len(user), t.users)
	}
	if t.layout != Legacy {
		return user, nil
	}
	// TIMESTAMP WITH LOCAL TIME ZONE values are instants in UTC (core/types).
	unit := time.Millisecond
	if t.tsPrecision == 6 {
		unit = time.Microsecond
	}
	row := make([]any, 0, len(t.fields))
	row = append(row, user...)
	return append(row, bucket, OffsetNotFromLog, commit.UTC().Truncate(unit)), nil
}
