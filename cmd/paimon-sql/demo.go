package main

import (
	"context"
	"embed"
	"io/fs"
	"path"
	"strings"

	pfs "github.com/paimon-sql/paimon-sql/core/fs"
)

// demo holds the demo database: tables written by Java Paimon (copies of the
// project's Java-written fixtures), so a newcomer has real Paimon tables to
// query: merge-on-read with schema evolution, deletion vectors, nested
// types, and a table with a branch.
//
//go:embed all:demo
var demo embed.FS

// seedDemo writes the demo database into a newly created default warehouse.
func seedDemo(ctx context.Context, fsys *pfs.FS) error {
	return fs.WalkDir(demo, "demo", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := demo.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := strings.CutPrefix(p, "demo/")
		return fsys.Write(ctx, path.Clean(rel), data)
	})
}
