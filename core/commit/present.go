package commit

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// A commit never publishes files that are gone. Orphan-file cleanup in
// another process, by another engine, or with a cut-off past the start of
// the write (core/table.BeginWrite) may have deleted the files a writer
// staged; a snapshot naming them would be acknowledged and then fail
// every scan. So, right before snapshot-N is created, the commit checks
// that its in-flight marker still covers it and that every file it adds
// exists: data, changelog and extra files, index files and its own
// manifests. Otherwise it fails, and nothing is published.

// presentChecks bounds the concurrent existence checks (one HEAD request
// each on object stores).
const presentChecks = 16

// layout places the data and index files of the commit's schema, as
// Java's FileStorePathFactory does.
type layout struct {
	dataDir        string // the table root, plus data-file.path-directory
	spec           partition.Spec
	indexInDataDir bool
}

func newLayout(root string, sch *spec.TableSchema, partTypes []types.DataType) (layout, error) {
	opts := sch.Options
	legacy, err := options.PartitionLegacyName.Get(opts)
	if err != nil {
		return layout{}, err
	}
	inData, err := options.IndexFileInDataFileDir.Get(opts)
	if err != nil {
		return layout{}, err
	}
	l := layout{dataDir: root, indexInDataDir: inData,
		spec: partition.Spec{Keys: sch.PartitionKeys, Types: partTypes, DefaultName: opts.PartitionDefaultName(), LegacyName: legacy}}
	if d := strings.Trim(options.DataFilePathDirectory.Text(opts), "/"); d != "" {
		l.dataDir = root + "/" + d
	}
	return l, nil
}

// bucketDir is <table>[/<data-file.path-directory>]/<partition>/bucket-<n>.
func (l layout) bucketDir(part []byte, b int32) (string, error) {
	values, err := binrow.Decode(part, l.spec.Types)
	if err != nil {
		return "", fmt.Errorf("decode partition %x: %w", part, err)
	}
	name := "bucket-" + strconv.Itoa(int(b))
	if b == bucket.Postpone {
		name = "bucket-postpone"
	}
	return l.dataDir + "/" + l.spec.Path(values) + name, nil
}

// addedPaths are the paths of the files the changes add: warehouse paths,
// or absolute URIs of files at external paths.
func (r *commitRun) addedPaths(delta []spec.ManifestEntry, ch Changes, att *attempt) ([]string, error) {
	var out []string
	dirs := map[string]string{} // partition and bucket -> directory
	dir := func(part []byte, b int32) (string, error) {
		key := string(part) + "/" + strconv.Itoa(int(b))
		if d, ok := dirs[key]; ok {
			return d, nil
		}
		d, err := r.layout.bucketDir(part, b)
		dirs[key] = d
		return d, err
	}
	for _, e := range append(append([]spec.ManifestEntry(nil), delta...), ch.Changelog...) {
		if e.Kind != spec.FileAdd {
			continue
		}
		p := ""
		if e.File.ExternalPath != nil {
			p = *e.File.ExternalPath
		} else {
			d, err := dir(e.Partition, e.Bucket)
			if err != nil {
				return nil, err
			}
			p = d + "/" + e.File.FileName
		}
		out = append(out, p)
		base := p[:strings.LastIndexByte(p, '/')+1]
		for _, x := range e.File.ExtraFiles {
			out = append(out, base+x)
		}
	}
	for _, e := range ch.Index {
		if e.Kind != spec.FileAdd {
			continue
		}
		switch {
		case e.ExternalPath != nil && !r.layout.indexInDataDir:
			out = append(out, *e.ExternalPath)
		case r.layout.indexInDataDir || e.ExternalPath != nil:
			d, err := dir(e.Partition, e.Bucket)
			if err != nil {
				return nil, err
			}
			out = append(out, d+"/"+e.FileName)
		default:
			out = append(out, r.c.t.IndexPath(e.FileName))
		}
	}
	for _, name := range att.files.names {
		out = append(out, r.c.t.ManifestPath(name))
	}
	return out, nil
}

// checkPresent fails when the writes are no longer covered by their
// in-flight marker, or when a file the attempt adds does not exist.
func (c *Committer) checkPresent(ctx context.Context, run *commitRun, delta []spec.ManifestEntry, ch Changes, att *attempt) error {
	if err := c.t.CheckInFlight(); err != nil {
		return err
	}
	paths, err := run.addedPaths(delta, ch, att)
	if err != nil {
		return fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(presentChecks)
	for _, p := range paths {
		g.Go(func() error {
			f, key, err := fs.At(gctx, c.t.FS, p)
			if err != nil {
				return err
			}
			ok, err := f.Exists(gctx, key)
			if err != nil {
				return fmt.Errorf("check %s: %w", p, err)
			}
			if !ok {
				return fmt.Errorf("file %s of the commit is gone (removed by orphan-file cleanup elsewhere?): nothing was committed, run the statement again", fs.LocationOf(c.t.FS, p))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return fmt.Errorf("%s: snapshot %d: %w", c.t.FullName(), att.id, err)
	}
	return nil
}
