package fluss

import (
	"fmt"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Layout is the physical layout of a Fluss lake table.
type Layout int

const (
	// Clean tables hold the user columns only.
	Clean Layout = iota
	// Legacy tables end with __bucket, __offset and __timestamp.
	Legacy
)

func (l Layout) String() string {
	if l == Legacy {
		return "LEGACY"
	}
	return "CLEAN"
}

// Rule names the detection rule a rejected table breaks.
type Rule int

// The detection rules, checked in this order.
const (
	// RuleComplete: all three system columns or none.
	RuleComplete Rule = iota
	// RuleTrailing: the system columns are the last columns.
	RuleTrailing
	// RuleOrder: the system columns are in the order __bucket, __offset, __timestamp.
	RuleOrder
	// RuleType: __bucket is INT, __offset BIGINT, __timestamp
	// TIMESTAMP(3) or TIMESTAMP(6) WITH LOCAL TIME ZONE; nullability is free.
	RuleType
	// RuleUserColumn: a LEGACY table has at least one user column.
	RuleUserColumn
	// RuleKeys: no primary or partition key names a system column.
	RuleKeys
)

func (r Rule) String() string {
	return [...]string{"complete", "trailing", "order", "type", "user-column", "keys"}[r]
}

// LayoutError rejects a Fluss lake table whose system columns form neither
// layout. Such a table cannot be read or written safely: which columns are the
// user's is not known.
type LayoutError struct {
	Rule Rule
	// Columns are the columns the rule found at fault.
	Columns []string
	// Reason says what is wrong, naming the columns.
	Reason string
	// Fields are the table's columns, for the message.
	Fields []types.DataField
}

func (e *LayoutError) Error() string {
	cols := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		cols[i] = "`" + f.Name + "` " + f.Type.SQL()
	}
	return fmt.Sprintf("Fluss lake table has an invalid system-column layout: %s. "+
		"A Fluss lake table holds either none of `__bucket`, `__offset`, `__timestamp` (clean layout) "+
		"or all three as its last columns, in this order, typed INT, BIGINT and "+
		"TIMESTAMP(3) or TIMESTAMP(6) WITH LOCAL TIME ZONE (legacy layout); the table has (%s)",
		e.Reason, strings.Join(cols, ", "))
}

// Detect tells the layout of a Fluss lake table from its top-level columns in
// physical order, or returns a *LayoutError naming the broken rule. Nested
// fields are never system columns.
//
// A table is LEGACY exactly when its first system-named column starts the
// last three and those are __bucket, __offset, __timestamp with their types;
// every other table holding a system name is rejected. The checks below run
// in an order that gives the most telling reason for each kind of mistake.
func Detect(fields []types.DataField) (Layout, error) {
	var found []string
	first := -1
	for i, f := range fields {
		if isSystemColumn(f.Name) {
			found = append(found, f.Name)
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		return Clean, nil
	}
	fail := func(rule Rule, cols []string, format string, args ...any) (Layout, error) {
		return Clean, &LayoutError{Rule: rule, Columns: cols, Reason: fmt.Sprintf(format, args...), Fields: fields}
	}
	if missing := missingNames(found); len(missing) > 0 {
		return fail(RuleComplete, found, "found %s but not %s", positions(fields, found), quoteList(missing))
	}
	if after := userColumnsAfter(fields, first); len(after) > 0 {
		verb := "comes"
		if len(after) > 1 {
			verb = "come"
		}
		return fail(RuleTrailing, after, "the system columns must be the last three columns, but %s %s after `%s`",
			quoteList(after), verb, fields[first].Name)
	}
	if !slices.Equal(found, systemColumns) {
		return fail(RuleOrder, found, "the system columns must be in the order %s, got %s",
			quoteList(systemColumns), quoteList(found))
	}
	tail := fields[len(fields)-len(systemColumns):]
	var wrong, reasons []string
	for _, f := range tail {
		if want := typeRequirement(f); want != "" {
			wrong = append(wrong, f.Name)
			reasons = append(reasons, fmt.Sprintf("`%s` must be %s, got %s", f.Name, want, f.Type.SQL()))
		}
	}
	if len(wrong) > 0 {
		return fail(RuleType, wrong, "%s", strings.Join(reasons, "; "))
	}
	if len(fields) == len(systemColumns) {
		return fail(RuleUserColumn, nil, "a legacy table needs at least one user column before the system columns")
	}
	return Legacy, nil
}

// typeRequirement returns the type a system column must have when f's type
// is not acceptable, or "". Nullability is ignored: Fluss declared the
// columns nullable but never writes NULL into them, so either declaration
// reads and writes the same.
func typeRequirement(f types.DataField) string {
	switch f.Name {
	case BucketColumn:
		if f.Type.Kind != types.Int {
			return "INT"
		}
	case OffsetColumn:
		if f.Type.Kind != types.BigInt {
			return "BIGINT"
		}
	case TimestampColumn:
		// Fluss 0.7 and 0.8 created precision 6, later versions precision 3;
		// Fluss never created anything else in Paimon.
		if f.Type.Kind != types.TimestampLTZ || (f.Type.Precision != 3 && f.Type.Precision != 6) {
			return "TIMESTAMP(3) or TIMESTAMP(6) WITH LOCAL TIME ZONE"
		}
	}
	return ""
}

func missingNames(found []string) []string {
	var missing []string
	for _, s := range systemColumns {
		if !slices.Contains(found, s) {
			missing = append(missing, s)
		}
	}
	return missing
}

// positions lists names with their 1-based column numbers, as
// information_schema numbers columns.
func positions(fields []types.DataField, names []string) string {
	parts := make([]string, 0, len(names))
	for i, f := range fields {
		if slices.Contains(names, f.Name) {
			parts = append(parts, fmt.Sprintf("`%s` (column %d of %d)", f.Name, i+1, len(fields)))
		}
	}
	return strings.Join(parts, ", ")
}

func userColumnsAfter(fields []types.DataField, first int) []string {
	var after []string
	for _, f := range fields[first+1:] {
		if !isSystemColumn(f.Name) {
			after = append(after, f.Name)
		}
	}
	return after
}
