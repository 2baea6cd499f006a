package snapshot

import (
	"context"
	"fmt"
	"time"

	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Create writes tag/tag-<name> for snap, as TagManager.createTag does:
// existing tags are refused, and names ValidateTagName refuses. timeRetained is the tag's retention
// (nil: kept until deleted).
func (m *TagManager) Create(ctx context.Context, name string, snap *spec.Snapshot, timeRetained *time.Duration) error {
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
	data, err := spec.MarshalTag(snap, m.now(), timeRetained)
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
