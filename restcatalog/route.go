package restcatalog

import (
	"net/http"
	"strings"
)

// route dispatches c.segs (the path after /v1/<prefix>) to its handler.
// Every path of the open API that is not served answers 501.
func (h *Handler) route(c *call) error {
	s, m := c.segs, c.r.Method
	switch {
	case len(s) == 1 && s[0] == "databases":
		return h.byMethod(c, map[string]func(*call) error{http.MethodGet: h.listDatabases, http.MethodPost: h.createDatabase})
	case s[0] == "databases" && len(s) >= 2:
		return h.routeDatabase(c, s[1], s[2:])
	case len(s) == 1 && s[0] == "tables":
		return h.byMethod(c, map[string]func(*call) error{http.MethodGet: h.listTablesGlobally})
	case len(s) == 3 && s[0] == "tables" && s[1] == "id":
		return h.byMethod(c, map[string]func(*call) error{http.MethodGet: func(c *call) error { return h.getTableByID(c, s[2]) }})
	case len(s) == 2 && s[0] == "tables" && s[1] == "rename":
		return h.byMethod(c, map[string]func(*call) error{http.MethodPost: h.renameTable})
	case len(s) == 1 && (s[0] == "views" || s[0] == "functions"):
		return globalObjects(c, s[0])
	case len(s) == 2 && s[0] == "views" && s[1] == "rename":
		return h.byMethod(c, map[string]func(*call) error{http.MethodPost: renameView})
	}
	return unsupported(c, m)
}

func (h *Handler) routeDatabase(c *call, db string, s []string) error {
	switch {
	case len(s) == 0:
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:    func(c *call) error { return h.getDatabase(c, db) },
			http.MethodPost:   func(c *call) error { return h.alterDatabase(c, db) },
			http.MethodDelete: func(c *call) error { return h.dropDatabase(c, db) },
		})
	case len(s) == 1 && s[0] == "tables":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:  func(c *call) error { return h.listTables(c, db) },
			http.MethodPost: func(c *call) error { return h.createTable(c, db) },
		})
	case len(s) == 1 && s[0] == "table-details":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error { return h.listTableDetails(c, db) },
		})
	case len(s) >= 2 && s[0] == "tables":
		return h.routeTable(c, db, s[1], s[2:])
	case len(s) >= 1 && (s[0] == "views" || s[0] == "view-details" || s[0] == "functions" || s[0] == "function-details"):
		return h.routeObjects(c, db, s)
	}
	return unsupported(c, c.r.Method)
}

func (h *Handler) routeTable(c *call, db, object string, s []string) error {
	switch {
	case len(s) == 0:
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:    func(c *call) error { return h.getTable(c, db, object) },
			http.MethodPost:   func(c *call) error { return h.alterTable(c, db, object) },
			http.MethodDelete: func(c *call) error { return h.dropTable(c, db, object) },
		})
	case len(s) == 1 && s[0] == "snapshot":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error { return h.latestSnapshot(c, db, object) },
		})
	case len(s) == 1 && s[0] == "snapshots":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error { return h.listSnapshots(c, db, object) },
		})
	case len(s) == 2 && s[0] == "snapshots":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error { return h.versionSnapshot(c, db, object, s[1]) },
		})
	case len(s) == 1 && s[0] == "commit":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.commitTable(c, db, object) },
		})
	case len(s) == 1 && s[0] == "rollback":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.rollback(c, db, object) },
		})
	case len(s) == 1 && s[0] == "consumers":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error { return h.listConsumers(c, db, object) },
		})
	case len(s) == 2 && s[0] == "consumers" && s[1] == "reset":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.resetConsumer(c, db, object) },
		})
	case s[0] == "tags" || s[0] == "branches":
		return h.routeVersions(c, db, object, s)
	case s[0] == "partitions":
		return h.routePartitions(c, db, object, s)
	case len(s) == 1 && s[0] == "token":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error { return h.tableToken(c, db, object) },
		})
	}
	return unsupported(c, c.r.Method)
}

// routeVersions routes the tag and branch paths of db.object.
func (h *Handler) routeVersions(c *call, db, object string, s []string) error {
	switch {
	case len(s) == 1 && s[0] == "tags":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:  func(c *call) error { return h.listTags(c, db, object) },
			http.MethodPost: func(c *call) error { return h.createTag(c, db, object) },
		})
	case len(s) == 2 && s[0] == "tags":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:    func(c *call) error { return h.getTag(c, db, object, s[1]) },
			http.MethodDelete: func(c *call) error { return h.deleteTag(c, db, object, s[1]) },
		})
	case len(s) == 1 && s[0] == "branches":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:  func(c *call) error { return h.listBranches(c, db, object) },
			http.MethodPost: func(c *call) error { return h.createBranch(c, db, object) },
		})
	case len(s) == 2 && s[0] == "branches":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodDelete: func(c *call) error { return h.dropBranch(c, db, object, s[1]) },
		})
	case len(s) == 3 && s[0] == "branches" && s[2] == "rename":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.renameBranch(c, db, object, s[1]) },
		})
	case len(s) == 3 && s[0] == "branches" && s[2] == "forward":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.forwardBranch(c, db, object, s[1]) },
		})
	}
	return unsupported(c, c.r.Method)
}

// routePartitions routes the partition paths of db.object.
func (h *Handler) routePartitions(c *call, db, object string, s []string) error {
	switch {
	case len(s) == 1:
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet:  func(c *call) error { return h.listPartitions(c, db, object) },
			http.MethodPost: func(c *call) error { return catalogManagedPartitions(c, db, object) },
		})
	case len(s) == 2 && s[1] == "list-by-names":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.listPartitionsByNames(c, db, object) },
		})
	case len(s) == 2 && s[1] == "list-by-filter":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.listPartitionsByFilter(c, db, object) },
		})
	case len(s) == 2 && s[1] == "mark":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return h.markDonePartitions(c, db, object) },
		})
	case len(s) == 2 && s[1] == "drop":
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodPost: func(c *call) error { return catalogManagedPartitions(c, db, object) },
		})
	}
	return unsupported(c, c.r.Method)
}

// byMethod runs the handler of the request's method: 405 for another.
func (h *Handler) byMethod(c *call, handlers map[string]func(*call) error) error {
	if f, ok := handlers[c.r.Method]; ok {
		return f(c)
	}
	return methodNotAllowed(c)
}

// unsupported is the answer to every other path: the API's 501 error,
// naming what is not served. Nothing was changed.
func unsupported(c *call, method string) error {
	return notImplemented("paimon-sql's REST catalog does not implement %s /%s", method, strings.Join(c.segs, "/"))
}
