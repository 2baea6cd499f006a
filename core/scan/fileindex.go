package scan

import (
	"context"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fileindex"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// keepFile tells whether the scan reads a data file of the bucket
// directory dir, counting the files value statistics or file indexes
// skip.
func (pl *planner) keepFile(ctx context.Context, f manifest.DataFileMeta, dir string) (bool, error) {
	ok, err := pl.fileMayMatch(ctx, f)
	if err != nil {
		return false, err
	}
	if !ok {
		stats.FilesPruned.Add(1)
		return false, nil
	}
	if ok, err = pl.indexMayMatch(ctx, f, dir); err != nil {
		return false, err
	}
	if !ok {
		stats.FilesIndexSkipped.Add(1)
		return false, nil
	}
	stats.FilesScanned.Add(1)
	return true, nil
}

// indexMayMatch evaluates the file filter on the file's index, embedded in
// the manifest entry or in its '.index' extra file ('file-index.read.enabled'
// turns this off). Java evaluates embedded indexes while planning and index
// files while reading; both only skip whole files here.
func (pl *planner) indexMayMatch(ctx context.Context, f manifest.DataFileMeta, dir string) (bool, error) {
	if pl.fileFilter == nil || !options.Options(pl.sch.Options).FileIndexRead() {
		return true, nil
	}
	data := f.EmbeddedIndex
	var where string
	if data == nil {
		var name string
		for _, x := range f.ExtraFiles {
			if strings.HasSuffix(x, fileindex.IndexFileSuffix) {
				if name != "" {
					return false, fmt.Errorf("%s: data file %s has two index files, %s and %s", pl.t.FullName(), f.FileName, name, x)
				}
				name = x
			}
		}
		if name == "" {
			return true, nil
		}
		// Beside the data file, wherever it lies (Java's toAlignedPath).
		if f.ExternalPath != nil {
			dir = (*f.ExternalPath)[:max(0, strings.LastIndex(*f.ExternalPath, "/"))]
		}
		where = dir + "/" + name
		var err error
		if data, err = pl.t.FS.ReadFile(ctx, where); err != nil {
			return false, fmt.Errorf("%s: file index of %s: %w", pl.t.FullName(), f.FileName, err)
		}
	} else {
		where = "the manifest entry of " + f.FileName
	}
	idx, err := fileindex.Decode(data)
	if err != nil {
		return false, fmt.Errorf("%s: file index in %s: %w", pl.t.FullName(), where, err)
	}
	fileSchema, err := pl.t.Schemas.Schema(ctx, f.SchemaID)
	if err != nil {
		return false, err
	}
	ok, err := idx.MayMatch(pl.fileFilter, func(field string) (string, types.DataType, bool) {
		cur, _, ok := pl.sch.Field(field)
		if !ok {
			return "", types.DataType{}, false
		}
		for _, fd := range fileSchema.Fields {
			if fd.ID == cur.ID {
				// An index built for another type answers for other values.
				return fd.Name, fd.Type, fd.Type.WithNullable(true).SQL() == cur.Type.WithNullable(true).SQL()
			}
		}
		return "", types.DataType{}, false
	})
	if err != nil {
		return false, fmt.Errorf("%s: file index in %s: %w", pl.t.FullName(), where, err)
	}
	return ok, nil
}
