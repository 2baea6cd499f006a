package schema

import (
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// Option suffixes of 'fields.<column>.<suffix>' options that name columns.
var (
	// fieldKeySuffixes have a column in the key only.
	fieldKeySuffixes = []string{aggFunctionSuffix, "ignore-retract", "distinct", "list-agg-delimiter"}
	// fieldListSuffixes have columns in both the key and the value.
	fieldListSuffixes = []string{"sequence-group", "nested-key"}
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
	for _, key := range []string{options.BucketKey, options.SequenceField} {
		if v := a.options[key]; strings.TrimSpace(v) != "" {
			a.options[key] = rename(v)
		}
	}
	for _, oldName := range a.renames {
		newName := a.renamed[oldName]
		for _, suffix := range fieldKeySuffixes {
			key := fieldsPrefix + "." + oldName + "." + suffix
			if v, ok := a.options[key]; ok {
				a.moveOption(key, fieldsPrefix+"."+newName+"."+suffix, v)
			}
		}
	}
	for _, key := range before {
		if !strings.HasPrefix(key, fieldsPrefix) {
			continue
		}
		for _, suffix := range fieldListSuffixes {
			if !strings.HasSuffix(key, suffix) || len(key) < len(fieldsPrefix)+len(suffix)+2 {
				continue
			}
			v, ok := a.options[key]
			if !ok {
				break
			}
			columns := key[len(fieldsPrefix)+1 : len(key)-len(suffix)-1]
			a.moveOption(key, fieldsPrefix+"."+rename(columns)+"."+suffix, rename(v))
			break
		}
	}
}

func (a *alteration) moveOption(from, to, value string) {
	delete(a.options, from)
	a.order.remove(from)
	a.options[to] = value
	a.order.put(to)
}
