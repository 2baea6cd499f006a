package snapshot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// ChangelogPrefix starts the names of the long-lived changelog files of
// changelog/ (Java's ChangelogManager), one per expired snapshot.
const ChangelogPrefix = "changelog-"

// Rollback makes snapshot id the latest one, as Java's
// FileStoreTable.rollbackTo(long) does on a filesystem catalog: newer
// snapshots, long-lived changelogs and tags are deleted. When snapshot id
// has expired but a tag holds it, this is a rollback to that tag.
//
// Like Java 1.4.2's RollbackHelper, it deletes metadata files only: data
// files, manifests and index files of the dropped snapshots stay for
// orphan-file cleanup, so nothing a remaining snapshot or tag uses is lost.
func (m *Manager) Rollback(ctx context.Context, id int64) error {
	snap, err := m.Snapshot(ctx, id)
	if errors.Is(err, ErrNoSnapshot) {
		tags, err := m.tags().All(ctx)
		if err != nil {
			return err
		}
		for _, t := range tags { // sorted by snapshot id, then name
			if t.ID == id {
				return m.RollbackToTag(ctx, t.Name)
			}
		}
		return fmt.Errorf("cannot roll back to snapshot %d: %w, and no tag holds it", id, ErrNoSnapshot)
	}
	if err != nil {
		return err
	}
	return m.cleanLargerThan(ctx, snap)
}

// RollbackToTag makes the tagged snapshot the latest one
// (FileStoreTable.rollbackTo(String)). When the snapshot has expired, its
// file is re-created from the tag, before LATEST names it (a LATEST hint
// naming a missing snapshot is a damaged table), and becomes the earliest
// snapshot.
func (m *Manager) RollbackToTag(ctx context.Context, name string) error {
	tag, err := m.tags().Get(ctx, name)
	if err != nil {
		return fmt.Errorf("cannot roll back to tag '%s': %w", name, err)
	}
	snap := tag.Snapshot
	exists, err := m.Exists(ctx, snap.ID)
	if err != nil {
		return err
	}
	if !exists {
		data, err := spec.MarshalSnapshot(&snap)
		if err != nil {
			return err
		}
		if err := m.fs.CreateExclusive(ctx, m.Path(snap.ID), data); err != nil && !fs.IsExist(err) {
			return err
		}
	}
	if err := m.cleanLargerThan(ctx, &snap); err != nil || exists {
		return err
	}
	return m.WriteEarliestHint(ctx, snap.ID)
}

func (m *Manager) root() string { return strings.TrimSuffix(m.dir, "/snapshot") }

func (m *Manager) tags() *TagManager { return NewTagManager(m.fs, m.root()) }

// cleanLargerThan is RollbackHelper.cleanLargerThan: the LATEST hint first,
// then snapshot files from the newest down, then long-lived changelogs,
// then tags, so that a reader never sees a tag or changelog newer than the
// snapshots it can list.
func (m *Manager) cleanLargerThan(ctx context.Context, retained *spec.Snapshot) error {
	earliest, ok, err := m.EarliestID(ctx)
	if err != nil {
		return err
	}
	latest, _, err := m.LatestID(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("cannot roll back: the table has no snapshot")
	}
	if err := m.WriteLatestHint(ctx, retained.ID); err != nil {
		return err
	}
	for i := latest; i >= max(earliest, retained.ID+1); i-- {
		if err := m.fs.Delete(ctx, m.Path(i)); err != nil {
			return err
		}
	}
	if err := m.cleanChangelogs(ctx, retained.ID); err != nil {
		return err
	}
	tags, err := m.tags().All(ctx)
	if err != nil {
		return err
	}
	for i := len(tags) - 1; i >= 0 && tags[i].ID > retained.ID; i-- {
		if err := m.fs.Delete(ctx, m.tags().Path(tags[i].Name)); err != nil {
			return err
		}
	}
	return nil
}

// cleanChangelogs deletes the long-lived changelogs after id and points
// changelog/LATEST at the newest one left (-1 when none is left, as Java).
func (m *Manager) cleanChangelogs(ctx context.Context, id int64) error {
	dir := m.root() + "/changelog"
	entries, err := m.fs.List(ctx, dir)
	if err != nil {
		return err
	}
	var ids []int64
	for _, e := range entries {
		if n, ok := schema.ParseFileID(e.Name, ChangelogPrefix); ok && !e.IsDir {
			ids = append(ids, n)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	earliest, latest := ids[0], ids[0]
	for _, n := range ids {
		earliest, latest = min(earliest, n), max(latest, n)
	}
	from := max(earliest, id+1)
	if from > latest {
		return nil
	}
	hint := from - 1
	if from == earliest {
		hint = -1
	}
	if err := m.fs.Write(ctx, dir+"/"+Latest, []byte(fmt.Sprint(hint))); err != nil {
		return err
	}
	for i := latest; i >= from; i-- {
		if err := m.fs.Delete(ctx, fmt.Sprintf("%s/%s%d", dir, ChangelogPrefix, i)); err != nil {
			return err
		}
	}
	return nil
}
