package expire

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// bucketRef names a bucket: its serialized partition and its number.
type bucketRef struct {
	part   string
	bucket int32
}

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

	mu      sync.Mutex
	parts   map[string]partitionPath
	buckets map[bucketRef]string // bucket directories already computed
}

type partitionPath struct {
	values []any
	err    error
}

func newLayout(t *table.Table, sch *spec.TableSchema) (*layout, error) {
	opts := sch.Options
	legacy, err := options.PartitionLegacyName.Get(opts)
	if err != nil {
		return nil, err
	}
	inData, err := options.IndexFileInDataFileDir.Get(opts)
	if err != nil {
		return nil, err
	}
	l := &layout{t: t, dataDir: t.Root, indexInDataDir: inData, parts: map[string]partitionPath{}, buckets: map[bucketRef]string{},
		spec: partition.Spec{Keys: sch.PartitionKeys, DefaultName: opts.PartitionDefaultName(), LegacyName: legacy}}
	for _, k := range sch.PartitionKeys {
		f, _, ok := sch.Field(k)
		if !ok {
			return nil, fmt.Errorf("%s: partition key %s is not a column", t.FullName(), k)
		}
		l.spec.Types = append(l.spec.Types, f.Type)
	}
	if d := strings.Trim(options.DataFilePathDirectory.Text(opts), "/"); d != "" {
		l.dataDir = t.Root + "/" + d
	}
	return l, nil
}

// partitionValues decodes a partition once per run; callers hold l.mu.
func (l *layout) partitionValues(part []byte) ([]any, error) {
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

// bucketDir is <table>[/<data-file.path-directory>]/<partition>/bucket-<n>,
// computed once per bucket: planning asks for it for every entry.
func (l *layout) bucketDir(part []byte, b int32) (string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if dir, ok := l.buckets[bucketRef{string(part), b}]; ok {
		return dir, nil
	}
	values, err := l.partitionValues(part)
	if err != nil {
		return "", err
	}
	name := "bucket-" + strconv.Itoa(int(b))
	if b == bucket.Postpone {
		name = "bucket-postpone"
	}
	dir := l.dataDir + "/" + l.spec.Path(values) + name
	l.buckets[bucketRef{string(part), b}] = dir
	return dir, nil
}

// dataFile is where a data or changelog file is: its external path, or
// its bucket directory.
func (l *layout) dataFile(e *spec.ManifestEntry) (target, error) {
	if ext := e.File.ExternalPath; ext != nil {
		return target{path: *ext, external: true}, nil
	}
	dir, err := l.bucketDir(e.Partition, e.Bucket)
	return target{path: dir + "/" + e.File.FileName}, err
}

// extraFiles are where a data file's extra files (file indexes) are: in
// the directory of the file itself, external or not.
func extraFiles(e *spec.ManifestEntry, file target) []target {
	dir := file.path[:strings.LastIndexByte(file.path, '/')+1]
	out := make([]target, len(e.File.ExtraFiles))
	for i, x := range e.File.ExtraFiles {
		out[i] = target{path: dir + x, external: file.external}
	}
	return out
}

// indexFile is where an index file is: its external path, else its bucket
// directory with index-file-in-data-file-dir, else index/.
func (l *layout) indexFile(e *spec.IndexManifestEntry) (target, error) {
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
	l.mu.Lock()
	defer l.mu.Unlock()
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
