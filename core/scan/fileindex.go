package scan

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/fileindex"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/stats"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// candidate is an entry the partition filter kept, with its partition
// values.
type candidate struct {
	e      *spec.ManifestEntry
	values []any
}

// keepFiles tells which candidates the scan reads, counting the files
// value statistics or file indexes skip. Indexes kept beside their data
// files are read in parallel: each is one more read, and on an object
// store the latencies add up.
func (pl *planner) keepFiles(ctx context.Context, cands []candidate) ([]bool, error) {
	keep := make([]bool, len(cands))
	useIndex := pl.fileFilter != nil && pl.sch.Options.FileIndexRead()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0) * 4)
	for i, c := range cands {
		ok, err := pl.fileMayMatch(ctx, c.e.File)
		if err != nil {
			return nil, err
		}
		keep[i] = ok
		switch {
		case !ok:
			stats.FilesPruned.Add(1)
		case !useIndex:
		case c.e.File.EmbeddedIndex != nil:
			if keep[i], err = pl.indexMayMatch(ctx, c.e.File, nil); err != nil {
				return nil, err
			}
		default:
			if name := indexFileName(c.e.File); name != "" {
				g.Go(func() (err error) {
					keep[i], err = pl.indexMayMatch(gctx, c.e.File, pl.indexFileData(c, name))
					return err
				})
			}
		}
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	for i := range cands {
		if keep[i] {
			stats.FilesScanned.Add(1)
		}
	}
	return keep, nil
}

// indexFileName is the file's '.index' extra file, "" for none.
func indexFileName(f spec.DataFileMeta) string {
	for _, x := range f.ExtraFiles {
		if strings.HasSuffix(x, fileindex.IndexFileSuffix) {
			return x
		}
	}
	return ""
}

// indexFileData reads the index file name beside the candidate's data
// file, wherever that lies (Java's toAlignedPath).
func (pl *planner) indexFileData(c candidate, name string) func(context.Context) ([]byte, string, error) {
	return func(ctx context.Context) ([]byte, string, error) {
		dir := pl.bucketDir(c.values, c.e.Bucket)
		if ext := c.e.File.ExternalPath; ext != nil {
			dir = (*ext)[:max(0, strings.LastIndex(*ext, "/"))]
		}
		path := dir + "/" + name
		data, err := pl.t.FS.ReadFile(ctx, path)
		return data, path, err
	}
}

// indexMayMatch evaluates the file filter on the file's index: the one
// embedded in its manifest entry, else the one readFile reads. Java
// evaluates embedded indexes while planning and index files while
// reading; both only skip whole files here.
func (pl *planner) indexMayMatch(ctx context.Context, f spec.DataFileMeta, readFile func(context.Context) ([]byte, string, error)) (_ bool, err error) {
	// A damaged index must fail this statement, not end the process from
	// a planning goroutine.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: file index of %s: cannot decode: %v", pl.t.FullName(), f.FileName, p)
		}
	}()
	data, where := f.EmbeddedIndex, "the manifest entry of "+f.FileName
	if data == nil {
		if data, where, err = readFile(ctx); err != nil {
			return false, fmt.Errorf("%s: file index of %s: %w", pl.t.FullName(), f.FileName, err)
		}
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
	if !ok {
		stats.FilesIndexSkipped.Add(1)
	}
	return ok, nil
}
