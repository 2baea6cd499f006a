package sqlext

import "time"

// InstantForms names, for error messages, the forms ParseInstant reads.
const InstantForms = "'yyyy-MM-dd[ HH:mm[:ss[.SSS]]]' (or a T for the space)"

// instantLayouts are the text forms of an instant a user may write, from
// the most to the least precise: the fraction of a second, the seconds and
// the time are optional, and ISO 8601's T may replace the space.
var instantLayouts = []string{
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

// ParseInstant reads s as a wall-clock time in loc (the session's time
// zone): the one reading of a user-written instant, so that AS OF
// '<timestamp>', the scan.timestamp and incremental-between hints and the
// older_than arguments of the procedures accept the same forms. The
// procedures also take epoch milliseconds, and AS OF a snapshot id, before
// trying it.
func ParseInstant(s string, loc *time.Location) (time.Time, bool) {
	for _, layout := range instantLayouts {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
