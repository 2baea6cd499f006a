package maintenance

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// autoTags is TagAutoCreation.run for process-time and watermark tags, as
// a fresh TagAutoCreation does it (Java builds one per commit of a batch
// write): it resumes after the newest automatic tag, walks the snapshots
// from there, tags the first snapshot of each finished period, and keeps
// at most tag.num-retained-max automatic tags.
func (r *run) autoTags(ctx context.Context) error {
	c := &r.cfg.Tags
	tags, err := r.t.Tags.All(ctx)
	if err != nil {
		return err
	}
	var nextSnapshot int64
	var nextTag *time.Time
	auto := autoTagsBySnapshot(tags, c.Period)
	if len(auto) == 0 {
		earliest, ok, err := r.snaps.EarliestID(ctx)
		if err != nil {
			return err
		}
		nextSnapshot = 1
		if ok {
			nextSnapshot = earliest
		}
	} else {
		last := auto[len(auto)-1]
		name, err := oneAutoTag(last.names)
		if err != nil {
			return err
		}
		start, _ := c.Period.tagTime(name)
		next := c.Period.next(start)
		nextSnapshot, nextTag = last.id+1, &next
	}
	for {
		s, err := r.snaps.Snapshot(ctx, nextSnapshot)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			// The snapshot may have expired since the last tag.
			earliest, ok, err := r.snaps.EarliestID(ctx)
			if err != nil {
				return err
			}
			if ok && earliest > nextSnapshot {
				nextSnapshot = earliest
				continue
			}
			return nil
		}
		if err != nil {
			return err
		}
		if nextTag, err = r.tagSnapshot(ctx, s, nextTag); err != nil {
			return err
		}
		nextSnapshot++
	}
}

// tagSnapshot is tryToCreateTags: it tags s when its time, less the delay,
// reaches the end of the period after nextTag, and returns the new
// nextTag.
func (r *run) tagSnapshot(ctx context.Context, s *spec.Snapshot, nextTag *time.Time) (*time.Time, error) {
	c := &r.cfg.Tags
	var when time.Time
	switch c.Mode {
	case options.TagModeProcessTime:
		when = localDateTime(s.TimeMillis, c.ProcessZone)
	case options.TagModeWatermark:
		if s.Watermark == nil || *s.Watermark == math.MinInt64 {
			return nextTag, nil
		}
		when = localDateTime(*s.Watermark, c.WatermarkZone)
	}
	if nextTag != nil && when.Add(-c.Delay).Before(c.Period.next(*nextTag)) {
		return nextTag, nil
	}
	thisTag := c.Period.previousPeriod(when)
	if c.AutomaticCompletion && nextTag != nil {
		thisTag = *nextTag
	}
	name := c.Period.name(thisTag)
	// Java creates it unless it exists (ignoreIfExists).
	if exists, err := r.t.FS.Exists(ctx, r.t.Tags.Path(name)); err != nil {
		return nil, err
	} else if !exists {
		if err := r.t.Tags.Create(ctx, name, s, c.DefaultTimeRetained); err != nil {
			return nil, err
		}
		r.rep.TagsCreated = append(r.rep.TagsCreated, name)
		r.log("created tag '%s' on snapshot %d", name, s.ID)
	}
	next := c.Period.next(thisTag)
	if c.NumRetainedMax == nil {
		return &next, nil
	}
	tags, err := r.t.Tags.All(ctx)
	if err != nil {
		return nil, err
	}
	auto := autoTagsBySnapshot(tags, c.Period)
	for i := 0; i < len(auto)-*c.NumRetainedMax; i++ {
		old, err := oneAutoTag(auto[i].names)
		if err != nil {
			return nil, err
		}
		if err := r.deleteTag(ctx, old, fmt.Sprintf("tag.num-retained-max is %d", *c.NumRetainedMax)); err != nil {
			return nil, err
		}
	}
	return &next, nil
}

// taggedSnapshot is one snapshot with the names of its tags.
type taggedSnapshot struct {
	id    int64
	names []string
}

// autoTagsBySnapshot groups the automatic tags of period by snapshot, in
// snapshot order (TagManager.tags(isAutoTag)). tags are sorted by id.
func autoTagsBySnapshot(tags []*spec.Tag, period *tagPeriod) []taggedSnapshot {
	var out []taggedSnapshot
	for _, t := range tags {
		if !period.isAutoTag(t.Name) {
			continue
		}
		if n := len(out); n > 0 && out[n-1].id == t.ID {
			out[n-1].names = append(out[n-1].names, t.Name)
		} else {
			out = append(out, taggedSnapshot{t.ID, []string{t.Name}})
		}
	}
	return out
}

// oneAutoTag is checkAndGetOneAutoTag.
func oneAutoTag(names []string) (string, error) {
	if len(names) != 1 {
		return "", fmt.Errorf("There are more than 1 auto-created tags of the same snapshot: %s. This is unexpected.", strings.Join(names, ",")) //nolint:staticcheck // ST1005: Java's message, word for word
	}
	return names[0], nil
}

// deleteTag deletes a tag with the files only it kept, as TagManager's
// deleteTag with a TagDeletion does.
func (r *run) deleteTag(ctx context.Context, name, why string) error {
	cfg, err := expire.NewTagConfig(r.sch.Options)
	if err != nil {
		return err
	}
	if _, err := expire.DeleteTag(ctx, r.t, name, cfg); err != nil && !errors.Is(err, snapshot.ErrNoTag) {
		return fmt.Errorf("delete tag '%s': %w", name, err)
	}
	r.rep.TagsDeleted = append(r.rep.TagsDeleted, name)
	r.log("deleted tag '%s': %s", name, why)
	return nil
}

// batchTag is TagBatchCreation.createTag: after a batch write, the latest
// snapshot gets the tag 'batch-write-<yyyy-MM-dd>' (or
// tag.batch.customized-name), replacing a tag of that name; then the
// oldest tags go while there are more than tag.num-retained-max.
func (r *run) batchTag(ctx context.Context) error {
	c := &r.cfg.Tags
	latest, err := r.snaps.Latest(ctx)
	if err != nil || latest == nil {
		return err
	}
	name := c.BatchName
	if name == "" {
		name = "batch-write-" + localDateTime(latest.TimeMillis, c.ProcessZone).Format("2006-01-02")
	}
	if exists, err := r.t.FS.Exists(ctx, r.t.Tags.Path(name)); err != nil {
		return err
	} else if exists {
		if err := r.deleteTag(ctx, name, "replaced by the tag of the latest batch write"); err != nil {
			return err
		}
	}
	if err := r.t.Tags.Create(ctx, name, latest, c.DefaultTimeRetained); err != nil {
		// Java only warns: the tag can be created by hand.
		r.warn("could not create tag '%s' on snapshot %d: %v", name, latest.ID, err)
	} else {
		r.rep.TagsCreated = append(r.rep.TagsCreated, name)
		r.log("created tag '%s' on snapshot %d", name, latest.ID)
	}
	if c.NumRetainedMax == nil {
		return nil
	}
	tags, err := r.t.Tags.All(ctx)
	if err != nil {
		return err
	}
	// All tags count here: whole snapshots' tags go oldest first, and of
	// the last snapshot touched, the tags written first.
	count := len(tags)
	for _, group := range tagsBySnapshot(tags) {
		if count <= *c.NumRetainedMax {
			break
		}
		if len(group) > 1 && count-len(group) < *c.NumRetainedMax {
			if group, err = r.byModificationTime(ctx, group); err != nil {
				return err
			}
		}
		for _, name := range group {
			if count <= *c.NumRetainedMax {
				break
			}
			if err := r.deleteTag(ctx, name, fmt.Sprintf("tag.num-retained-max is %d", *c.NumRetainedMax)); err != nil {
				return err
			}
			count--
		}
	}
	return nil
}

// tagsBySnapshot groups tag names by snapshot; tags are sorted by id.
func tagsBySnapshot(tags []*spec.Tag) [][]string {
	var out [][]string
	for i, t := range tags {
		if i > 0 && tags[i-1].ID == t.ID {
			out[len(out)-1] = append(out[len(out)-1], t.Name)
		} else {
			out = append(out, []string{t.Name})
		}
	}
	return out
}

// byModificationTime orders tag names by their files' modification times
// (TagManager.sortTagsOfOneSnapshot).
func (r *run) byModificationTime(ctx context.Context, names []string) ([]string, error) {
	entries, err := r.t.FS.List(ctx, path.Dir(r.t.Tags.Path("x")))
	if err != nil {
		return nil, err
	}
	mod := map[string]time.Time{}
	for _, e := range entries {
		mod[e.Name] = e.ModTime
	}
	out := slices.Clone(names)
	sort.SliceStable(out, func(i, j int) bool {
		return mod[path.Base(r.t.Tags.Path(out[i]))].Before(mod[path.Base(r.t.Tags.Path(out[j]))])
	})
	return out, nil
}

// expireTags is TagTimeExpire.expire: every tag with a creation time and a
// retention is deleted once the retention has passed, by the rule
// sys.expire_tags applies (expire.ExpireTags, without older_than).
func (r *run) expireTags(ctx context.Context) error {
	cfg, err := expire.NewTagConfig(r.sch.Options)
	if err != nil {
		return err
	}
	// Java compares in the JVM's zone, where it wrote the creation time.
	expired, err := expire.ExpireTags(ctx, r.t, expire.TagExpiry{Now: expire.WallClock(r.now(), time.Local), Zone: time.Local, Config: cfg})
	for _, e := range expired {
		r.rep.TagsDeleted = append(r.rep.TagsDeleted, e.Name)
		r.log("deleted tag '%s': its time_retained has passed", e.Name)
	}
	if err != nil {
		return fmt.Errorf("expire tags: %w", err)
	}
	return nil
}
