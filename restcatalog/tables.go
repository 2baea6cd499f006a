package restcatalog

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/warehouse"
	"github.com/paimon-sql/paimon-sql/core/write"
)

// branchSeparator splits Java's object name "table$branch_name" (Java's
// Identifier).
const branchSeparator = "$branch_"

// objectName splits an object name into table and branch ("" for main).
// System tables ("t$snapshots") are not served: Java's client reads them
// from the data table it loads.
func objectName(object string) (name, branch string, err error) {
	name, rest, found := strings.Cut(object, "$")
	if !found {
		return name, "", nil
	}
	if b, ok := strings.CutPrefix("$"+rest, branchSeparator); ok && b != "" && !strings.Contains(b, "$") {
		return name, b, nil
	}
	return "", "", notImplemented("system table %s is not served: load table %s and read its system table", object, name)
}

// openTable opens db.object after checking that the caller holds one of
// privs on it (any of them): 403 before any existence is told, 404 when it
// does not exist.
func (h *Handler) openTable(c *call, db, object string, privs ...Privilege) (*table.Table, error) {
	name, branch, err := objectName(object)
	if err != nil {
		return nil, err
	}
	// Names come from the URL: nothing outside a table directory is
	// touched through them.
	if err := warehouse.CheckDatabaseName(db); err != nil {
		return nil, badRequest("%v", err)
	}
	if err := warehouse.CheckTableName(name); err != nil {
		return nil, badRequest("%v", err)
	}
	var denied error
	for _, p := range privs {
		if denied = h.require(c, p, db, name); denied == nil {
			break
		}
	}
	if denied != nil {
		return nil, denied
	}
	t, err := h.runtime.Open(c.ctx, h.fs, db, name, branch)
	if errors.Is(err, schema.ErrTableNotFound) {
		if branch != "" {
			if _, err := h.runtime.Open(c.ctx, h.fs, db, name, ""); err == nil {
				return nil, notFound("BRANCH", branch)
			}
		}
		return nil, notFound(resourceTable, db+"."+object)
	}
	return t, err
}

// tableID identifies a table beyond its name: a table dropped and created
// again under the same name gets another id, so that a commit prepared on
// the old one is refused (Java's client sends it with the commit).
func tableID(ctx context.Context, t *table.Table) (string, error) {
	ids, err := t.Schemas.IDs(ctx)
	if err != nil {
		return "", err
	}
	if len(ids) == 0 {
		return "", schema.ErrTableNotFound
	}
	data, err := t.FS.ReadFile(ctx, t.Schemas.Path(ids[0]))
	if err != nil {
		return "", err
	}
	hash := fnv.New64a()
	_, _ = hash.Write(data)
	return fmt.Sprintf("%s.%s-%016x", t.Database, t.Name, hash.Sum64()), nil
}

func (h *Handler) tableResponse(ctx context.Context, t *table.Table, object string) (getTableResponse, error) {
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return getTableResponse{}, err
	}
	id, err := tableID(ctx, t)
	if err != nil {
		return getTableResponse{}, err
	}
	opts := make(map[string]string, len(sch.Options))
	for k, v := range sch.Options {
		opts[k] = v
	}
	return getTableResponse{
		ID: id, Database: t.Database, Name: object, Path: h.fs.Location(t.Root), SchemaID: sch.ID,
		Schema: schemaJSON{
			Fields: sch.Fields, PartitionKeys: nonNil(sch.PartitionKeys), PrimaryKeys: nonNil(sch.PrimaryKeys),
			Options: opts, Comment: sch.Comment,
		},
		audit: audit{CreatedAt: sch.TimeMillis, UpdatedAt: sch.TimeMillis},
	}, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// visibleTables lists the tables of db the caller may see.
func (h *Handler) visibleTables(c *call, db string) ([]string, error) {
	if err := h.database(c, db); err != nil {
		return nil, err
	}
	if tt := c.r.URL.Query().Get("tableType"); tt != "" && !strings.EqualFold(tt, "table") {
		return nil, notImplemented("tableType %q: this catalog lists Paimon tables only", tt)
	}
	names, err := warehouse.Tables(c.ctx, h.fs, db)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range names {
		if h.visible(c, db, t) {
			out = append(out, t)
		}
	}
	return out, nil
}

func (h *Handler) listTables(c *call, db string) error {
	names, err := h.visibleTables(c, db)
	if err != nil {
		return err
	}
	page, next, err := paged(c, names, "tableNamePattern")
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, listTablesResponse{Tables: page, NextPageToken: next})
	return nil
}

// listTableDetails lists the tables the caller may load (SELECT or
// INSERT), with their metadata.
func (h *Handler) listTableDetails(c *call, db string) error {
	names, err := h.visibleTables(c, db)
	if err != nil {
		return err
	}
	page, next, err := paged(c, names, "tableNamePattern")
	if err != nil {
		return err
	}
	details := []getTableResponse{}
	for _, name := range page {
		t, err := h.openTable(c, db, name, loadPrivileges...)
		var ae *apiError
		if errors.As(err, &ae) && (ae.code == http.StatusForbidden || ae.code == http.StatusNotFound) {
			continue // not loadable by the caller, or dropped meanwhile
		}
		if err != nil {
			return err
		}
		resp, err := h.tableResponse(c.ctx, t, name)
		if err != nil {
			return err
		}
		details = append(details, resp)
	}
	writeJSON(c.w, http.StatusOK, listTableDetailsResponse{TableDetails: details, NextPageToken: next})
	return nil
}

// loadPrivileges are those that let a caller load a table: to read it, or
// to write it (a writer reads the schema and the latest snapshot).
var loadPrivileges = []Privilege{PrivSelect, PrivInsert}

func (h *Handler) getTable(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, loadPrivileges...)
	if err != nil {
		return err
	}
	resp, err := h.tableResponse(c.ctx, t, object)
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, resp)
	return nil
}

func (h *Handler) createTable(c *call, db string) error {
	var req createTableRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	name := req.Identifier.Object
	if req.Identifier.Database != "" && req.Identifier.Database != db {
		return badRequest("the identifier names database %s, the path %s", req.Identifier.Database, db)
	}
	if err := h.require(c, PrivCreate, db, name); err != nil {
		return err
	}
	if strings.Contains(name, "$") {
		return badRequest("table name '%s': '$' separates system tables and branches", name)
	}
	if err := warehouse.CheckTableName(name); err != nil {
		return badRequest("%v", err)
	}
	exists, err := h.databaseExists(c, db)
	if err != nil {
		return err
	}
	if !exists {
		return notFound(resourceDatabase, db)
	}
	s := req.Schema
	if _, ok := s.Options["path"]; ok {
		return notImplemented("external tables (option 'path') are not supported: tables live in the warehouse")
	}
	if t := s.Options["type"]; t != "" && !strings.EqualFold(t, "table") {
		return notImplemented("table type '%s' is not supported: this catalog creates Paimon tables only", t)
	}
	if err := write.CheckLocationOptions(s.Options); err != nil {
		return badRequest("create %s.%s: %v", db, name, err)
	}
	if names, err := warehouse.Tables(c.ctx, h.fs, db); err == nil && containsFold(names, name) {
		return alreadyExists(resourceTable, db+"."+name)
	}
	opts := s.Options
	if opts == nil {
		opts = map[string]string{}
	}
	_, err = schema.NewManager(h.fs, warehouse.TablePath(db, name)).Create(c.ctx, schema.NewSchema{
		Fields: s.Fields, PartitionKeys: s.PartitionKeys, PrimaryKeys: s.PrimaryKeys, Options: opts, Comment: s.Comment,
	})
	if errors.Is(err, schema.ErrTableExists) {
		return alreadyExists(resourceTable, db+"."+name)
	}
	if err != nil {
		return badRequest("create %s.%s: %v", db, name, err)
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
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

// dropTable drops the table directory with its data, snapshots, tags and
// branches, as DROP TABLE does on the MySQL side. A branch is dropped
// through the branch API, not here.
func (h *Handler) dropTable(c *call, db, object string) error {
	if strings.Contains(object, "$") {
		return badRequest("%s is not a table: drop branches through the branch API", object)
	}
	t, err := h.openTable(c, db, object, PrivDrop)
	if err != nil {
		return err
	}
	if err := h.fs.DeleteTree(c.ctx, t.Root); err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

type renameRequest struct {
	Source      identifierJSON `json:"source"`
	Destination identifierJSON `json:"destination"`
}

// renameTable renames a table as Java's RESTCatalogServer does through
// its FileSystemCatalog (renameTableImpl: the table's directory renamed in
// one step), into the same or another database, authorised as RENAME
// TABLE (ALTER and DROP on the old name, CREATE and INSERT on the new).
// This process's commit lock of the table is held meanwhile, so that no
// commit made here (SQL or REST) is cut in two by the moving directory:
// one that waited finds its base gone and fails, acknowledging nothing.
// A Java or Flink job that has the table open keeps its old path: stop
// the table's writers first, as with Java. Object stores have no
// directory rename (they copy file by file, which a writer beside it
// could cut in two): there the rename is refused, as by SQL RENAME, and
// so it is when the server serves another catalog than the filesystem's
// (Config.Metastore), whose record would keep the old place.
func (h *Handler) renameTable(c *call) error {
	var req renameRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	from, to := req.Source, req.Destination
	if strings.Contains(from.Object, "$") || strings.Contains(to.Object, "$") {
		return badRequest("rename %s.%s to %s.%s: branches and system tables are not renamed", from.Database, from.Object, to.Database, to.Object)
	}
	if err := warehouse.CheckDatabaseName(to.Database); err != nil {
		return badRequest("%v", err)
	}
	if err := warehouse.CheckTableName(to.Object); err != nil {
		return badRequest("%v", err)
	}
	t, err := h.openTable(c, from.Database, from.Object, PrivAlter)
	if err != nil {
		return err
	}
	for _, need := range []struct {
		p         Privilege
		db, table string
	}{{PrivDrop, from.Database, from.Object}, {PrivCreate, to.Database, to.Object}, {PrivInsert, to.Database, to.Object}} {
		if err := h.require(c, need.p, need.db, need.table); err != nil {
			return err
		}
	}
	exists, err := h.databaseExists(c, to.Database)
	if err != nil {
		return err
	}
	if !exists {
		return notFound(resourceDatabase, to.Database)
	}
	// A name that differs in case only is the same table to MySQL clients.
	taken := func() error {
		names, err := warehouse.Tables(c.ctx, h.fs, to.Database)
		if err != nil {
			return err
		}
		if containsFold(names, to.Object) {
			return alreadyExists(resourceTable, to.Database+"."+to.Object)
		}
		return nil
	}
	if err := taken(); err != nil {
		return err
	}
	if h.renameRefusal != "" {
		return notImplemented("rename %s.%s to %s.%s: %s; nothing was changed", from.Database, from.Object, to.Database, to.Object, h.renameRefusal)
	}
	release := commit.HoldTable(t)
	defer release()
	// Checked again under the lock: a creation or rename may have raced.
	if err := taken(); err != nil {
		return err
	}
	err = h.fs.RenameDir(t.Root, warehouse.TablePath(to.Database, to.Object))
	switch {
	case errors.Is(err, fs.ErrNoDirectoryRename):
		return notImplemented("rename %s.%s to %s.%s: %v; nothing was changed", from.Database, from.Object, to.Database, to.Object, err)
	case fs.IsExist(err):
		return alreadyExists(resourceTable, to.Database+"."+to.Object)
	case err != nil:
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

type listTablesGloballyResponse struct {
	Tables        []identifierJSON `json:"tables"`
	NextPageToken *string          `json:"nextPageToken"`
}

// listTablesGlobally lists the tables of every database the caller may
// see, paged by "database.table" and filtered by databaseNamePattern and
// tableNamePattern.
func (h *Handler) listTablesGlobally(c *call) error {
	q := c.r.URL.Query()
	dbs, err := warehouse.Databases(c.ctx, h.fs)
	if err != nil {
		return err
	}
	dbs, _, err = pageOf(dbs, q.Get("databaseNamePattern"), "", "")
	if err != nil {
		return err
	}
	var full []string
	ids := map[string]identifierJSON{}
	for _, db := range dbs {
		names, err := warehouse.Tables(c.ctx, h.fs, db)
		if err != nil {
			return err
		}
		names, _, err = pageOf(names, q.Get("tableNamePattern"), "", "")
		if err != nil {
			return err
		}
		for _, t := range names {
			if h.visible(c, db, t) {
				full = append(full, db+"."+t)
				ids[db+"."+t] = identifierJSON{Database: db, Object: t}
			}
		}
	}
	page, next, err := pageOf(full, "", q.Get("pageToken"), q.Get("maxResults"))
	if err != nil {
		return err
	}
	tables := make([]identifierJSON, len(page))
	for i, n := range page {
		tables[i] = ids[n]
	}
	writeJSON(c.w, http.StatusOK, listTablesGloballyResponse{Tables: tables, NextPageToken: next})
	return nil
}

// getTableByID loads the table whose id (tableID) is given: the tables
// the caller may load are searched, so that an id tells nothing of a
// table the caller may not see.
func (h *Handler) getTableByID(c *call, id string) error {
	dbs, err := warehouse.Databases(c.ctx, h.fs)
	if err != nil {
		return err
	}
	for _, db := range dbs {
		// The id starts with "db.table-": only those tables can hold it.
		if !strings.HasPrefix(id, db+".") {
			continue
		}
		names, err := warehouse.Tables(c.ctx, h.fs, db)
		if err != nil {
			return err
		}
		for _, name := range names {
			if !strings.HasPrefix(id, db+"."+name+"-") {
				continue
			}
			t, err := h.openTable(c, db, name, loadPrivileges...)
			var ae *apiError
			if errors.As(err, &ae) && (ae.code == http.StatusForbidden || ae.code == http.StatusNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			if got, err := tableID(c.ctx, t); err != nil || got != id {
				continue
			}
			resp, err := h.tableResponse(c.ctx, t, name)
			if err != nil {
				return err
			}
			writeJSON(c.w, http.StatusOK, resp)
			return nil
		}
	}
	return notFound(resourceTable, id)
}
