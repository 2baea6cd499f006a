package fluss

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// TestDetect covers the rules of docs/design/fluss-layout.md §2.1 and the detection edge
// cases of §5 (numbers in the names) that a valid layout meets.
func TestDetect(t *testing.T) {
	nestedSystemNames := []types.DataField{row(0, "addr",
		types.DataField{ID: 1, Name: "__offset", Type: types.New(types.BigInt)},
		types.DataField{ID: 2, Name: "__bucket", Type: types.New(types.Int)},
		types.DataField{ID: 3, Name: "__timestamp", Type: types.DataType{Kind: types.TimestampLTZ, Precision: 3, Nullable: true}})}
	legacyWithRow := append(slices.Clone(nestedSystemNames), cols(t, "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE")...)

	for _, tc := range []struct {
		name   string
		fields []types.DataField
		want   Layout
	}{
		// CLEAN.
		{name: "rule 1: no system column is CLEAN", fields: cols(t, "a INT", "b STRING"), want: Clean},
		{name: "§5.1: zero columns is CLEAN", fields: nil, want: Clean},
		{name: "§5.1: a single user column is CLEAN", fields: cols(t, "a INT"), want: Clean},
		{name: "§5.9: case variants are user columns", want: Clean,
			fields: cols(t, "a INT", "__Bucket INT", "__OFFSET BIGINT", "__Timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE")},
		{name: "§5.10: nested fields named like system columns are CLEAN", fields: nestedSystemNames, want: Clean},

		// LEGACY.
		{name: "rule 5: trio trailing, in order, LTZ(3) is LEGACY", want: Legacy,
			fields: cols(t, "a INT", "b STRING", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE")},
		{name: "§5.2: LTZ(6) __timestamp (Fluss 0.7/0.8) is LEGACY", want: Legacy,
			fields: cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(6) WITH LOCAL TIME ZONE")},
		{name: "§5.3: NOT NULL system columns are LEGACY (rule 4 ignores nullability)", want: Legacy,
			fields: cols(t, "a INT", "__bucket INT NOT NULL", "__offset BIGINT NOT NULL", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL")},
		{name: "§5.1: a single user column is enough for LEGACY", want: Legacy,
			fields: cols(t, "dt STRING", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE")},
		{name: "§5.9: a case variant beside the real trio is a user column", want: Legacy,
			fields: cols(t, "__Offset BIGINT", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE")},
		{name: "§5.10/§5.25: a ROW user column with nested system names is LEGACY", fields: legacyWithRow, want: Legacy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Detect(tc.fields)
			if err != nil || got != tc.want {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

// TestDetectRejects covers every rejection case of docs/design/fluss-layout.md §2.2 and
// the rejections among the edge cases of §5: each names the rule it breaks,
// the columns at fault and what a valid layout is.
func TestDetectRejects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fields []types.DataField
		rule   Rule
		cols   []string // columns the rejection names
		reason string   // part of the reason
	}{
		// Rule 2/3: all three or none.
		{name: "§2.2 partial, §5.4: 0.6-era log table without __bucket", rule: RuleComplete,
			fields: cols(t, "a INT", "b STRING", "__offset BIGINT", "__timestamp TIMESTAMP(6) WITH LOCAL TIME ZONE"),
			cols:   []string{"__offset", "__timestamp"}, reason: "but not `__bucket`"},
		{name: "§2.2 single, §5.5: only __bucket", rule: RuleComplete, fields: cols(t, "a INT", "__bucket INT"),
			cols: []string{"__bucket"}, reason: "found `__bucket` (column 2 of 2) but not `__offset`, `__timestamp`"},
		{name: "§2.2 system name among business columns", rule: RuleComplete, fields: cols(t, "a INT", "__offset BIGINT", "b INT"),
			cols: []string{"__offset"}, reason: "`__offset` (column 2 of 3)"},
		{name: "§2.2 a system column missing from the trailing three", rule: RuleComplete,
			fields: cols(t, "a INT", "__bucket INT", "x INT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			cols:   []string{"__bucket", "__timestamp"}, reason: "not `__offset`"},

		// rule 2, trailing.
		{name: "§2.2 not trailing, §5.7: a column added after __timestamp", rule: RuleTrailing,
			fields: cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE", "b INT"),
			cols:   []string{"b"}, reason: "`b` comes after `__bucket`"},
		{name: "rule 2: a user column between system columns", rule: RuleTrailing,
			fields: cols(t, "a INT", "__bucket INT", "x INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			cols:   []string{"x"}},

		// rule 3, order.
		{name: "§2.2 out of order, §5.6", rule: RuleOrder,
			fields: cols(t, "a INT", "__offset BIGINT", "__bucket INT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			cols:   []string{"__offset", "__bucket", "__timestamp"},
			reason: "order `__bucket`, `__offset`, `__timestamp`, got `__offset`, `__bucket`, `__timestamp`"},

		// rule 4, types.
		{name: "§2.2 wrong type, §5.8: __bucket BIGINT", rule: RuleType,
			fields: cols(t, "a INT", "__bucket BIGINT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			cols:   []string{"__bucket"}, reason: "`__bucket` must be INT, got BIGINT"},
		{name: "§5.8: __offset INT", rule: RuleType,
			fields: cols(t, "a INT", "__bucket INT", "__offset INT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			cols:   []string{"__offset"}, reason: "`__offset` must be BIGINT, got INT"},
		{name: "§2.2 wrong type (timestamp), §5.8: __timestamp BIGINT", rule: RuleType,
			fields: cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp BIGINT"),
			cols:   []string{"__timestamp"}, reason: "`__timestamp` must be TIMESTAMP(3) or TIMESTAMP(6) WITH LOCAL TIME ZONE, got BIGINT"},
		{name: "§5.8: __timestamp STRING", rule: RuleType,
			fields: cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp STRING"), cols: []string{"__timestamp"}},
		{name: "rule 4: __timestamp without time zone (Hudi's layout) is not accepted", rule: RuleType,
			fields: cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(6)"), cols: []string{"__timestamp"}},
		{name: "rule 4: only precisions 3 and 6", rule: RuleType,
			fields: cols(t, "a INT", "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(9) WITH LOCAL TIME ZONE"), cols: []string{"__timestamp"}},
		{name: "rule 4: every mistyped column is named", rule: RuleType,
			fields: cols(t, "a INT", "__bucket STRING", "__offset INT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			cols:   []string{"__bucket", "__offset"}, reason: "`__bucket` must be INT, got STRING; `__offset` must be BIGINT"},

		// at least one user column.
		{name: "§2.2 too few columns: no user column", rule: RuleUserColumn,
			fields: cols(t, "__bucket INT", "__offset BIGINT", "__timestamp TIMESTAMP(3) WITH LOCAL TIME ZONE"),
			reason: "at least one user column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Detect(tc.fields)
			var le *LayoutError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, %v; want a *LayoutError", got, err)
			}
			if le.Rule != tc.rule || !slices.Equal(le.Columns, tc.cols) {
				t.Errorf("rule %v columns %v, want %v %v", le.Rule, le.Columns, tc.rule, tc.cols)
			}
			if !strings.Contains(le.Reason, tc.reason) {
				t.Errorf("reason %q does not say %q", le.Reason, tc.reason)
			}
			// The message says what a valid layout is and shows the columns.
			for _, part := range []string{"none of `__bucket`, `__offset`, `__timestamp` (clean layout)",
				"as its last columns, in this order", "(legacy layout)", tc.fields[0].Name} {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("message %q lacks %q", err, part)
				}
			}
		})
	}
}
