package snapshot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/schema"
)

// Branches share the table's data files and manifests; a branch's own
// directory (branch/branch-<name>) holds its schemas, snapshots, tags and
// consumers. These functions are Java's FileSystemBranchManager.

// BranchExists tells whether the table under tableRoot has the branch: its
// directory holds a file (object stores have no empty directories).
func BranchExists(ctx context.Context, fsys *fs.FS, tableRoot, name string) (bool, error) {
	entries, err := fsys.List(ctx, BranchRoot(tableRoot, name))
	return len(entries) > 0, err
}

// checkNewBranch is BranchManager.validateBranch: not main, a valid name,
// not an existing branch.
func checkNewBranch(ctx context.Context, fsys *fs.FS, tableRoot, name string) error {
	if name == MainBranch {
		return fmt.Errorf("branch name '%s' is the default branch and cannot be used", MainBranch)
	}
	if err := naming.Branch(name); err != nil {
		return err
	}
	exists, err := BranchExists(ctx, fsys, tableRoot, name)
	if err != nil {
		return err
	}
	if exists {
		return fmt.Errorf("branch name '%s' already exists", name)
	}
	return nil
}

// CreateBranch creates branch name of the table under tableRoot from the
// branch whose metadata lives under sourceRoot (the table root for main).
// With a tag, the branch starts at the tagged snapshot: the tag, the
// snapshot and the schemas up to the snapshot's are copied. Without one it
// is empty, with the schemas up to the latest. The schemas are written
// last and exclusively: a branch is there once it has a schema, and of two
// concurrent creations one fails.
func CreateBranch(ctx context.Context, fsys *fs.FS, tableRoot, sourceRoot, name, tag string) error {
	if err := checkNewBranch(ctx, fsys, tableRoot, name); err != nil {
		return err
	}
	source := schema.NewManager(fsys, sourceRoot)
	ids, err := source.IDs(ctx)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return fmt.Errorf("%s has no schema to branch from", sourceRoot)
	}
	lastSchema := ids[len(ids)-1]
	branchRoot := BranchRoot(tableRoot, name)
	if tag != "" {
		tags := NewTagManager(fsys, sourceRoot)
		t, err := tags.Get(ctx, tag)
		if err != nil {
			return err
		}
		data, err := fsys.ReadFile(ctx, tags.Path(tag))
		if err != nil {
			return err
		}
		// The snapshot file is written from the tag (Java copies the
		// snapshot file, which fails once the snapshot has expired; the
		// tag holds the same snapshot).
		snap, err := Marshal(&t.Snapshot)
		if err != nil {
			return err
		}
		if err := fsys.Write(ctx, NewTagManager(fsys, branchRoot).Path(tag), data); err != nil {
			return err
		}
		if err := fsys.Write(ctx, NewManager(fsys, branchRoot).Path(t.ID), snap); err != nil {
			return err
		}
		lastSchema = t.SchemaID
	}
	target := schema.NewManager(fsys, branchRoot)
	for _, id := range ids {
		if id > lastSchema {
			break
		}
		data, err := fsys.ReadFile(ctx, source.Path(id))
		if err != nil {
			return err
		}
		if err := fsys.CreateExclusive(ctx, target.Path(id), data); err != nil {
			if fs.IsExist(err) {
				return fmt.Errorf("branch name '%s' already exists", name)
			}
			return err
		}
	}
	return nil
}

// DropBranch deletes branch name of the table under tableRoot: its
// directory, the schema files last, so that an interrupted drop leaves a branch
// that can be dropped again. Its data files stay for orphan-file cleanup,
// as in Java.
func DropBranch(ctx context.Context, fsys *fs.FS, tableRoot, name string) error {
	if name == MainBranch {
		return fmt.Errorf("the main branch cannot be deleted")
	}
	if err := naming.CheckFile("branch name", name); err != nil {
		return err
	}
	exists, err := BranchExists(ctx, fsys, tableRoot, name)
	if err != nil {
		return err
	}
	if !exists {
		return fmt.Errorf("branch name '%s' doesn't exist", name)
	}
	root := BranchRoot(tableRoot, name)
	files, err := listTree(ctx, fsys, root)
	if err != nil {
		return err
	}
	// Schemas sort after the other directories' files here.
	sort.SliceStable(files, func(i, j int) bool {
		return !strings.HasPrefix(files[i], root+"/schema/") && strings.HasPrefix(files[j], root+"/schema/")
	})
	for _, f := range files {
		if err := fsys.Delete(ctx, f); err != nil && !fs.IsNotExist(err) {
			return err
		}
	}
	// The directories too: a branch is there as long as its directory is
	// (Java's branchExists), and orphan cleanup refuses a branch without a
	// schema.
	return fsys.DeleteTree(ctx, root)
}

// listTree lists the files below dir, at any depth.
func listTree(ctx context.Context, fsys *fs.FS, dir string) ([]string, error) {
	entries, err := fsys.List(ctx, dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		p := dir + "/" + e.Name
		if !e.IsDir {
			out = append(out, p)
			continue
		}
		sub, err := listTree(ctx, fsys, p)
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
	}
	return out, nil
}

// FastForward makes branch the state of the branch whose metadata lives
// under targetRoot (currentBranch, main for the table itself), as
// FileSystemBranchManager.fastForward does: the target's snapshots and tags
// from the branch's earliest snapshot on, and its schemas from that
// snapshot's schema on, are replaced by the branch's. Like Java, it assumes
// no one commits to the target meanwhile. The data files of the replaced
// snapshots stay for orphan-file cleanup.
func FastForward(ctx context.Context, fsys *fs.FS, tableRoot, targetRoot, currentBranch, branch string) error {
	switch {
	case branch == MainBranch:
		return fmt.Errorf("branch name '%s' do not use in fast-forward", branch)
	case strings.TrimSpace(branch) == "":
		return fmt.Errorf("branch name must not be blank")
	case branch == currentBranch:
		return fmt.Errorf("fast-forward from the current branch '%s' is not allowed", branch)
	}
	if err := naming.CheckFile("branch name", branch); err != nil {
		return err
	}
	exists, err := BranchExists(ctx, fsys, tableRoot, branch)
	if err != nil {
		return err
	}
	if !exists {
		return fmt.Errorf("branch name '%s' doesn't exist", branch)
	}
	branchRoot := BranchRoot(tableRoot, branch)
	from := NewManager(fsys, branchRoot)
	fromIDs, err := from.IDs(ctx)
	if err != nil {
		return err
	}
	if len(fromIDs) == 0 {
		return fmt.Errorf("cannot fast forward branch %s, because it does not have snapshot", branch)
	}
	earliest := fromIDs[0]
	first, err := from.Snapshot(ctx, earliest)
	if err != nil {
		return err
	}
	fromSchemas := schema.NewManager(fsys, branchRoot)
	schemaIDs, err := fromSchemas.IDs(ctx)
	if err != nil {
		return err
	}
	fromTags := NewTagManager(fsys, branchRoot)
	tagNames, err := fromTags.Names(ctx)
	if err != nil {
		return err
	}
	// Everything to copy is read before the target changes.
	copies := map[string][]byte{}
	var order []string
	read := func(src, dst string) error {
		data, err := fsys.ReadFile(ctx, src)
		if err != nil {
			return err
		}
		copies[dst] = data
		order = append(order, dst)
		return nil
	}
	to := NewManager(fsys, targetRoot)
	toSchemas := schema.NewManager(fsys, targetRoot)
	toTags := NewTagManager(fsys, targetRoot)
	for _, id := range schemaIDs {
		if err := read(fromSchemas.Path(id), toSchemas.Path(id)); err != nil {
			return err
		}
	}
	for _, id := range fromIDs {
		if err := read(from.Path(id), to.Path(id)); err != nil {
			return err
		}
	}
	for _, n := range tagNames {
		if err := read(fromTags.Path(n), toTags.Path(n)); err != nil {
			return err
		}
	}

	toIDs, err := to.IDs(ctx)
	if err != nil {
		return err
	}
	targetTags, err := toTags.All(ctx)
	if err != nil {
		return err
	}
	targetSchemas, err := toSchemas.IDs(ctx)
	if err != nil {
		return err
	}
	if err := fsys.Delete(ctx, to.Dir()+"/"+Latest); err != nil && !fs.IsNotExist(err) {
		return err
	}
	for i := len(toIDs) - 1; i >= 0 && toIDs[i] >= earliest; i-- {
		if err := fsys.Delete(ctx, to.Path(toIDs[i])); err != nil && !fs.IsNotExist(err) {
			return err
		}
	}
	for _, t := range targetTags {
		if t.ID >= earliest {
			if err := fsys.Delete(ctx, toTags.Path(t.Name)); err != nil && !fs.IsNotExist(err) {
				return err
			}
		}
	}
	for _, id := range targetSchemas {
		if id >= first.SchemaID {
			if err := fsys.Delete(ctx, toSchemas.Path(id)); err != nil && !fs.IsNotExist(err) {
				return err
			}
		}
	}
	for _, dst := range order {
		if err := fsys.Write(ctx, dst, copies[dst]); err != nil {
			return err
		}
	}
	// Java copies the branch's hint files too; they may be missing or name
	// the branch's earliest snapshot while older target snapshots remain,
	// so the hints are written from what the target now holds.
	if err := to.WriteLatestHint(ctx, fromIDs[len(fromIDs)-1]); err != nil {
		return err
	}
	if len(toIDs) == 0 || toIDs[0] >= earliest {
		return to.WriteEarliestHint(ctx, earliest)
	}
	return nil
}

// CheckBranchUnused refuses to delete a branch that scan.fallback-branch or
// scan.primary-branch names (FileStoreTable.deleteBranch).
func CheckBranchUnused(opts map[string]string, name string) error {
	for _, key := range []string{"scan.fallback-branch", "scan.primary-branch"} {
		if strings.TrimSpace(opts[key]) == name {
			return fmt.Errorf("cannot delete branch '%s' because it is configured as '%s'; unset '%s' first", name, key, key)
		}
	}
	return nil
}
