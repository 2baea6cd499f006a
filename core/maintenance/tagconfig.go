package maintenance

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// TagConfig is the automatic tag creation (TagAutoCreation,
// TagBatchCreation) and tag expiry (TagTimeExpire).
type TagConfig struct {
	// Mode is tag.automatic-creation.
	Mode options.TagCreationMode
	// Period names the tags and spaces them (tag.creation-period or
	// tag.creation-period-duration, with tag.period-formatter).
	Period *tagPeriod
	// Delay is how long after a period ends its tag is created
	// (tag.creation-delay).
	Delay time.Duration
	// NumRetainedMax, when set, bounds the automatic tags kept (all tags in
	// batch mode) (tag.num-retained-max).
	NumRetainedMax *int
	// DefaultTimeRetained is the retention recorded in new tags
	// (tag.default-time-retained).
	DefaultTimeRetained *time.Duration
	// AutomaticCompletion names a late tag after the period that was due
	// rather than after the snapshot's own (tag.automatic-completion).
	AutomaticCompletion bool
	// TimeExpire deletes tags whose retention has passed
	// (tag.time-expire-enabled).
	TimeExpire bool
	// BatchName replaces batch mode's 'batch-write-<date>' name
	// (tag.batch.customized-name).
	BatchName string
	// ProcessZone reads snapshot commit times (sink.process-time-zone;
	// Java's default is the JVM's zone, ours the process's).
	ProcessZone *time.Location
	// WatermarkZone reads watermarks (sink.watermark-time-zone, UTC).
	WatermarkZone *time.Location
}

func parseTagConfig(o options.Options) (TagConfig, error) {
	var c TagConfig
	var err error
	if c.Mode, err = options.TagAutomaticCreation.Get(o); err != nil {
		return c, err
	}
	if c.Period, err = parseTagPeriod(o); err != nil {
		return c, err
	}
	if c.Delay, err = options.TagCreationDelay.Get(o); err != nil {
		return c, err
	}
	if c.Delay >= c.Period.length {
		// TagPeriodHandler.validateDelay, checked when an automatic tag
		// creation starts.
		if c.Mode == options.TagModeProcessTime || c.Mode == options.TagModeWatermark {
			return c, fmt.Errorf("option '%s' = %s must be shorter than the tag period (%s)", options.TagCreationDelay.Key, c.Delay, c.Period.length)
		}
	}
	if c.NumRetainedMax, err = optional(o, options.TagNumRetainedMax); err != nil {
		return c, err
	}
	if c.DefaultTimeRetained, err = optional(o, options.TagDefaultTimeRetained); err != nil {
		return c, err
	}
	if c.AutomaticCompletion, err = options.TagAutomaticCompletion.Get(o); err != nil {
		return c, err
	}
	if c.TimeExpire, err = options.TagTimeExpireEnabled.Get(o); err != nil {
		return c, err
	}
	c.BatchName = options.TagBatchCustomizedName.Text(o)
	if c.ProcessZone, err = parseZone(o, options.SinkProcessTimeZone, time.Local); err != nil {
		return c, err
	}
	if c.WatermarkZone, err = parseZone(o, options.SinkWatermarkTimeZone, time.UTC); err != nil {
		return c, err
	}
	return c, nil
}

// offsetZone is Java's ZoneOffset syntax: "+8", "+08", "+08:00", "-0530",
// optionally after "UTC" or "GMT".
var offsetZone = regexp.MustCompile(`^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?$`)

// parseZone reads a ZoneId option: a region ("Asia/Shanghai"), "UTC" or
// "Z", or a fixed offset; def when unset.
func parseZone(o options.Options, d *options.Option[string], def *time.Location) (*time.Location, error) {
	raw, ok := o[d.Key]
	if !ok {
		return def, nil
	}
	key := d.Key
	v := strings.TrimSpace(raw)
	switch v {
	case "Z", "UTC", "GMT", "UT":
		return time.UTC, nil
	}
	if m := offsetZone.FindStringSubmatch(v); m != nil {
		h, _ := strconv.Atoi(m[2])
		mins := 0
		if m[3] != "" {
			mins, _ = strconv.Atoi(m[3])
		}
		if h > 18 || mins > 59 {
			return nil, fmt.Errorf("option '%s' = '%s' is not a valid zone offset", key, raw)
		}
		secs := h*3600 + mins*60
		if m[1] == "-" {
			secs = -secs
		}
		return time.FixedZone(v, secs), nil
	}
	loc, err := time.LoadLocation(v)
	if err != nil || v == "" || v == "Local" {
		return nil, fmt.Errorf("option '%s' = '%s' is not a time zone (use a region such as 'Asia/Shanghai', 'UTC' or an offset such as '+08:00')", key, raw)
	}
	return loc, nil
}
