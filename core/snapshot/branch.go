package snapshot

import (
	"context"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// MainBranch is the name of the table itself.
const MainBranch = "main"

const branchPrefix = "branch-"

// BranchRoot is the metadata root of a branch: the table root for main,
// <table>/branch/branch-<name> otherwise. Data and manifests stay shared.
func BranchRoot(tableRoot, branch string) string {
	if branch == "" || branch == MainBranch {
		return tableRoot
	}
	return tableRoot + "/branch/" + branchPrefix + branch
}

// Branch is one branch of a table.
type Branch struct {
	Name       string
	CreateTime time.Time
}

// Branches lists the branches of a table (main excluded), sorted by name.
// Object stores have no directory times, so the creation time is that of the
// branch's first schema file.
func Branches(ctx context.Context, fsys *fs.FS, tableRoot string) ([]Branch, error) {
	entries, err := fsys.List(ctx, tableRoot+"/branch")
	if err != nil {
		return nil, err
	}
	var out []Branch
	for _, e := range entries {
		if !e.IsDir || !strings.HasPrefix(e.Name, branchPrefix) {
			continue
		}
		name := e.Name[len(branchPrefix):]
		b := Branch{Name: name}
		schemas, err := fsys.List(ctx, BranchRoot(tableRoot, name)+"/schema")
		if err != nil {
			return nil, err
		}
		for _, s := range schemas {
			if b.CreateTime.IsZero() || (!s.ModTime.IsZero() && s.ModTime.Before(b.CreateTime)) {
				b.CreateTime = s.ModTime
			}
		}
		out = append(out, b)
	}
	return out, nil
}
