package maintenance

import (
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// Times in this file are Java LocalDateTimes: wall-clock readings without
// a zone, held as time.Time in UTC so that arithmetic never meets a
// daylight-saving jump, exactly as Java's LocalDateTime arithmetic.

// tagPeriod is Java's TagPeriodHandler: how long one period is and how its
// tags are named.
type tagPeriod struct {
	length time.Duration
	layout string // Go layout of the tag names
	// daily parses only the part of a name before the first blank
	// (DailyTagPeriodHandler.tagToTime).
	daily bool
}

func parseTagPeriod(o options.Options) (*tagPeriod, error) {
	if d, ok, err := options.TagCreationPeriodDuration.Lookup(o); err != nil {
		return nil, err
	} else if ok {
		if d <= 0 {
			return nil, fmt.Errorf("option '%s' must be positive", options.TagCreationPeriodDuration.Key)
		}
		return &tagPeriod{length: d, layout: "200601021504"}, nil
	}
	formatter, err := options.TagPeriodFormatter.Get(o)
	if err != nil {
		return nil, err
	}
	p, err := options.TagCreationPeriod.Get(o)
	if err != nil {
		return nil, err
	}
	switch p {
	case options.TagPeriodDaily:
		layout := "2006-01-02"
		if formatter != options.TagFormatWithDashes {
			layout = "20060102"
		}
		return &tagPeriod{length: 24 * time.Hour, layout: layout, daily: true}, nil
	case options.TagPeriodHourly:
		layout := map[options.TagPeriodFormat]string{
			options.TagFormatWithDashes:             "2006-01-02 15",
			options.TagFormatWithoutDashes:          "20060102 15",
			options.TagFormatWithoutDashesAndSpaces: "2006010215",
		}[formatter]
		return &tagPeriod{length: time.Hour, layout: layout}, nil
	default: // two-hours
		// TwoHoursTagPeriodHandler ignores tag.period-formatter.
		return &tagPeriod{length: 2 * time.Hour, layout: "2006-01-02 15"}, nil
	}
}

// tagTime is the start of the period a tag name stands for; ok is false
// for names that are not automatic tags of this period.
func (p *tagPeriod) tagTime(name string) (t time.Time, ok bool) {
	if p.daily {
		name, _, _ = strings.Cut(name, " ")
	}
	t, err := time.ParseInLocation(p.layout, name, time.UTC)
	return t, err == nil
}

// isAutoTag tells whether name is one this period creates.
func (p *tagPeriod) isAutoTag(name string) bool {
	_, ok := p.tagTime(name)
	return ok
}

// name is the tag of the period starting at t.
func (p *tagPeriod) name(t time.Time) string { return t.Format(p.layout) }

// previousPeriod is normalizeToPreviousTag: the start of the period
// before the one t falls in, counted from the epoch as Java does.
func (p *tagPeriod) previousPeriod(t time.Time) time.Time {
	ms, period := t.UnixMilli(), p.length.Milliseconds()
	return time.UnixMilli(ms / period * period).UTC().Add(-p.length)
}

// next is nextTagTime.
func (p *tagPeriod) next(t time.Time) time.Time { return t.Add(p.length) }

// localDateTime is the wall clock of the instant ms in zone, as a
// LocalDateTime (expire.WallClock of epoch milliseconds).
func localDateTime(ms int64, zone *time.Location) time.Time {
	return expire.WallClock(time.UnixMilli(ms), zone)
}
