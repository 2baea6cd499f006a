// Package catalog serves a Paimon warehouse to go-mysql-server: databases,
// tables, system tables and procedures over core.
package catalog

import (
	"context"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/procedures"
)

// SysDatabase is the database that holds the procedures (CALL sys.x).
const SysDatabase = "sys"

// Provider is the sql.DatabaseProvider of one warehouse.
type Provider struct {
	fs *fs.FS
	// ms registers the databases and tables: the warehouse's directories
	// (Java's filesystem catalog) or a JDBC catalog.
	ms metastore.Metastore
	// runtime is shared by every open of a table in this process.
	runtime *table.Runtime

	mu     sync.Mutex
	tables map[string]*table.Table // "db\x00name\x00branch" -> handle

	// emptyDatabases are databases created on an object store that have no
	// table (hence no file) yet; droppedDatabases were dropped while the
	// store may still list their empty directory (SeaweedFS keeps it).
	emptyDatabases   map[string]bool
	droppedDatabases map[string]bool

	// listed is the last listing of databaseNames and listedAt its time:
	// Database finds a known name there for DatabaseListTTL.
	listed   []string
	listedAt time.Time

	txns sessionTxns

	// statsCache holds the tableStats of the last snapshot asked, by table.
	statsCache sync.Map
	// columnCache holds the column statistics of the last snapshot asked
	// (*columnSummaries), by table, for join estimates.
	columnCache sync.Map

	procedures *sql.ExternalStoredProcedureRegistry
	env        *procedures.Env
	params     map[string][]string
}

var (
	_ sql.DatabaseProvider                = (*Provider)(nil)
	_ sql.ExternalStoredProcedureProvider = (*Provider)(nil)
)

// NewProvider serves the warehouse behind fsys as Java's filesystem catalog.
func NewProvider(ctx context.Context, fsys *fs.FS) (*Provider, error) {
	return NewProviderIn(ctx, fsys, metastore.NewFilesystem(fsys))
}

// NewProviderIn serves the tables that the catalog ms registers in the
// warehouse behind fsys.
func NewProviderIn(ctx context.Context, fsys *fs.FS, ms metastore.Metastore) (*Provider, error) {
	if _, err := ms.Databases(ctx); err != nil {
		return nil, err
	}
	reg := sql.NewExternalStoredProcedureRegistry()
	p := &Provider{fs: fsys, ms: ms, runtime: table.NewRuntime(), tables: map[string]*table.Table{}, emptyDatabases: map[string]bool{}, droppedDatabases: map[string]bool{},
		procedures: &reg, params: map[string][]string{}}
	p.env = &procedures.Env{FS: fsys, Metastore: ms, Runtime: p.runtime, Changed: func(db, table string) {
		p.forget(db, table)
		p.forgetStats(db, table)
	}}
	for _, proc := range procedures.All() {
		p.RegisterProcedure(proc.Details(p.env), proc.NamedParams())
	}
	return p, nil
}

// Runtime is the state the provider's opens of a table share in this
// process (commit queue and lock, maintenance schedule): the REST catalog
// of the same server opens tables with it too.
func (p *Provider) Runtime() *table.Runtime { return p.runtime }

// Close waits for the background maintenance that commits started
// (snapshot.expire.execution-mode = async), until ctx ends: the server's
// shutdown calls it once no statement runs any more.
func (p *Provider) Close(ctx context.Context) error {
	return p.runtime.Wait(ctx)
}

// SetAccessCheck lets procedures and the catalog-wide system tables check
// the user's privileges on the tables they read or change (the server
// passes its check, which compares names as this catalog finds them).
func (p *Provider) SetAccessCheck(allowed func(ctx *sql.Context, db, table string, privs ...sql.PrivilegeType) bool) {
	p.env.Allowed = allowed
}

// allowed tells whether the session's user holds privs on db.table; without
// a check (no user management) everything is allowed.
func (p *Provider) allowed(ctx *sql.Context, db, table string, privs ...sql.PrivilegeType) bool {
	return p.env.Allowed == nil || p.env.Allowed(ctx, db, table, privs...)
}

// forgetStats drops cached figures of a table whose metadata changed.
func (p *Provider) forgetStats(db, table string) {
	p.statsCache.Range(func(k, _ any) bool {
		if name := k.(string); name == db+"."+table || strings.HasPrefix(name, db+"."+table+"$") {
			p.statsCache.Delete(k)
		}
		return true
	})
	p.columnCache.Range(func(k, _ any) bool {
		if name := k.(string); name == db+"."+table || strings.HasPrefix(name, db+"."+table+"$") {
			p.columnCache.Delete(k)
		}
		return true
	})
}

// FS is the warehouse's file system.
func (p *Provider) FS() *fs.FS { return p.fs }

// DatabaseListTTL is how long Database trusts a listing of the warehouse
// for a name it holds as written. Every statement resolves its database (go-mysql-server
// asks several times), and listing the warehouse (a LIST request on an
// object store) was a large part of a key lookup. A name missing from the
// listing always lists again, so a database another process creates is seen
// at once; one another process drops is served until the listing expires
// (its tables are not found meanwhile). This process's own CREATE and DROP
// DATABASE are seen at once. The listing's age is judged by the runtime's
// clock (table.Runtime.Now), which a test moves instead of sleeping.
const DatabaseListTTL = time.Second

// Database implements sql.DatabaseProvider; names match case-insensitively.
func (p *Provider) Database(ctx *sql.Context, name string) (sql.Database, error) {
	if strings.EqualFold(name, SysDatabase) {
		return &Database{p: p, name: SysDatabase, sys: true}, nil
	}
	// Only the name as written is trusted from the last listing: a name
	// matching a listed one only in case may be a database created since
	// (Other beside other), which a fresh listing matches exactly.
	p.mu.Lock()
	known := p.runtime.Now().Sub(p.listedAt) < DatabaseListTTL && slices.Contains(p.listed, name)
	p.mu.Unlock()
	if known {
		return &Database{p: p, name: name}, nil
	}
	return p.freshDatabase(ctx, name)
}

// freshDatabase finds a database in a new listing of the warehouse.
func (p *Provider) freshDatabase(ctx *sql.Context, name string) (sql.Database, error) {
	if strings.EqualFold(name, SysDatabase) {
		return &Database{p: p, name: SysDatabase, sys: true}, nil
	}
	dbs, err := p.databaseNames(ctx)
	if err != nil {
		// A catalog database that cannot be reached (JDBC): a database of
		// the last listing is still served, so that the tables open here
		// stay readable, as Java's caching catalog keeps serving its
		// tables; what needs the catalog fails with its error.
		p.mu.Lock()
		known := slices.Contains(p.listed, name)
		p.mu.Unlock()
		if known {
			ctx.GetLogger().Warnf("database %s served from the last listing: %v", name, err)
			return &Database{p: p, name: name}, nil
		}
		return nil, err
	}
	if found, ok := matchName(dbs, name); ok {
		return &Database{p: p, name: found}, nil
	}
	return nil, sql.ErrDatabaseNotFound.New(name)
}

// isOpen tells whether this server has db.name open (cached).
func (p *Provider) isOpen(db, name string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.tables[db+"\x00"+name+"\x00"]
	return ok
}

// HasDatabase implements sql.DatabaseProvider.
func (p *Provider) HasDatabase(ctx *sql.Context, name string) bool {
	_, err := p.Database(ctx, name)
	return err == nil
}

// AllDatabases implements sql.DatabaseProvider.
func (p *Provider) AllDatabases(ctx *sql.Context) []sql.Database {
	dbs, err := p.databaseNames(ctx)
	if err != nil {
		ctx.GetLogger().Warnf("list databases: %v", err)
	}
	out := make([]sql.Database, 0, len(dbs)+1)
	for _, d := range dbs {
		if !strings.EqualFold(d, SysDatabase) && !reservedDatabase(d) {
			out = append(out, &Database{p: p, name: d})
		}
	}
	return append(out, &Database{p: p, name: SysDatabase, sys: true})
}

// databaseNames lists the warehouse's databases and the empty ones created
// on an object store, sorted.
func (p *Provider) databaseNames(ctx context.Context) ([]string, error) {
	dbs, err := p.ms.Databases(ctx)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	kept := dbs[:0]
	for _, d := range dbs {
		if !p.droppedDatabases[d] {
			kept = append(kept, d)
		}
	}
	dbs = kept
	for d := range p.emptyDatabases {
		if _, ok := matchName(dbs, d); !ok {
			dbs = append(dbs, d)
		}
	}
	sort.Strings(dbs)
	p.listed, p.listedAt = dbs, p.runtime.Now()
	p.mu.Unlock()
	return dbs, nil
}

// databasesChanged forgets the listing after this process created or
// dropped a database; p.mu is held.
func (p *Provider) databasesChanged() {
	p.listed, p.listedAt = nil, time.Time{}
}

// reservedDatabase tells names go-mysql-server serves itself.
func reservedDatabase(name string) bool {
	return strings.EqualFold(name, "information_schema") || strings.EqualFold(name, "mysql")
}

// table returns the cached handle of db.name on a branch, opening it once.
func (p *Provider) table(ctx context.Context, db, name, branch string) (*table.Table, error) {
	key := db + "\x00" + name + "\x00" + branch
	p.mu.Lock()
	t, ok := p.tables[key]
	p.mu.Unlock()
	if ok {
		return t, nil
	}
	t, err := p.runtime.OpenIn(ctx, p.fs, p.ms, db, name, branch)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.tables[key] = t
	p.mu.Unlock()
	return t, nil
}

// forget drops cached handles of db.name (after DROP TABLE or DROP DATABASE).
func (p *Provider) forget(db, name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k := range p.tables {
		parts := strings.SplitN(k, "\x00", 3)
		if parts[0] == db && (name == "" || parts[1] == name) {
			delete(p.tables, k)
		}
	}
}

// RegisterProcedure adds a CALL sys.<name> procedure with its parameter
// names (for Paimon's named arguments).
func (p *Provider) RegisterProcedure(details sql.ExternalStoredProcedureDetails, params []string) {
	details.Name = strings.ToLower(details.Name)
	p.procedures.Register(details)
	p.params[details.Name] = params
}

// ProcedureParams returns the parameter names of a procedure, in order.
func (p *Provider) ProcedureParams(name string) ([]string, bool) {
	params, ok := p.params[strings.ToLower(name)]
	return params, ok
}

// TableColumns implements sqlext.Tables.
func (p *Provider) TableColumns(ctx *sql.Context, db, name string) ([]string, bool) {
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	t, err := p.table(ctx, db, name, "")
	if err != nil {
		return nil, false
	}
	s, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, false
	}
	names := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i] = f.Name
	}
	return names, true
}

// TableLocation implements sqlext.Tables: the table's directory.
func (p *Provider) TableLocation(ctx *sql.Context, db, name string) (string, bool) {
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	t, err := p.table(ctx, db, name, "")
	if err != nil {
		return "", false
	}
	return p.fs.Location(t.Root), true
}

// ExternalStoredProcedure implements sql.ExternalStoredProcedureProvider.
func (p *Provider) ExternalStoredProcedure(_ *sql.Context, name string, numOfParams int) (*sql.ExternalStoredProcedureDetails, error) {
	return p.procedures.LookupByNameAndParamCount(name, numOfParams)
}

// ExternalStoredProcedures implements sql.ExternalStoredProcedureProvider.
func (p *Provider) ExternalStoredProcedures(_ *sql.Context, name string) ([]sql.ExternalStoredProcedureDetails, error) {
	return p.procedures.LookupByName(name)
}

// matchName finds name in names: exactly, else case-insensitively.
func matchName(names []string, name string) (string, bool) {
	for _, n := range names {
		if n == name {
			return n, true
		}
	}
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return n, true
		}
	}
	return "", false
}
