package snapshot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Dir is the directory of the tag files.
func (m *TagManager) Dir() string { return m.dir }

// Rename gives tag from the name to, as TagManager.renameTag does: from
// must exist and to must not. The tag file is copied to its new name
// before the old one goes, so that a failure between the two leaves the
// tag under both names rather than under none.
func (m *TagManager) Rename(ctx context.Context, from, to string) error {
	if _, err := m.Get(ctx, from); err != nil {
		return err
	}
	if err := naming.Tag(to); err != nil {
		return err
	}
	data, err := m.fs.ReadFile(ctx, m.Path(from))
	if fs.IsNotExist(err) {
		return fmt.Errorf("tag '%s': %w", from, ErrNoTag)
	}
	if err != nil {
		return err
	}
	if err := m.fs.CreateExclusive(ctx, m.Path(to), data); err != nil {
		if fs.IsExist(err) {
			return fmt.Errorf("tag '%s' already exists", to)
		}
		return err
	}
	return m.fs.Delete(ctx, m.Path(from))
}

// Replace points the existing tag name at snap with a new retention
// (TagManager.replaceTag): the file is rewritten with a new creation time.
// Files only the old snapshot of the tag kept alive are left for orphan
// cleanup, as in Java.
func (m *TagManager) Replace(ctx context.Context, name string, snap *spec.Snapshot, timeRetained *time.Duration) error {
	if _, err := m.Get(ctx, name); err != nil {
		return err
	}
	data, err := spec.MarshalTag(snap, m.now(), timeRetained)
	if err != nil {
		return err
	}
	return m.fs.Write(ctx, m.Path(name), data)
}

// TaggedSnapshot finds snapshot id among the existing snapshots, or, when it
// has expired, among the tags (FileStoreTable.findSnapshot).
func (m *Manager) TaggedSnapshot(ctx context.Context, id int64) (*spec.Snapshot, error) {
	snap, err := m.Snapshot(ctx, id)
	if !errors.Is(err, ErrNoSnapshot) {
		return snap, err
	}
	tags, err := m.tags().All(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range tags {
		if t.ID == id {
			s := t.Snapshot
			return &s, nil
		}
	}
	return nil, fmt.Errorf("snapshot %d: %w", id, ErrNoSnapshot)
}
