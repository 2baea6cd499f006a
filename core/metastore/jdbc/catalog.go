// Package jdbc is Paimon's JDBC catalog ('metastore' = 'jdbc'): databases,
// tables and their properties registered in tables of an SQLite, MySQL
// (MariaDB) or PostgreSQL database, with the distributed commit lock of
// Java's lock dialects. The rows are the ones Java's JdbcCatalog writes, so
// both share one catalog.
package jdbc

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
)

// Catalog is one catalog key's share of a JDBC catalog database.
type Catalog struct {
	db       *sql.DB
	protocol string
	key      string
	fs       *fs.FS
	// syncProperties is 'sync-all-properties': table options kept in
	// paimon_table_properties (Java's default).
	syncProperties bool
	lock           lockConfig
}

var _ metastore.Metastore = (*Catalog)(nil)

// lockConfig is the commit lock's settings (CatalogOptions).
type lockConfig struct {
	enabled        bool
	acquireTimeout time.Duration
	checkMaxSleep  time.Duration
}

// Open connects to the catalog database that opts describe, with Java's
// catalog option names ('uri', 'jdbc.user', 'jdbc.password',
// 'catalog-key', 'lock.enabled', ...), and creates the catalog's tables
// when missing, as Java's JdbcCatalog does. fsys is the warehouse; an
// option it does not know is refused.
func Open(ctx context.Context, fsys *fs.FS, opts map[string]string) (*Catalog, error) {
	c := &Catalog{fs: fsys, key: "jdbc", syncProperties: true,
		lock: lockConfig{enabled: isObjectStore(fsys), acquireTimeout: 8 * time.Minute, checkMaxSleep: 8 * time.Second}}
	keyMaxLength := 255
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := opts[k]
		var err error
		switch k {
		case "uri", "jdbc.user", "jdbc.password", "warehouse", "metastore":
		case "catalog-key":
			c.key = v
		case "sync-all-properties":
			c.syncProperties, err = strconv.ParseBool(v)
		case "lock.enabled":
			c.lock.enabled, err = strconv.ParseBool(v)
		case "lock.type":
			if v != "jdbc" {
				err = errors.New("only the JDBC catalog's own lock (jdbc) is supported")
			}
		case "lock-acquire-timeout":
			c.lock.acquireTimeout, err = options.ParseDuration(v)
		case "lock-check-max-sleep":
			c.lock.checkMaxSleep, err = options.ParseDuration(v)
		case "lock-key-max-length":
			keyMaxLength, err = strconv.Atoi(v)
			if err == nil && keyMaxLength < 1 {
				err = errors.New("must be positive")
			}
		case "client-pool-size":
			var n int
			if n, err = strconv.Atoi(v); err == nil && n < 1 {
				err = errors.New("must be positive")
			}
		default:
			err = errors.New("not an option of the JDBC catalog that paimon-sql supports")
		}
		if err != nil {
			return nil, fmt.Errorf("catalog option '%s' = '%s': %w", k, v, err)
		}
	}
	if opts["metastore"] != "" && opts["metastore"] != "jdbc" {
		return nil, fmt.Errorf("catalog option 'metastore' = '%s': this is the jdbc catalog", opts["metastore"])
	}
	if opts["uri"] == "" {
		return nil, errors.New("the JDBC catalog needs its 'uri' (jdbc:sqlite:/path, jdbc:mysql://host:port/db, jdbc:postgresql://host:port/db)")
	}
	conn, err := parseURI(opts["uri"], opts["jdbc.user"], opts["jdbc.password"])
	if err != nil {
		return nil, err
	}
	if c.lock.enabled && conn.protocol == "mariadb" {
		// Java's DistributedLockDialectFactory has no MariaDB dialect.
		return nil, errors.New("lock.enabled with a jdbc:mariadb: uri: Java has no lock dialect for it; use a jdbc:mysql: uri")
	}
	c.protocol = conn.protocol
	if c.db, err = sql.Open(conn.driver, conn.dsn); err != nil {
		return nil, err
	}
	if n, err := strconv.Atoi(opts["client-pool-size"]); err == nil {
		c.db.SetMaxOpenConns(n)
	}
	stmts := []string{createTablesTable, createDatabasePropertiesTable, createTablePropertiesTable}
	if c.lock.enabled {
		stmts = append(stmts, fmt.Sprintf(createLocksTable, keyMaxLength))
	}
	for _, s := range stmts {
		if _, err := c.db.ExecContext(ctx, s); err != nil {
			_ = c.db.Close()
			return nil, fmt.Errorf("JDBC catalog %s: initialise its tables: %w", redact(opts["uri"]), err)
		}
	}
	return c, nil
}

// Close closes the connections.
func (c *Catalog) Close() error { return c.db.Close() }

// isObjectStore is Java's FileIO.isObjectStore, the default of
// 'lock.enabled': a warehouse that is not a local file system.
func isObjectStore(fsys *fs.FS) bool {
	u := fsys.URL()
	return !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "mem:")
}

// redact keeps a URI's scheme and host for messages.
func redact(uri string) string {
	if i := strings.Index(uri, "?"); i >= 0 {
		return uri[:i]
	}
	return uri
}

func (c *Catalog) exec(ctx context.Context, q string, args ...any) (int64, error) {
	res, err := c.db.ExecContext(ctx, rebind(c.protocol, q), args...)
	if err != nil {
		return 0, fmt.Errorf("JDBC catalog: %w", err)
	}
	return res.RowsAffected()
}

// strings runs a query of one text column.
func (c *Catalog) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := c.db.QueryContext(ctx, rebind(c.protocol, q), args...)
	if err != nil {
		return nil, fmt.Errorf("JDBC catalog: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Databases implements metastore.Metastore: the databases that have tables
// or properties (Java's listDatabases), sorted.
func (c *Catalog) Databases(ctx context.Context) ([]string, error) {
	a, err := c.strings(ctx, listTableDatabases, c.key)
	if err != nil {
		return nil, err
	}
	b, err := c.strings(ctx, listPropertyDatabases, c.key)
	if err != nil {
		return nil, err
	}
	out := append(a, b...)
	slices.Sort(out)
	return slices.Compact(out), nil
}

// DatabaseExists implements metastore.Metastore.
func (c *Catalog) DatabaseExists(ctx context.Context, db string) (bool, error) {
	for _, q := range []string{getTableDatabase, getPropertyDatabase} {
		found, err := c.strings(ctx, q, c.key, db)
		if err != nil || len(found) > 0 {
			return len(found) > 0, err
		}
	}
	return false, nil
}

// CreateDatabase implements metastore.Metastore: Java's property rows,
// "exists" = "true" and the "location" of the database directory, with
// props, in one transaction.
func (c *Catalog) CreateDatabase(ctx context.Context, db string, props map[string]string) error {
	all := map[string]string{"exists": "true"}
	maps.Copy(all, props)
	if _, ok := all["location"]; !ok {
		all["location"] = javaPath(c.fs.Location(warehouse.DatabasePath(db)))
	}
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("JDBC catalog: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	for _, k := range slices.Sorted(maps.Keys(all)) {
		if _, err := tx.ExecContext(ctx, rebind(c.protocol, insertDatabaseProp), c.key, db, k, all[k]); err != nil {
			return fmt.Errorf("JDBC catalog: create database %s: %w", db, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("JDBC catalog: create database %s: %w", db, err)
	}
	return nil
}

// javaPath is a location as Java's Path prints it: "file:/dir" for local
// files (java.net.URI drops the empty authority).
func javaPath(loc string) string {
	if rest, ok := strings.CutPrefix(loc, "file://"); ok {
		return "file:" + rest
	}
	return loc
}

// DropDatabase implements metastore.Metastore: the database's rows (Java's
// dropDatabaseImpl leaves its directory).
func (c *Catalog) DropDatabase(ctx context.Context, db string) error {
	stmts := []string{deleteDatabaseTables, deleteDatabaseProps}
	if c.syncProperties {
		stmts = append(stmts, deleteDatabaseTblProp)
	}
	for _, q := range stmts {
		if _, err := c.exec(ctx, q, c.key, db); err != nil {
			return err
		}
	}
	return nil
}

// Tables implements metastore.Metastore, sorted.
func (c *Catalog) Tables(ctx context.Context, db string) ([]string, error) {
	out, err := c.strings(ctx, listTables, c.key, db)
	slices.Sort(out)
	return out, err
}

// TableLocation implements metastore.Metastore. Java's JdbcCatalog keeps
// every table in "<warehouse>/<db>.db/<table>" (AbstractCatalog's
// getTableLocation): the row says only that it exists.
func (c *Catalog) TableLocation(ctx context.Context, db, table string) (string, error) {
	found, err := c.strings(ctx, getTable, c.key, db, table)
	if err != nil {
		return "", err
	}
	if len(found) == 0 {
		return "", fmt.Errorf("%s.%s: %w", db, table, metastore.ErrTableNotFound)
	}
	return warehouse.TablePath(db, table), nil
}

// NewTableRoot implements metastore.Metastore: "<db>.db/<table>", the only
// place Java's JdbcCatalog looks.
func (c *Catalog) NewTableRoot(_ context.Context, db, table string) (string, error) {
	return warehouse.TablePath(db, table), nil
}

// CreateTable implements metastore.Metastore: the paimon_tables row and,
// with sync-all-properties, the table's properties (Java's createTableImpl).
func (c *Catalog) CreateTable(ctx context.Context, db, table, location string, s *spec.TableSchema) error {
	if location != warehouse.TablePath(db, table) {
		return fmt.Errorf("create %s.%s: the JDBC catalog keeps tables in %s, not %s", db, table, warehouse.TablePath(db, table), location)
	}
	if _, err := c.exec(ctx, insertTable, c.key, db, table); err != nil {
		return fmt.Errorf("create %s.%s: %w", db, table, err)
	}
	if !c.syncProperties {
		return nil
	}
	return c.insertTableProperties(ctx, db, table, s)
}

// tableProperties is Java's collectTableProperties: the options, and the
// primary, partition and bucket keys joined by ','.
func tableProperties(s *spec.TableSchema) map[string]string {
	props := maps.Clone(s.Options)
	if props == nil {
		props = map[string]string{}
	}
	if len(s.PrimaryKeys) > 0 {
		props["primary-key"] = strings.Join(s.PrimaryKeys, ",")
	}
	if len(s.PartitionKeys) > 0 {
		props["partition"] = strings.Join(s.PartitionKeys, ",")
	}
	if keys := s.BucketKeys(); len(keys) > 0 {
		props[options.BucketKey.Key] = strings.Join(keys, ",")
	}
	return props
}

func (c *Catalog) insertTableProperties(ctx context.Context, db, table string, s *spec.TableSchema) error {
	props := tableProperties(s)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if _, err := c.exec(ctx, insertTableProp, c.key, db, table, k, props[k]); err != nil {
			return fmt.Errorf("%s.%s: table properties: %w", db, table, err)
		}
	}
	return nil
}

// AlterTable implements metastore.Metastore: with sync-all-properties the
// table's properties are written anew (Java's alterTableImpl).
func (c *Catalog) AlterTable(ctx context.Context, db, table string, s *spec.TableSchema) error {
	if !c.syncProperties {
		return nil
	}
	if _, err := c.exec(ctx, deleteTableProps, c.key, db, table); err != nil {
		return err
	}
	return c.insertTableProperties(ctx, db, table, s)
}

// RenameTable implements metastore.Metastore as Java's renameTableImpl: the
// paimon_tables row and the table's properties move to the new name, and
// the directory "<db>.db/<from>", when it holds a schema, is renamed to
// "<db>.db/<to>", where Java's JdbcCatalog looks for the table. Unlike
// Java, the rows change in a transaction committed only after the
// directory moved, and a directory rename the store cannot do in one step
// (an object store's copy) is refused, so that a failure leaves the table
// as it was rather than a row without its files.
func (c *Catalog) RenameTable(ctx context.Context, db, from, to string) error {
	taken, err := c.strings(ctx, getTable, c.key, db, to)
	if err != nil {
		return err
	}
	if len(taken) > 0 {
		return fmt.Errorf("%w: table %s.%s", metastore.ErrAlreadyExists, db, to)
	}
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("JDBC catalog: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	res, err := tx.ExecContext(ctx, rebind(c.protocol, renameTable), db, to, c.key, db, from)
	if err != nil {
		return fmt.Errorf("JDBC catalog: rename %s.%s to %s: %w", db, from, to, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("%s.%s: %w", db, from, metastore.ErrTableNotFound)
	}
	if c.syncProperties {
		if _, err := tx.ExecContext(ctx, rebind(c.protocol, renameTableProps), db, to, c.key, db, from); err != nil {
			return fmt.Errorf("JDBC catalog: rename the properties of %s.%s: %w", db, from, err)
		}
	}
	fromPath, toPath := warehouse.TablePath(db, from), warehouse.TablePath(db, to)
	ids, err := schema.NewManager(c.fs, fromPath).IDs(ctx)
	if err != nil && !fs.IsNotExist(err) {
		return fmt.Errorf("rename %s.%s: %w", db, from, err)
	}
	moved := len(ids) > 0
	if moved {
		if err := c.fs.RenameDir(fromPath, toPath); err != nil {
			return fmt.Errorf("rename %s.%s to %s: %w", db, from, to, err)
		}
	}
	if err := tx.Commit(); err != nil {
		if moved {
			if back := c.fs.RenameDir(toPath, fromPath); back != nil {
				return fmt.Errorf("JDBC catalog: rename %s.%s to %s: %w (and its directory, already at %s, could not be moved back: %v)", db, from, to, err, toPath, back)
			}
		}
		return fmt.Errorf("JDBC catalog: rename %s.%s to %s: %w", db, from, to, err)
	}
	return nil
}

// DropTable implements metastore.Metastore: the row and properties, then
// the table's directory (Java's dropTableImpl). A table whose row is
// already gone keeps its files: it may be another table's now.
func (c *Catalog) DropTable(ctx context.Context, db, table string) error {
	n, err := c.exec(ctx, dropTable, c.key, db, table)
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("%s.%s: %w", db, table, metastore.ErrTableNotFound)
	}
	if c.syncProperties {
		if _, err := c.exec(ctx, deleteTableProps, c.key, db, table); err != nil {
			return err
		}
	}
	return c.fs.DeleteTree(ctx, warehouse.TablePath(db, table))
}
