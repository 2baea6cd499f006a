package catalog

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
	"github.com/paimon-sql/paimon-sql/core/write"
	"github.com/paimon-sql/paimon-sql/fluss"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

var (
	_ sql.MutableDatabaseProvider = (*Provider)(nil)
	_ sql.TableCreator            = (*Database)(nil)
	_ sql.TableDropper            = (*Database)(nil)
	_ sql.TableRenamer            = (*Database)(nil)
)

// CreateDatabase implements sql.MutableDatabaseProvider: a "<name>.db"
// directory, as Java's filesystem catalog makes, or the catalog's record.
func (p *Provider) CreateDatabase(ctx *sql.Context, name string) error {
	if strings.EqualFold(name, SysDatabase) || reservedDatabase(name) {
		return fmt.Errorf("database name '%s' is reserved", name)
	}
	if err := warehouse.CheckDatabaseName(name); err != nil {
		return err
	}
	if _, err := p.freshDatabase(ctx, name); err == nil {
		return sql.ErrDatabaseExists.New(name)
	}
	if err := p.ms.CreateDatabase(ctx, name, nil); err != nil {
		return err
	}
	// Object stores have no empty directories: remember the database until
	// its first table gives it files.
	p.mu.Lock()
	p.emptyDatabases[name] = true
	delete(p.droppedDatabases, name)
	p.databasesChanged()
	p.mu.Unlock()
	return nil
}

// DropDatabase implements sql.MutableDatabaseProvider. A database that
// still has tables is refused: dropping it would delete their data.
func (p *Provider) DropDatabase(ctx *sql.Context, name string) error {
	db, err := p.freshDatabase(ctx, name)
	if err != nil {
		return err
	}
	if db.(*Database).sys {
		return fmt.Errorf("database '%s' is reserved", name)
	}
	tables, err := p.ms.Tables(ctx, db.Name())
	if err != nil {
		return err
	}
	if len(tables) > 0 {
		return fmt.Errorf("database '%s' still has tables (%s): drop them first", db.Name(), strings.Join(tables, ", "))
	}
	p.mu.Lock()
	delete(p.emptyDatabases, db.Name())
	p.droppedDatabases[db.Name()] = true
	p.databasesChanged()
	p.mu.Unlock()
	return p.ms.DropDatabase(ctx, db.Name())
}

// CreateTable implements sql.TableCreator: schema-0 written as Java's
// SchemaManager writes it, with the PARTITIONED BY and WITH clauses the
// parser read (sqlext.StatementOf).
func (d *Database) CreateTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, _ sql.CollationID, comment string) error {
	if d.sys {
		return fmt.Errorf("database sys holds procedures, not tables")
	}
	if err := warehouse.CheckTableName(name); err != nil {
		return err
	}
	ns := schema.NewSchema{Options: map[string]string{}}
	cl := sqlext.StatementOf(ctx).Create
	if cl == nil {
		cl = &sqlext.CreateClauses{}
	}
	if cl.Like != "" {
		// As Flink's LIKE (and MySQL's): the source's partitioning, options
		// and comment come along, the statement's options win.
		src, err := d.likeSource(ctx, cl.Like)
		if err != nil {
			return err
		}
		if !cl.LikeWithoutPartitions {
			ns.PartitionKeys = src.PartitionKeys
		}
		// The parser told GMS of a placeholder column (sqlext); the
		// columns and the primary key are the source's.
		ns.Fields, ns.PrimaryKeys = append([]types.DataField(nil), src.Fields...), src.PrimaryKeys
		sch = sql.PrimaryKeySchema{}
		if !cl.LikeWithoutOptions {
			maps.Copy(ns.Options, src.Options)
		}
		if comment == "" && src.Comment != nil {
			comment = *src.Comment
		}
	}
	if len(cl.PartitionKeys) > 0 {
		ns.PartitionKeys = cl.PartitionKeys
	}
	for _, kv := range cl.Options {
		ns.Options[kv[0]] = kv[1]
	}
	if comment != "" {
		ns.Comment = &comment
	}
	dialect := sqlext.DDLDialect(ctx)
	if cl.Flink {
		dialect = sqlext.DialectFlink
	}
	for _, col := range sch.Schema {
		if strings.EqualFold(col.Name, sqlext.LikePlaceholderColumn) {
			// The statement's LIKE did not reach us: a server-side
			// prepared CREATE TABLE ... LIKE runs without the parser.
			return fmt.Errorf("CREATE TABLE ... LIKE cannot run as a server-side prepared statement: send it as a text query")
		}
		f, err := dataField(ctx, col, dialect)
		if err != nil {
			return err
		}
		if written, ok := cl.ColumnTypes[strings.ToLower(col.Name)]; ok {
			// The Flink or Spark type the user wrote (sqlext/flinktypes.go).
			if f.Type, err = types.ParseAtomic(written); err != nil {
				return fmt.Errorf("column '%s': %w", col.Name, err)
			}
			f.Type.Nullable = col.Nullable
		}
		ns.Fields = append(ns.Fields, f)
	}
	for _, i := range sch.PkOrdinals {
		ns.PrimaryKeys = append(ns.PrimaryKeys, sch.Schema[i].Name)
	}
	if fluss.IsFlussLakeTable(ns.Options) {
		probe := &spec.TableSchema{Fields: ns.Fields, PrimaryKeys: ns.PrimaryKeys, PartitionKeys: ns.PartitionKeys, Options: ns.Options}
		if _, err := fluss.Of(probe); err != nil {
			return fmt.Errorf("create %s.%s: %w", d.name, name, err)
		}
	}
	if err := write.CheckWritableOptions(ns.Options); err != nil {
		return fmt.Errorf("create %s.%s: %w", d.name, name, err)
	}
	if err := write.CheckLocationOptions(ns.Options); err != nil {
		return fmt.Errorf("create %s.%s: %w", d.name, name, err)
	}
	if err := options.CheckRead(ns.Options); err != nil {
		return fmt.Errorf("create %s.%s: %w", d.name, name, err)
	}
	if existing, _ := d.GetTableNames(ctx); containsFold(existing, name) {
		return sql.ErrTableAlreadyExists.New(name)
	}
	location, err := d.p.ms.NewTableRoot(ctx, d.name, name)
	if err != nil {
		return err
	}
	// As Java's createTableImpl, the schema is written under the lock.
	unlock, err := d.p.ms.Lock(ctx, d.name, name)
	if err != nil {
		return fmt.Errorf("create %s.%s: commit lock: %w", d.name, name, err)
	}
	created, err := schema.NewManager(d.p.fs, location).Create(ctx, ns)
	_ = unlock()
	if errors.Is(err, schema.ErrTableExists) {
		return sql.ErrTableAlreadyExists.New(name)
	}
	if err != nil {
		return err
	}
	if err := d.p.ms.CreateTable(ctx, d.name, name, location, created); err != nil {
		// As Java's createTableImpl: a table the catalog could not record
		// leaves no directory behind (it holds only the schema written
		// above).
		if derr := d.p.fs.DeleteTree(context.WithoutCancel(ctx), location); derr != nil {
			err = fmt.Errorf("%w (and its directory %s was left: %v)", err, location, derr)
		}
		return err
	}
	d.p.mu.Lock()
	delete(d.p.emptyDatabases, d.name)
	delete(d.p.droppedDatabases, d.name)
	d.p.databasesChanged()
	d.p.mu.Unlock()
	return nil
}

// dataField turns a column of CREATE or ALTER TABLE, written in the DDL
// dialect (sqlext.DDLDialect), into a Paimon field, refusing what Paimon
// tables cannot keep.
func dataField(ctx *sql.Context, col *sql.Column, dialect string) (types.DataField, error) {
	switch {
	case col.AutoIncrement:
		return types.DataField{}, fmt.Errorf("column '%s': Paimon tables have no AUTO_INCREMENT", col.Name)
	case col.Default != nil || col.Generated != nil:
		return types.DataField{}, fmt.Errorf("column '%s': DEFAULT and generated columns are not supported", col.Name)
	}
	dt, err := PaimonType(col.Type, col.Nullable)
	if err != nil {
		return types.DataField{}, fmt.Errorf("column '%s': %w", col.Name, err)
	}
	if col.Type.Type() == sqltypes.Timestamp && dialect != sqlext.DialectMySQL {
		// Flink's TIMESTAMP(p) is a timestamp without time zone (its
		// TIMESTAMP_LTZ(p) reaches here as the Paimon type written), and
		// Flink's and Spark's bare TIMESTAMP has precision 6.
		if dialect == sqlext.DialectFlink {
			dt.Kind = types.Timestamp
		}
		if slices.Contains(sqlext.StatementOf(ctx).BareTimestamps, strings.ToLower(col.Name)) {
			dt.Precision = 6
		}
	}
	f := types.DataField{Name: col.Name, Type: dt}
	if col.Comment != "" {
		c := col.Comment
		f.Description = &c
	}
	return f, nil
}

// likeSource reads the schema of the table CREATE TABLE ... LIKE names
// (db.table or table, possibly quoted).
func (d *Database) likeSource(ctx *sql.Context, name string) (*spec.TableSchema, error) {
	db, tbl := d.name, name
	if i := strings.LastIndex(name, "."); i >= 0 {
		db, tbl = name[:i], name[i+1:]
	}
	db, tbl = strings.Trim(strings.TrimSpace(db), "`"), strings.Trim(strings.TrimSpace(tbl), "`")
	if !d.p.allowed(ctx, db, tbl, sql.PrivilegeType_Select) {
		return nil, sql.ErrTableAccessDeniedForUser.New(ctx.Client().User, tbl)
	}
	t, err := d.p.table(ctx, db, tbl, "")
	if err != nil {
		return nil, fmt.Errorf("CREATE TABLE ... LIKE %s: %w", name, err)
	}
	return t.LatestSchema(ctx)
}

// DropTable implements sql.TableDropper: the table directory goes, as in
// Java's filesystem catalog, with its data, snapshots, tags and branches.
func (d *Database) DropTable(ctx *sql.Context, name string) error {
	names, err := d.GetTableNames(ctx)
	if err != nil {
		return err
	}
	found, ok := matchName(names, name)
	if !ok {
		return sql.ErrTableNotFound.New(name)
	}
	d.p.forget(d.name, found)
	return d.p.ms.DropTable(ctx, d.name, found)
}

// RenameTable implements sql.TableRenamer (RENAME TABLE, ALTER TABLE ...
// RENAME TO) through the catalog, as Java's renameTable: the JDBC catalog
// moves its rows and the table's directory, the Hive Metastore renames its
// record, and the filesystem catalog refuses. The table's commit lock is
// held meanwhile, so that no commit of a writer that takes it (Java's with
// 'lock.enabled', ours) is cut in two by a moving directory.
func (d *Database) RenameTable(ctx *sql.Context, oldName, newName string) error {
	if d.sys {
		return fmt.Errorf("database sys holds procedures, not tables")
	}
	if err := warehouse.CheckTableName(newName); err != nil {
		return err
	}
	names, err := d.GetTableNames(ctx)
	if err != nil {
		return err
	}
	found, ok := matchName(names, oldName)
	if !ok {
		return sql.ErrTableNotFound.New(oldName)
	}
	if containsFold(names, newName) {
		return sql.ErrTableAlreadyExists.New(newName)
	}
	unlock, err := d.p.ms.Lock(ctx, d.name, found)
	if err != nil {
		return fmt.Errorf("rename %s.%s: commit lock: %w", d.name, found, err)
	}
	defer func() { _ = unlock() }()
	d.p.forget(d.name, found)
	d.p.forgetStats(d.name, found)
	if err := d.p.ms.RenameTable(ctx, d.name, found, newName); err != nil {
		if errors.Is(err, metastore.ErrAlreadyExists) {
			return sql.ErrTableAlreadyExists.New(newName)
		}
		return err
	}
	d.p.forget(d.name, newName)
	return nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
