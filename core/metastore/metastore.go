// Package metastore is where a catalog registers databases and tables: Paimon's filesystem
// catalog (the warehouse directories), its JDBC catalog or the Hive Metastore.
package metastore

import (
	"context"
	"errors"

	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// The errors a Metastore wraps with the names concerned. A table that is
// not there is schema.ErrTableNotFound, the one error for it, which
// clients receive as MySQL's 1146 wherever it is found missing.
var (
	ErrTableNotFound    = schema.ErrTableNotFound
	ErrDatabaseNotFound = errors.New("database not found")
	ErrAlreadyExists    = errors.New("already exists")
)

// Metastore lists and registers databases and tables as Java's Catalog implementations do.
type Metastore interface {
	Databases(ctx context.Context) ([]string, error)
	DatabaseExists(ctx context.Context, db string) (bool, error)
	CreateDatabase(ctx context.Context, db string, props map[string]string) error
	DropDatabase(ctx context.Context, db string) error
	Tables(ctx context.Context, db string) ([]string, error)
	// TableLocation is the table's directory as the catalog records it (a warehouse-relative
	// path or a URI); ErrTableNotFound when the catalog has no such table.
	TableLocation(ctx context.Context, db, table string) (string, error)
	// NewTableRoot is the warehouse-relative directory where a new table
	// goes, as Java's catalog places it: "<db>.db/<table>", or below the
	// database's recorded location in the Hive Metastore. A place outside
	// the warehouse is refused.
	NewTableRoot(ctx context.Context, db, table string) (string, error)
	// CreateTable registers a table whose first schema file is already written at location.
	CreateTable(ctx context.Context, db, table, location string, s *spec.TableSchema) error
	// AlterTable records a committed schema change (Hive keeps columns and parameters).
	AlterTable(ctx context.Context, db, table string, s *spec.TableSchema) error
	RenameTable(ctx context.Context, db, from, to string) error
	DropTable(ctx context.Context, db, table string) error
	// Lock serialises commits to one table as Java's catalog lock does when 'lock.enabled'
	// (lock-acquire-timeout, lock-check-max-sleep); the filesystem metastore needs none.
	Lock(ctx context.Context, db, table string) (unlock func() error, err error)
}
