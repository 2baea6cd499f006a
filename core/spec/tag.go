package spec

import (
	"encoding/json"
	"fmt"
	"time"
)

// Tag is one tag/tag-<name> file: the tagged snapshot plus optional
// creation time and retention.
type Tag struct {
	Name string
	Snapshot
	// CreateTime is the local wall-clock creation time, when recorded.
	CreateTime *time.Time
	// TimeRetained is the retention, when one was given.
	TimeRetained *time.Duration
}

// tagFields are the properties Java's Tag adds after the snapshot's.
type tagFields struct {
	TagCreateTime   []int           `json:"tagCreateTime"`
	TagTimeRetained json.RawMessage `json:"tagTimeRetained"`
}

var tagKeys = []string{"tagCreateTime", "tagTimeRetained"}

// ParseTag decodes the file of the tag name.
func ParseTag(name string, data []byte) (*Tag, error) {
	s, err := ParseSnapshot(data)
	if err != nil {
		return nil, err
	}
	var extra struct {
		TagCreateTime   []int64          `json:"tagCreateTime"`
		TagTimeRetained *json.RawMessage `json:"tagTimeRetained"`
	}
	if err := json.Unmarshal(data, &extra); err != nil {
		return nil, err
	}
	t := &Tag{Name: name, Snapshot: *s}
	if c := extra.TagCreateTime; len(c) >= 5 {
		parts := make([]int, 7)
		for i := range c {
			if i < 7 {
				parts[i] = int(c[i])
			}
		}
		ct := time.Date(parts[0], time.Month(parts[1]), parts[2], parts[3], parts[4], parts[5], parts[6], time.UTC)
		t.CreateTime = &ct
	}
	if extra.TagTimeRetained != nil {
		var secs float64
		if err := json.Unmarshal(*extra.TagTimeRetained, &secs); err != nil {
			return nil, fmt.Errorf("tagTimeRetained: %w", err)
		}
		d := time.Duration(secs * float64(time.Second))
		t.TimeRetained = &d
	}
	return t, nil
}

// MarshalTag encodes the file of a tag on snap. Without a retention it is the
// plain snapshot JSON: Java leaves both tag properties out then, so that
// Paimon <= 0.7 can still read the tag. With one, the creation time (local
// wall clock) and the retention follow the snapshot's properties.
func MarshalTag(snap *Snapshot, created time.Time, timeRetained *time.Duration) ([]byte, error) {
	if timeRetained == nil {
		return MarshalSnapshot(snap)
	}
	ms, err := snapshotMembers(snap)
	if err != nil {
		return nil, err
	}
	tms, err := membersOf(tagFields{
		TagCreateTime:   localDateTimeArray(created),
		TagTimeRetained: json.RawMessage(durationSeconds(*timeRetained)),
	})
	if err != nil {
		return nil, err
	}
	return writeMembers(snap.Unknown.layout(ms, tms))
}

// localDateTimeArray is Jackson's array form of a LocalDateTime: year,
// month, day, hour, minute, then second and nanos only when not zero.
func localDateTimeArray(t time.Time) []int {
	out := []int{t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute()}
	if t.Second() > 0 || t.Nanosecond() > 0 {
		out = append(out, t.Second())
		if t.Nanosecond() > 0 {
			out = append(out, t.Nanosecond())
		}
	}
	return out
}

// durationSeconds is Jackson's form of a Duration: decimal seconds with nine
// fraction digits ("86400.000000000"), and "0.0" for zero.
func durationSeconds(d time.Duration) string {
	if d == 0 {
		return "0.0"
	}
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	return fmt.Sprintf("%s%d.%09d", sign, d/time.Second, d%time.Second)
}
