package expire

import (
	"context"
	"errors"
	"time"

	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// TagExpiry is one expire_tags run (Java's TagTimeExpire). Times are wall
// clocks in the zone of the writers of the tags, as Java's LocalDateTime:
// a tag's creation time is the local time of the process that created it.
type TagExpiry struct {
	// Now is the current wall clock.
	Now time.Time
	// OlderThan, when set, also expires the tags created before it; a tag
	// without a recorded creation time counts from its file's modification
	// time (as a wall clock in Zone).
	OlderThan *time.Time
	// Zone turns file modification times into wall clocks.
	Zone *time.Location
	// Config is what deleting a tag reads (NewTagConfig).
	Config Config
}

// ExpiredTag is one expired tag and what deleting it warned about.
type ExpiredTag struct {
	Name     string
	Warnings []string
}

// ExpireTags deletes the tags of t whose retention has passed (creation
// time plus time_retained before Now) or, with OlderThan, that were created
// before it: the one tag-retention rule, which sys.expire_tags and the
// maintenance after a commit both apply. Each goes as DeleteTag deletes it,
// with the files only it kept alive; a tag deleted meanwhile is passed
// over. It returns the expired tags in snapshot order; on an error, those
// deleted before it.
func ExpireTags(ctx context.Context, t *table.Table, e TagExpiry) ([]ExpiredTag, error) {
	tags, err := t.Tags.All(ctx)
	if err != nil {
		return nil, err
	}
	var modTimes map[string]time.Time
	if e.OlderThan != nil {
		entries, err := t.FS.List(ctx, t.Tags.Dir())
		if err != nil {
			return nil, err
		}
		modTimes = map[string]time.Time{}
		for _, en := range entries {
			modTimes[en.Name] = en.ModTime
		}
	}
	var out []ExpiredTag
	for _, tag := range tags {
		created := tag.CreateTime
		if created == nil || tag.TimeRetained == nil {
			if e.OlderThan == nil {
				continue
			}
			mod, ok := modTimes["tag-"+tag.Name]
			if !ok {
				continue // deleted meanwhile
			}
			wall := WallClock(mod, e.Zone)
			created = &wall
		}
		reached := tag.TimeRetained != nil && e.Now.After(created.Add(*tag.TimeRetained))
		older := e.OlderThan != nil && e.OlderThan.After(*created)
		if !reached && !older {
			continue
		}
		res, err := DeleteTag(ctx, t, tag.Name, e.Config)
		if errors.Is(err, snapshot.ErrNoTag) {
			continue
		}
		if err != nil {
			return out, err
		}
		out = append(out, ExpiredTag{Name: tag.Name, Warnings: res.Warnings})
	}
	return out, nil
}

// WallClock is the wall clock of instant t in zone, as a UTC time (the form
// of Tag.CreateTime and TagExpiry's times).
func WallClock(t time.Time, zone *time.Location) time.Time {
	t = t.In(zone)
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}
