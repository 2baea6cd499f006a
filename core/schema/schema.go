// Package schema owns a table's schema/schema-N files (TableSchema JSON):
// reading them, creating a table's first schema, evolving it (ALTER TABLE's
// changes, as Java's SchemaManager commits them) and validating schemas
// and their options. Its ErrTableNotFound is the one error for a table that
// does not exist.
package schema

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// CurrentVersion is the schema format version Java writes.
const CurrentVersion = 3

// TableSchema is one schema-N file.
type TableSchema struct {
	Version        int               `json:"version"`
	ID             int64             `json:"id"`
	Fields         []types.DataField `json:"fields"`
	HighestFieldID int               `json:"highestFieldId"`
	PartitionKeys  []string          `json:"partitionKeys"`
	PrimaryKeys    []string          `json:"primaryKeys"`
	Options        options.Options   `json:"options"`
	Comment        *string           `json:"comment,omitempty"`
	TimeMillis     int64             `json:"timeMillis"`
}

// Parse decodes a schema file. A missing version means 1 (Paimon <= 0.7).
// Schemas of Paimon 0.8 and before (version <= 2) without file.format get
// file.format = orc, their default then, as Java's SchemaSerializer does.
func Parse(data []byte) (*TableSchema, error) {
	s := &TableSchema{Version: 1}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	if !options.FileFormat.IsSet(s.Options) && s.Version <= 2 {
		s.Options[options.FileFormat.Key] = "orc"
	}
	return s, nil
}

// checkIntact finds what no schema Java or paimon-sql writes has, so that
// a damaged schema-id file (overwritten with another one, a flipped bit in
// a name) fails with its name instead of serving columns that do not match
// the data files: its id is id, it has columns, their names and ids are
// unique, and the keys name columns.
func (s *TableSchema) checkIntact(id int64) error {
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

// Field returns the field with the given name (exact match) and its index.
func (s *TableSchema) Field(name string) (types.DataField, int, bool) {
	for i, f := range s.Fields {
		if f.Name == name {
			return f, i, true
		}
	}
	return types.DataField{}, -1, false
}

// FieldNames lists the top-level column names in order.
func (s *TableSchema) FieldNames() []string {
	names := make([]string, len(s.Fields))
	for i, f := range s.Fields {
		names[i] = f.Name
	}
	return names
}

// BucketKeys is Java's TableSchema.bucketKeys: the 'bucket-key' option,
// else the trimmed primary key.
func (s *TableSchema) BucketKeys() []string {
	if raw := options.BucketKey.Text(s.Options); strings.TrimSpace(raw) != "" {
		return strings.Split(raw, ",")
	}
	return s.TrimmedPrimaryKeys()
}

// TrimmedPrimaryKeys is the primary key minus the partition keys: the LSM key.
func (s *TableSchema) TrimmedPrimaryKeys() []string {
	var out []string
	for _, k := range s.PrimaryKeys {
		if !contains(s.PartitionKeys, k) {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return s.PrimaryKeys
	}
	return out
}

// Project returns the fields with the given names, in that order.
func (s *TableSchema) Project(names []string) ([]types.DataField, error) {
	out := make([]types.DataField, len(names))
	for i, n := range names {
		f, _, ok := s.Field(n)
		if !ok {
			return nil, fmt.Errorf("schema %d has no field %q", s.ID, n)
		}
		out[i] = f
	}
	return out, nil
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
	byID map[int64]*TableSchema
}

// NewManager returns the manager of the schema directory below root.
func NewManager(fsys *fs.FS, root string) *Manager {
	return &Manager{fs: fsys, dir: root + "/schema", byID: map[int64]*TableSchema{}}
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
func (m *Manager) Latest(ctx context.Context) (*TableSchema, error) {
	ids, err := m.IDs(ctx)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return m.Schema(ctx, ids[len(ids)-1])
}

// Schema reads schema-id.
func (m *Manager) Schema(ctx context.Context, id int64) (*TableSchema, error) {
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
	s, err = Parse(data)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", m.Path(id), err)
	}
	if err := s.checkIntact(id); err != nil {
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
