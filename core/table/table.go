// Package table opens one Paimon table (or one of its branches) with the
// managers of its metadata, and owns the Runtime that the opens of a table
// in one process share (commit lock and queue, maintenance schedule).
package table

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
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
	// Lock is the catalog's commit lock on the table (metastore.Lock),
	// held around the creation of a snapshot as Java's
	// RenamingSnapshotCommit holds it; nil takes none.
	Lock func(ctx context.Context) (unlock func() error, err error)
	// Runtime is the state the process shares between the opens of this
	// table; Open and OpenIn make one for the table alone, Runtime.Open
	// shares one.
	Runtime *Runtime
}

// Open opens db.name of the filesystem catalog on the given branch ("" or
// "main" for the table itself), with a Runtime of its own (a one-off
// command's, a test's).
func Open(ctx context.Context, fsys *fs.FS, db, name, branch string) (*Table, error) {
	return openAt(ctx, &Table{FS: fsys, Database: db, Name: name, Root: warehouse.TablePath(db, name), Runtime: NewRuntime()}, branch)
}

// OpenIn opens db.name on the given branch at the location the catalog ms
// records for it, with the catalog's commit lock and a Runtime of its own.
func OpenIn(ctx context.Context, fsys *fs.FS, ms metastore.Metastore, db, name, branch string) (*Table, error) {
	loc, err := ms.TableLocation(ctx, db, name)
	if errors.Is(err, metastore.ErrTableNotFound) {
		return nil, fmt.Errorf("%s.%s: %w", db, name, schema.ErrTableNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s.%s: %w", db, name, err)
	}
	root, err := warehouseRelative(fsys, loc)
	if err != nil {
		return nil, fmt.Errorf("open %s.%s: %w", db, name, err)
	}
	lock := func(ctx context.Context) (func() error, error) { return ms.Lock(ctx, db, name) }
	return openAt(ctx, &Table{FS: fsys, Database: db, Name: name, Root: root, Lock: lock, Runtime: NewRuntime()}, branch)
}

// OnBranch opens another branch of the same table ("" or "main" for the
// table itself), sharing t's Runtime.
func (t *Table) OnBranch(ctx context.Context, branch string) (*Table, error) {
	return openAt(ctx, &Table{FS: t.FS, Database: t.Database, Name: t.Name, Root: t.Root, Lock: t.Lock, Runtime: t.Runtime}, branch)
}

// openAt fills in t's managers for branch, below t.Root.
func openAt(ctx context.Context, t *Table, branch string) (*Table, error) {
	db, name := t.Database, t.Name
	if branch == "" {
		branch = snapshot.MainBranch
	}
	if branch != snapshot.MainBranch {
		// The branch names a directory: nothing outside the table is probed.
		if err := naming.Branch(branch); err != nil {
			return nil, fmt.Errorf("open %s.%s: %w", db, name, err)
		}
	}
	meta := snapshot.BranchRoot(t.Root, branch)
	t.Branch = branch
	t.Schemas = schema.NewManager(t.FS, meta)
	t.Snapshots = snapshot.NewManager(t.FS, meta)
	t.Tags = snapshot.NewTagManager(t.FS, meta)
	t.Tags.Clock = t.now
	t.Consumers = snapshot.NewConsumerManager(t.FS, meta)
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

// now is the clock of t's runtime, read when called: Runtime.Open sets
// the runtime after openAt made the managers.
func (t *Table) now() time.Time { return t.Runtime.Now() }

// warehouseRelative is a table location as a path of the warehouse fsys:
// a relative path as it is, a URI when it lies under the warehouse. A
// table elsewhere is refused: its files would be read and written
// through another store than the warehouse's.
func warehouseRelative(fsys *fs.FS, loc string) (string, error) {
	if !fs.IsURI(loc) {
		return strings.Trim(loc, "/"), nil
	}
	base := strings.TrimSuffix(fsys.Location(""), "/") + "/"
	if rel, ok := strings.CutPrefix(loc, base); ok && rel != "" {
		return strings.Trim(rel, "/"), nil
	}
	return "", fmt.Errorf("the table's location %s is outside the warehouse %s, which is not supported", loc, fsys.Location(""))
}

// FullName is "db.name", with "$branch_x" for a branch.
func (t *Table) FullName() string {
	if t.Branch != snapshot.MainBranch {
		return fmt.Sprintf("%s.%s$branch_%s", t.Database, t.Name, t.Branch)
	}
	return t.Database + "." + t.Name
}

// LatestSchema returns the table's current schema.
func (t *Table) LatestSchema(ctx context.Context) (*spec.TableSchema, error) {
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
