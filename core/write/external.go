package write

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"path"
	"strconv"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/javahash"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// External paths (docs/design/format.md §1.4): new data and changelog
// files of a table go to one of several roots outside the table, chosen
// per file by data-file.external-paths.strategy, and the manifest records
// each file's full path in _EXTERNAL_PATH.

// externalRoot is one external root: base as Java's Path prints it
// (scheme:/path or scheme://authority/path, no trailing slash) and the
// query the file system is opened with, never recorded in manifests.
type externalRoot struct {
	base, query string
}

// externalConfig is the parsed external path setting of a table.
type externalConfig struct {
	strategy options.ExternalPathStrategy
	roots    []externalRoot
	weights  []int // nil unless set
}

// parseExternalConfig reads the external path options; nil when files stay
// in the table (no paths, or strategy none).
func parseExternalConfig(opts options.Options) (*externalConfig, error) {
	strategy := options.ExternalPathStrategy(strings.ToLower(strings.TrimSpace(options.DataFileExternalPathsStrategy.Text(opts))))
	switch strategy {
	case "":
		strategy = options.ExternalPathsNone
	case options.ExternalPathsNone, options.ExternalPathsSpecificFS, options.ExternalPathsRoundRobin, options.ExternalPathsEntropyInject, options.ExternalPathsWeightRobin:
	default:
		return nil, fmt.Errorf("%s=%s: expected none, specific-fs, round-robin, entropy-inject or weight-robin", options.DataFileExternalPathsStrategy.Key, options.DataFileExternalPathsStrategy.Text(opts))
	}
	list := options.DataFileExternalPaths.Text(opts)
	if list == "" || strategy == options.ExternalPathsNone {
		return nil, nil
	}
	specific := options.DataFileExternalPathsSpecificFS.Text(opts)
	if strategy == options.ExternalPathsSpecificFS && specific == "" {
		return nil, fmt.Errorf("%s must be set when %s is specific-fs", options.DataFileExternalPathsSpecificFS.Key, options.DataFileExternalPathsStrategy.Key)
	}
	c := &externalConfig{strategy: strategy}
	for _, p := range strings.Split(list, ",") {
		r, scheme, err := parseExternalRoot(strings.TrimSpace(p))
		if err != nil {
			return nil, err
		}
		if strategy == options.ExternalPathsSpecificFS && !strings.EqualFold(scheme, specific) {
			continue
		}
		c.roots = append(c.roots, r)
	}
	if len(c.roots) == 0 {
		return nil, fmt.Errorf("%s: no external path left (%s=%s)", options.DataFileExternalPaths.Key, options.DataFileExternalPathsSpecificFS.Key, specific)
	}
	if w, ok := options.DataFileExternalPathsWeights.Stored(opts); ok && w != "" {
		for _, s := range strings.Split(w, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return nil, fmt.Errorf("%s: %w", options.DataFileExternalPathsWeights.Key, err)
			}
			if n <= 0 {
				return nil, fmt.Errorf("%s: weight must be positive, got %d", options.DataFileExternalPathsWeights.Key, n)
			}
			c.weights = append(c.weights, n)
		}
		if strategy == options.ExternalPathsWeightRobin && len(c.roots) > 1 && len(c.weights) != len(c.roots) {
			return nil, fmt.Errorf("%s: %d weights for %d external paths", options.DataFileExternalPathsWeights.Key, len(c.weights), len(c.roots))
		}
	}
	return c, nil
}

// parseExternalRoot normalizes one external path as Java's Path does:
// scheme required, an empty authority dropped (file:///x is file:/x),
// repeated and trailing slashes removed.
func parseExternalRoot(p string) (externalRoot, string, error) {
	if !fs.IsURI(p) {
		return externalRoot{}, "", fmt.Errorf("%s: %q has no scheme", options.DataFileExternalPaths.Key, p)
	}
	if err := fs.CheckExternalPath(p); err != nil {
		return externalRoot{}, "", fmt.Errorf("%s: %w", options.DataFileExternalPaths.Key, err)
	}
	scheme, rest, _ := strings.Cut(p, ":")
	rest, query, _ := strings.Cut(rest, "?")
	authority := ""
	if strings.HasPrefix(rest, "//") {
		authority, rest, _ = strings.Cut(rest[2:], "/")
	}
	var parts []string
	for _, s := range strings.Split(rest, "/") {
		if s != "" {
			parts = append(parts, s)
		}
	}
	base := scheme + ":"
	if authority != "" {
		base += "//" + authority
	}
	base += "/" + strings.Join(parts, "/")
	base = strings.TrimSuffix(base, "/")
	r := externalRoot{base: base, query: query}
	// Refuse what the file system layer cannot open (file://host/...),
	// when the table is created rather than at the first write.
	if _, _, err := fs.SplitURI(r.base + "/x"); err != nil {
		return externalRoot{}, "", fmt.Errorf("%s: %w", options.DataFileExternalPaths.Key, err)
	}
	return r, scheme, nil
}

// pathProvider chooses the external location of each new file of one
// bucket writer: the full path to record and the root's query.
type pathProvider interface {
	next(name string) (full, query string)
}

// newPathProvider returns the provider of the bucket directory dir (a
// warehouse path under the table root), or nil when files stay in dir.
// Like Java, each bucket writer has its own provider.
func newPathProvider(opts options.Options, tableRoot, dir string) (pathProvider, error) {
	c, err := parseExternalConfig(opts)
	if err != nil || c == nil {
		return nil, err
	}
	rel := strings.Trim(strings.TrimPrefix(dir, tableRoot+"/"), "/")
	switch {
	case c.strategy == options.ExternalPathsEntropyInject:
		return &entropyProvider{roots: c.roots, rel: rel}, nil
	case c.strategy == options.ExternalPathsWeightRobin && len(c.roots) > 1 && c.weights != nil:
		w := &weightedProvider{roots: c.roots, rel: rel}
		for _, n := range c.weights {
			w.total += n
			w.cumulative = append(w.cumulative, w.total)
		}
		return w, nil
	default: // round-robin, specific-fs, weight-robin without weights
		return &roundRobinProvider{roots: c.roots, rel: rel, pos: rand.IntN(len(c.roots))}, nil
	}
}

func joinExternal(r externalRoot, rel, name string) string {
	if rel == "" {
		return r.base + "/" + name
	}
	return r.base + "/" + rel + "/" + name
}

// roundRobinProvider takes the roots in turn from a random one.
type roundRobinProvider struct {
	roots []externalRoot
	rel   string
	pos   int
}

func (p *roundRobinProvider) next(name string) (string, string) {
	p.pos = (p.pos + 1) % len(p.roots)
	r := p.roots[p.pos]
	return joinExternal(r, p.rel, name), r.query
}

// weightedProvider picks a root at random in proportion to its weight.
type weightedProvider struct {
	roots      []externalRoot
	rel        string
	cumulative []int
	total      int
}

func (p *weightedProvider) next(name string) (string, string) {
	x := rand.Float64() * float64(p.total)
	i := 0
	for i < len(p.cumulative)-1 && float64(p.cumulative[i]) <= x {
		i++
	}
	r := p.roots[i]
	return joinExternal(r, p.rel, name), r.query
}

// entropyProvider takes the roots in turn starting after the first and
// puts each file under directories derived from a hash of its name, which
// spreads object store keys: <root>/<rel>/bbbb/bbbb/bbbb/bbbbbbbb/<name>.
type entropyProvider struct {
	roots []externalRoot
	rel   string
	pos   int
}

func (p *entropyProvider) next(name string) (string, string) {
	p.pos = (p.pos + 1) % len(p.roots)
	r := p.roots[p.pos]
	dirs := entropyDirs(name)
	if p.rel != "" {
		dirs = p.rel + "/" + dirs
	}
	return joinExternal(r, dirs, name), r.query
}

// entropyDirs is the low 20 bits of the 32-bit murmur3 hash (seed 0) of
// the file name's UTF-8 bytes, in binary, cut into 4/4/4/8 digits.
func entropyDirs(name string) string {
	b := fmt.Sprintf("%020b", murmur3x86_32([]byte(name))&0xFFFFF)
	return b[0:4] + "/" + b[4:8] + "/" + b[8:12] + "/" + b[12:]
}

// murmur3x86_32 is MurmurHash3_x86_32 with seed 0.
func murmur3x86_32(data []byte) uint32 {
	var h uint32
	n := len(data) / 4 * 4
	for i := 0; i < n; i += 4 {
		h = javahash.MixH(h, binary.LittleEndian.Uint32(data[i:]))
	}
	var k uint32
	switch len(data) - n {
	case 3:
		k ^= uint32(data[n+2]) << 16
		fallthrough
	case 2:
		k ^= uint32(data[n+1]) << 8
		fallthrough
	case 1:
		k ^= uint32(data[n])
		h ^= javahash.MixK(k)
	}
	return javahash.Finish(h, len(data))
}

// createDataFile starts the file name of the bucket directory dir of t: in
// dir on the warehouse, or at the next external path of ext. An external
// file's path (its writer's path, recorded in done lists and deleted
// through fs.DeleteAt) is the full URI, and its metadata carries it as
// _EXTERNAL_PATH.
func createDataFile(ctx context.Context, t *table.Table, ext pathProvider, dir, name string, layout fileLayout, opts options.Options, wo format.WriterOptions) (*fileWriter, error) {
	if ext == nil {
		w, err := newFileWriter(ctx, t.FS, dir, name, layout, opts, wo)
		if err != nil {
			return nil, err
		}
		w.clock = t.Runtime.Now
		return w, nil
	}
	full, query := ext.next(name)
	open := full
	if query != "" {
		open += "?" + query
	}
	// Checked again for each file: a symbolic link may have appeared in
	// the root since the table was created.
	if err := fs.CheckExternalPath(open); err != nil {
		return nil, fmt.Errorf("%s: %w", options.DataFileExternalPaths.Key, err)
	}
	fsys, key, err := fs.Resolve(ctx, open)
	if err != nil {
		return nil, err
	}
	w, err := newFileWriter(ctx, fsys, path.Dir(key), name, layout, opts, wo)
	if err != nil {
		return nil, err
	}
	w.path = full
	w.external = &full
	w.clock = t.Runtime.Now
	return w, nil
}
