package cast

import (
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// ToString is CAST(v AS STRING) for a value of type t: the text Java Paimon
// shows for it (partition names, $files statistics, JSON of nested values).
// loc is the zone of TIMESTAMP_LTZ values; nil is UTC.
func ToString(t types.DataType, v any, loc *time.Location) (string, error) {
	f, err := Resolve(t, types.NewString(), loc)
	if err != nil {
		return "", err
	}
	s, err := f(v)
	if err != nil || s == nil {
		return "", err
	}
	return s.(string), nil
}
