package metastore

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
)

// Filesystem is Paimon's filesystem catalog: a database is a "<name>.db"
// directory of the warehouse and a table a directory below it that holds a
// schema file; nothing else records them.
type Filesystem struct {
	fs *fs.FS
}

var _ Metastore = (*Filesystem)(nil)

// NewFilesystem serves the warehouse behind fsys as Java's FileSystemCatalog.
func NewFilesystem(fsys *fs.FS) *Filesystem { return &Filesystem{fs: fsys} }

// Databases implements Metastore: the "<name>.db" directories.
func (m *Filesystem) Databases(ctx context.Context) ([]string, error) {
	return warehouse.Databases(ctx, m.fs)
}

// DatabaseExists implements Metastore.
func (m *Filesystem) DatabaseExists(ctx context.Context, db string) (bool, error) {
	return warehouse.DatabaseExists(ctx, m.fs, db)
}

// CreateDatabase implements Metastore: the directory, as Java's
// FileSystemCatalog makes it (it keeps no properties).
func (m *Filesystem) CreateDatabase(_ context.Context, db string, props map[string]string) error {
	if len(props) > 0 {
		return fmt.Errorf("create database %s: the filesystem catalog keeps no database properties", db)
	}
	return m.fs.MkdirAll(warehouse.DatabasePath(db))
}

// DropDatabase implements Metastore: the database directory goes with
// whatever is left in it (Java's dropDatabase deletes it too), e.g. the
// directory of a table whose creation failed half-way. Callers refuse a
// database that still has tables.
func (m *Filesystem) DropDatabase(ctx context.Context, db string) error {
	if err := m.fs.DeleteTree(ctx, warehouse.DatabasePath(db)); err != nil {
		return err
	}
	return m.fs.RemoveEmptyDir(warehouse.DatabasePath(db))
}

// Tables implements Metastore: the directories holding a schema file.
func (m *Filesystem) Tables(ctx context.Context, db string) ([]string, error) {
	return warehouse.Tables(ctx, m.fs, db)
}

// TableLocation implements Metastore: "<db>.db/<table>" when it holds a
// schema file.
func (m *Filesystem) TableLocation(ctx context.Context, db, table string) (string, error) {
	ok, err := warehouse.TableExists(ctx, m.fs, db, table)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("%s.%s: %w", db, table, ErrTableNotFound)
	}
	return warehouse.TablePath(db, table), nil
}

// NewTableRoot implements Metastore: "<db>.db/<table>".
func (m *Filesystem) NewTableRoot(_ context.Context, db, table string) (string, error) {
	return warehouse.TablePath(db, table), nil
}

// CreateTable implements Metastore: the schema file written at location is
// the registration; a table elsewhere than "<db>.db/<table>" could not be
// found again.
func (m *Filesystem) CreateTable(_ context.Context, db, table, location string, _ *spec.TableSchema) error {
	if location != warehouse.TablePath(db, table) {
		return fmt.Errorf("create %s.%s: the filesystem catalog keeps tables in %s, not %s", db, table, warehouse.TablePath(db, table), location)
	}
	return nil
}

// AlterTable implements Metastore: the schema file is the record.
func (m *Filesystem) AlterTable(context.Context, string, string, *spec.TableSchema) error {
	return nil
}

// RenameTable implements Metastore: refused. Java's FileSystemCatalog
// renames the directory, which object stores do file by file; the JDBC
// and Hive catalogs rename tables (--catalog).
func (m *Filesystem) RenameTable(_ context.Context, db, from, to string) error {
	return fmt.Errorf("rename %s.%s to %s: tables cannot be renamed in the filesystem catalog (the JDBC and Hive catalogs rename them)", db, from, to)
}

// DropTable implements Metastore: the table directory goes, as in Java's
// filesystem catalog, with its data, snapshots, tags and branches.
func (m *Filesystem) DropTable(ctx context.Context, db, table string) error {
	return m.fs.DeleteTree(ctx, warehouse.TablePath(db, table))
}

// Lock implements Metastore: commits to the filesystem catalog rely on the
// atomic creation of the snapshot file alone, as Java's do without
// 'lock.enabled'.
func (m *Filesystem) Lock(context.Context, string, string) (func() error, error) {
	return func() error { return nil }, nil
}
