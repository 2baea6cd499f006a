// Package partition turns partition values into Paimon's directory names
// (docs/design/format.md §1.1): "k1=v1/k2=v2/", Hive escaping, the default partition
// name for null and blank values, and the legacy value formatting.
package partition

import (
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Spec formats the partition of one table.
type Spec struct {
	Keys        []string
	Types       []types.DataType
	DefaultName string // partition.default-name
	LegacyName  bool   // partition.legacy-name (Java's default: true)
}

// Path is the relative directory of a partition, ending in "/", or "" for
// an unpartitioned table.
func (s Spec) Path(values []any) string {
	var b strings.Builder
	for i, k := range s.Keys {
		b.WriteString(Escape(k))
		b.WriteByte('=')
		b.WriteString(Escape(s.Value(i, values[i])))
		b.WriteByte('/')
	}
	return b.String()
}

// Pairs returns "k1=v1/k2=v2" without escaping, as $partitions shows it.
func (s Spec) Pairs(values []any) string {
	parts := make([]string, len(s.Keys))
	for i, k := range s.Keys {
		parts[i] = k + "=" + s.Value(i, values[i])
	}
	return strings.Join(parts, "/")
}

// Value is the directory text of one partition value.
func (s Spec) Value(i int, v any) string {
	if v == nil {
		return s.DefaultName
	}
	var text string
	if s.LegacyName {
		text = LegacyString(s.Types[i], v)
	} else {
		text = CastString(s.Types[i], v)
	}
	if strings.TrimSpace(text) == "" {
		return s.DefaultName
	}
	return text
}

// LegacyString is Java's toString() of the internal value, which is what
// partition.legacy-name=true puts in paths: DATE as its day number, TIME as
// millis of day, TIMESTAMP as LocalDateTime.toString().
func LegacyString(t types.DataType, v any) string {
	switch x := v.(type) {
	case time.Time:
		return localDateTimeString(x)
	case float32:
		return cast.JavaFloatString(float64(x), 32)
	case float64:
		return cast.JavaFloatString(x, 64)
	case decimal.Decimal:
		return x.StringFixed(int32(t.Scale))
	case []byte:
		return string(x)
	}
	return fmt.Sprint(v)
}

// CastString is Paimon's CAST(v AS STRING), used with partition.legacy-name=false.
func CastString(t types.DataType, v any) string {
	s, err := cast.ToString(t, v, time.UTC)
	if err != nil {
		return LegacyString(t, v)
	}
	return s
}

// localDateTimeString is Java's LocalDateTime.toString(): ISO with 'T',
// seconds left out when zero with no fraction, fraction in groups of 3.
func localDateTimeString(t time.Time) string {
	s := t.Format("2006-01-02T15:04")
	sec, nanos := t.Second(), t.Nanosecond()
	if sec == 0 && nanos == 0 {
		return s
	}
	s += fmt.Sprintf(":%02d", sec)
	switch {
	case nanos == 0:
	case nanos%1_000_000 == 0:
		s += fmt.Sprintf(".%03d", nanos/1_000_000)
	case nanos%1000 == 0:
		s += fmt.Sprintf(".%06d", nanos/1000)
	default:
		s += fmt.Sprintf(".%09d", nanos)
	}
	return s
}

// Escape is Hive's path escaping used by Paimon (PartitionPathUtils.escapePathName).
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && needsEscape(byte(r)) {
			fmt.Fprintf(&b, "%%%02X", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsEscape(c byte) bool {
	if c < 0x20 || c == 0x7F {
		return true
	}
	return strings.IndexByte("\"#%'*/:=?\\{}[]^", c) >= 0
}
