package fs

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Tables may name locations outside the warehouse (data-file.external-paths
// and other URL-valued options): the server writes and deletes files there
// for any user allowed to create or alter a table. The operator therefore
// lists the roots such locations may lie under (--allow-external-path);
// none are allowed by default.
//
// A location's query (s3://b/x?region=...) chooses how its file system is
// opened: endpoint, credentials profile, region... A table may only repeat
// parameters its allowed root sets, with the same values, so that no user
// points the server at another endpoint or credentials.

var externalRoots struct {
	sync.RWMutex
	roots []string
}

// AllowExternalRoots sets the roots external locations may lie under,
// replacing earlier ones; each is a URI (file:/dir, s3://bucket/prefix...).
func AllowExternalRoots(roots []string) error {
	for _, r := range roots {
		if _, _, err := normalizeExternal(r); err != nil {
			return fmt.Errorf("allowed external path %q: %w", r, err)
		}
	}
	externalRoots.Lock()
	defer externalRoots.Unlock()
	externalRoots.roots = append([]string(nil), roots...)
	return nil
}

// AllowedExternalRoots returns the roots AllowExternalRoots set.
func AllowedExternalRoots() []string {
	externalRoots.RLock()
	defer externalRoots.RUnlock()
	return append([]string(nil), externalRoots.roots...)
}

// CheckExternalPath refuses a location outside the allowed roots, with a
// query parameter its root does not set, with "." or ".." segments, or,
// on a local disk, through a symbolic link below its root: a link inside
// an allowed root may point anywhere, at another table's directory too,
// whose files a write would then mix with its own and orphan cleanup
// would take for orphans. (Links in the root itself are the operator's.)
func CheckExternalPath(p string) error {
	base, query, err := normalizeExternal(p)
	if err != nil {
		return fmt.Errorf("external path %q: %w", p, err)
	}
	roots := AllowedExternalRoots()
	if len(roots) == 0 {
		return fmt.Errorf("external path %q: no external path is allowed; the operator allows roots with --allow-external-path", p)
	}
	for _, r := range roots {
		rbase, rquery, _ := normalizeExternal(r)
		if base != rbase && !strings.HasPrefix(base, strings.TrimSuffix(rbase, "/")+"/") {
			continue
		}
		if extra := paramsBeyond(query, rquery); extra != "" {
			return fmt.Errorf("external path %q: query parameter %q is not allowed in table options (only those of the allowed root %q)", p, extra, r)
		}
		if strings.HasPrefix(base, "file:///") {
			if link := symlinkBelow(strings.TrimPrefix(rbase, "file://"), strings.TrimPrefix(base, "file://")); link != "" {
				return fmt.Errorf("external path %q passes through the symbolic link %s below the allowed root %q: not allowed", p, link, r)
			}
		}
		return nil
	}
	return fmt.Errorf("external path %q is not under an allowed root (%s)", p, strings.Join(roots, ", "))
}

// symlinkBelow returns the first existing component of the local path p
// below root that is a symbolic link, or "". A component that does not
// exist ends the walk: writers create real directories.
func symlinkBelow(root, p string) string {
	rest := strings.Trim(strings.TrimPrefix(p, strings.TrimSuffix(root, "/")), "/")
	if rest == "" {
		return ""
	}
	cur := filepath.FromSlash(strings.TrimSuffix(root, "/"))
	for _, seg := range strings.Split(rest, "/") {
		cur = filepath.Join(cur, seg) // %XX of partition names are literal

		info, err := os.Lstat(cur)
		if err != nil {
			return ""
		}
		if info.Mode()&os.ModeSymlink != 0 {
			return filepath.ToSlash(cur)
		}
	}
	return ""
}

// normalizeExternal returns p as scheme://authority/path (file:/x and
// file:///x alike, no empty segments) and its parsed query.
func normalizeExternal(p string) (string, url.Values, error) {
	if !IsURI(p) {
		return "", nil, fmt.Errorf("not a URI with a scheme")
	}
	scheme, rest, _ := strings.Cut(p, ":")
	rest, rawQuery, _ := strings.Cut(rest, "?")
	query, err := url.ParseQuery(rawQuery)
	if err != nil {
		return "", nil, err
	}
	authority := ""
	if strings.HasPrefix(rest, "//") {
		authority, rest, _ = strings.Cut(rest[2:], "/")
	}
	scheme = strings.ToLower(scheme)
	if scheme == "file" && strings.EqualFold(authority, "localhost") {
		authority = ""
	}
	var segs []string
	for _, s := range strings.Split(rest, "/") {
		if u, err := url.PathUnescape(s); err == nil && (u == "." || u == "..") || s == "." || s == ".." {
			return "", nil, fmt.Errorf("'.' and '..' are not allowed in paths")
		}
		if s != "" {
			segs = append(segs, s)
		}
	}
	return scheme + "://" + authority + "/" + strings.Join(segs, "/"), query, nil
}

// paramsBeyond returns a parameter of query that allowed lacks or sets to
// other values, or "".
func paramsBeyond(query, allowed url.Values) string {
	for k, vs := range query {
		a, ok := allowed[k]
		if !ok || strings.Join(a, "\x00") != strings.Join(vs, "\x00") {
			return k
		}
	}
	return ""
}

// withRootQuery gives a location recorded without its query (manifests
// never record queries) the query of the allowed root it lies under, so
// that it is read with the file system it was written with.
func withRootQuery(p string) string {
	if strings.Contains(p, "?") {
		return p
	}
	base, _, err := normalizeExternal(p)
	if err != nil {
		return p
	}
	for _, r := range AllowedExternalRoots() {
		rbase, _, _ := normalizeExternal(r)
		_, rawQuery, ok := strings.Cut(r, "?")
		if ok && rawQuery != "" && strings.HasPrefix(base, strings.TrimSuffix(rbase, "/")+"/") {
			return p + "?" + rawQuery
		}
	}
	return p
}
