package snapshot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
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
		snap, err := spec.MarshalSnapshot(&t.Snapshot)
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
	if err := checkFastForward(ctx, fsys, tableRoot, currentBranch, branch); err != nil {
		return err
	}
	// Everything to copy is read before the target changes.
	src, err := readBranch(ctx, fsys, BranchRoot(tableRoot, branch), targetRoot)
	if err != nil {
		return err
	}
	if src.snapshots == 0 {
		return fmt.Errorf("cannot fast forward branch %s, because it does not have snapshot", branch)
	}
	to := NewManager(fsys, targetRoot)
	targetIDs, err := to.IDs(ctx)
	if err != nil {
		return err
	}
	if err := clearFrom(ctx, fsys, targetRoot, targetIDs, src.earliest, src.earliestSchema); err != nil {
		return err
	}
	for _, c := range src.files {
		if err := fsys.Write(ctx, c.path, c.data); err != nil {
			return err
		}
	}
	// Java copies the branch's hint files too; they may be missing or name
	// the branch's earliest snapshot while older target snapshots remain,
	// so the hints are written from what the target now holds.
	if err := to.WriteLatestHint(ctx, src.latest); err != nil {
		return err
	}
	if len(targetIDs) == 0 || targetIDs[0] >= src.earliest {
		return to.WriteEarliestHint(ctx, src.earliest)
	}
	return nil
}

// checkFastForward is BranchManager.fastForwardValidate plus the branch's
// existence.
func checkFastForward(ctx context.Context, fsys *fs.FS, tableRoot, currentBranch, branch string) error {
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
	return nil
}

// branchFile is a file of a branch and where it goes in the target.
type branchFile struct {
	path string
	data []byte
}

// branchState is what fast-forwarding copies from a branch: its schemas,
// snapshots and tags in that order, as target paths.
type branchState struct {
	files            []branchFile
	snapshots        int
	earliest, latest int64
	earliestSchema   int64
}

func readBranch(ctx context.Context, fsys *fs.FS, branchRoot, targetRoot string) (*branchState, error) {
	st := &branchState{}
	var pairs [][2]string // source, target
	fromSchemas, toSchemas := schema.NewManager(fsys, branchRoot), schema.NewManager(fsys, targetRoot)
	schemaIDs, err := fromSchemas.IDs(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range schemaIDs {
		pairs = append(pairs, [2]string{fromSchemas.Path(id), toSchemas.Path(id)})
	}
	from, to := NewManager(fsys, branchRoot), NewManager(fsys, targetRoot)
	ids, err := from.IDs(ctx)
	if err != nil || len(ids) == 0 {
		return st, err
	}
	first, err := from.Snapshot(ctx, ids[0])
	if err != nil {
		return nil, err
	}
	st.snapshots, st.earliest, st.latest, st.earliestSchema = len(ids), ids[0], ids[len(ids)-1], first.SchemaID
	for _, id := range ids {
		pairs = append(pairs, [2]string{from.Path(id), to.Path(id)})
	}
	fromTags, toTags := NewTagManager(fsys, branchRoot), NewTagManager(fsys, targetRoot)
	names, err := fromTags.Names(ctx)
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		pairs = append(pairs, [2]string{fromTags.Path(n), toTags.Path(n)})
	}
	for _, p := range pairs {
		data, err := fsys.ReadFile(ctx, p[0])
		if err != nil {
			return nil, err
		}
		st.files = append(st.files, branchFile{path: p[1], data: data})
	}
	return st, nil
}

// clearFrom deletes the target's LATEST hint, its snapshots from earliest
// on (newest first), its tags on them and its schemas from schemaID on.
func clearFrom(ctx context.Context, fsys *fs.FS, targetRoot string, ids []int64, earliest, schemaID int64) error {
	to, toTags, toSchemas := NewManager(fsys, targetRoot), NewTagManager(fsys, targetRoot), schema.NewManager(fsys, targetRoot)
	tags, err := toTags.All(ctx)
	if err != nil {
		return err
	}
	schemaIDs, err := toSchemas.IDs(ctx)
	if err != nil {
		return err
	}
	paths := []string{to.Dir() + "/" + Latest}
	for i := len(ids) - 1; i >= 0 && ids[i] >= earliest; i-- {
		paths = append(paths, to.Path(ids[i]))
	}
	for _, t := range tags {
		if t.ID >= earliest {
			paths = append(paths, toTags.Path(t.Name))
		}
	}
	for _, id := range schemaIDs {
		if id >= schemaID {
			paths = append(paths, toSchemas.Path(id))
		}
	}
	for _, p := range paths {
		if err := fsys.Delete(ctx, p); err != nil && !fs.IsNotExist(err) {
			return err
		}
	}
	return nil
}

// CheckBranchUnused refuses to delete a branch that scan.fallback-branch or
// scan.primary-branch names (FileStoreTable.deleteBranch).
func CheckBranchUnused(opts options.Options, name string) error {
	for _, d := range []*options.Option[string]{options.ScanFallbackBranch, options.ScanPrimaryBranch} {
		if key := d.Key; strings.TrimSpace(opts[key]) == name {
			return fmt.Errorf("cannot delete branch '%s' because it is configured as '%s'; unset '%s' first", name, key, key)
		}
	}
	return nil
}
