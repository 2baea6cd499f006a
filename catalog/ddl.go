package catalog

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/catalog/clauses"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
	"github.com/paimon-sql/paimon-sql/core/write"
	"github.com/paimon-sql/paimon-sql/fluss"
)

var (
	_ sql.MutableDatabaseProvider = (*Provider)(nil)
	_ sql.TableCreator            = (*Database)(nil)
	_ sql.TableDropper            = (*Database)(nil)
)

// CreateDatabase implements sql.MutableDatabaseProvider: a "<name>.db"
// directory, as Java's filesystem catalog makes.
func (p *Provider) CreateDatabase(ctx *sql.Context, name string) error {
	if strings.EqualFold(name, SysDatabase) || reservedDatabase(name) {
		return fmt.Errorf("database name '%s' is reserved", name)
	}
	if err := warehouse.CheckDatabaseName(name); err != nil {
		return err
	}
	if p.HasDatabase(ctx, name) {
		return sql.ErrDatabaseExists.New(name)
	}
	if err := p.fs.MkdirAll(warehouse.DatabasePath(name)); err != nil {
		return err
	}
	// Object stores have no empty directories: remember the database until
	// its first table gives it files.
	p.mu.Lock()
	p.emptyDatabases[name] = true
	delete(p.droppedDatabases, name)
	p.mu.Unlock()
	return nil
}

// DropDatabase implements sql.MutableDatabaseProvider. A database that
// still has tables is refused: dropping it would delete their data.
func (p *Provider) DropDatabase(ctx *sql.Context, name string) error {
	db, err := p.Database(ctx, name)
	if err != nil {
		return err
	}
	if db.(*Database).sys {
		return fmt.Errorf("database '%s' is reserved", name)
	}
	tables, err := warehouse.Tables(ctx, p.fs, db.Name())
	if err != nil {
		return err
	}
	if len(tables) > 0 {
		return fmt.Errorf("database '%s' still has tables (%s): drop them first", db.Name(), strings.Join(tables, ", "))
	}
	p.mu.Lock()
	delete(p.emptyDatabases, db.Name())
	p.droppedDatabases[db.Name()] = true
	p.mu.Unlock()
	// What is left is no table (Java's dropDatabase deletes the directory
	// too): e.g. the directory of a table whose creation failed half-way.
	if err := p.fs.DeleteTree(ctx, warehouse.DatabasePath(db.Name())); err != nil {
		return err
	}
	return p.fs.RemoveEmptyDir(warehouse.DatabasePath(db.Name()))
}

// CreateTable implements sql.TableCreator: schema-0 written as Java's
// SchemaManager writes it, with the PARTITIONED BY and WITH clauses the
// parser carried in the comment.
func (d *Database) CreateTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, _ sql.CollationID, comment string) error {
	if d.sys {
		return fmt.Errorf("database sys holds procedures, not tables")
	}
	if err := warehouse.CheckTableName(name); err != nil {
		return err
	}
	user, cl, err := clauses.Decode(comment)
	if err != nil {
		return err
	}
	ns := schema.NewSchema{PartitionKeys: cl.PartitionKeys, Options: map[string]string{}}
	for _, kv := range cl.Options {
		ns.Options[kv[0]] = kv[1]
	}
	if user != "" {
		ns.Comment = &user
	}
	for _, col := range sch.Schema {
		f, err := dataField(col)
		if err != nil {
			return err
		}
		ns.Fields = append(ns.Fields, f)
	}
	for _, i := range sch.PkOrdinals {
		ns.PrimaryKeys = append(ns.PrimaryKeys, sch.Schema[i].Name)
	}
	if fluss.IsFlussLakeTable(ns.Options) {
		probe := &schema.TableSchema{Fields: ns.Fields, PrimaryKeys: ns.PrimaryKeys, PartitionKeys: ns.PartitionKeys, Options: ns.Options}
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
	_, err = schema.NewManager(d.p.fs, warehouse.TablePath(d.name, name)).Create(ctx, ns)
	if errors.Is(err, schema.ErrTableExists) {
		return sql.ErrTableAlreadyExists.New(name)
	}
	if err != nil {
		return err
	}
	d.p.mu.Lock()
	delete(d.p.emptyDatabases, d.name)
	delete(d.p.droppedDatabases, d.name)
	d.p.mu.Unlock()
	return nil
}

// dataField turns a column of CREATE or ALTER TABLE into a Paimon field,
// refusing what Paimon tables cannot keep.
func dataField(col *sql.Column) (types.DataField, error) {
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
	f := types.DataField{Name: col.Name, Type: dt}
	if col.Comment != "" {
		c := col.Comment
		f.Description = &c
	}
	return f, nil
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
	return d.p.fs.DeleteTree(ctx, warehouse.TablePath(d.name, found))
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
