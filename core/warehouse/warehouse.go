// Package warehouse is Paimon's filesystem catalog layout: databases are
// directories "<name>.db", tables are directories below them holding
// schema/schema-N files.
package warehouse

import (
	"context"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
)

const dbSuffix = ".db"

// DatabasePath is the directory of a database.
func DatabasePath(db string) string { return db + dbSuffix }

// TablePath is the root directory of a table.
func TablePath(db, table string) string { return DatabasePath(db) + "/" + table }

// Databases lists the database names, sorted.
func Databases(ctx context.Context, fsys *fs.FS) ([]string, error) {
	entries, err := fsys.List(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("list databases: %w", err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir && strings.HasSuffix(e.Name, dbSuffix) && len(e.Name) > len(dbSuffix) {
			out = append(out, strings.TrimSuffix(e.Name, dbSuffix))
		}
	}
	return out, nil
}

// DatabaseExists tells whether a database directory exists.
func DatabaseExists(ctx context.Context, fsys *fs.FS, db string) (bool, error) {
	entries, err := fsys.List(ctx, DatabasePath(db))
	if err != nil {
		return false, err
	}
	if len(entries) > 0 {
		return true, nil
	}
	// An empty directory lists as nothing on every store: look for it by name.
	dbs, err := Databases(ctx, fsys)
	if err != nil {
		return false, err
	}
	for _, d := range dbs {
		if d == db {
			return true, nil
		}
	}
	return false, nil
}

// Tables lists the tables of a database, sorted: the directories that hold a
// schema file.
func Tables(ctx context.Context, fsys *fs.FS, db string) ([]string, error) {
	entries, err := fsys.List(ctx, DatabasePath(db))
	if err != nil {
		return nil, fmt.Errorf("list tables of %s: %w", db, err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir {
			continue
		}
		// A directory that cannot be checked (permissions) is left out: a
		// listing (information_schema, BI tools) must not fail for it.
		if ok, err := TableExists(ctx, fsys, db, e.Name); ok && err == nil {
			out = append(out, e.Name)
		}
	}
	return out, nil
}

// TableExists tells whether db.table holds at least one schema file.
func TableExists(ctx context.Context, fsys *fs.FS, db, table string) (bool, error) {
	ok, err := fsys.Exists(ctx, TablePath(db, table)+"/schema/schema-0")
	if err != nil || ok {
		return ok, err
	}
	ids, err := schema.NewManager(fsys, TablePath(db, table)).IDs(ctx)
	return len(ids) > 0, err
}
