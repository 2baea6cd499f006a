package fluss

import (
	"fmt"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// IncompatibleError says why an existing Paimon table cannot serve as the
// lake table of a Fluss table.
type IncompatibleError struct {
	// Differences are the reasons, one per mismatch.
	Differences []string
}

func (e *IncompatibleError) Error() string {
	return "the existing Paimon table is not compatible with the Fluss table: " +
		strings.Join(e.Differences, "; ") +
		"; drop the Paimon table or give the Fluss table another name"
}

// CheckCompatible checks an existing Paimon table against the schema Fluss
// would create for a Fluss table (fresh, from PaimonSchema), as Fluss does
// when it re-enables tiering on a table or creates a Fluss table over an
// existing lake table. It returns a *LayoutError when the existing table has
// an invalid layout and an *IncompatibleError when it differs.
//
// A LEGACY table is compared with the system columns appended to fresh, so
// re-enabling keeps its layout. Columns must match in order, name and type
// (nullability and nested fields included, ids and top-level comments not);
// primary and partition keys must be equal; of the options, the existing
// table must have partition.legacy-name = false, and the options Fluss owns
// and Paimon's immutable options must be equal. The only relaxation is
// Fluss's: a LEGACY __timestamp declared nullable TIMESTAMP(6) WITH LOCAL TIME
// ZONE, as Fluss 0.7 and 0.8 created it, passes for precision 3. Like Fluss,
// system columns declared NOT NULL do not match.
//
// Creating a new Fluss table over an existing one further requires that the
// existing table has no snapshot, which the caller checks.
func CheckCompatible(existing *schema.TableSchema, fresh schema.NewSchema) error {
	l, err := Detect(existing.Fields)
	if err != nil {
		return err
	}
	want := fresh.Fields
	if l == Legacy {
		want = append(slices.Clone(want), systemFields()...)
	}
	var diffs []string
	if len(existing.Fields) != len(want) {
		diffs = append(diffs, fmt.Sprintf("it has %d columns, expected %d (%s)", len(existing.Fields), len(want), fieldNames(want)))
	} else {
		for i, f := range existing.Fields {
			if d := fieldDifference(i, f, want[i], l); d != "" {
				diffs = append(diffs, d)
			}
		}
	}
	if !slices.Equal(existing.PartitionKeys, fresh.PartitionKeys) {
		diffs = append(diffs, fmt.Sprintf("partition keys are (%s), expected (%s)", quoteList(existing.PartitionKeys), quoteList(fresh.PartitionKeys)))
	}
	if !slices.Equal(existing.PrimaryKeys, fresh.PrimaryKeys) {
		diffs = append(diffs, fmt.Sprintf("primary key is (%s), expected (%s)", quoteList(existing.PrimaryKeys), quoteList(fresh.PrimaryKeys)))
	}
	diffs = append(diffs, optionDifferences(existing.Options, fresh.Options)...)
	if len(diffs) > 0 {
		return &IncompatibleError{Differences: diffs}
	}
	return nil
}

func fieldDifference(i int, got, want types.DataField, l Layout) string {
	if got.Name != want.Name {
		return fmt.Sprintf("column %d is `%s`, expected `%s`", i+1, got.Name, want.Name)
	}
	typ := got.Type
	if l == Legacy && got.Name == TimestampColumn && typ.Nullable && typ.Precision == 6 {
		typ.Precision = 3
	}
	if !sameType(typ, want.Type) {
		return fmt.Sprintf("column `%s` is %s, expected %s", got.Name, got.Type.SQL(), want.Type.SQL())
	}
	return ""
}

// sameType is Paimon's equalsIgnoreFieldId: nested fields must agree in
// name, type, comment and default value; ids do not matter.
func sameType(a, b types.DataType) bool {
	if a.SQL() != b.SQL() { // covers nested names, types and comments
		return false
	}
	switch a.Kind {
	case types.Array, types.Multiset, types.Vector:
		return sameType(*a.Element, *b.Element)
	case types.Map:
		return sameType(*a.Key, *b.Key) && sameType(*a.Value, *b.Value)
	case types.Row:
		for i := range a.Fields {
			if !sameString(a.Fields[i].DefaultValue, b.Fields[i].DefaultValue) || !sameType(a.Fields[i].Type, b.Fields[i].Type) {
				return false
			}
		}
	}
	return true
}

func sameString(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// optionDifferences compares options as Fluss does: values as strings, an
// absent option differing from every value, so a table without 'bucket'
// does not match bucket = -1.
func optionDifferences(existing, fresh map[string]string) []string {
	var diffs []string
	if v, ok := existing[options.PartitionLegacyName.Key]; !ok || v != "false" {
		diffs = append(diffs, fmt.Sprintf("option '%s' is %s, expected 'false'", options.PartitionLegacyName.Key, optionValue(existing, options.PartitionLegacyName.Key)))
	}
	seen := map[string]bool{options.PartitionLegacyName.Key: true} // checked above
	for _, k := range append(slices.Clone(ownedOptions), options.ImmutableKeys()...) {
		if seen[k] {
			continue
		}
		seen[k] = true
		e, eok := existing[k]
		f, fok := fresh[k]
		if eok != fok || e != f {
			diffs = append(diffs, fmt.Sprintf("option '%s' is %s, expected %s", k, optionValue(existing, k), optionValue(fresh, k)))
		}
	}
	return diffs
}

func optionValue(opts map[string]string, k string) string {
	if v, ok := opts[k]; ok {
		return "'" + v + "'"
	}
	return "unset"
}

func fieldNames(fields []types.DataField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return quoteList(names)
}
