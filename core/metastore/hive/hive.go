// Package hive registers Paimon databases and tables in a Hive Metastore over its Thrift
// API, as Java Paimon's HiveCatalog (paimon-hive-catalog) does, and takes the metastore's
// table locks as Java's HiveCatalogLock does. The Thrift code is generated from Hive 4.0.1's
// hive_metastore.thrift (gen/).
package hive

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/metastore/hive/gen/hive_metastore"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Config is how to reach the metastore and the catalog options Java's HiveCatalog reads.
type Config struct {
	// URI is the metastore's thrift://host:port ('uri').
	URI string
	// Warehouse is the root under which a database without a location gets <name>.db.
	Warehouse string
	// SyncAllProperties copies every table option into the table's parameters
	// ('sync-all-properties', true by default in Java).
	SyncAllProperties bool
	// ExternalTables registers new tables as EXTERNAL_TABLE ('table.type' = 'external').
	ExternalTables bool
	// LockEnabled makes Lock take the metastore's table lock ('lock.enabled'); without it
	// Lock takes none, as Java's catalog then commits without a lock.
	LockEnabled bool
	// LockAcquireTimeout and LockCheckMaxSleep are 'lock-acquire-timeout' (8 min) and
	// 'lock-check-max-sleep' (8 s).
	LockAcquireTimeout time.Duration
	LockCheckMaxSleep  time.Duration
	// Timeout bounds dialling and each call (Hive's client socket timeout is 600 s).
	Timeout time.Duration
	// ClientPoolSize is how many connections to the metastore calls share
	// ('client-pool-size', 2 as in Java).
	ClientPoolSize int
	// FS is the warehouse, in which DropTable deletes a managed table's directory as Java
	// does; nil deletes no file.
	FS *fs.FS
}

// DefaultConfig is Java's defaults for the metastore at uri and warehouse root, with the
// lock enabled.
func DefaultConfig(uri, warehouse string) Config {
	return Config{
		URI: uri, Warehouse: warehouse, SyncAllProperties: true, LockEnabled: true,
		LockAcquireTimeout: 8 * time.Minute, LockCheckMaxSleep: 8 * time.Second,
		Timeout: 600 * time.Second, ClientPoolSize: 2,
	}
}

// Metastore is a metastore.Metastore on a Hive Metastore.
type Metastore struct {
	cfg  Config
	c    *client
	last lastKnown
}

var _ metastore.Metastore = (*Metastore)(nil)

// New returns the metastore at cfg.URI; it connects on first use.
func New(cfg Config) (*Metastore, error) {
	if cfg.Warehouse == "" {
		return nil, errors.New("the Hive catalog needs a warehouse for databases created without a location")
	}
	if cfg.LockCheckMaxSleep <= 0 || cfg.LockAcquireTimeout <= 0 || cfg.Timeout <= 0 {
		return nil, errors.New("lock-check-max-sleep, lock-acquire-timeout and the metastore timeout must be positive")
	}
	c, err := newClient(cfg.URI, cfg.Timeout, cfg.ClientPoolSize)
	if err != nil {
		return nil, err
	}
	return &Metastore{cfg: cfg, c: c}, nil
}

// Close closes the connection to the metastore.
func (m *Metastore) Close() error { return m.c.Close() }

// Databases lists the metastore's databases (get_all_databases).
func (m *Metastore) Databases(ctx context.Context) ([]string, error) {
	var dbs []string
	err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
		dbs, err = hms.GetAllDatabases(ctx)
		return err
	})
	if last, ok := recall[[]string](&m.last, "databases", err); ok {
		return last, nil
	}
	if err != nil {
		return nil, wrap(err, "list databases")
	}
	sort.Strings(dbs)
	m.last.remember("databases", dbs)
	return dbs, nil
}

// DatabaseExists asks get_database.
func (m *Metastore) DatabaseExists(ctx context.Context, db string) (bool, error) {
	_, err := m.database(ctx, db)
	if last, ok := recall[bool](&m.last, "database:"+db, err); ok {
		return last, nil
	}
	exists := err == nil
	if errors.Is(err, metastore.ErrDatabaseNotFound) {
		exists, err = false, nil
	}
	if err != nil {
		return false, err
	}
	m.last.remember("database:"+db, exists)
	return exists, nil
}

func (m *Metastore) database(ctx context.Context, db string) (*hive_metastore.Database, error) {
	var d *hive_metastore.Database
	err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
		d, err = hms.GetDatabase(ctx, db)
		return err
	})
	if isNoSuchObject(err) {
		return nil, fmt.Errorf("%w: %s", metastore.ErrDatabaseNotFound, db)
	}
	return d, wrap(err, "get database "+db)
}

// NewTableLocation is where Java's HiveCatalog puts a new table that has no 'path' option:
// <database location>/<table>, the database's location as the metastore records it.
func (m *Metastore) NewTableLocation(ctx context.Context, db, table string) (string, error) {
	d, err := m.database(ctx, db)
	if err != nil {
		return "", err
	}
	loc := d.LocationUri
	if l, ok := d.Parameters[locationInParamKey]; ok {
		loc = l
	}
	if loc == "" {
		return "", fmt.Errorf("the Hive Metastore records no location for database %s", db)
	}
	return strings.TrimRight(loc, "/") + "/" + table, nil
}

// NewTableRoot implements metastore.Metastore: NewTableLocation, which must lie in the
// warehouse (tables are opened there), as a warehouse-relative path.
func (m *Metastore) NewTableRoot(ctx context.Context, db, table string) (string, error) {
	loc, err := m.NewTableLocation(ctx, db, table)
	if err != nil {
		return "", err
	}
	rel := m.relative(loc)
	if fs.IsURI(rel) || strings.HasPrefix(rel, "/") {
		return "", fmt.Errorf("create %s.%s: the Hive Metastore places it at %s, outside the warehouse %s, which is not supported", db, table, loc, m.cfg.Warehouse)
	}
	return rel, nil
}

// Database properties that are fields of Hive's Database, not parameters (Java's
// HiveCatalog.convertToHiveDatabase).
const (
	dbCommentProp  = "comment"
	dbOwnerProp    = "owner"
	dbLocationProp = "location"
)

// CreateDatabase registers db as Java's HiveCatalog.createDatabaseImpl does: 'comment',
// 'owner' and 'location' become the database's fields, other properties its parameters,
// and the location defaults to <warehouse>/<db>.db.
func (m *Metastore) CreateDatabase(ctx context.Context, db string, props map[string]string) error {
	d := &hive_metastore.Database{Name: db, Parameters: map[string]string{}}
	for k, v := range props {
		switch k {
		case dbCommentProp:
			d.Description = v
		case dbOwnerProp:
			owner := v
			d.OwnerName = &owner
		case dbLocationProp:
			d.LocationUri = v
		default:
			d.Parameters[k] = v
		}
	}
	if d.LocationUri == "" {
		d.LocationUri = strings.TrimRight(m.cfg.Warehouse, "/") + "/" + db + ".db"
	}
	err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.CreateDatabase(ctx, d)
	})
	if isAlreadyExists(err) {
		return fmt.Errorf("%w: database %s", metastore.ErrAlreadyExists, db)
	}
	return wrap(err, "create database "+db)
}

// DropDatabase removes db from the metastore. Java drops with deleteData and cascade; we
// ask for neither: the metastore refuses a database that still has tables (a Hive table
// Paimon does not list, too) and leaves the files to the caller, so that a drop through the
// metastore never deletes more than the caller chose.
func (m *Metastore) DropDatabase(ctx context.Context, db string) error {
	err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.DropDatabase(ctx, db, false, false)
	})
	if isNoSuchObject(err) {
		return fmt.Errorf("%w: %s", metastore.ErrDatabaseNotFound, db)
	}
	return wrap(err, "drop database "+db)
}

// tableBatch is how many tables Java fetches per get_table_objects_by_name call
// (HiveCatalog's DEFAULT_TABLE_BATCH_SIZE).
const tableBatch = 300

// Tables lists db's Paimon tables as Java does: every table name, then the tables in
// batches, keeping those with Paimon's input and output formats.
func (m *Metastore) Tables(ctx context.Context, db string) ([]string, error) {
	tables, err := m.tables(ctx, db)
	if last, ok := recall[[]string](&m.last, "tables:"+db, err); ok {
		return last, nil
	}
	if err == nil {
		m.last.remember("tables:"+db, tables)
	}
	return tables, err
}

func (m *Metastore) tables(ctx context.Context, db string) ([]string, error) {
	if _, err := m.database(ctx, db); err != nil {
		return nil, err
	}
	var names []string
	if err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
		names, err = hms.GetAllTables(ctx, db)
		return err
	}); err != nil {
		return nil, wrap(err, "list tables of "+db)
	}
	var paimon []string
	for start := 0; start < len(names); start += tableBatch {
		batch := names[start:min(start+tableBatch, len(names))]
		var res *hive_metastore.GetTablesResult_
		if err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
			res, err = hms.GetTableObjectsByNameReq(ctx, &hive_metastore.GetTablesRequest{DbName: db, TblNames: batch})
			return err
		}); err != nil {
			return nil, wrap(err, "get tables of "+db)
		}
		for _, t := range res.Tables {
			if isPaimonTable(t) {
				paimon = append(paimon, t.TableName)
			}
		}
	}
	sort.Strings(paimon)
	return paimon, nil
}

// table is get_table of a Paimon table; ErrTableNotFound for a missing or non-Paimon one.
func (m *Metastore) table(ctx context.Context, db, name string) (*hive_metastore.Table, error) {
	var res *hive_metastore.GetTableResult_
	err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
		res, err = hms.GetTableReq(ctx, &hive_metastore.GetTableRequest{DbName: db, TblName: name, Engine: "hive"})
		return err
	})
	if isNoSuchObject(err) {
		return nil, fmt.Errorf("%w: %s.%s", metastore.ErrTableNotFound, db, name)
	}
	if err != nil {
		return nil, wrap(err, "get table "+db+"."+name)
	}
	if !isPaimonTable(res.Table) {
		return nil, fmt.Errorf("%w: %s.%s is a Hive table, not a Paimon table", metastore.ErrTableNotFound, db, name)
	}
	return res.Table, nil
}

// TableLocation is the directory the metastore records for the table.
func (m *Metastore) TableLocation(ctx context.Context, db, name string) (string, error) {
	key := "location:" + db + "." + name
	t, err := m.table(ctx, db, name)
	if last, ok := recall[string](&m.last, key, err); ok {
		return last, nil
	}
	if err != nil {
		if errors.Is(err, metastore.ErrTableNotFound) {
			m.last.forget(key)
		}
		return "", err
	}
	loc := tableLocation(t)
	if loc == "" {
		return "", fmt.Errorf("the Hive Metastore records no location for table %s.%s", db, name)
	}
	m.last.remember(key, m.relative(loc))
	return m.relative(loc), nil
}

// relative is a location in the warehouse as a warehouse-relative path, whichever way
// the URI of a local directory is spelt (file:/dir as Java writes it, or file:///dir); a
// location elsewhere stays as it is.
func (m *Metastore) relative(loc string) string {
	for _, base := range []string{m.cfg.Warehouse, strings.Replace(m.cfg.Warehouse, "file:/", "file:///", 1)} {
		if rel, ok := strings.CutPrefix(loc, strings.TrimRight(base, "/")+"/"); ok && rel != "" {
			return strings.Trim(rel, "/")
		}
	}
	return loc
}

// absolute is a warehouse-relative location as the URI the metastore records.
func (m *Metastore) absolute(location string) string {
	if fs.IsURI(location) || strings.HasPrefix(location, "/") {
		return location
	}
	return strings.TrimRight(m.cfg.Warehouse, "/") + "/" + strings.Trim(location, "/")
}

// CreateTable registers a table whose schema is written at location with the parameters,
// storage descriptor and location Java's HiveCatalog.createTableImpl writes.
func (m *Metastore) CreateTable(ctx context.Context, db, name, location string, s *spec.TableSchema) error {
	t, err := m.newHiveTable(db, name, m.absolute(location), s)
	if err != nil {
		return fmt.Errorf("register table %s.%s in the Hive Metastore: %w", db, name, err)
	}
	err = m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.CreateTable(ctx, t)
	})
	switch {
	case isAlreadyExists(err):
		return fmt.Errorf("%w: table %s.%s", metastore.ErrAlreadyExists, db, name)
	case isNoSuchObject(err):
		return fmt.Errorf("%w: %s", metastore.ErrDatabaseNotFound, db)
	}
	return wrap(err, "create table "+db+"."+name)
}

// AlterTable records a committed schema in the table's parameters and columns, as Java's
// alterTableToHms does (alter_table_with_environment_context, CASCADE).
func (m *Metastore) AlterTable(ctx context.Context, db, name string, s *spec.TableSchema) error {
	t, err := m.table(ctx, db, name)
	if err != nil {
		return err
	}
	m.alterParameters(t, s)
	if err := updateHiveTable(t, s, tableLocation(t)); err != nil {
		return fmt.Errorf("alter table %s.%s in the Hive Metastore: %w", db, name, err)
	}
	env := &hive_metastore.EnvironmentContext{Properties: map[string]string{
		cascadeKey:          "true",
		doNotUpdateStatsKey: fmt.Sprint(strings.EqualFold(t.Parameters[doNotUpdateStatsKey], "true")),
	}}
	err = m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.AlterTableWithEnvironmentContext(ctx, db, name, t, env)
	})
	return wrap(err, "alter table "+db+"."+name)
}

// RenameTable renames the table in the metastore (alter_table with the new name) as Java's
// renameTableImpl does. A Hive 4 metastore records Paimon's tables as external, and keeps
// the location; for a managed table at its default location it moves the directory itself
// and records the new one. Should the metastore record a new location whose directory it did
// not move, the directory is renamed there, as Java does, when the store can do that in one
// step; otherwise the rename fails naming both places.
func (m *Metastore) RenameTable(ctx context.Context, db, from, to string) error {
	t, err := m.table(ctx, db, from)
	if err != nil {
		return err
	}
	fromLoc := m.relative(tableLocation(t))
	t.TableName = to
	err = m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.AlterTable(ctx, db, from, t)
	})
	if isAlreadyExists(err) || isInvalidOperation(err, "already exists") {
		return fmt.Errorf("%w: table %s.%s", metastore.ErrAlreadyExists, db, to)
	}
	if err != nil {
		return wrap(err, "rename table "+db+"."+from+" to "+to)
	}
	m.last.forget("location:" + db + "." + from)
	renamed, err := m.table(ctx, db, to)
	if err != nil {
		return err
	}
	toLoc := m.relative(tableLocation(renamed))
	if renamed.TableType == externalTable || toLoc == fromLoc || m.cfg.FS == nil {
		return nil
	}
	ids, err := schema.NewManager(m.cfg.FS, fromLoc).IDs(ctx)
	if err != nil && !fs.IsNotExist(err) {
		return fmt.Errorf("rename table %s.%s: %w", db, from, err)
	}
	if len(ids) == 0 {
		return nil
	}
	if err := m.cfg.FS.RenameDir(fromLoc, toLoc); err != nil {
		return fmt.Errorf("rename table %s.%s to %s: the metastore records %s but the files are still at %s: %w", db, from, to, toLoc, fromLoc, err)
	}
	return nil
}

// DropTable removes the table from the metastore as Java's dropTableImpl does, and then,
// for a managed table, its directory in the warehouse; an external table keeps its files
// (a Hive 4 metastore records every table that is not transactional as external, so there
// neither Java nor we delete files). We never ask the metastore to delete data (Java does
// for managed tables): the directory deleted is the one in our warehouse, and a location
// outside it is left alone.
func (m *Metastore) DropTable(ctx context.Context, db, name string) error {
	t, err := m.table(ctx, db, name)
	if err != nil {
		return err
	}
	err = m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.DropTable(ctx, db, name, false)
	})
	if isNoSuchObject(err) {
		return fmt.Errorf("%w: %s.%s", metastore.ErrTableNotFound, db, name)
	}
	if err != nil {
		return wrap(err, "drop table "+db+"."+name)
	}
	if t.TableType == externalTable || m.cfg.FS == nil {
		return nil
	}
	// Only a directory in the warehouse named after the table: a location that is not
	// (a database directory, a table renamed without moving) keeps its files.
	rel := m.relative(tableLocation(t))
	if fs.IsURI(rel) || strings.HasPrefix(rel, "/") || !strings.HasSuffix("/"+rel, "/"+name) {
		return nil
	}
	return m.cfg.FS.DeleteTree(ctx, rel)
}

func wrap(err error, what string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s in the Hive Metastore: %w", what, err)
}

func isNoSuchObject(err error) bool {
	var e *hive_metastore.NoSuchObjectException
	return errors.As(err, &e)
}

func isAlreadyExists(err error) bool {
	var e *hive_metastore.AlreadyExistsException
	return errors.As(err, &e)
}

func isInvalidOperation(err error, contains string) bool {
	var e *hive_metastore.InvalidOperationException
	return errors.As(err, &e) && strings.Contains(e.Message, contains)
}
