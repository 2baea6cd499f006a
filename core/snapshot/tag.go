package snapshot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
)

const tagPrefix = "tag-"

// ErrNoTag is returned (wrapped) for a tag that does not exist.
var ErrNoTag = errors.New("tag does not exist")

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

type tagExtra struct {
	TagCreateTime   []int64          `json:"tagCreateTime"`
	TagTimeRetained *json.RawMessage `json:"tagTimeRetained"`
}

// ParseTag decodes a tag file.
func ParseTag(name string, data []byte) (*Tag, error) {
	s, err := Parse(data)
	if err != nil {
		return nil, err
	}
	var extra tagExtra
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

// TagManager reads root/tag.
type TagManager struct {
	fs  *fs.FS
	dir string
}

// NewTagManager returns the tag manager of a table or branch root.
func NewTagManager(fsys *fs.FS, root string) *TagManager {
	return &TagManager{fs: fsys, dir: root + "/tag"}
}

// Path is the file of a tag.
func (m *TagManager) Path(name string) string { return m.dir + "/" + tagPrefix + name }

// Get reads one tag; a missing tag gives an error wrapping ErrNoTag.
func (m *TagManager) Get(ctx context.Context, name string) (*Tag, error) {
	if err := naming.CheckFile("tag name", name); err != nil {
		// No tag file can have such a name.
		return nil, fmt.Errorf("%w: %w", err, ErrNoTag)
	}
	data, err := m.fs.ReadFile(ctx, m.Path(name))
	if fs.IsNotExist(err) {
		return nil, fmt.Errorf("tag '%s': %w", name, ErrNoTag)
	}
	if err != nil {
		return nil, fmt.Errorf("read tag '%s': %w", name, err)
	}
	t, err := ParseTag(name, data)
	if err != nil {
		return nil, fmt.Errorf("parse tag '%s': %w", name, err)
	}
	return t, nil
}

// Names lists the tag names, sorted.
func (m *TagManager) Names(ctx context.Context) ([]string, error) {
	entries, err := m.fs.List(ctx, m.dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir && strings.HasPrefix(e.Name, tagPrefix) && len(e.Name) > len(tagPrefix) {
			names = append(names, e.Name[len(tagPrefix):])
		}
	}
	return names, nil
}

// All reads every tag, ordered by snapshot id then name. An unreadable tag
// fails the call: callers that delete files must never take it for no tag.
func (m *TagManager) All(ctx context.Context) ([]*Tag, error) {
	names, err := m.Names(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*Tag, 0, len(names))
	for _, n := range names {
		t, err := m.Get(ctx, n)
		if errors.Is(err, ErrNoTag) {
			continue // deleted while listing
		}
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ID != out[j].ID {
			return out[i].ID < out[j].ID
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}
