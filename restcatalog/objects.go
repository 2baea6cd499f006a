package restcatalog

import (
	"net/http"
)

// Views and functions: a filesystem warehouse has no place to keep them
// (Java's filesystem catalog refuses to create them too; Java's test REST
// server keeps them in memory, lost on restart). So this catalog holds
// none: listings are empty, a view or function by name does not exist
// (404, as Java's client expects to tell a view from a table), and
// creating one is refused with 501 before anything is written.

const (
	resourceView     = "VIEW"
	resourceFunction = "FUNCTION"
)

type listViewsResponse struct {
	Views         []string `json:"views"`
	NextPageToken *string  `json:"nextPageToken"`
}

type listViewDetailsResponse struct {
	ViewDetails   []struct{} `json:"viewDetails"`
	NextPageToken *string    `json:"nextPageToken"`
}

type listFunctionsResponse struct {
	Functions     []string `json:"functions"`
	NextPageToken *string  `json:"nextPageToken"`
}

type listFunctionDetailsResponse struct {
	FunctionDetails []struct{} `json:"functionDetails"`
	NextPageToken   *string    `json:"nextPageToken"`
}

// identifiersResponse is the global listing of views or functions.
type identifiersResponse struct {
	Views         *[]identifierJSON `json:"views,omitempty"`
	Functions     *[]identifierJSON `json:"functions,omitempty"`
	NextPageToken *string           `json:"nextPageToken"`
}

// routeObjects routes the view and function paths of database db.
func (h *Handler) routeObjects(c *call, db string, s []string) error {
	kind, resource := "view", resourceView
	if s[0] == "functions" || s[0] == "function-details" {
		kind, resource = "function", resourceFunction
	}
	switch {
	case len(s) == 1 && (s[0] == "views" || s[0] == "functions"):
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error {
				if err := h.database(c, db); err != nil {
					return err
				}
				if kind == "view" {
					writeJSON(c.w, http.StatusOK, listViewsResponse{Views: []string{}})
				} else {
					writeJSON(c.w, http.StatusOK, listFunctionsResponse{Functions: []string{}})
				}
				return nil
			},
			http.MethodPost: func(c *call) error { return h.createObject(c, db, kind) },
		})
	case len(s) == 1:
		return h.byMethod(c, map[string]func(*call) error{
			http.MethodGet: func(c *call) error {
				if err := h.database(c, db); err != nil {
					return err
				}
				if kind == "view" {
					writeJSON(c.w, http.StatusOK, listViewDetailsResponse{ViewDetails: []struct{}{}})
				} else {
					writeJSON(c.w, http.StatusOK, listFunctionDetailsResponse{FunctionDetails: []struct{}{}})
				}
				return nil
			},
		})
	case len(s) == 2 && (s[0] == "views" || s[0] == "functions"):
		missing := func(c *call) error {
			if err := h.database(c, db); err != nil {
				return err
			}
			return notFound(resource, db+"."+s[1])
		}
		return h.byMethod(c, map[string]func(*call) error{http.MethodGet: missing, http.MethodPost: missing, http.MethodDelete: missing})
	}
	return unsupported(c, c.r.Method)
}

// createObject refuses to create a view or function, once the database
// and the caller's CREATE privilege are checked.
func (h *Handler) createObject(c *call, db, kind string) error {
	if err := h.database(c, db); err != nil {
		return err
	}
	if err := h.require(c, PrivCreate, db, ""); err != nil {
		return err
	}
	return notImplemented("%ss are not supported: the warehouse has no place to keep them", kind)
}

// globalObjects answers the listing of every view or function: none.
func globalObjects(c *call, kind string) error {
	if c.r.Method != http.MethodGet {
		return methodNotAllowed(c)
	}
	none := []identifierJSON{}
	if kind == "views" {
		writeJSON(c.w, http.StatusOK, identifiersResponse{Views: &none})
	} else {
		writeJSON(c.w, http.StatusOK, identifiersResponse{Functions: &none})
	}
	return nil
}

// renameView: there is no view to rename.
func renameView(c *call) error {
	var req renameRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	return notFound(resourceView, req.Source.Database+"."+req.Source.Object)
}
