package maintenance

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Java's PartitionTimeExtractor: the time of a partition is read from its
// values, either the first value or partition.timestamp-pattern with $key
// replaced by the values, with partition.timestamp-formatter (a Java
// DateTimeFormatter pattern) or, without one, 'yyyy-MM-dd[ HH:mm:ss[.S]]'.

// defaultTimestamp is PartitionTimeExtractor's lenient default: 1-10
// digit year, 1-2 digit month, day, hour, minute, second, 1-9 digit
// fraction. Out-of-range fields roll over (ResolverStyle.LENIENT).
var defaultTimestamp = regexp.MustCompile(`^(\d{1,10})-(\d{1,2})-(\d{1,2})(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,9}))?)?$`)

// extractTime is PartitionTimeExtractor.extract over partition values in
// their Java toString form; a nil value is Java's NullPointerException,
// which leaves the partition alone. Times are LocalDateTimes held in UTC.
func extractTime(keys []string, values []*string, pattern string, f *javaFormatter) (time.Time, error) {
	var s string
	if pattern == "" {
		if values[0] == nil {
			return time.Time{}, fmt.Errorf("the partition value is null")
		}
		s = *values[0]
	} else {
		s = pattern
		for i, k := range keys {
			if values[i] == nil {
				return time.Time{}, fmt.Errorf("partition value %s is null", k)
			}
			s = strings.ReplaceAll(s, "$"+k, *values[i])
		}
	}
	if f != nil {
		return f.parse(s)
	}
	m := defaultTimestamp.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, fmt.Errorf("'%s' is not a date nor a timestamp (yyyy-MM-dd[ HH:mm:ss])", s)
	}
	n := make([]int, 7)
	for i := 1; i <= 6; i++ {
		n[i-1], _ = strconv.Atoi(m[i])
	}
	if m[7] != "" {
		frac := m[7] + strings.Repeat("0", 9-len(m[7]))
		n[6], _ = strconv.Atoi(frac)
	}
	return time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], n[6], time.UTC), nil
}

// javaFormatter is a DateTimeFormatter.ofPattern pattern made of the
// numeric date and time fields (y/u, M, d, H, m, s, S) and literals.
type javaFormatter struct {
	parts []formatPart
}

type formatPart struct {
	field    byte // 0 for a literal
	count    int  // pattern letters
	literal  string
	minWidth int
	maxWidth int
}

// compileFormatter compiles a pattern; letters it cannot parse as numbers
// are refused rather than parsed differently from Java.
func compileFormatter(pattern string) (*javaFormatter, error) {
	f := &javaFormatter{}
	for i := 0; i < len(pattern); {
		c := pattern[i]
		switch {
		case c == '\'':
			end := strings.IndexByte(pattern[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated quote in the pattern")
			}
			lit := pattern[i+1 : i+1+end]
			if lit == "" {
				lit = "'"
			}
			f.parts = append(f.parts, formatPart{literal: lit})
			i += end + 2
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			n := 1
			for i+n < len(pattern) && pattern[i+n] == c {
				n++
			}
			p := formatPart{field: c, count: n, minWidth: n, maxWidth: n}
			switch c {
			case 'y', 'u':
				p.field = 'y'
				switch {
				case n == 1:
					p.minWidth, p.maxWidth = 1, 10
				case n == 2:
				case n >= 4:
					p.maxWidth = 10
				default:
					return nil, fmt.Errorf("'%s' is not a year field paimon-sql reads", strings.Repeat(string(c), n))
				}
			case 'M', 'd', 'H', 'm', 's':
				if n > 2 {
					return nil, fmt.Errorf("'%s' is not a numeric field paimon-sql reads (month names are not supported)", strings.Repeat(string(c), n))
				}
				if n == 1 {
					p.maxWidth = 2
				}
			case 'S':
				if n > 9 {
					return nil, fmt.Errorf("at most 9 fraction digits")
				}
			default:
				return nil, fmt.Errorf("pattern letter '%c' is not supported by paimon-sql (use y, M, d, H, m, s and S)", c)
			}
			f.parts = append(f.parts, p)
			i += n
		default:
			f.parts = append(f.parts, formatPart{literal: string(c)})
			i++
		}
	}
	return f, nil
}

// parse reads s as LocalDateTime.parse does, and as LocalDate.parse at
// midnight when the pattern has no time of day. Day-of-month past the
// month's end is clamped (ResolverStyle.SMART); other out-of-range
// fields fail.
func (f *javaFormatter) parse(s string) (time.Time, error) {
	vals := map[byte]int{}
	pos := 0
	for i, p := range f.parts {
		if p.field == 0 {
			if !strings.HasPrefix(s[pos:], p.literal) {
				return time.Time{}, fmt.Errorf("'%s' does not match the formatter at position %d", s, pos)
			}
			pos += len(p.literal)
			continue
		}
		digits := 0
		for pos+digits < len(s) && s[pos+digits] >= '0' && s[pos+digits] <= '9' {
			digits++
		}
		// Adjacent value parsing: a variable-width field leaves the digits
		// of the fixed-width fields right after it.
		reserve := 0
		for _, q := range f.parts[i+1:] {
			if q.field == 0 {
				break
			}
			reserve += q.minWidth
		}
		width := min(digits-reserve, p.maxWidth)
		if width < p.minWidth {
			return time.Time{}, fmt.Errorf("'%s' does not match the formatter at position %d", s, pos)
		}
		v, _ := strconv.Atoi(s[pos : pos+width])
		if p.field == 'y' && p.count == 2 {
			v += 2000 // the reduced base of 'yy'
		}
		if p.field == 'S' {
			v, _ = strconv.Atoi(s[pos:pos+width] + strings.Repeat("0", 9-width))
		}
		vals[p.field] = v
		pos += width
	}
	if pos != len(s) {
		return time.Time{}, fmt.Errorf("'%s' has text after what the formatter reads", s)
	}
	year, hasY := vals['y']
	month, hasM := vals['M']
	day, hasD := vals['d']
	if !hasY || !hasM || !hasD {
		return time.Time{}, fmt.Errorf("the formatter reads no full date")
	}
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, fmt.Errorf("'%s' is not a valid date", s)
	}
	if last := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day(); day > last {
		day = last
	}
	hour, minute, sec, nano := vals['H'], vals['m'], vals['s'], vals['S']
	if hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, fmt.Errorf("'%s' is not a valid time", s)
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nano, time.UTC), nil
}
