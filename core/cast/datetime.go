package cast

import (
	"time"

	"github.com/paimon-sql/paimon-sql/core/types"
)

const millisPerDay = 86400000

// toTimestamp resolves casts to TIMESTAMP(p) and TIMESTAMP_LTZ(p).
func toTimestamp(from, to types.DataType, loc *time.Location) (Func, error) {
	ltz := to.Kind == types.TimestampLTZ
	switch {
	case from.IsTimestamp():
		return timestampToTimestamp(from, to, loc), nil
	case from.Kind == types.Date:
		// DateToTimestampCastRule: midnight of the day, for LTZ in loc.
		return func(v any) (any, error) {
			d, ok := v.(int32)
			if !ok {
				return nil, typeError(v, "DATE")
			}
			t := time.UnixMilli(int64(d) * millisPerDay).UTC()
			if ltz {
				t = localToInstant(t, loc)
			}
			return t, nil
		}, nil
	case from.Kind == types.Time:
		// TimeToTimestampCastRule: the time of day on 1970-01-01. Java's
		// LTZ variant goes instant -> local -> instant through the same
		// default zone, which is the identity.
		return func(v any) (any, error) {
			ms, ok := v.(int32)
			if !ok {
				return nil, typeError(v, "TIME")
			}
			return time.UnixMilli(int64(ms)).UTC(), nil
		}, nil
	case from.Kind == types.Int || from.Kind == types.BigInt:
		// NumericPrimitiveToTimestamp: the number is epoch seconds. For LTZ
		// Java stores the wall clock of that instant in the default zone as
		// if it were UTC, so the result is shifted by the zone offset.
		return func(v any) (any, error) {
			n, err := intValue(v)
			if err != nil {
				return nil, err
			}
			t := time.UnixMilli(n * 1000).UTC()
			if ltz {
				t = wallClock(t, loc)
			}
			return t, nil
		}, nil
	case isNumericKind(from.Kind):
		// The rule matches the NUMERIC family but creates no executor for
		// other roots, so Java has no cast.
		return nil, ErrNoCast
	case from.IsString():
		return stringToTimestamp(to, loc), nil
	}
	return nil, ErrNoCast
}

// timestampToTimestamp is TimestampToTimestampCastRule: shift between wall
// clock and instant through loc, then truncate when precision shrinks.
func timestampToTimestamp(from, to types.DataType, loc *time.Location) Func {
	return func(v any) (any, error) {
		t, ok := v.(time.Time)
		if !ok {
			return nil, typeError(v, "TIMESTAMP")
		}
		switch {
		case from.Kind == types.Timestamp && to.Kind == types.TimestampLTZ:
			t = localToInstant(t, loc)
		case from.Kind == types.TimestampLTZ && to.Kind == types.Timestamp:
			t = wallClock(t, loc)
		}
		if from.Precision > to.Precision {
			t = truncate(t, to.Precision)
		}
		return t, nil
	}
}

// truncate is DateTimeUtils.truncate. Precisions up to 3 cut the epoch
// millisecond with Java's division toward zero, so instants before 1970
// move up, not down.
func truncate(t time.Time, precision int) time.Time {
	nanos := t.Nanosecond()
	significant := 9
	for significant > 0 && nanos%pow10(9-significant+1) == 0 {
		significant--
	}
	if significant <= precision {
		return t
	}
	ms := t.UnixMilli()
	if precision <= 3 {
		unit := int64(pow10(3 - precision))
		return time.UnixMilli(ms / unit * unit).UTC()
	}
	unit := pow10(9 - precision)
	nom := nanos % 1e6
	return time.UnixMilli(ms).Add(time.Duration(nom / unit * unit)).UTC()
}

func pow10(n int) int {
	p := 1
	for range n {
		p *= 10
	}
	return p
}

// toDate resolves casts to DATE.
func toDate(from types.DataType, loc *time.Location) (Func, error) {
	switch {
	case from.Kind == types.Timestamp:
		// TimestampToDateCastRule: floorDiv of the epoch millisecond.
		return func(v any) (any, error) {
			t, ok := v.(time.Time)
			if !ok {
				return nil, typeError(v, "TIMESTAMP")
			}
			return int32(floorDiv(t.UnixMilli(), millisPerDay)), nil
		}, nil
	case from.Kind == types.TimestampLTZ:
		return func(v any) (any, error) {
			t, ok := v.(time.Time)
			if !ok {
				return nil, typeError(v, "TIMESTAMP_LTZ")
			}
			w := wallClock(t, loc)
			return int32(floorDiv(w.UnixMilli(), millisPerDay)), nil
		}, nil
	case from.IsString():
		return stringToDate, nil
	}
	return nil, ErrNoCast
}

// toTime resolves casts to TIME.
func toTime(from types.DataType, loc *time.Location) (Func, error) {
	switch {
	case from.IsTimestamp():
		// TimestampToTimeCastRule: the millisecond of the (local) day.
		ltz := from.Kind == types.TimestampLTZ
		return func(v any) (any, error) {
			t, ok := v.(time.Time)
			if !ok {
				return nil, typeError(v, "TIMESTAMP")
			}
			if ltz {
				t = wallClock(t, loc)
			}
			return int32(floorMod(t.UnixMilli(), millisPerDay)), nil
		}, nil
	case from.IsString():
		return stringToTime, nil
	}
	return nil, ErrNoCast
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int64) int64 { return a - floorDiv(a, b)*b }

// wallClock turns an instant into its wall-clock time in loc, expressed as
// a UTC time.Time (the TIMESTAMP representation).
func wallClock(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(),
		l.Nanosecond(), time.UTC)
}

// localToInstant is LocalDateTime.atZone(loc).toInstant() for a wall clock
// held as UTC: in an overlap the earlier offset wins, and a time in a gap
// moves forward by the gap's length, as java.time does.
func localToInstant(w time.Time, loc *time.Location) time.Time {
	local := w.Unix()
	offsetAt := func(sec int64) int64 {
		_, off := time.Unix(sec, 0).In(loc).Zone()
		return int64(off)
	}
	before, after := offsetAt(local-86400), offsetAt(local+86400)
	off := before
	if before != after && offsetAt(local-before) != before && offsetAt(local-after) == after {
		off = after
	}
	return time.Unix(local-off, int64(w.Nanosecond())).UTC()
}
