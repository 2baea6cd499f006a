package snapshot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

const tagPrefix = "tag-"

// ErrNoTag is returned (wrapped) for a tag that does not exist.
var ErrNoTag = errors.New("tag does not exist")

// TagManager reads root/tag.
type TagManager struct {
	fs  *fs.FS
	dir string
	// Clock is the time a created or replaced tag records (nil: the wall
	// clock); core/table sets its runtime's clock.
	Clock func() time.Time
}

// now is the creation time of a tag written now. Java's clock:
// LocalDateTime.now() has microsecond resolution on JDK 9+.
func (m *TagManager) now() time.Time {
	clock := time.Now
	if m.Clock != nil {
		clock = m.Clock
	}
	return clock().Truncate(time.Microsecond)
}

// NewTagManager returns the tag manager of a table or branch root.
func NewTagManager(fsys *fs.FS, root string) *TagManager {
	return &TagManager{fs: fsys, dir: root + "/tag"}
}

// Path is the file of a tag.
func (m *TagManager) Path(name string) string { return m.dir + "/" + tagPrefix + name }

// Get reads one tag; a missing tag gives an error wrapping ErrNoTag.
func (m *TagManager) Get(ctx context.Context, name string) (*spec.Tag, error) {
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
	t, err := spec.ParseTag(name, data)
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
func (m *TagManager) All(ctx context.Context) ([]*spec.Tag, error) {
	names, err := m.Names(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*spec.Tag, 0, len(names))
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
