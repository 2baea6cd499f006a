package cast

import (
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// datetimeToString is TimestampToStringCastRule, DateToStringCastRule and
// TimeToStringCastRule.
func datetimeToString(from types.DataType, loc *time.Location) Func {
	return func(v any) (any, error) {
		switch from.Kind {
		case types.Date:
			d, ok := v.(int32)
			if !ok {
				return nil, typeError(v, "DATE")
			}
			return formatDate(d), nil
		case types.Time:
			ms, ok := v.(int32)
			if !ok {
				return nil, typeError(v, "TIME")
			}
			return formatTime(ms, from.Precision), nil
		}
		t, ok := v.(time.Time)
		if !ok {
			return nil, typeError(v, "TIMESTAMP")
		}
		if from.Kind == types.TimestampLTZ {
			t = wallClock(t, loc)
		}
		return formatTimestamp(t, from.Precision), nil
	}
}

// formatDate is DateTimeUtils.formatDate: "yyyy-MM-dd".
func formatDate(days int32) string {
	t := time.UnixMilli(int64(days) * millisPerDay).UTC()
	var b strings.Builder
	ymd(&b, t)
	return b.String()
}

// formatTimestamp is DateTimeUtils.formatTimestamp: "yyyy-MM-dd HH:mm:ss"
// plus the nanoseconds as 9 digits with trailing zeros dropped, but never
// below precision digits (so TIMESTAMP(3) prints ".000").
func formatTimestamp(t time.Time, precision int) string {
	var b strings.Builder
	ymd(&b, t)
	b.WriteByte(' ')
	int2(&b, t.Hour())
	b.WriteByte(':')
	int2(&b, t.Minute())
	b.WriteByte(':')
	int2(&b, t.Second())
	frac := fmt.Sprintf("%09d", t.Nanosecond())
	for len(frac) > precision && strings.HasSuffix(frac, "0") {
		frac = frac[:len(frac)-1]
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// formatTime is DateTimeUtils.formatTimestampMillis: "HH:mm:ss", then for
// a positive precision at least one fractional digit and at most the
// significant millisecond digits (TIME(3) 12:00:00.500 prints ".5").
func formatTime(ms int32, precision int) string {
	t := int(ms)
	for t < 0 {
		t += millisPerDay
	}
	var b strings.Builder
	int2(&b, t/3600000)
	b.WriteByte(':')
	int2(&b, t%3600000/60000)
	b.WriteByte(':')
	int2(&b, t%60000/1000)
	if precision > 0 {
		b.WriteByte('.')
		frac := t % 1000
		for precision > 0 {
			b.WriteByte(byte('0' + frac/100))
			frac = frac % 100 * 10
			if frac == 0 {
				break
			}
			precision--
		}
	}
	return b.String()
}

func ymd(b *strings.Builder, t time.Time) {
	int4(b, t.Year())
	b.WriteByte('-')
	int2(b, int(t.Month()))
	b.WriteByte('-')
	int2(b, t.Day())
}

// int4 and int2 print the low digits only, as Java does for years beyond
// 9999.
func int4(b *strings.Builder, i int) {
	b.WriteByte(byte('0' + i/1000%10))
	b.WriteByte(byte('0' + i/100%10))
	int2(b, i)
}

func int2(b *strings.Builder, i int) {
	b.WriteByte(byte('0' + i/10%10))
	b.WriteByte(byte('0' + i%10))
}
