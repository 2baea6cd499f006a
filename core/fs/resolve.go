package fs

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// Paths outside the warehouse (data-file.external-paths, _EXTERNAL_PATH of
// data and index files) are absolute URIs: scheme:/path, scheme:///path or
// scheme://authority/path, as Java's Path prints them ("file:/tmp/x/f",
// "s3://bucket/x/f"). A query (s3://bucket/x?region=eu-west-1), which
// gocloud reads its bucket options from, may follow; it is not part of the
// file's path.

// IsURI reports whether p is an absolute URI rather than a path relative
// to a warehouse: its first segment holds a scheme and a colon.
func IsURI(p string) bool {
	scheme, _, ok := strings.Cut(p, ":")
	if !ok || scheme == "" {
		return false
	}
	for i, c := range scheme {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// SplitURI splits scheme:[//authority]/path[?query] into the URL of the
// file system holding it (scheme://authority, with the query) and the key
// of the file in it. It works on the string rather than through net/url,
// which would decode the %XX escapes that are literal characters of
// partition directory names.
func SplitURI(uri string) (root, key string, err error) {
	if !IsURI(uri) {
		return "", "", fmt.Errorf("path %q has no scheme", uri)
	}
	scheme, rest, _ := strings.Cut(uri, ":")
	scheme = strings.ToLower(scheme)
	rest, query, _ := strings.Cut(rest, "?")
	authority := ""
	if strings.HasPrefix(rest, "//") {
		authority, rest, _ = strings.Cut(rest[2:], "/")
	}
	key = strings.Trim(rest, "/")
	if key == "" {
		return "", "", fmt.Errorf("path %q names no file", uri)
	}
	if scheme == "file" {
		if authority != "" && authority != "localhost" {
			return "", "", fmt.Errorf("path %q: remote file hosts are not supported", uri)
		}
		return "file:///", key, nil
	}
	if authority == "" {
		return "", "", fmt.Errorf("path %q names no bucket", uri)
	}
	root = scheme + "://" + authority
	if query != "" {
		root += "?" + query
	}
	return root, key, nil
}

// Resolver opens the file systems of absolute URIs, one per scheme,
// authority and query, and keeps them open until Close. It is safe for
// concurrent use.
type Resolver struct {
	mu   sync.Mutex
	open map[string]*FS
}

// NewResolver returns an empty resolver.
func NewResolver() *Resolver { return &Resolver{open: map[string]*FS{}} }

// Resolve returns the file system holding uri and the file's key in it.
// File systems are shared by their full URL, query included: two locations
// in one bucket with other options (endpoint, region...) are two file
// systems.
func (r *Resolver) Resolve(ctx context.Context, uri string) (*FS, string, error) {
	root, key, err := SplitURI(uri)
	if err != nil {
		return nil, "", err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f, ok := r.open[root]
	if !ok {
		if f, err = Open(ctx, root); err != nil {
			return nil, "", fmt.Errorf("path %s: %w", uri, err)
		}
		r.open[root] = f
	}
	return f, key, nil
}

// Close closes every file system the resolver opened.
func (r *Resolver) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, f := range r.open {
		_ = f.Close()
	}
	r.open = map[string]*FS{}
}

// shared is the process's resolver for external data files: writers,
// readers and compaction open each external file system once.
var shared = NewResolver()

// Resolve resolves an absolute URI through the process's shared resolver;
// a URI without query under an allowed external root takes the root's.
func Resolve(ctx context.Context, uri string) (*FS, string, error) {
	return shared.Resolve(ctx, withRootQuery(uri))
}

// At returns the file system and key of p: a path of the warehouse base,
// or an absolute URI (an external path) resolved through the shared
// resolver.
func At(ctx context.Context, base *FS, p string) (*FS, string, error) {
	if !IsURI(p) {
		return base, p, nil
	}
	return Resolve(ctx, p)
}

// DeleteAt deletes p, a warehouse path of base or an absolute URI.
func DeleteAt(ctx context.Context, base *FS, p string) error {
	f, key, err := At(ctx, base, p)
	if err != nil {
		return err
	}
	return f.Delete(ctx, key)
}

// LocationOf is the full location users see for p: base.Location of a
// warehouse path, an absolute URI as it is.
func LocationOf(base *FS, p string) string {
	if IsURI(p) {
		return p
	}
	return base.Location(p)
}

// ReadFileAt reads the whole file p, a warehouse path of base or an
// absolute URI.
func ReadFileAt(ctx context.Context, base *FS, p string) ([]byte, error) {
	f, key, err := At(ctx, base, p)
	if err != nil {
		return nil, err
	}
	return f.ReadFile(ctx, key)
}
