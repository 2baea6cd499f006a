package deletionvector

import (
	"bytes"
	"context"
	"fmt"
	"sync/atomic"

	"github.com/google/uuid"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// IndexType is the index manifest's index type of DV index files.
const IndexType = "DELETION_VECTORS"

// IndexWriter writes the DV index files of one table, named as Java's
// IndexPathFactory names them (index-<uuid>-<n>, one uuid per writer), in
// the table's index directory or, with index-file-in-data-file-dir, in the
// bucket's directory. It is safe for concurrent use.
type IndexWriter struct {
	t         *table.Table
	bitmap64  bool // deletion-vectors.bitmap64
	inDataDir bool // index-file-in-data-file-dir
	uuid      string
	next      atomic.Int64
}

// NewIndexWriter returns the index writer of t under the options in effect.
func NewIndexWriter(t *table.Table, opts options.Options) (*IndexWriter, error) {
	w := &IndexWriter{t: t, uuid: uuid.NewString()}
	var err error
	if w.bitmap64, err = options.DeletionVectorsBitmap64.Get(opts); err != nil {
		return nil, err
	}
	if w.inDataDir, err = options.IndexFileInDataFileDir.Get(opts); err != nil {
		return nil, err
	}
	return w, nil
}

// NewVector returns an empty vector of the table's width.
func (w *IndexWriter) NewVector() *DeletionVector {
	if w.bitmap64 {
		return New64()
	}
	return New()
}

// Path is where the index file of entry e lives; bucketDir is the
// directory of its bucket's data files.
func (w *IndexWriter) Path(e spec.IndexManifestEntry, bucketDir string) string {
	if e.ExternalPath != nil && !w.inDataDir {
		return *e.ExternalPath
	}
	if w.inDataDir || e.ExternalPath != nil {
		return bucketDir + "/" + e.FileName
	}
	return w.t.IndexPath(e.FileName)
}

// Write writes one index file holding dvs, the vectors of the data files
// files in that order, for the bucket (partition, bucket) whose data files
// are in bucketDir, and returns its ADD entry and its path. The path is
// returned on failure too, so that the caller can delete what was written.
func (w *IndexWriter) Write(ctx context.Context, partition []byte, bucket int32, bucketDir string, files []string, dvs []*DeletionVector) (spec.IndexManifestEntry, string, error) {
	name := fmt.Sprintf("index-%s-%d", w.uuid, w.next.Add(1)-1)
	var buf bytes.Buffer
	ranges, size, err := Write(&buf, dvs)
	if err != nil {
		return spec.IndexManifestEntry{}, "", fmt.Errorf("%s: %w", w.t.FullName(), err)
	}
	e := spec.IndexManifestEntry{Kind: spec.FileAdd, Partition: partition, Bucket: bucket,
		IndexType: IndexType, FileName: name, FileSize: size, RowCount: int64(len(files))}
	for i, f := range files {
		card := dvs[i].Cardinality()
		e.DVRanges = append(e.DVRanges, spec.DeletionVectorRange{DataFileName: f,
			Offset: int32(ranges[i].Offset), Length: int32(ranges[i].Length), Cardinality: &card})
	}
	p := w.Path(e, bucketDir)
	if err := w.t.FS.Write(ctx, p, buf.Bytes()); err != nil {
		return spec.IndexManifestEntry{}, p, fmt.Errorf("%s: write deletion vectors: %w", w.t.FullName(), err)
	}
	return e, p, nil
}
