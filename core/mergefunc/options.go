package mergefunc

import (
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// tableOptions reads the merge-related table options (Java CoreOptions)
// through core/options.
type tableOptions map[string]string

func (o tableOptions) opts() options.Options { return options.Options(o) }

// flag parses a boolean option the way Java's Options do: "true" or
// "false" in any case.
func (o tableOptions) flag(d *options.Option[bool]) (bool, error) {
	b, err := d.Get(o.opts())
	if err != nil {
		return false, fmt.Errorf("mergefunc: %w", err)
	}
	return b, nil
}

// fieldFlag parses a boolean field-scoped option (false when unset).
func (o tableOptions) fieldFlag(field string, s options.FieldSetting) (bool, error) {
	b, err := o.opts().FieldBool(field, s)
	if err != nil {
		return false, fmt.Errorf("mergefunc: %w", err)
	}
	return b, nil
}

// ignoreDelete is 'ignore-delete' with the fallback keys of older Paimon
// versions, consulted in Java's order when the main key is absent.
func (o tableOptions) ignoreDelete() (bool, error) { return o.flag(options.IgnoreDelete) }

// list splits a comma list option; with trim, around each item too.
func (o tableOptions) list(d *options.Option[string], trim bool) []string {
	v, ok := o[d.Key]
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

// fieldOption is 'fields.<field>.<setting>'.
func (o tableOptions) fieldOption(field string, s options.FieldSetting) (string, bool) {
	return o.opts().Field(field, s)
}

// aggFunction is the aggregate function configured for a field, else
// 'fields.default-aggregate-function', else "".
func (o tableOptions) aggFunction(field string) string {
	return o.opts().FieldAggregateFunction(field)
}
