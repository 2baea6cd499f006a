// Package schema owns what is done with a table's schema/schema-N files
// (their type and JSON codec are core/spec's TableSchema): finding and
// reading them, creating a table's first schema with Java's option order,
// evolving it (ALTER TABLE's changes, as Java's SchemaManager commits
// them) and validating schemas and their options. Its ErrTableNotFound is
// the one error for a table that does not exist.
package schema

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// CurrentVersion is the schema format version Java writes.
const CurrentVersion = 3

// checkIntact finds what no schema Java or paimon-sql writes has, so that
// a damaged schema-id file (overwritten with another one, a flipped bit in
// a name) fails with its name instead of serving columns that do not match
// the data files: its id is id, it has columns, their names and ids are
// unique, and the keys name columns.
func checkIntact(s *spec.TableSchema, id int64) error {
	if s.ID != id {
		return fmt.Errorf("it holds schema %d, not %d", s.ID, id)
	}
	if len(s.Fields) == 0 {
		return fmt.Errorf("it has no columns")
	}
	names, ids := map[string]bool{}, map[int]bool{}
	for _, f := range s.Fields {
		if names[f.Name] || ids[f.ID] {
			return fmt.Errorf("column %q (id %d) is there twice", f.Name, f.ID)
		}
		names[f.Name], ids[f.ID] = true, true
	}
	for _, k := range append(slices.Clip(s.PartitionKeys), s.PrimaryKeys...) {
		if !names[k] {
			return fmt.Errorf("key column %q is not one of its columns", k)
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Manager reads the schemas of one table (or branch) directory. Schema files
// never change once written, so parsed schemas are cached.
type Manager struct {
	fs   *fs.FS
	dir  string // <table or branch root>/schema
	mu   sync.Mutex
	byID map[int64]*spec.TableSchema
}

// NewManager returns the manager of the schema directory below root.
func NewManager(fsys *fs.FS, root string) *Manager {
	return &Manager{fs: fsys, dir: root + "/schema", byID: map[int64]*spec.TableSchema{}}
}

// Path is the path of schema-id.
func (m *Manager) Path(id int64) string { return fmt.Sprintf("%s/schema-%d", m.dir, id) }

// IDs lists the schema ids present, ascending.
func (m *Manager) IDs(ctx context.Context) ([]int64, error) {
	entries, err := m.fs.List(ctx, m.dir)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, e := range entries {
		if id, ok := ParseFileID(e.Name, "schema-"); ok && !e.IsDir {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

// Latest returns the schema with the highest id, or nil when there is none.
func (m *Manager) Latest(ctx context.Context) (*spec.TableSchema, error) {
	ids, err := m.IDs(ctx)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return m.Schema(ctx, ids[len(ids)-1])
}

// Schema reads schema-id.
func (m *Manager) Schema(ctx context.Context, id int64) (*spec.TableSchema, error) {
	m.mu.Lock()
	s, ok := m.byID[id]
	m.mu.Unlock()
	if ok {
		return s, nil
	}
	data, err := m.fs.ReadFile(ctx, m.Path(id))
	if err != nil {
		return nil, fmt.Errorf("read schema %d: %w", id, err)
	}
	s, err = spec.ParseTableSchema(data)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", m.Path(id), err)
	}
	if err := checkIntact(s, id); err != nil {
		return nil, fmt.Errorf("%s is damaged: %w", m.Path(id), err)
	}
	m.mu.Lock()
	m.byID[id] = s
	m.mu.Unlock()
	return s, nil
}

// ParseFileID parses "<prefix><decimal id>" file names; anything else is
// not one of ours (temp files, hints).
func ParseFileID(name, prefix string) (int64, bool) {
	if !strings.HasPrefix(name, prefix) {
		return 0, false
	}
	id, err := strconv.ParseInt(name[len(prefix):], 10, 64)
	if err != nil || id < 0 {
		return 0, false
	}
	return id, true
}
