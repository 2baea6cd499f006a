package options

import "strings"

// FieldSetting is the <setting> of a field-scoped option
// 'fields.<columns>.<setting>' (CoreOptions' suffix constants, the
// sequence-group of PartialUpdateMergeFunction and the documented
// default-value of older tables).
type FieldSetting string

const (
	FieldAggregateFunction FieldSetting = "aggregate-function"
	FieldIgnoreRetract     FieldSetting = "ignore-retract"
	FieldDistinct          FieldSetting = "distinct"
	FieldNestedKey         FieldSetting = "nested-key"
	FieldCountLimit        FieldSetting = "count-limit"
	FieldListAggDelimiter  FieldSetting = "list-agg-delimiter"
	FieldTsField           FieldSetting = "ts-field"
	FieldSequenceGroup     FieldSetting = "sequence-group"
	FieldStatsMode         FieldSetting = "stats-mode"
	FieldDefaultValue      FieldSetting = "default-value"
)

// fieldSettings are the settings CheckKey accepts in field-scoped keys.
var fieldSettings = []FieldSetting{
	FieldAggregateFunction, FieldCountLimit, FieldDefaultValue, FieldDistinct, FieldIgnoreRetract,
	FieldListAggDelimiter, FieldNestedKey, FieldSequenceGroup, FieldStatsMode, FieldTsField,
}

// FieldsPrefix starts every field-scoped key.
const FieldsPrefix = "fields."

// FieldKey is 'fields.<columns>.<setting>'; columns is one column name or a
// comma list (sequence groups).
func FieldKey(columns string, s FieldSetting) string {
	return FieldsPrefix + columns + "." + string(s)
}

// ParseFieldKey splits 'fields.<columns>.<setting>' for one of the known
// settings; ok is false for any other key (including
// 'fields.default-aggregate-function').
func ParseFieldKey(key string) (columns string, s FieldSetting, ok bool) {
	rest, ok := strings.CutPrefix(key, FieldsPrefix)
	if !ok {
		return "", "", false
	}
	for _, fs := range fieldSettings {
		if c, ok := strings.CutSuffix(rest, "."+string(fs)); ok && c != "" {
			return c, fs, true
		}
	}
	return "", "", false
}

// Field returns the field-scoped option of one column and whether it is set.
func (o Options) Field(field string, s FieldSetting) (string, bool) {
	v, ok := o[FieldKey(field, s)]
	return v, ok
}

// FieldBool parses a boolean field-scoped option (false when unset).
func (o Options) FieldBool(field string, s FieldSetting) (bool, error) {
	v, ok := o.Field(field, s)
	if !ok {
		return false, nil
	}
	b, err := parseBool(v)
	if err != nil {
		return false, valueError(FieldKey(field, s), v, err)
	}
	return b, nil
}

// FieldAggregateFunction is the aggregate function of a field:
// 'fields.<f>.aggregate-function', else 'fields.default-aggregate-function',
// else "".
func (o Options) FieldAggregateFunction(field string) string {
	if v, ok := o.Field(field, FieldAggregateFunction); ok {
		return v
	}
	return o[FieldsDefaultAggregateFunction.Key]
}
