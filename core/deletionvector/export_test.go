package deletionvector

import (
	"fmt"
	"io"
)

// ReadAll decodes every vector of an index file of size bytes in order, the
// way Paimon 1.0/1.1 readers walk a file from offset 1. It returns the
// vectors with their ranges.
func ReadAll(r io.ReaderAt, size int64) ([]*DeletionVector, []Range, error) {
	var version [1]byte
	if _, err := r.ReadAt(version[:], 0); err != nil {
		return nil, nil, fmt.Errorf("deletion vector file: %w", err)
	}
	if version[0] != FileVersion {
		return nil, nil, fmt.Errorf("deletion vector file: version %d, want %d", version[0], FileVersion)
	}
	var dvs []*DeletionVector
	var ranges []Range
	for off := int64(1); off < size; {
		dv, rg, err := readRecord(r, off)
		if err != nil {
			return nil, nil, fmt.Errorf("deletion vector at %d: %w", off, err)
		}
		dvs = append(dvs, dv)
		ranges = append(ranges, rg)
		off += recordLen(dv, rg)
	}
	return dvs, ranges, nil
}

// recordLen is the number of bytes the record of rg takes in the file.
func recordLen(dv *DeletionVector, rg Range) int64 {
	if dv.Is64() {
		return rg.Length
	}
	return rg.Length + 8
}
