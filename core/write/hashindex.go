package write

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// A dynamic-bucket hash index file (docs/design/format.md §7.5, index type "HASH") is a
// flat sequence of 4-byte big-endian ints: the hash codes of the trimmed
// primary keys stored in one (partition, bucket). Its _ROW_COUNT is the
// number of ints.

// EncodeHashIndex renders hash codes as the bytes of a hash index file.
func EncodeHashIndex(hashes []int32) []byte {
	out := make([]byte, 4*len(hashes))
	for i, h := range hashes {
		binary.BigEndian.PutUint32(out[4*i:], uint32(h))
	}
	return out
}

// DecodeHashIndex reads the hash codes of a hash index file. A trailing
// partial int is an error (a Java reader stops at the end of the last
// whole int, but a well-formed file never has one).
func DecodeHashIndex(data []byte) ([]int32, error) {
	if len(data)%4 != 0 {
		return nil, fmt.Errorf("hash index of %d bytes is not a sequence of 4-byte ints", len(data))
	}
	out := make([]int32, len(data)/4)
	for i := range out {
		out[i] = int32(binary.BigEndian.Uint32(data[4*i:]))
	}
	return out, nil
}

// hashIndexPath is where an index file of (partition, bucket) lives, as
// the scan resolves it: its external path, else the bucket directory with
// index-file-in-data-file-dir, else index/.
func (w *TableWriter) hashIndexPath(e spec.IndexManifestEntry, bucketDir string) string {
	inDataDir := w.dyn.inDataDir
	if e.ExternalPath != nil && !inDataDir {
		return *e.ExternalPath
	}
	if inDataDir || e.ExternalPath != nil {
		return bucketDir + "/" + e.FileName
	}
	return w.t.IndexPath(e.FileName)
}

// readHashIndex reads the hash codes of a live hash index file.
func (w *TableWriter) readHashIndex(ctx context.Context, e spec.IndexManifestEntry, bucketDir string) ([]int32, error) {
	p := w.hashIndexPath(e, bucketDir)
	data, err := w.t.FS.ReadFile(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("%s: hash index of bucket %d: %w", w.t.FullName(), e.Bucket, err)
	}
	hashes, err := DecodeHashIndex(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", w.t.FullName(), p, err)
	}
	if int64(len(hashes)) != e.RowCount {
		return nil, fmt.Errorf("%s: hash index %s holds %d ints, its index manifest entry says %d", w.t.FullName(), e.FileName, len(hashes), e.RowCount)
	}
	return hashes, nil
}

// writeHashIndex writes a new hash index file of (partition, bucket) and
// returns its ADD entry. The file is recorded for Abort before it is
// written: a write that reports failure may still have landed.
func (w *TableWriter) writeHashIndex(ctx context.Context, part []byte, bucket int32, bucketDir string, hashes []int32) (spec.IndexManifestEntry, error) {
	d := w.dyn
	name := fmt.Sprintf("index-%s-%d", d.indexUUID, d.indexNext)
	d.indexNext++
	e := spec.IndexManifestEntry{Kind: spec.FileAdd, Partition: part, Bucket: bucket, IndexType: scan.IndexHash,
		FileName: name, RowCount: int64(len(hashes))}
	data := EncodeHashIndex(hashes)
	e.FileSize = int64(len(data))
	p := w.hashIndexPath(e, bucketDir)
	w.done = append(w.done, p)
	if err := w.t.FS.Write(ctx, p, data); err != nil {
		return spec.IndexManifestEntry{}, fmt.Errorf("%s: write hash index: %w", w.t.FullName(), err)
	}
	return e, nil
}
