package cast

import (
	"time"
)

// parseTimestamp emulates DateTimeUtils.parseTimestampData: Java's
// DEFAULT_TIMESTAMP_FORMATTER
//
//	yyyy-[MM][M]-[dd][d][ [HH][H]:[mm][m]:[ss][s][.fffffffff]]
//	yyyy-[MM][M]-[dd][d]['T'[HH][H]:[mm][m][:[ss][s][.fffffffff]]]
//
// resolved SMART (day-of-month clamped to the month, 24:00:00 is the next
// midnight), missing parts defaulting to zero, and the nanoseconds floored
// to precision. The result is the wall clock as a UTC time.Time.
func parseTimestamp(s string, precision int) (time.Time, bool) {
	p := tsParser{s: s}
	year, ok := p.digits(4, 9)
	if !ok || year < 1 || !p.lit('-') {
		return time.Time{}, false
	}
	month, ok := p.digits(1, 2)
	if !ok || !p.lit('-') {
		return time.Time{}, false
	}
	day, ok := p.digits(1, 2)
	if !ok {
		return time.Time{}, false
	}
	var hour, minute, second, nano int
	switch {
	case p.peek(' '):
		save := p.i
		if hour, minute, second, nano, ok = p.timeOfDay(' ', true); !ok {
			p.i = save
			hour, minute, second, nano = 0, 0, 0, 0
		}
	case p.peek('T'):
		save := p.i
		if hour, minute, second, nano, ok = p.timeOfDay('T', false); !ok {
			p.i = save
			hour, minute, second, nano = 0, 0, 0, 0
		}
	}
	if p.i != len(s) {
		return time.Time{}, false
	}
	if month < 1 || month > 12 || day < 1 || day > 31 ||
		hour > 24 || minute > 59 || second > 59 {
		return time.Time{}, false
	}
	day = min(day, daysIn(year, month))
	extraDay := 0
	if hour == 24 {
		if minute != 0 || second != 0 || nano != 0 {
			return time.Time{}, false
		}
		hour, extraDay = 0, 1
	}
	unit := pow10(9 - precision)
	nano = nano / unit * unit
	return time.Date(year, time.Month(month), day+extraDay, hour, minute, second, nano, time.UTC), true
}

type tsParser struct {
	s string
	i int
}

func (p *tsParser) peek(c byte) bool { return p.i < len(p.s) && p.s[p.i] == c }

func (p *tsParser) lit(c byte) bool {
	if !p.peek(c) {
		return false
	}
	p.i++
	return true
}

// digits reads a run of ASCII digits whose length must be within [lo, hi];
// a longer run is an error, as Java's [MM][M] pairs parse it twice and
// find conflicting values.
func (p *tsParser) digits(lo, hi int) (int, bool) {
	start := p.i
	n := 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		n = n*10 + int(p.s[p.i]-'0')
		p.i++
		if p.i-start > hi {
			return 0, false
		}
	}
	return n, p.i-start >= lo
}

// timeOfDay reads the optional time section after sep; the space form
// requires seconds, the 'T' form makes them optional.
func (p *tsParser) timeOfDay(sep byte, needSeconds bool) (h, m, s, nano int, ok bool) {
	p.lit(sep)
	if h, ok = p.digits(1, 2); !ok || !p.lit(':') {
		return 0, 0, 0, 0, false
	}
	if m, ok = p.digits(1, 2); !ok {
		return 0, 0, 0, 0, false
	}
	if !p.peek(':') {
		return h, m, 0, 0, !needSeconds
	}
	save := p.i
	p.i++
	if s, ok = p.digits(1, 2); !ok {
		if needSeconds {
			return 0, 0, 0, 0, false
		}
		p.i = save
		return h, m, 0, 0, true
	}
	if p.lit('.') {
		start := p.i
		frac, ok := p.digits(0, 9)
		if !ok {
			return 0, 0, 0, 0, false
		}
		nano = frac * pow10(9-(p.i-start))
	}
	return h, m, s, nano, true
}
