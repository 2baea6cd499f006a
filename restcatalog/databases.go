package restcatalog

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/warehouse"
)

// reservedDatabase are the names the MySQL side keeps for itself.
func reservedDatabase(name string) bool {
	for _, r := range []string{"sys", "information_schema", "mysql", "performance_schema"} {
		if strings.EqualFold(name, r) {
			return true
		}
	}
	return false
}

// visiblePrivileges are the grants that make a database or table visible
// in a listing, as any privilege on it shows it in SHOW DATABASES/TABLES.
var visiblePrivileges = []Privilege{PrivSelect, PrivInsert, PrivDelete, PrivCreate, PrivDrop, PrivAlter}

func (h *Handler) visible(c *call, db, table string) bool {
	for _, p := range visiblePrivileges {
		if h.auth.Allowed(c.ctx, c.account, p, db, table) {
			return true
		}
	}
	return false
}

// visibleDatabase: a privilege on the database or on one of its tables.
func (h *Handler) visibleDatabase(c *call, db string) (bool, error) {
	if h.visible(c, db, "") {
		return true, nil
	}
	tables, err := warehouse.Tables(c.ctx, h.fs, db)
	if err != nil {
		return false, err
	}
	for _, t := range tables {
		if h.visible(c, db, t) {
			return true, nil
		}
	}
	return false, nil
}

// databaseExists tells whether db exists: listed by the store, or created
// here and still empty.
func (h *Handler) databaseExists(c *call, db string) (bool, error) {
	ok, err := warehouse.DatabaseExists(c.ctx, h.fs, db)
	if err != nil || ok {
		return ok, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.emptyDatabases[db], nil
}

func (h *Handler) listDatabases(c *call) error {
	names, err := warehouse.Databases(c.ctx, h.fs)
	if err != nil {
		return err
	}
	h.mu.Lock()
	for db := range h.emptyDatabases {
		if !slices.Contains(names, db) {
			names = append(names, db)
		}
	}
	h.mu.Unlock()
	var out []string
	for _, db := range names {
		ok, err := h.visibleDatabase(c, db)
		if err != nil {
			return err
		}
		if ok {
			out = append(out, db)
		}
	}
	page, next, err := paged(c, out, "databaseNamePattern")
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, listDatabasesResponse{Databases: page, NextPageToken: next})
	return nil
}

// database checks that db exists and that the caller may see it: a
// database the caller may not see is answered as missing, so that its
// existence is not told.
func (h *Handler) database(c *call, db string) error {
	if err := warehouse.CheckDatabaseName(db); err != nil {
		return badRequest("%v", err)
	}
	ok, err := h.databaseExists(c, db)
	if err != nil {
		return err
	}
	if ok {
		if ok, err = h.visibleDatabase(c, db); err != nil {
			return err
		}
	}
	if !ok {
		return notFound(resourceDatabase, db)
	}
	return nil
}

func (h *Handler) getDatabase(c *call, db string) error {
	if err := h.database(c, db); err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, getDatabaseResponse{
		ID: db, Name: db, Location: h.fs.Location(warehouse.DatabasePath(db)), Options: map[string]string{},
	})
	return nil
}

func (h *Handler) createDatabase(c *call) error {
	var req createDatabaseRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.require(c, PrivCreate, req.Name, ""); err != nil {
		return err
	}
	if reservedDatabase(req.Name) {
		return badRequest("database name '%s' is reserved", req.Name)
	}
	if err := warehouse.CheckDatabaseName(req.Name); err != nil {
		return badRequest("%v", err)
	}
	if len(req.Options) > 0 {
		// A filesystem warehouse keeps no database options (Java's
		// filesystem catalog refuses them too).
		return notImplemented("database options are not supported: the warehouse keeps none")
	}
	exists, err := h.databaseExists(c, req.Name)
	if err != nil {
		return err
	}
	if exists {
		return alreadyExists(resourceDatabase, req.Name)
	}
	if err := h.fs.MkdirAll(warehouse.DatabasePath(req.Name)); err != nil {
		return err
	}
	if listed, err := warehouse.DatabaseExists(c.ctx, h.fs, req.Name); err != nil || !listed {
		h.mu.Lock()
		h.emptyDatabases[req.Name] = true
		h.mu.Unlock()
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

func (h *Handler) alterDatabase(c *call, db string) error {
	var req alterDatabaseRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.database(c, db); err != nil {
		return err
	}
	if err := h.require(c, PrivAlter, db, ""); err != nil {
		return err
	}
	return notImplemented("database options are not supported: the warehouse keeps none")
}

// dropDatabase drops the database with its tables, as Java's REST server
// does (its client asks the server only once it has checked that the
// database is empty or that the caller asked to cascade), and as DROP
// DATABASE does on the MySQL side: DROP on the database.
func (h *Handler) dropDatabase(c *call, db string) error {
	if err := h.database(c, db); err != nil {
		return err
	}
	if err := h.require(c, PrivDrop, db, ""); err != nil {
		return err
	}
	if reservedDatabase(db) {
		return badRequest("database '%s' is reserved", db)
	}
	tables, err := warehouse.Tables(c.ctx, h.fs, db)
	if err != nil {
		return err
	}
	// Table by table, so that a failure leaves whole tables, never a
	// database whose tables lost only some files.
	for _, t := range tables {
		if err := h.fs.DeleteTree(c.ctx, warehouse.TablePath(db, t)); err != nil {
			return fmt.Errorf("drop database %s: table %s: %w", db, t, err)
		}
	}
	h.mu.Lock()
	delete(h.emptyDatabases, db)
	h.mu.Unlock()
	// What is left is no table: e.g. the directory of a table whose
	// creation failed half-way.
	if err := h.fs.DeleteTree(c.ctx, warehouse.DatabasePath(db)); err != nil {
		return err
	}
	if err := h.fs.RemoveEmptyDir(warehouse.DatabasePath(db)); err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}
