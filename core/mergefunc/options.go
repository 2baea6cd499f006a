package mergefunc

import (
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// tableOptions reads the field-scoped merge options ('fields.<f>.<setting>')
// and lists through core/options; the Engine reads the others.
type tableOptions options.Options

func (o tableOptions) opts() options.Options { return options.Options(o) }

// fieldFlag parses a boolean field-scoped option (false when unset).
func (o tableOptions) fieldFlag(field string, s options.FieldSetting) (bool, error) {
	b, err := o.opts().FieldBool(field, s)
	if err != nil {
		return false, fmt.Errorf("mergefunc: %w", err)
	}
	return b, nil
}

// list splits a comma list option; with trim, around each item too.
func (o tableOptions) list(d *options.Option[string], trim bool) []string {
	v, ok := d.Stored(o.opts())
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
