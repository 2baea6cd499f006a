package cast

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// stringToDate is StringToDateCastRule (BinaryStringUtils.toDate): a
// numeric string is a day number, anything else goes to parseDate.
func stringToDate(v any) (any, error) {
	s, err := stringValue(v)
	if err != nil {
		return nil, err
	}
	if isJavaNumeric(s) {
		n, err := parseJavaInt(s, math.MinInt32, math.MaxInt32)
		return int32(n), err
	}
	d, ok := parseDate(s)
	if !ok {
		return nil, fmt.Errorf("cast: cannot parse '%s' as DATE", s)
	}
	return d, nil
}

// javaTrim is String.trim: it drops leading and trailing chars <= ' '.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// parseUint is DateTimeUtils' isInteger check followed by
// Integer.parseInt: ASCII digits only, no sign, must fit an int.
func parseUint(s string) (int, bool) {
	s = javaTrim(s)
	if s == "" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 32)
	return int(n), err == nil
}

// parseDate is DateTimeUtils.parseDate: "y", "y-m" or "y-m-d" with
// optional spaces around the parts, anything after the first space
// ignored (so timestamps parse), years 0..9999 and valid days only.
func parseDate(s string) (int32, bool) {
	if i := strings.IndexByte(s, ' '); i > 0 {
		s = s[:i]
	}
	parts := strings.SplitN(s, "-", 3)
	ymd := [3]int{1, 1, 1}
	for i, p := range parts {
		n, ok := parseUint(p)
		if !ok {
			return 0, false
		}
		ymd[i] = n
	}
	y, m, d := ymd[0], ymd[1], ymd[2]
	if y > 9999 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, false
	}
	days := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400
	return int32(days), true
}

func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// stringToTime is StringToTimeCastRule (BinaryStringUtils.toTime): a
// numeric string is a millisecond of the day, anything else goes to
// parseTime.
func stringToTime(v any) (any, error) {
	s, err := stringValue(v)
	if err != nil {
		return nil, err
	}
	if isJavaNumeric(s) {
		n, err := parseJavaInt(s, math.MinInt32, math.MaxInt32)
		return int32(n), err
	}
	ms, ok := parseTime(s)
	if !ok {
		return nil, fmt.Errorf("cast: cannot parse '%s' as TIME", s)
	}
	return ms, nil
}

// parseTime is DateTimeUtils.parseTime, lenient as Java's: "h", "h:m",
// "h:m:s" or "h:m:s.fff" with an optional "+h[:m]" or "-h[:m]" suffix that
// is added to or subtracted from the time, and no range checks.
func parseTime(v string) (int32, bool) {
	end := len(v)
	sign, zone := -1, strings.IndexByte(v, '-')
	if zone < 0 {
		sign, zone = 1, strings.IndexByte(v, '+')
	}
	var zoneHour, zoneMinute int
	if zone >= 0 {
		end = zone
		var ok bool
		hm := strings.SplitN(v[zone+1:], ":", 2)
		if zoneHour, ok = parseUint(hm[0]); !ok {
			return 0, false
		}
		if len(hm) == 2 {
			if zoneMinute, ok = parseUint(hm[1]); !ok {
				return 0, false
			}
		}
	}
	// Java takes substrings by index; where a part would end before it
	// starts Java throws, which is a failure here too.
	part := func(from, to int) (int, bool) {
		if from > to {
			return 0, false
		}
		return parseUint(v[from:to])
	}
	var hour, minute, second, milli int
	var ok bool
	colon1 := strings.IndexByte(v, ':')
	if colon1 < 0 {
		hour, ok = part(0, end)
	} else if hour, ok = part(0, colon1); ok {
		colon2 := indexFrom(v, ':', colon1+1)
		if colon2 < 0 {
			minute, ok = part(colon1+1, end)
		} else if minute, ok = part(colon1+1, colon2); ok {
			dot := indexFrom(v, '.', colon2)
			if dot < 0 {
				second, ok = part(colon2+1, end)
			} else if second, ok = part(colon2+1, dot); ok {
				if dot+1 > end {
					return 0, false
				}
				milli = parseFraction(javaTrim(v[dot+1 : end]))
			}
		}
	}
	if !ok {
		return 0, false
	}
	hour += sign * zoneHour
	minute += sign * zoneMinute
	return int32(hour*3600000 + minute*60000 + second*1000 + milli), true
}

func indexFrom(s string, c byte, from int) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// parseFraction is DateTimeUtils.parseFraction: the first three digits as
// milliseconds (non-digits count as 0), rounded up when the next character
// is '5' or above.
func parseFraction(v string) int {
	multiplier, r := 100, 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c >= '0' && c <= '9' {
			r += multiplier * int(c-'0')
		}
		if multiplier < 10 {
			if i+1 < len(v) && v[i+1] >= '5' {
				r++
			}
			break
		}
		multiplier /= 10
	}
	return r
}

// stringToTimestamp is StringToTimestampCastRule.
func stringToTimestamp(to types.DataType, loc *time.Location) Func {
	return func(v any) (any, error) {
		s, err := stringValue(v)
		if err != nil {
			return nil, err
		}
		if to.Kind == types.Timestamp && isJavaNumeric(s) {
			n, err := parseJavaInt(s, math.MinInt64, math.MaxInt64)
			if err != nil {
				return nil, err
			}
			return epochToTimestamp(n, to.Precision)
		}
		t, ok := parseTimestamp(s, to.Precision)
		if !ok {
			return nil, fmt.Errorf("cast: cannot parse '%s' as %s", s, to.SQL())
		}
		if to.Kind == types.TimestampLTZ {
			t = localToInstant(t, loc)
		}
		return t, nil
	}
}

// epochToTimestamp is BinaryStringUtils.fromMillisToTimestamp: the number
// counts seconds, milliseconds, microseconds or nanoseconds for precision
// 0, 3, 6 or 9; other precisions are errors.
func epochToTimestamp(n int64, precision int) (any, error) {
	var unit time.Duration
	switch precision {
	case 0:
		unit = time.Second
	case 3:
		unit = time.Millisecond
	case 6:
		unit = time.Microsecond
	case 9:
		unit = time.Nanosecond
	default:
		return nil, fmt.Errorf("cast: unsupported precision %d for an epoch number", precision)
	}
	per := int64(time.Second / unit)
	sec, rem := n/per, n%per
	return time.Unix(sec, rem*int64(unit)).UTC(), nil
}
