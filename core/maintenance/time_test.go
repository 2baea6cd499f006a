package maintenance

import (
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/options"
)

func str(s string) *string { return &s }

func TestExtractTimeAsPartitionTimeExtractor(t *testing.T) {
	at := func(y, mo, d, h, mi, s int) time.Time { return time.Date(y, time.Month(mo), d, h, mi, s, 0, time.UTC) }
	for _, c := range []struct {
		keys      []string
		values    []string
		pattern   string
		formatter string
		want      time.Time
		bad       bool
	}{
		{keys: []string{"dt"}, values: []string{"2024-01-02"}, want: at(2024, 1, 2, 0, 0, 0)},
		{keys: []string{"dt"}, values: []string{"2024-1-2 3:04:05"}, want: at(2024, 1, 2, 3, 4, 5)},
		// The default formatter is lenient: the 13th month rolls over.
		{keys: []string{"dt"}, values: []string{"2024-13-01"}, want: at(2025, 1, 1, 0, 0, 0)},
		{keys: []string{"dt"}, values: []string{"2024-01-02 10"}, bad: true},
		{keys: []string{"dt"}, values: []string{"20240102"}, bad: true},
		{keys: []string{"dt"}, values: []string{"20240102"}, formatter: "yyyyMMdd", want: at(2024, 1, 2, 0, 0, 0)},
		{keys: []string{"dt", "h"}, values: []string{"20240102", "7"}, pattern: "$dt $h:00:00", formatter: "yyyyMMdd H:mm:ss", want: at(2024, 1, 2, 7, 0, 0)},
		{keys: []string{"y", "m", "d"}, values: []string{"2024", "02", "30"}, pattern: "$y-$m-$d", want: at(2024, 3, 1, 0, 0, 0)},
		// SMART resolution clamps the day to the month's end.
		{keys: []string{"y", "m", "d"}, values: []string{"2023", "02", "30"}, pattern: "$y$m$d", formatter: "yyyyMMdd", want: at(2023, 2, 28, 0, 0, 0)},
		{keys: []string{"dt"}, values: []string{"2024010215"}, formatter: "yyyyMMddHH", want: at(2024, 1, 2, 15, 0, 0)},
		{keys: []string{"dt"}, values: []string{"2024-01"}, formatter: "yyyy-MM", bad: true},
		{keys: []string{"dt"}, values: []string{"2024-01-02x"}, formatter: "yyyy-MM-dd", bad: true},
	} {
		var f *javaFormatter
		if c.formatter != "" {
			var err error
			if f, err = compileFormatter(c.formatter); err != nil {
				t.Fatalf("%s: %v", c.formatter, err)
			}
		}
		values := make([]*string, len(c.values))
		for i := range c.values {
			values[i] = str(c.values[i])
		}
		got, err := extractTime(c.keys, values, c.pattern, f)
		switch {
		case c.bad && err == nil:
			t.Errorf("%v %q %q: got %v, want an error", c.values, c.pattern, c.formatter, got)
		case !c.bad && err != nil:
			t.Errorf("%v %q %q: %v", c.values, c.pattern, c.formatter, err)
		case !c.bad && !got.Equal(c.want):
			t.Errorf("%v %q %q: got %v, want %v", c.values, c.pattern, c.formatter, got, c.want)
		}
	}
	if _, err := extractTime([]string{"dt"}, []*string{nil}, "", nil); err == nil {
		t.Error("a null partition value has a time")
	}
	for _, bad := range []string{"MMM", "yyy", "EEE", "'open"} {
		if _, err := compileFormatter(bad); err == nil {
			t.Errorf("formatter %q accepted", bad)
		}
	}
}

func TestTagPeriodsNameAndNormalizeAsJava(t *testing.T) {
	at := time.Date(2024, 3, 5, 13, 47, 12, 0, time.UTC)
	for _, c := range []struct {
		opts         map[string]string
		previous     string // the tag normalizeToPreviousTag names for at
		autoTag, not string
	}{
		{map[string]string{}, "2024-03-04", "2024-03-04 x", "20240304"},
		{map[string]string{options.TagPeriodFormatter.Key: "without_dashes"}, "20240304", "20240304", "2024-03-04"},
		{map[string]string{options.TagCreationPeriod.Key: "hourly"}, "2024-03-05 12", "2024-03-05 12", "2024-03-05"},
		{map[string]string{options.TagCreationPeriod.Key: "hourly", options.TagPeriodFormatter.Key: "without_dashes"}, "20240305 12", "20240305 12", "2024030512"},
		{map[string]string{options.TagCreationPeriod.Key: "hourly", options.TagPeriodFormatter.Key: "without_dashes_and_spaces"}, "2024030512", "2024030512", "20240305 12"},
		{map[string]string{options.TagCreationPeriod.Key: "two-hours", options.TagPeriodFormatter.Key: "without_dashes"}, "2024-03-05 10", "2024-03-05 10", "20240305 10"},
		{map[string]string{options.TagCreationPeriodDuration.Key: "15 min"}, "202403051330", "202403051330", "2024-03-05"},
	} {
		p, err := parseTagPeriod(options.Options(c.opts))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.name(p.previousPeriod(at)); got != c.previous {
			t.Errorf("%v: previous tag %s, want %s", c.opts, got, c.previous)
		}
		if !p.isAutoTag(c.autoTag) || p.isAutoTag(c.not) {
			t.Errorf("%v: %q should be an automatic tag and %q not", c.opts, c.autoTag, c.not)
		}
	}
	for _, bad := range []map[string]string{
		{options.TagCreationPeriod.Key: "weekly"}, {options.TagPeriodFormatter.Key: "dashes"}, {options.TagCreationPeriodDuration.Key: "0 s"},
	} {
		if _, err := parseTagPeriod(options.Options(bad)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestParseRefusesWhatJavaRefuses(t *testing.T) {
	for _, bad := range []map[string]string{
		{options.SnapshotExpireExecutionMode.Key: "later"},
		{options.WriteOnly.Key: "yes"},
		{options.PartitionExpirationStrategy.Key: "custom"},
		{options.PartitionExpirationTime.Key: "a week"},
		{options.TagAutomaticCreation.Key: "daily"},
		{options.TagAutomaticCreation.Key: "process-time", options.TagCreationDelay.Key: "1 d"},
		{options.SinkProcessTimeZone.Key: "Mars/Olympus"},
		{options.ConsumerExpirationTime.Key: "soon"},
		{options.SnapshotNumRetainedMax.Key: "3"}, // below the default minimum of 10
	} {
		if _, err := Parse(bad, []string{"dt"}); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	c, err := Parse(map[string]string{"write.compaction-skip": "true", options.SinkProcessTimeZone.Key: "+08:00",
		options.PartitionExpirationTime.Key: "1 d"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !c.WriteOnly || c.Partitions != nil {
		t.Errorf("write.compaction-skip is write-only's fallback, and an unpartitioned table expires no partition: %+v", c)
	}
	if _, off := time.Date(2024, 1, 1, 0, 0, 0, 0, c.Tags.ProcessZone).Zone(); off != 8*3600 {
		t.Errorf("zone +08:00 has offset %d", off)
	}
}
