// Package table opens one Paimon table (or one of its branches) with the
// managers of its metadata.
package table

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
)

// Table is a handle on a table's files. It holds no snapshot: callers pin one.
type Table struct {
	FS        *fs.FS
	Database  string
	Name      string
	Branch    string // "main" for the table itself
	Root      string // table directory: data, manifest/, index/ live here
	Schemas   *schema.Manager
	Snapshots *snapshot.Manager
	Tags      *snapshot.TagManager
	Consumers *snapshot.ConsumerManager
}

// Open opens db.name on the given branch ("" or "main" for the table itself).
func Open(ctx context.Context, fsys *fs.FS, db, name, branch string) (*Table, error) {
	if branch == "" {
		branch = snapshot.MainBranch
	}
	if branch != snapshot.MainBranch {
		// The branch names a directory: nothing outside the table is probed.
		if err := naming.Branch(branch); err != nil {
			return nil, fmt.Errorf("open %s.%s: %w", db, name, err)
		}
	}
	root := warehouse.TablePath(db, name)
	meta := snapshot.BranchRoot(root, branch)
	t := &Table{
		FS: fsys, Database: db, Name: name, Branch: branch, Root: root,
		Schemas:   schema.NewManager(fsys, meta),
		Snapshots: snapshot.NewManager(fsys, meta),
		Tags:      snapshot.NewTagManager(fsys, meta),
		Consumers: snapshot.NewConsumerManager(fsys, meta),
	}
	ids, err := t.Schemas.IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("open %s.%s: %w", db, name, err)
	}
	if len(ids) == 0 {
		if branch != snapshot.MainBranch {
			return nil, fmt.Errorf("%s.%s has no branch '%s': %w", db, name, branch, schema.ErrTableNotFound)
		}
		return nil, fmt.Errorf("%s.%s: %w", db, name, schema.ErrTableNotFound)
	}
	return t, nil
}

// FullName is "db.name", with "$branch_x" for a branch.
func (t *Table) FullName() string {
	if t.Branch != snapshot.MainBranch {
		return fmt.Sprintf("%s.%s$branch_%s", t.Database, t.Name, t.Branch)
	}
	return t.Database + "." + t.Name
}

// LatestSchema returns the table's current schema.
func (t *Table) LatestSchema(ctx context.Context) (*schema.TableSchema, error) {
	s, err := t.Schemas.Latest(ctx)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, fmt.Errorf("%s: %w", t.FullName(), schema.ErrTableNotFound)
	}
	return s, nil
}

// Options returns the current schema's options.
func (t *Table) Options(ctx context.Context) (options.Options, error) {
	s, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, err
	}
	return s.Options, nil
}

// ManifestPath is the path of a manifest, manifest list or index manifest.
func (t *Table) ManifestPath(name string) string { return t.Root + "/manifest/" + name }

// IndexPath is the path of an index file kept in index/.
func (t *Table) IndexPath(name string) string { return t.Root + "/index/" + name }

// StatisticsPath is the path of a statistics file.
func (t *Table) StatisticsPath(name string) string { return t.Root + "/statistics/" + name }
