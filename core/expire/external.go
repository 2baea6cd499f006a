package expire

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// externalFS opens the file systems of external paths (absolute URIs such
// as file:/mnt/x/data-1.parquet or s3://bucket/x/data-1.parquet), one per
// scheme and authority, for the length of a run.
type externalFS struct {
	mu   sync.Mutex
	open map[string]*fs.FS
}

func newExternalFS() *externalFS { return &externalFS{open: map[string]*fs.FS{}} }

// splitURI splits scheme:[//authority]/path by hand: net/url would decode
// %XX escapes, which are literal characters of partition directory names.
func splitURI(uri string) (root, key string, err error) {
	scheme, rest, ok := strings.Cut(uri, ":")
	if !ok || scheme == "" || strings.ContainsAny(scheme, "/") {
		return "", "", fmt.Errorf("external path %q has no scheme", uri)
	}
	scheme = strings.ToLower(scheme)
	authority := ""
	if strings.HasPrefix(rest, "//") {
		authority, rest, _ = strings.Cut(rest[2:], "/")
		rest = "/" + rest
	}
	key = strings.TrimLeft(rest, "/")
	if key == "" {
		return "", "", fmt.Errorf("external path %q names no file", uri)
	}
	if scheme == "file" {
		if authority != "" {
			return "", "", fmt.Errorf("external path %q: remote file hosts are not supported", uri)
		}
		return "file:///", key, nil
	}
	return scheme + "://" + authority, key, nil
}

// resolve returns the file system and the key of an external URI.
func (x *externalFS) resolve(ctx context.Context, uri string) (*fs.FS, string, error) {
	root, key, err := splitURI(uri)
	if err != nil {
		return nil, "", err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	f, ok := x.open[root]
	if !ok {
		if f, err = fs.Open(ctx, root); err != nil {
			return nil, "", fmt.Errorf("external path %s: %w", uri, err)
		}
		x.open[root] = f
	}
	return f, key, nil
}

func (x *externalFS) close() {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, f := range x.open {
		_ = f.Close()
	}
	x.open = map[string]*fs.FS{}
}
