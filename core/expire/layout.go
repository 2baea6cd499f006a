package expire

import (
	"fmt"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// postponeBucket is bucket -2, whose directory is bucket-postpone.
const postponeBucket = -2

// target is a file to delete: a warehouse path, or an absolute URI for a
// file the metadata records at an external path.
type target struct {
	path     string
	external bool
}

// layout knows where a table's files are (FileStorePathFactory,
// DataFilePathFactory, IndexInDataFileDirPathFactory). Data, manifests,
// index and statistics files live under the table root, shared by all
// branches.
type layout struct {
	t              *table.Table
	dataDir        string // the table root, plus data-file.path-directory
	spec           partition.Spec
	indexInDataDir bool

	mu    sync.Mutex
	parts map[string]partitionPath
}

type partitionPath struct {
	values []any
	err    error
}

func newLayout(t *table.Table, sch *schema.TableSchema) (*layout, error) {
	opts := options.Options(sch.Options)
	legacy, err := opts.Bool(options.PartitionLegacyName, true)
	if err != nil {
		return nil, err
	}
	inData, err := opts.Bool(options.IndexFileInDataFileDir, false)
	if err != nil {
		return nil, err
	}
	l := &layout{t: t, dataDir: t.Root, indexInDataDir: inData, parts: map[string]partitionPath{},
		spec: partition.Spec{Keys: sch.PartitionKeys, DefaultName: opts.PartitionDefault(), LegacyName: legacy}}
	for _, k := range sch.PartitionKeys {
		f, _, ok := sch.Field(k)
		if !ok {
			return nil, fmt.Errorf("%s: partition key %s is not a column", t.FullName(), k)
		}
		l.spec.Types = append(l.spec.Types, f.Type)
	}
	if d := strings.Trim(opts[options.DataFilePathDirectory], "/"); d != "" {
		l.dataDir = t.Root + "/" + d
	}
	return l, nil
}

// partitionValues decodes a partition once per run.
func (l *layout) partitionValues(part []byte) ([]any, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	p, ok := l.parts[string(part)]
	if !ok {
		p.values, p.err = binrow.Decode(part, l.spec.Types)
		if p.err != nil {
			p.err = fmt.Errorf("%s: decode partition %x: %w", l.t.FullName(), part, p.err)
		}
		l.parts[string(part)] = p
	}
	return p.values, p.err
}

// bucketDir is <table>[/<data-file.path-directory>]/<partition>/bucket-<n>.
func (l *layout) bucketDir(part []byte, bucket int32) (string, error) {
	values, err := l.partitionValues(part)
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("bucket-%d", bucket)
	if bucket == postponeBucket {
		name = "bucket-postpone"
	}
	return l.dataDir + "/" + l.spec.Path(values) + name, nil
}

// dataFile is where a data or changelog file is, with its extra files: at
// its external path (extras beside it) or in its bucket directory.
func (l *layout) dataFile(e *manifest.ManifestEntry, withExtras bool) ([]target, error) {
	var dir string
	var out []target
	if ext := e.File.ExternalPath; ext != nil {
		out = append(out, target{path: *ext, external: true})
		dir = (*ext)[:strings.LastIndexByte(*ext, '/')+1]
	} else {
		bucket, err := l.bucketDir(e.Partition, e.Bucket)
		if err != nil {
			return nil, err
		}
		dir = bucket + "/"
		out = append(out, target{path: dir + e.File.FileName})
	}
	if withExtras {
		for _, x := range e.File.ExtraFiles {
			out = append(out, target{path: dir + x, external: out[0].external})
		}
	}
	return out, nil
}

// indexFile is where an index file is: its external path, else its bucket
// directory with index-file-in-data-file-dir, else index/.
func (l *layout) indexFile(e *manifest.IndexManifestEntry) (target, error) {
	if e.ExternalPath != nil {
		return target{path: *e.ExternalPath, external: true}, nil
	}
	if l.indexInDataDir {
		dir, err := l.bucketDir(e.Partition, e.Bucket)
		return target{path: dir + "/" + e.FileName}, err
	}
	return target{path: l.t.IndexPath(e.FileName)}, nil
}

// partitionDirs are the directories of a partition from the shallowest to
// the deepest, under the table root without data-file.path-directory, as
// Java computes them for the empty-directory cleanup.
func (l *layout) partitionDirs(part []byte) ([]string, error) {
	values, err := l.partitionValues(part)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(l.spec.Keys))
	dir := l.t.Root
	for i, k := range l.spec.Keys {
		dir += "/" + partition.Escape(k) + "=" + partition.Escape(l.spec.Value(i, values[i]))
		out[i] = dir
	}
	return out, nil
}
