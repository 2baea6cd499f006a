package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/systables"
)

// physicalSuffix names the view of a table with every column of its
// schema: a legacy Fluss lake table's system columns are only there.
const physicalSuffix = "physical"

// readOptimizedSuffix names the read-optimized view of a table, Java's
// ReadOptimizedTable: only the files of a primary-key table's top level,
// which need no merge; an append table whole.
const readOptimizedSuffix = systables.ReadOptimizedName

// Database is one "<name>.db" directory, or the procedure database sys.
type Database struct {
	p    *Provider
	name string
	sys  bool
}

var (
	_ sql.Database                = (*Database)(nil)
	_ sql.VersionedDatabase       = (*Database)(nil)
	_ sql.ViewDatabase            = (*Database)(nil)
	_ sql.TriggerDatabase         = (*Database)(nil)
	_ sql.StoredProcedureDatabase = (*Database)(nil)
)

// Name implements sql.Database.
func (d *Database) Name() string { return d.name }

// GetTableNames implements sql.Database. System tables are not listed.
func (d *Database) GetTableNames(ctx *sql.Context) ([]string, error) {
	if d.sys {
		return compatSysTableNames(), nil
	}
	return d.p.ms.Tables(ctx, d.name)
}

// GetTableInsensitive implements sql.Database: "t", "t$snapshots",
// "t$branch_dev" and "t$branch_dev$snapshots".
func (d *Database) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	return d.getTable(ctx, name, nil)
}

// GetTableInsensitiveAsOf implements sql.VersionedDatabase (time travel).
func (d *Database) GetTableInsensitiveAsOf(ctx *sql.Context, name string, asOf interface{}) (sql.Table, bool, error) {
	return d.getTable(ctx, name, asOf)
}

// GetTableNamesAsOf implements sql.VersionedDatabase: tables are not versioned as a set.
func (d *Database) GetTableNamesAsOf(ctx *sql.Context, _ interface{}) ([]string, error) {
	return d.GetTableNames(ctx)
}

// tableName finds the table a statement names: the name as written is
// checked with one existence test, and only a name that differs from the
// directory in case lists the database (each table in it is probed), which
// would otherwise be paid by every query. A name that could leave the
// database's directory is never probed.
func (d *Database) tableName(ctx *sql.Context, name string) (string, bool, error) {
	if naming.CheckFile("table name", name) == nil {
		_, err := d.p.ms.TableLocation(ctx, d.name, name)
		if err == nil {
			return name, true, nil
		}
		// The catalog cannot answer (its database is down): a table open
		// here is still read, as Java's caching catalog serves it.
		if !errors.Is(err, metastore.ErrTableNotFound) && d.p.isOpen(d.name, name) {
			return name, true, nil
		}
	}
	names, err := d.GetTableNames(ctx)
	if err != nil {
		return "", false, err
	}
	found, ok := matchName(names, name)
	return found, ok, nil
}

func (d *Database) getTable(ctx *sql.Context, name string, asOf any) (sql.Table, bool, error) {
	if d.sys {
		return d.compatSysTable(ctx, name, asOf)
	}
	parts := strings.Split(name, "$")
	base, suffixes := parts[0], parts[1:]
	found, ok, err := d.tableName(ctx, base)
	if err != nil || !ok {
		return nil, false, err
	}
	branch := ""
	if len(suffixes) > 0 && strings.HasPrefix(strings.ToLower(suffixes[0]), "branch_") {
		branch = suffixes[0][len("branch_"):]
		suffixes = suffixes[1:]
	}
	if len(suffixes) > 1 {
		return nil, false, fmt.Errorf("table name '%s' has more than one system table suffix", name)
	}
	t, err := d.p.table(ctx, d.name, found, branch)
	if errors.Is(err, schema.ErrTableNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	pin, err := resolveAsOf(ctx, t, asOf)
	if err != nil {
		return nil, false, mysqlerr.From(err)
	}
	if len(suffixes) == 1 && strings.EqualFold(suffixes[0], readOptimizedSuffix) {
		if pin.incremental != nil {
			return nil, false, fmt.Errorf("an incremental read (OPTIONS incremental-between) of %s is served by the table and its $audit_log, not by `%s$%s`", t.FullName(), t.Name, readOptimizedSuffix)
		}
		pin.readOptimized = true
		tbl, err := newTable(ctx, d, t, pin, false)
		return tbl, err == nil, err
	}
	if len(suffixes) == 1 && strings.EqualFold(suffixes[0], physicalSuffix) {
		tbl, err := newTable(ctx, d, t, pin, true)
		return tbl, err == nil, err
	}
	if len(suffixes) == 1 {
		// An unknown name is MySQL's "table doesn't exist", with a message
		// that lists the system tables there are.
		st, err := systables.OpenTable(ctx, t, suffixes[0], systables.Reading{
			Snapshot:    pin.snapshot,
			Incremental: pin.incrementalPlanner(t),
			Values:      systables.ValueMapping{Type: SQLType, Value: Converter},
		})
		if err != nil {
			return nil, false, mysqlerr.From(err)
		}
		return st, true, nil
	}
	tbl, err := newTable(ctx, d, t, pin, false)
	if err != nil {
		return unusableTable(d, t, err), true, nil
	}
	return tbl, true, nil
}

// The stubs below exist because go-mysql-server's privilege wrapper asks
// every database for views, triggers and stored procedures; Paimon has none.

// CreateView implements sql.ViewDatabase.
func (d *Database) CreateView(*sql.Context, string, string, string) error {
	return fmt.Errorf("paimon-sql does not support views")
}

// DropView implements sql.ViewDatabase.
func (d *Database) DropView(*sql.Context, string) error {
	return fmt.Errorf("paimon-sql does not support views")
}

// GetViewDefinition implements sql.ViewDatabase.
func (d *Database) GetViewDefinition(*sql.Context, string) (sql.ViewDefinition, bool, error) {
	return sql.ViewDefinition{}, false, nil
}

// AllViews implements sql.ViewDatabase.
func (d *Database) AllViews(*sql.Context) ([]sql.ViewDefinition, error) { return nil, nil }

// GetTriggers implements sql.TriggerDatabase.
func (d *Database) GetTriggers(*sql.Context) ([]sql.TriggerDefinition, error) { return nil, nil }

// CreateTrigger implements sql.TriggerDatabase.
func (d *Database) CreateTrigger(*sql.Context, sql.TriggerDefinition) error {
	return fmt.Errorf("paimon-sql does not support triggers")
}

// DropTrigger implements sql.TriggerDatabase.
func (d *Database) DropTrigger(*sql.Context, string) error {
	return fmt.Errorf("paimon-sql does not support triggers")
}

// GetStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) GetStoredProcedure(*sql.Context, string) (sql.StoredProcedureDetails, bool, error) {
	return sql.StoredProcedureDetails{}, false, nil
}

// GetStoredProcedures implements sql.StoredProcedureDatabase.
func (d *Database) GetStoredProcedures(*sql.Context) ([]sql.StoredProcedureDetails, error) {
	return nil, nil
}

// SaveStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) SaveStoredProcedure(*sql.Context, sql.StoredProcedureDetails) error {
	return fmt.Errorf("paimon-sql does not support CREATE PROCEDURE: its procedures are built in (CALL sys.*)")
}

// DropStoredProcedure implements sql.StoredProcedureDatabase.
func (d *Database) DropStoredProcedure(*sql.Context, string) error {
	return fmt.Errorf("paimon-sql procedures are built in and cannot be dropped")
}

// GetCollation implements sql.CollatedDatabase: Paimon strings are UTF-8
// compared by bytes.
func (d *Database) GetCollation(*sql.Context) sql.CollationID { return sql.Collation_Default }

// SetCollation implements sql.CollatedDatabase (go-mysql-server's privilege
// wrapper calls it after CREATE DATABASE): only the binary UTF-8 collation
// describes how Paimon compares strings.
func (d *Database) SetCollation(_ *sql.Context, c sql.CollationID) error {
	if c == sql.Collation_Default || c == sql.Collation_Unspecified {
		return nil
	}
	return fmt.Errorf("database '%s': Paimon compares strings as UTF-8 bytes; collation %s is not available", d.name, c.Name())
}
