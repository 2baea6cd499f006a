package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/paimon-sql/paimon-sql/core/jsonfmt"
	"github.com/paimon-sql/paimon-sql/core/naming"
)

// tagJSON is a Tag as Java writes it: the snapshot's properties followed by
// the two tag properties.
type tagJSON struct {
	snapshotJSON
	TagCreateTime   []int           `json:"tagCreateTime"`
	TagTimeRetained json.RawMessage `json:"tagTimeRetained"`
}

// MarshalTag encodes the file of a tag on snap. Without a retention it is the
// plain snapshot JSON: Java leaves both tag properties out then, so that
// Paimon <= 0.7 can still read the tag. With one, the creation time (local
// wall clock) and the retention follow.
func MarshalTag(snap *Snapshot, created time.Time, timeRetained *time.Duration) ([]byte, error) {
	if timeRetained == nil {
		return Marshal(snap)
	}
	return jsonfmt.Marshal(tagJSON{
		snapshotJSON:    toJSON(snap),
		TagCreateTime:   localDateTimeArray(created),
		TagTimeRetained: json.RawMessage(durationSeconds(*timeRetained)),
	})
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

// Create writes tag/tag-<name> for snap, as TagManager.createTag does:
// existing tags are refused, and names ValidateTagName refuses. timeRetained is the tag's retention
// (nil: kept until deleted).
func (m *TagManager) Create(ctx context.Context, name string, snap *Snapshot, timeRetained *time.Duration) error {
	if err := naming.Tag(name); err != nil {
		return err
	}
	if snap == nil {
		return fmt.Errorf("tag '%s': no snapshot to tag", name)
	}
	exists, err := m.fs.Exists(ctx, m.Path(name))
	if err != nil {
		return err
	}
	if exists {
		return fmt.Errorf("tag '%s' already exists", name)
	}
	// Java's clock: LocalDateTime.now() has microsecond resolution on JDK 9+.
	data, err := MarshalTag(snap, time.Now().Truncate(time.Microsecond), timeRetained)
	if err != nil {
		return err
	}
	// Java overwrites rather than creating exclusively; so do we, after the
	// same existence check.
	return m.fs.Write(ctx, m.Path(name), data)
}

// Delete removes tag/tag-<name>; a missing tag is not an error, as in Java.
// It leaves the files only this tag kept alive (when its snapshot has
// expired): expire.DeleteTag, which CALL sys.delete_tag uses, deletes them
// too, judging by the manifests of the neighbouring tags and snapshots.
func (m *TagManager) Delete(ctx context.Context, name string) error {
	if err := naming.CheckFile("tag name", name); err != nil {
		return err
	}
	return m.fs.Delete(ctx, m.Path(name))
}
