package schema

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Errors returned (wrapped) by the writing side of Manager;
// ErrTableNotFound is also the one error for a table that does not exist
// wherever it is looked up (core/table, the catalog, the procedures), which
// clients receive as MySQL's 1146.
var (
	ErrTableExists    = errors.New("table already exists")
	ErrTableNotFound  = errors.New("table does not exist")
	ErrColumnExists   = errors.New("column already exists")
	ErrColumnNotFound = errors.New("column does not exist")
)

// NewSchema is the definition of a table to create (Java's Schema). Field
// ids are ignored: Create numbers the columns as Java's Schema.Builder does.
// Options may carry 'primary-key' and 'partition' instead of the key lists.
type NewSchema struct {
	Fields        []types.DataField
	PartitionKeys []string
	PrimaryKeys   []string
	Options       options.Options
	Comment       *string
}

// Create writes schema-0 of a new table, as SchemaManager.createTable does:
// field ids assigned in declaration order (nested ROW fields after their
// column), primary-key columns made NOT NULL, the options as given, validated
// like Java validates a new table. It fails with ErrTableExists when the
// directory already holds a schema.
func (m *Manager) Create(ctx context.Context, s NewSchema) (*spec.TableSchema, error) {
	if err := checkCreateOptions(s.Options); err != nil {
		return nil, fmt.Errorf("create %s: %w", m.tableName(), err)
	}
	ts, order, err := buildSchema(s, time.Now().UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", m.tableName(), err)
	}
	if err := m.checkBranchOptions(ctx, ts); err != nil {
		return nil, fmt.Errorf("create %s: %w", m.tableName(), err)
	}
	ids, err := m.IDs(ctx)
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		return nil, fmt.Errorf("create %s: %w", m.tableName(), ErrTableExists)
	}
	data, err := Marshal(ts, order)
	if err != nil {
		return nil, err
	}
	if err := m.fs.CreateExclusive(ctx, m.Path(0), data); err != nil {
		if fs.IsExist(err) {
			return nil, fmt.Errorf("create %s: %w", m.tableName(), ErrTableExists)
		}
		return nil, fmt.Errorf("create %s: %w", m.tableName(), err)
	}
	m.remember(ts)
	return ts, nil
}

// buildSchema turns a definition into schema-0 and the order Java would
// write its options in.
func buildSchema(s NewSchema, timeMillis int64) (*spec.TableSchema, []string, error) {
	opts := make(map[string]string, len(s.Options))
	for k, v := range s.Options {
		opts[k] = v
	}
	// Java sizes the option HashMap before it drops 'primary-key' and
	// 'partition', so the order is computed with them.
	order := createOptionOrder(opts)
	highest := -1
	fields := make([]types.DataField, len(s.Fields))
	for i, f := range s.Fields {
		highest++
		f.ID = highest
		f.Type = reassignIDs(f.Type, &highest)
		fields[i] = f
	}
	fields, partitionKeys, primaryKeys, err := normalizeKeys(fields, s.PartitionKeys, s.PrimaryKeys, opts)
	if err != nil {
		return nil, nil, err
	}
	ts := &spec.TableSchema{
		Version:        CurrentVersion,
		ID:             0,
		Fields:         fields,
		HighestFieldID: highestFieldID(fields),
		PartitionKeys:  nonNil(partitionKeys),
		PrimaryKeys:    nonNil(primaryKeys),
		Options:        opts,
		Comment:        s.Comment,
		TimeMillis:     timeMillis,
	}
	if len(fields) == 0 {
		return nil, nil, fmt.Errorf("a table needs at least one column")
	}
	if err := validate(ts); err != nil {
		return nil, nil, err
	}
	return ts, order, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (m *Manager) remember(s *spec.TableSchema) {
	m.mu.Lock()
	m.byID[s.ID] = s
	m.mu.Unlock()
}

// root is the table or branch directory of the manager.
func (m *Manager) root() string { return strings.TrimSuffix(m.dir, "/schema") }

// tableRoot is the table directory, also when the manager is a branch's.
func (m *Manager) tableRoot() string {
	r := m.root()
	if parent := path.Dir(r); path.Base(parent) == "branch" && strings.HasPrefix(path.Base(r), "branch-") {
		return path.Dir(parent)
	}
	return r
}

// tableName is "db.table" for messages, as Java's identifierFromPath derives it.
func (m *Manager) tableName() string {
	root := m.tableRoot()
	table, db := path.Base(root), path.Base(path.Dir(root))
	if name, ok := strings.CutSuffix(db, ".db"); ok {
		return name + "." + table
	}
	return table
}

// checkBranchOptions is SchemaValidation.validateFallbackBranch: at most one
// of 'scan.fallback-branch' and 'scan.primary-branch', naming an existing branch.
func (m *Manager) checkBranchOptions(ctx context.Context, s *spec.TableSchema) error {
	fallbackKey, primaryKey := options.ScanFallbackBranch.Key, options.ScanPrimaryBranch.Key
	fallback := strings.TrimSpace(s.Options[fallbackKey])
	primary := strings.TrimSpace(s.Options[primaryKey])
	if fallback != "" && primary != "" {
		return fmt.Errorf("cannot set both '%s' and '%s'", fallbackKey, primaryKey)
	}
	for key, branch := range map[string]string{fallbackKey: s.Options[fallbackKey], primaryKey: s.Options[primaryKey]} {
		if strings.TrimSpace(branch) == "" {
			continue
		}
		dir := m.tableRoot()
		if branch != "main" {
			// The name becomes a directory: nothing outside the table is probed.
			if err := naming.Branch(branch); err != nil {
				return fmt.Errorf("'%s': %w", key, err)
			}
			dir += "/branch/branch-" + branch
		}
		ids, err := NewManager(m.fs, dir).IDs(ctx)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return fmt.Errorf("cannot set '%s' = '%s' because the branch '%s' does not exist", key, branch, branch)
		}
	}
	return nil
}
