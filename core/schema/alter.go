package schema

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"

	"github.com/paimon-sql/paimon-sql/core/cast"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// maxCommitAttempts bounds the retries of Commit against concurrent
// writers. Java retries without bound; a bound turns a livelock into an error.
const maxCommitAttempts = 100

// Commit applies changes to the latest schema and writes the result as the
// next schema-N, as SchemaManager.commitChanges does. When another writer
// created schema-N first, the changes are re-applied to its schema.
func (m *Manager) Commit(ctx context.Context, changes ...Change) (*spec.TableSchema, error) {
	var hasSnapshots *bool // looked up once, only when an option change needs it
	for attempt := 0; attempt < maxCommitAttempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ids, err := m.IDs(ctx)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			return nil, fmt.Errorf("alter %s: %w", m.tableName(), ErrTableNotFound)
		}
		data, err := m.fs.ReadFile(ctx, m.Path(ids[len(ids)-1]))
		if err != nil {
			return nil, fmt.Errorf("alter %s: read schema %d: %w", m.tableName(), ids[len(ids)-1], err)
		}
		old, err := spec.ParseTableSchema(data)
		if err != nil {
			return nil, fmt.Errorf("alter %s: parse schema %d: %w", m.tableName(), ids[len(ids)-1], err)
		}
		fileOrder, err := OptionOrder(data)
		if err != nil {
			return nil, err
		}
		snapshotsExist := func() (bool, error) {
			if hasSnapshots == nil {
				v, err := m.hasSnapshots(ctx)
				if err != nil {
					return false, err
				}
				hasSnapshots = &v
			}
			return *hasSnapshots, nil
		}
		next, order, err := applyChanges(old, fileOrder, changes, snapshotsExist, m.tableName())
		if err != nil {
			return nil, fmt.Errorf("alter %s: %w", m.tableName(), err)
		}
		next.TimeMillis = time.Now().UnixMilli()
		if err := validate(next); err != nil {
			return nil, fmt.Errorf("alter %s: %w", m.tableName(), err)
		}
		if err := m.checkBranchOptions(ctx, next); err != nil {
			return nil, fmt.Errorf("alter %s: %w", m.tableName(), err)
		}
		out, err := Marshal(next, order)
		if err != nil {
			return nil, err
		}
		err = m.fs.CreateExclusive(ctx, m.Path(next.ID), out)
		if fs.IsExist(err) {
			continue // another writer committed schema-N: start over from it
		}
		if err != nil {
			return nil, fmt.Errorf("alter %s: %w", m.tableName(), err)
		}
		m.remember(next)
		return next, nil
	}
	return nil, fmt.Errorf("alter %s: gave up after %d attempts: other writers keep changing the schema", m.tableName(), maxCommitAttempts)
}

// hasSnapshots tells whether the table has any snapshot: Java refuses some
// option changes only on tables that hold data.
func (m *Manager) hasSnapshots(ctx context.Context) (bool, error) {
	entries, err := m.fs.List(ctx, m.root()+"/snapshot")
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		if _, ok := ParseFileID(e.Name, "snapshot-"); ok && !e.IsDir {
			return true, nil
		}
	}
	return false, nil
}

// alteration is the schema under construction by applyChanges.
type alteration struct {
	old       *spec.TableSchema
	fields    []types.DataField
	highest   int
	comment   *string
	options   options.Options
	order     *javaHashMap
	table     string
	renamed   map[string]string // top-level renames, old name -> new name
	renames   []string          // old names of top-level renames, in change order
	anyRename bool
}

// applyChanges is SchemaManager.generateTableSchema. fileOrder is the option
// order of old's file; the returned order is the one Java would write.
func applyChanges(old *spec.TableSchema, fileOrder []string, changes []Change, hasSnapshots func() (bool, error), table string) (*spec.TableSchema, []string, error) {
	// Java reads the options into a HashMap, then copies it for editing.
	read := newJavaHashMap()
	for _, k := range completeOrder(old.Options, fileOrder) {
		read.put(k)
	}
	a := &alteration{
		old:     old,
		fields:  append([]types.DataField(nil), old.Fields...),
		highest: old.HighestFieldID,
		comment: old.Comment,
		options: make(map[string]string, len(old.Options)),
		order:   copyJavaHashMap(read.keys),
		table:   table,
		renamed: map[string]string{},
	}
	for k, v := range old.Options {
		a.options[k] = v
	}
	for _, c := range changes {
		if err := a.apply(c, hasSnapshots); err != nil {
			return nil, nil, err
		}
	}
	if a.anyRename {
		a.renameInOptions()
	}
	// The new Schema copies the options into a fresh HashMap once more.
	a.order = copyJavaHashMap(a.order.keys)
	primaryKeys := make([]string, len(old.PrimaryKeys))
	for i, k := range old.PrimaryKeys {
		primaryKeys[i] = renamedTo(k, a.renamed)
	}
	fields, partitionKeys, primaryKeys, err := normalizeKeys(a.fields, old.PartitionKeys, primaryKeys, a.options)
	if err != nil {
		return nil, nil, err
	}
	for _, k := range []string{options.PrimaryKey.Key, options.Partition.Key} {
		a.order.remove(k)
	}
	return &spec.TableSchema{
		Version:        CurrentVersion,
		ID:             old.ID + 1,
		Fields:         fields,
		HighestFieldID: a.highest,
		PartitionKeys:  nonNil(partitionKeys),
		PrimaryKeys:    nonNil(primaryKeys),
		Options:        a.options,
		Comment:        a.comment,
	}, a.order.keys, nil
}

func renamedTo(name string, renamed map[string]string) string {
	if n, ok := renamed[name]; ok {
		return n
	}
	return name
}

func (a *alteration) apply(c Change, hasSnapshots func() (bool, error)) error {
	switch c := c.(type) {
	case SetOption:
		if err := checkPathOption(c.Key); err != nil {
			return err
		}
		if c.Key == options.Branch.Key {
			if err := checkBranchOption(c.Value); err != nil {
				return err
			}
		}
		if err := options.CheckKey(c.Key); err != nil {
			return err
		}
		if has, err := hasSnapshots(); err != nil {
			return err
		} else if has {
			old := a.old.Options[c.Key]
			if err := checkAlterOption(a.old.Options, c.Key, old, c.Value); err != nil {
				return err
			}
		}
		a.options[c.Key] = c.Value
		a.order.put(c.Key)
	case RemoveOption:
		if err := checkPathOption(c.Key); err != nil {
			return err
		}
		if has, err := hasSnapshots(); err != nil {
			return err
		} else if has {
			if err := checkResetOption(a.old.Options, c.Key); err != nil {
				return err
			}
		}
		delete(a.options, c.Key)
		a.order.remove(c.Key)
	case UpdateComment:
		a.comment = c.Comment
	case AddColumn:
		return a.addColumn(c)
	case RenameColumn:
		return a.renameColumn(c)
	case DropColumn:
		return a.dropColumn(c)
	case UpdateColumnType:
		return a.updateColumnType(c)
	case UpdateColumnNullability:
		return a.updateNullability(c)
	case UpdateColumnComment:
		return a.updateField(c.FieldNames, func(f types.DataField, _ int) (types.DataField, error) {
			f.Description = c.Comment
			return f, nil
		})
	case UpdateColumnPosition:
		return applyMove(a.fields, c.Move)
	default:
		return fmt.Errorf("unsupported schema change %T", c)
	}
	return nil
}

func (a *alteration) notFound(path []string) error {
	return fmt.Errorf("column '%s' of %s: %w", joinPath(path), a.table, ErrColumnNotFound)
}

func (a *alteration) addColumn(c AddColumn) error {
	if len(c.FieldNames) == 0 {
		return fmt.Errorf("ADD COLUMN needs a column name")
	}
	if !c.Type.Nullable {
		return fmt.Errorf("column '%s' cannot be added as NOT NULL to %s: Paimon cannot fill existing rows; add it as nullable", joinPath(c.FieldNames), a.table)
	}
	a.highest++
	id := a.highest
	typ := reassignIDs(c.Type, &a.highest)
	addBeforePartition, _ := options.AddColumnBeforePartition.Get(a.old.Options)
	return walkColumn(&a.fields, c.FieldNames, a.notFound, func(depth int, fields *[]types.DataField, name string) error {
		for _, f := range *fields {
			if f.Name == name {
				return fmt.Errorf("column '%s' of %s: %w", joinPath(append(append([]string(nil), c.FieldNames[:depth]...), name)), a.table, ErrColumnExists)
			}
		}
		field := types.DataField{ID: id, Name: name, Type: typ, Description: c.Description}
		at := len(*fields)
		switch {
		case c.Move != nil:
			switch c.Move.Type {
			case MoveFirst:
				at = 0
			case MoveAfter, MoveBefore:
				ref := indexOf(*fields, c.Move.Reference)
				if ref < 0 {
					return a.notFound([]string{c.Move.Reference})
				}
				at = ref
				if c.Move.Type == MoveAfter {
					at++
				}
			}
		case addBeforePartition && len(a.old.PartitionKeys) > 0 && len(c.FieldNames) == 1:
			for i, f := range *fields {
				if contains(a.old.PartitionKeys, f.Name) {
					at = i
					break
				}
			}
		}
		*fields = append((*fields)[:at:at], append([]types.DataField{field}, (*fields)[at:]...)...)
		return nil
	})
}

func indexOf(fields []types.DataField, name string) int {
	for i, f := range fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

func (a *alteration) renameColumn(c RenameColumn) error {
	if len(c.FieldNames) == 0 {
		return fmt.Errorf("RENAME COLUMN needs a column name")
	}
	if len(c.FieldNames) == 1 {
		if contains(a.old.PartitionKeys, c.FieldNames[0]) {
			return fmt.Errorf("cannot rename partition column '%s'", c.FieldNames[0])
		}
		if i := indexOf(a.fields, c.FieldNames[0]); i >= 0 && a.fields[i].Type.Kind == types.Blob {
			return fmt.Errorf("cannot rename BLOB column '%s'", c.FieldNames[0])
		}
	}
	err := walkColumn(&a.fields, c.FieldNames, a.notFound, func(depth int, fields *[]types.DataField, name string) error {
		i := indexOf(*fields, name)
		if i < 0 {
			return a.notFound(append(append([]string(nil), c.FieldNames[:depth]...), name))
		}
		if indexOf(*fields, c.NewName) >= 0 {
			return fmt.Errorf("column '%s' of %s: %w", joinPath(append(append([]string(nil), c.FieldNames[:depth]...), c.NewName)), a.table, ErrColumnExists)
		}
		(*fields)[i].Name = c.NewName
		return nil
	})
	if err != nil {
		return err
	}
	a.anyRename = true
	if len(c.FieldNames) == 1 {
		a.renamed[c.FieldNames[0]] = c.NewName
		a.renames = append(a.renames, c.FieldNames[0])
	}
	return nil
}

func (a *alteration) dropColumn(c DropColumn) error {
	if len(c.FieldNames) == 0 {
		return fmt.Errorf("DROP COLUMN needs a column name")
	}
	if len(c.FieldNames) == 1 {
		name := c.FieldNames[0]
		if contains(a.old.PartitionKeys, name) || contains(a.old.PrimaryKeys, name) {
			return fmt.Errorf("cannot drop column '%s': it is a partition key or primary-key column", name)
		}
	}
	return walkColumn(&a.fields, c.FieldNames, a.notFound, func(depth int, fields *[]types.DataField, name string) error {
		i := indexOf(*fields, name)
		if i < 0 {
			return a.notFound(append(append([]string(nil), c.FieldNames[:depth]...), name))
		}
		*fields = append((*fields)[:i:i], (*fields)[i+1:]...)
		if len(*fields) == 0 {
			return fmt.Errorf("cannot drop column '%s': it is the last one (a table or ROW needs at least one field)", joinPath(c.FieldNames))
		}
		return nil
	})
}

// updateField replaces the field a path designates.
func (a *alteration) updateField(path []string, update func(f types.DataField, depth int) (types.DataField, error)) error {
	if len(path) == 0 {
		return fmt.Errorf("a column name is needed")
	}
	return walkColumn(&a.fields, path, a.notFound, func(depth int, fields *[]types.DataField, name string) error {
		i := indexOf(*fields, name)
		if i < 0 {
			return a.notFound(path)
		}
		f, err := update((*fields)[i], depth)
		if err != nil {
			return err
		}
		(*fields)[i] = f
		return nil
	})
}

func (a *alteration) updateColumnType(c UpdateColumnType) error {
	if len(c.FieldNames) == 1 {
		name := c.FieldNames[0]
		if contains(a.old.PartitionKeys, name) {
			return fmt.Errorf("cannot change the type of partition column '%s'", name)
		}
		if contains(a.old.PrimaryKeys, name) {
			return fmt.Errorf("cannot change the type of primary-key column '%s'", name)
		}
	}
	disableExplicit, _ := options.DisableExplicitTypeCasting.Get(a.old.Options)
	allowExplicit := !disableExplicit
	return a.updateField(c.FieldNames, func(f types.DataField, depth int) (types.DataField, error) {
		from := typeAtDepth(f.Type, depth, len(c.FieldNames))
		to := c.Type
		if c.KeepNullability {
			to = to.WithNullable(from.Nullable)
		} else if err := a.checkNullability(from.Nullable, to.Nullable, c.FieldNames); err != nil {
			return f, err
		}
		if !cast.AlterAllowed(from, to, allowExplicit) {
			return f, fmt.Errorf("column '%s' cannot change type from %s to %s: existing values cannot be converted without losing information", joinPath(c.FieldNames), from.SQL(), to.SQL())
		}
		f.Type = replaceAtDepth(f.Type, to, depth, len(c.FieldNames))
		return f, nil
	})
}

func (a *alteration) updateNullability(c UpdateColumnNullability) error {
	if c.Nullable && len(c.FieldNames) == 1 && contains(a.old.PrimaryKeys, c.FieldNames[0]) {
		return fmt.Errorf("cannot make primary-key column '%s' nullable", c.FieldNames[0])
	}
	return a.updateField(c.FieldNames, func(f types.DataField, depth int) (types.DataField, error) {
		from := typeAtDepth(f.Type, depth, len(c.FieldNames))
		if err := a.checkNullability(from.Nullable, c.Nullable, c.FieldNames); err != nil {
			return f, err
		}
		f.Type = replaceAtDepth(f.Type, from.WithNullable(c.Nullable), depth, len(c.FieldNames))
		return f, nil
	})
}

// checkNullability refuses NULL to NOT NULL unless the table allows it:
// existing rows may hold nulls.
func (a *alteration) checkNullability(from, to bool, path []string) error {
	disabled, _ := options.AlterColumnNullToNotNullDisabled.Get(a.old.Options)
	if disabled && from && !to {
		return fmt.Errorf("cannot make column '%s' NOT NULL: existing rows may hold nulls; set table option 'alter-column-null-to-not-null.disabled' = 'false' to allow it", joinPath(path))
	}
	return nil
}

// applyMove is SchemaManager.applyMove for top-level columns.
func applyMove(fields []types.DataField, mv Move) error {
	from := indexOf(fields, mv.FieldName)
	if from < 0 {
		return fmt.Errorf("column '%s': %w", mv.FieldName, ErrColumnNotFound)
	}
	var to int
	switch mv.Type {
	case MoveFirst:
		to = 0
	case MoveLast:
		to = len(fields) - 1
	default:
		ref := indexOf(fields, mv.Reference)
		if ref < 0 {
			return fmt.Errorf("column '%s': %w", mv.Reference, ErrColumnNotFound)
		}
		if ref == from {
			return fmt.Errorf("cannot move column '%s' relative to itself", mv.FieldName)
		}
		to = ref
		if mv.Type == MoveAfter && from > ref {
			to++
		}
		if mv.Type == MoveBefore && from < ref {
			to--
		}
		to = min(to, len(fields)-1)
	}
	if (mv.Type == MoveFirst || mv.Type == MoveLast) && from == to {
		return fmt.Errorf("column '%s' is already the %s column", mv.FieldName, map[MoveType]string{MoveFirst: "first", MoveLast: "last"}[mv.Type])
	}
	f := fields[from]
	rest := append(append([]types.DataField(nil), fields[:from]...), fields[from+1:]...)
	copy(fields, rest[:to])
	fields[to] = f
	copy(fields[to+1:], rest[to:])
	return nil
}

// checkAlterOption is SchemaManager.checkAlterTableOption: what may not
// change once a table holds data.
func checkAlterOption(opts options.Options, key, oldValue, newValue string) error {
	if options.IsImmutable(key) {
		return fmt.Errorf("option '%s' cannot be changed once the table has data", key)
	}
	switch key {
	case options.Bucket.Key:
		oldBucket := bucket.Dynamic
		if oldValue != "" {
			oldBucket, _ = strconv.Atoi(oldValue)
		}
		newBucket, err := strconv.Atoi(newValue)
		if err != nil {
			return fmt.Errorf("option 'bucket' = '%s' is not an integer", newValue)
		}
		if oldBucket == bucket.Dynamic {
			return fmt.Errorf("cannot change 'bucket' of a table with bucket = -1")
		}
		if newBucket == bucket.Dynamic {
			return fmt.Errorf("cannot change 'bucket' to -1")
		}
	case options.DeletionVectorsEnabled.Key:
		if modifiable, _ := options.DeletionVectorsModifiable.Get(opts); !modifiable &&
			strings.EqualFold(oldValue, "true") != strings.EqualFold(newValue, "true") {
			return fmt.Errorf("cannot change 'deletion-vectors.enabled' from %t to %t without a full compaction (data could be duplicated); if you are sure, set 'deletion-vectors.modifiable' = 'true' first",
				strings.EqualFold(oldValue, "true"), strings.EqualFold(newValue, "true"))
		}
	case options.IgnoreDelete.Key, options.IgnoreUpdateBefore.Key:
		if strings.EqualFold(oldValue, "true") && !strings.EqualFold(newValue, "true") {
			return fmt.Errorf("cannot change '%s' from true to false", key)
		}
	case options.ClusteringColumns.Key:
		if options.PKClusteringOverride.IsSet(opts) {
			return fmt.Errorf("cannot change '%s' while '%s' is set", key, options.PKClusteringOverride.Key)
		}
	}
	return nil
}

// checkPathOption refuses changing the table location, as Java's Flink
// catalog does (SchemaManager.checkAlterTablePath): 'path' is never stored,
// Java derives it from where the table is.
func checkPathOption(key string) error {
	if strings.EqualFold(key, options.Path.Key) {
		return fmt.Errorf("option '%s' cannot be changed: it is where the table is", options.Path.Key)
	}
	return nil
}

// checkResetOption is SchemaManager.checkResetTableOption.
func checkResetOption(opts options.Options, key string) error {
	if options.IsImmutable(key) {
		return fmt.Errorf("option '%s' cannot be changed once the table has data", key)
	}
	if key == options.Bucket.Key {
		return fmt.Errorf("cannot reset 'bucket' once the table has data")
	}
	if options.PKClusteringOverride.IsSet(opts) && key == options.ClusteringColumns.Key {
		return fmt.Errorf("cannot reset '%s' while '%s' is set", key, options.PKClusteringOverride.Key)
	}
	return nil
}
