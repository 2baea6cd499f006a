package schema

import (
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// Option suffixes of 'fields.<column>.<suffix>' options that name columns.
var (
	// fieldKeySuffixes have a column in the key only.
	fieldKeySuffixes = []options.FieldSetting{options.FieldAggregateFunction, options.FieldIgnoreRetract,
		options.FieldDistinct, options.FieldListAggDelimiter}
	// fieldListSuffixes have columns in both the key and the value.
	fieldListSuffixes = []options.FieldSetting{options.FieldSequenceGroup, options.FieldNestedKey}
)

// renameInOptions is SchemaManager.applyRenameColumnsToOptions: options that
// name renamed top-level columns follow the rename, so that e.g. a bucket
// key or a sequence field keeps pointing at its column.
func (a *alteration) renameInOptions() {
	before := append([]string(nil), a.order.keys...)
	a.order = copyJavaHashMap(before) // Java copies the map first
	rename := func(list string) string {
		parts := strings.Split(list, ",")
		for i, p := range parts {
			parts[i] = renamedTo(p, a.renamed)
		}
		return strings.Join(parts, ",")
	}
	for _, key := range []string{options.BucketKey.Key, options.SequenceField.Key} {
		if v := a.options[key]; strings.TrimSpace(v) != "" {
			a.options[key] = rename(v)
		}
	}
	for _, oldName := range a.renames {
		newName := a.renamed[oldName]
		for _, suffix := range fieldKeySuffixes {
			key := options.FieldKey(oldName, suffix)
			if v, ok := a.options[key]; ok {
				a.moveOption(key, options.FieldKey(newName, suffix), v)
			}
		}
	}
	for _, key := range before {
		columns, suffix, ok := options.ParseFieldKey(key)
		if !ok || !slices.Contains(fieldListSuffixes, suffix) {
			continue
		}
		if v, ok := a.options[key]; ok {
			a.moveOption(key, options.FieldKey(rename(columns), suffix), rename(v))
		}
	}
}

func (a *alteration) moveOption(from, to, value string) {
	delete(a.options, from)
	a.order.remove(from)
	a.options[to] = value
	a.order.put(to)
}
