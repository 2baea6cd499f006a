package mergefunc

import (
	"fmt"
	"strings"
)

// tableOptions reads the merge-related table options (Java CoreOptions).
type tableOptions map[string]string

func (o tableOptions) mergeEngine() (string, error) {
	v, ok := o["merge-engine"]
	if !ok {
		return Deduplicate, nil
	}
	// Java matches enum option values case-insensitively.
	for _, e := range []string{Deduplicate, PartialUpdate, Aggregation, FirstRow} {
		if strings.EqualFold(v, e) {
			return e, nil
		}
	}
	return "", fmt.Errorf("mergefunc: unknown merge-engine %q", v)
}

// boolean parses a boolean option the way Java's Options do: "true" or
// "false" in any case.
func (o tableOptions) boolean(key string) (bool, error) {
	v, ok := o[key]
	if !ok {
		return false, nil
	}
	switch {
	case strings.EqualFold(v, "true"):
		return true, nil
	case strings.EqualFold(v, "false"):
		return false, nil
	}
	return false, fmt.Errorf("mergefunc: option %s: %q is not a boolean", key, v)
}

// ignoreDelete is 'ignore-delete' with the fallback keys of older Paimon
// versions, consulted in Java's order when the main key is absent.
func (o tableOptions) ignoreDelete() (bool, error) {
	for _, k := range []string{"ignore-delete", "first-row.ignore-delete",
		"deduplicate.ignore-delete", "partial-update.ignore-delete"} {
		if _, ok := o[k]; ok {
			return o.boolean(k)
		}
	}
	return false, nil
}

// list splits a comma list option; with trim, around each item too.
func (o tableOptions) list(key string, trim bool) []string {
	v, ok := o[key]
	if !ok {
		return nil
	}
	return splitJava(v, trim)
}

// splitJava is Java's String.split(","): trailing empty items are dropped.
func splitJava(v string, trim bool) []string {
	items := strings.Split(v, ",")
	if trim {
		for i := range items {
			items[i] = strings.TrimSpace(items[i])
		}
	}
	for len(items) > 0 && items[len(items)-1] == "" {
		items = items[:len(items)-1]
	}
	return items
}

// fieldOption is 'fields.<field>.<name>'.
func (o tableOptions) fieldOption(field, name string) (string, bool) {
	v, ok := o["fields."+field+"."+name]
	return v, ok
}

// aggFunction is the aggregate function configured for a field, else
// 'fields.default-aggregate-function', else "".
func (o tableOptions) aggFunction(field string) string {
	if v, ok := o.fieldOption(field, "aggregate-function"); ok {
		return v
	}
	return o["fields.default-aggregate-function"]
}
