package types

import "math"

// Int64 widens a Go integer to int64: the one widening of integer values,
// shared by the casts, the file indexes and the catalog's expressions
// (Paimon's TINYINT to BIGINT are int8 to int64; go-mysql-server also
// hands int and unsigned values). ok is false for any other type and for a
// uint64 above math.MaxInt64.
func Int64(v any) (n int64, ok bool) {
	switch x := v.(type) {
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case int:
		return int64(x), true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint64:
		return int64(x), x <= math.MaxInt64
	}
	return 0, false
}
