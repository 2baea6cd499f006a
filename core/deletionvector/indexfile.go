package deletionvector

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/RoaringBitmap/roaring/v2/roaring64"
)

// FileVersion is the first byte of a DV index file.
const FileVersion byte = 1

// Range locates one vector in an index file, as in the index manifest's
// _DELETIONS_VECTORS_RANGES: Offset is where the vector's length word
// starts; Length is the length word's value for the 32-bit form (magic and
// bitmap, without the length and CRC words) but the whole record (length
// word + magic + bitmap + CRC) for the 64-bit form. The asymmetry is Java's.
type Range struct {
	Offset int64
	Length int64
}

// maxVector caps the size of one serialized vector we agree to read, so a
// corrupt length word cannot make us allocate gigabytes.
const maxVector = 1 << 30

// Read decodes the vector at rg in an index file. A non-positive rg.Length
// skips the length cross-check (for callers that only know the offset).
func Read(r io.ReaderAt, rg Range) (*DeletionVector, error) {
	dv, got, err := readRecord(r, rg.Offset)
	if err != nil {
		return nil, fmt.Errorf("deletion vector at %d: %w", rg.Offset, err)
	}
	if rg.Length > 0 && rg.Length != got.Length {
		return nil, fmt.Errorf("deletion vector at %d: range length %d, record says %d", rg.Offset, rg.Length, got.Length)
	}
	return dv, nil
}

// readRecord decodes the record at off and returns its actual range.
func readRecord(r io.ReaderAt, off int64) (*DeletionVector, Range, error) {
	var head [8]byte
	if _, err := r.ReadAt(head[:], off); err != nil {
		return nil, Range{}, err
	}
	size := int64(int32(binary.BigEndian.Uint32(head[:4])))
	magic := int32(binary.BigEndian.Uint32(head[4:]))
	wide := int32(binary.LittleEndian.Uint32(head[4:])) == Magic64
	if magic != Magic32 && !wide {
		return nil, Range{}, fmt.Errorf("bad magic number %d (want %d or %d)", magic, Magic32, Magic64)
	}
	if size < 4 || size > maxVector {
		return nil, Range{}, fmt.Errorf("bad length %d", size)
	}
	rec := make([]byte, 4+size+4)
	n, err := r.ReadAt(rec, off)
	switch {
	case n == len(rec):
	case n == len(rec)-4 && !wide && errors.Is(err, io.EOF):
		// A 32-bit vector at the very end of a file without its CRC word:
		// the CRC is not needed to decode, so accept it unchecked.
		rec = rec[:n]
	default:
		return nil, Range{}, err
	}
	data := rec[4 : 4+size] // magic + bitmap: what the CRC covers
	if len(rec) == len(data)+8 {
		if got, sum := crc32.ChecksumIEEE(data), binary.BigEndian.Uint32(rec[4+size:]); got != sum {
			return nil, Range{}, fmt.Errorf("CRC %08x, stored %08x", got, sum)
		}
	}
	dv, err := decodeBitmap(data[4:], wide)
	if err != nil {
		return nil, Range{}, err
	}
	return dv, rangeOf(off, dv, size), nil
}

func decodeBitmap(b []byte, wide bool) (*DeletionVector, error) {
	if wide {
		// Check the bitmap count against the bytes before roaring64
		// allocates per-bitmap state for it.
		if len(b) < 8 || binary.LittleEndian.Uint64(b) > uint64(len(b))/8 {
			return nil, fmt.Errorf("corrupt 64-bit bitmap")
		}
		bm := roaring64.New()
		if n, err := bm.ReadFrom(bytes.NewReader(b)); err != nil || n != int64(len(b)) {
			return nil, fmt.Errorf("corrupt 64-bit bitmap (%d of %d bytes): %v", n, len(b), err)
		}
		return &DeletionVector{b64: bm}, nil
	}
	bm := roaring.New()
	if n, err := bm.ReadFrom(bytes.NewReader(b)); err != nil || n != int64(len(b)) {
		return nil, fmt.Errorf("corrupt bitmap (%d of %d bytes): %v", n, len(b), err)
	}
	return &DeletionVector{b32: bm}, nil
}

// rangeOf is the manifest range of a record whose length word is size.
func rangeOf(off int64, dv *DeletionVector, size int64) Range {
	if dv.Is64() {
		return Range{Offset: off, Length: size + 8}
	}
	return Range{Offset: off, Length: size}
}

// Write writes an index file holding dvs back to back, in order, byte for
// byte as Java does (bitmaps run-optimized first, as Java's serializers
// do). It returns each vector's range for the index manifest and the file
// size. Write run-optimizes the vectors in place.
func Write(w io.Writer, dvs []*DeletionVector) ([]Range, int64, error) {
	var buf bytes.Buffer
	buf.WriteByte(FileVersion)
	ranges := make([]Range, len(dvs))
	for i, dv := range dvs {
		off := int64(buf.Len())
		size, err := appendRecord(&buf, dv)
		if err != nil {
			return nil, 0, err
		}
		ranges[i] = rangeOf(off, dv, size)
	}
	n, err := w.Write(buf.Bytes())
	return ranges, int64(n), err
}

// appendRecord writes length word, magic, bitmap and CRC; it returns the
// length word's value.
func appendRecord(buf *bytes.Buffer, dv *DeletionVector) (int64, error) {
	var body bytes.Buffer
	var err error
	if dv.b64 != nil {
		dv.b64.RunOptimize()
		body.Write(binary.LittleEndian.AppendUint32(nil, uint32(Magic64)))
		_, err = dv.b64.WriteTo(&body)
	} else {
		dv.b32.RunOptimize()
		body.Write(binary.BigEndian.AppendUint32(nil, uint32(Magic32)))
		_, err = dv.b32.WriteTo(&body)
	}
	if err != nil {
		return 0, fmt.Errorf("serialize deletion vector: %w", err)
	}
	data := body.Bytes()
	buf.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	buf.Write(data)
	buf.Write(binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(data)))
	return int64(len(data)), nil
}
