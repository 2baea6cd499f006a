package restcatalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// DefaultPrefix is the path prefix /v1/config hands to clients, which then
// put it in front of every resource path (/v1/<prefix>/databases...).
const DefaultPrefix = "paimon"

// Config configures a Handler.
type Config struct {
	// FS is the warehouse the MySQL side serves.
	FS *fs.FS
	// Auth authenticates bearer tokens and checks grants; required.
	Auth Authorizer
	// Prefix is the resource path prefix (DefaultPrefix when empty).
	Prefix string
	// Log receives one line per failed call; nil: slog.Default().
	Log *slog.Logger
	// Tokens issues table tokens on an object-store warehouse; nil: the
	// table-token endpoint answers 501 there.
	Tokens TokenIssuer
	// Metastore is the catalog the MySQL side serves (nil: the filesystem
	// catalog). A table rename is served only over the filesystem catalog,
	// where the directory is the record: another catalog's record would
	// keep the old place.
	Metastore metastore.Metastore
	// Runtime is the state the opens of a table share in this process:
	// the MySQL side's (catalog.Provider.Runtime), so that the commits and
	// maintenance of both sides on one table take turns; nil: one of the
	// handler's own.
	Runtime *table.Runtime
}

// Handler is the REST catalog's http.Handler.
type Handler struct {
	fs      *fs.FS
	auth    Authorizer
	prefix  string
	log     *slog.Logger
	tokens  TokenIssuer
	runtime *table.Runtime
	// renameRefusal, when set, is why table renames are refused (501).
	renameRefusal string

	mu sync.Mutex
	// emptyDatabases are the databases created here that the store does
	// not list: object stores have no empty directories, so a database
	// exists there only once a table gives it files (as on the MySQL side,
	// catalog.Provider).
	emptyDatabases map[string]bool
	sizes          sizeCache
}

// New returns the handler of cfg.
func New(cfg Config) (*Handler, error) {
	if cfg.FS == nil {
		return nil, errors.New("restcatalog: no warehouse")
	}
	if cfg.Auth == nil {
		// Without it every caller would reach everything.
		return nil, errors.New("restcatalog: no authorizer: the REST catalog serves only authenticated callers")
	}
	h := &Handler{fs: cfg.FS, auth: cfg.Auth, prefix: cfg.Prefix, log: cfg.Log, tokens: cfg.Tokens, runtime: cfg.Runtime, emptyDatabases: map[string]bool{}}
	if h.runtime == nil {
		h.runtime = table.NewRuntime()
	}
	if h.prefix == "" {
		h.prefix = DefaultPrefix
	}
	if _, fsCatalog := cfg.Metastore.(*metastore.Filesystem); cfg.Metastore != nil && !fsCatalog {
		h.renameRefusal = fmt.Sprintf("this server's catalog is %T, whose record of the table a directory rename would not move: rename it with RENAME TABLE over MySQL", cfg.Metastore)
	}
	if strings.ContainsAny(h.prefix, "/?#%") {
		return nil, fmt.Errorf("restcatalog: prefix %q: want one path segment", h.prefix)
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	return h, nil
}

// apiError is an error answered with the API's error body.
type apiError struct {
	code         int
	resourceType string
	resourceName string
	msg          string
}

func (e *apiError) Error() string { return e.msg }

func notFound(resourceType, name string) *apiError {
	return &apiError{code: http.StatusNotFound, resourceType: resourceType, resourceName: name,
		msg: fmt.Sprintf("%s %s does not exist", strings.ToLower(resourceType), name)}
}

func alreadyExists(resourceType, name string) *apiError {
	return &apiError{code: http.StatusConflict, resourceType: resourceType, resourceName: name,
		msg: fmt.Sprintf("%s %s already exists", strings.ToLower(resourceType), name)}
}

func badRequest(format string, args ...any) *apiError {
	return &apiError{code: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

func notImplemented(format string, args ...any) *apiError {
	return &apiError{code: http.StatusNotImplemented, msg: fmt.Sprintf(format, args...)}
}

// call is one request on its way through the handlers.
type call struct {
	ctx     context.Context
	w       http.ResponseWriter
	r       *http.Request
	account Account
	// segs are the decoded path segments after /v1/<prefix>.
	segs []string
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	err := h.serve(w, r)
	if err == nil {
		return
	}
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{code: http.StatusInternalServerError, msg: err.Error()}
	}
	if ae.code >= 500 && ae.code != http.StatusNotImplemented {
		h.log.Warn("rest catalog call failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	body := errorResponse{Message: ae.msg, Code: ae.code}
	if ae.resourceType != "" {
		body.ResourceType, body.ResourceName = &ae.resourceType, &ae.resourceName
	}
	writeJSON(w, ae.code, body)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write(data)
}

// maxBody bounds a request body: a commit carries one snapshot.
const maxBody = 16 << 20

func (h *Handler) serve(w http.ResponseWriter, r *http.Request) error {
	segs, err := pathSegments(r.URL.EscapedPath())
	if err != nil {
		return badRequest("%v", err)
	}
	if len(segs) == 0 || segs[0] != "v1" {
		return &apiError{code: http.StatusNotFound, msg: "not a path of the REST catalog API: " + r.URL.Path}
	}
	account, err := h.authenticate(r)
	if err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	c := &call{ctx: r.Context(), w: w, r: r, account: account}
	if len(segs) == 2 && segs[1] == "config" {
		return h.config(c)
	}
	if len(segs) < 3 || segs[1] != h.prefix {
		return &apiError{code: http.StatusNotFound, msg: fmt.Sprintf("not a path of this catalog (prefix %q): %s", h.prefix, r.URL.Path)}
	}
	c.segs = segs[2:]
	return h.route(c)
}

// authenticate maps the bearer token to its account: 401 without one.
func (h *Handler) authenticate(r *http.Request) (Account, error) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return Account{}, &apiError{code: http.StatusUnauthorized, msg: "no bearer token: set 'token.provider' = 'bear' and 'token'"}
	}
	a, err := h.auth.Authenticate(r.Context(), strings.TrimSpace(token))
	if errors.Is(err, ErrUnauthenticated) {
		return Account{}, &apiError{code: http.StatusUnauthorized, msg: "unknown or revoked token"}
	}
	if err != nil {
		return Account{}, err
	}
	return a, nil
}

// pathSegments splits an escaped path and decodes each segment as Java's
// RESTUtil.encodeString encodes it (URL form encoding).
func pathSegments(escaped string) ([]string, error) {
	var out []string
	for s := range strings.SplitSeq(strings.Trim(escaped, "/"), "/") {
		if s == "" {
			continue
		}
		d, err := url.QueryUnescape(s)
		if err != nil {
			return nil, fmt.Errorf("path segment %q: %w", s, err)
		}
		out = append(out, d)
	}
	return out, nil
}

// require answers 403 unless the caller holds priv on db.table.
func (h *Handler) require(c *call, priv Privilege, db, table string) error {
	if h.auth.Allowed(c.ctx, c.account, priv, db, table) {
		return nil
	}
	what := db
	if table != "" {
		what += "." + table
	}
	if what == "" {
		what = "*.*"
	}
	return &apiError{code: http.StatusForbidden, msg: fmt.Sprintf("%s command denied to user '%s'@'%s' for '%s'", priv, c.account.User, c.account.Host, what)}
}

// decode reads a JSON request body into v.
func decode(c *call, v any) error {
	dec := json.NewDecoder(c.r.Body)
	if err := dec.Decode(v); err != nil {
		return badRequest("request body: %v", err)
	}
	return nil
}

func (h *Handler) config(c *call) error {
	if c.r.Method != http.MethodGet {
		return methodNotAllowed(c)
	}
	// The server serves one warehouse: a client naming another is refused
	// rather than served this one.
	if wh := c.r.URL.Query().Get("warehouse"); wh != "" && !h.isWarehouse(wh) {
		return &apiError{code: http.StatusNotFound, msg: fmt.Sprintf("this server serves the warehouse %s, not %s", h.fs.Location(""), wh)}
	}
	writeJSON(c.w, http.StatusOK, configResponse{
		Defaults:  map[string]string{"prefix": h.prefix},
		Overrides: map[string]string{},
	})
	return nil
}

// isWarehouse tells whether a client's 'warehouse' option names the served
// warehouse: its URL, its local path, or the catalog prefix.
func (h *Handler) isWarehouse(wh string) bool {
	loc := strings.TrimSuffix(h.fs.Location(""), "/")
	wh = strings.TrimSuffix(wh, "/")
	return wh == loc || wh == h.prefix || "file://"+wh == loc || strings.TrimPrefix(loc, "file:") == strings.TrimPrefix(wh, "file:")
}

func methodNotAllowed(c *call) error {
	return &apiError{code: http.StatusMethodNotAllowed, msg: fmt.Sprintf("%s is not served on %s", c.r.Method, c.r.URL.Path)}
}
