package fileindex

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Versions of Java's bitmap index (BitmapFileIndexMeta and ...MetaV2):
// version 2 adds index blocks over the sorted dictionary.
const (
	bitmapV1 = 1
	bitmapV2 = 2
	// defaultBitmapBlockSize is 'file-index.bitmap.<column>.index-block-size'.
	defaultBitmapBlockSize = 16 * 1024
)

// keyKind is how a bitmap key is serialized, from the column's type.
type keyKind int

const (
	keyString keyKind = iota
	keyBool
	keyInt8
	keyInt16
	keyInt32
	keyInt64
	keyFloat32
	keyFloat64
)

func bitmapKeyKind(t types.DataType) keyKind {
	switch t.Kind {
	case types.Char, types.VarChar:
		return keyString
	case types.Boolean:
		return keyBool
	case types.TinyInt:
		return keyInt8
	case types.SmallInt:
		return keyInt16
	case types.Int, types.Date, types.Time:
		return keyInt32
	case types.Float:
		return keyFloat32
	case types.Double:
		return keyFloat64
	}
	return keyInt64 // BIGINT, timestamps
}

func appendKey(b []byte, k keyKind, v any) []byte {
	switch k {
	case keyString:
		s := v.(string)
		b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
		return append(b, s...)
	case keyBool:
		if v.(bool) {
			return append(b, 1)
		}
		return append(b, 0)
	case keyInt8:
		return append(b, byte(v.(int8)))
	case keyInt16:
		return binary.BigEndian.AppendUint16(b, uint16(v.(int16)))
	case keyInt32:
		return binary.BigEndian.AppendUint32(b, uint32(v.(int32)))
	case keyFloat32:
		return binary.BigEndian.AppendUint32(b, math.Float32bits(v.(float32)))
	case keyFloat64:
		return binary.BigEndian.AppendUint64(b, math.Float64bits(v.(float64)))
	}
	return binary.BigEndian.AppendUint64(b, uint64(v.(int64)))
}

func readKey(r *reader, k keyKind) any {
	switch k {
	case keyString:
		return string(r.take(int(r.i32())))
	case keyBool:
		return r.u8() != 0
	case keyInt8:
		return int8(r.u8())
	case keyInt16:
		return r.i16()
	case keyInt32:
		return r.i32()
	case keyFloat32:
		return math.Float32frombits(uint32(r.i32()))
	case keyFloat64:
		return math.Float64frombits(uint64(r.i64()))
	}
	return r.i64()
}

// mapKey is a key as a Go map key with Java's equality of boxed floats
// (Double.equals): -0.0 and 0.0 differ, every NaN is the same.
func mapKey(k any) any {
	switch f := k.(type) {
	case float32:
		if math.IsNaN(float64(f)) {
			return floatBits(0x7fc00000)
		}
		return floatBits(math.Float32bits(f))
	case float64:
		if math.IsNaN(f) {
			return floatBits(0x7ff8000000000000)
		}
		return floatBits(math.Float64bits(f))
	}
	return k
}

type floatBits uint64

// compareKeys orders keys as Java's comparators: strings by unsigned
// bytes, floats by Float.compare.
func compareKeys(a, b any) int {
	c, _ := types.Compare(a, b)
	return c
}

// bitmapWriter collects one bitmap per distinct value and one for NULLs.
type bitmapWriter struct {
	kind      keyKind
	t         types.DataType
	blockSize int
	values    map[any]*roaring.Bitmap // by mapKey
	keys      map[any]any             // mapKey to the key
	nulls     *roaring.Bitmap
	rows      uint32
}

func newBitmapWriter(t types.DataType, blockSize int) *bitmapWriter {
	return &bitmapWriter{kind: bitmapKeyKind(t), t: t, blockSize: blockSize,
		values: map[any]*roaring.Bitmap{}, keys: map[any]any{}, nulls: roaring.New()}
}

func (w *bitmapWriter) add(v any) {
	row := w.rows
	w.rows++
	key, ok := bitmapKey(w.t, v)
	if v == nil || !ok {
		w.nulls.Add(row)
		return
	}
	mk := mapKey(key)
	bm := w.values[mk]
	if bm == nil {
		bm = roaring.New()
		w.values[mk] = bm
		w.keys[mk] = key
	}
	bm.Add(row)
}

func serializeBitmap(bm *roaring.Bitmap) []byte {
	bm.RunOptimize()
	b, _ := bm.ToBytes() // writes to memory: cannot fail
	return b
}

// singleton is Java's offset of a bitmap of one row: -1 - row.
func singleton(bm *roaring.Bitmap) (int32, bool) {
	if bm.GetCardinality() != 1 {
		return 0, false
	}
	return -1 - int32(bm.Minimum()), true
}

type bitmapEntry struct {
	key            any
	offset, length int32
}

// layout is what both versions write: the sorted keys' entries, the
// body of the bitmaps of more than one row, and the NULL rows' entry.
func (w *bitmapWriter) layout() (entries []bitmapEntry, body []byte, hasNull bool, nullOffset int32, nullLen int) {
	keys := make([]any, 0, len(w.values))
	for _, k := range w.keys {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return compareKeys(keys[i], keys[j]) < 0 })
	hasNull = !w.nulls.IsEmpty()
	if hasNull {
		nullBytes := serializeBitmap(w.nulls)
		nullLen = len(nullBytes)
		if off, ok := singleton(w.nulls); ok {
			nullOffset = off
		} else {
			body = append(body, nullBytes...)
		}
	}
	entries = make([]bitmapEntry, len(keys))
	for i, k := range keys {
		bm := w.values[mapKey(k)]
		if off, ok := singleton(bm); ok {
			entries[i] = bitmapEntry{k, off, -1}
			continue
		}
		b := serializeBitmap(bm)
		entries[i] = bitmapEntry{k, int32(len(body)), int32(len(b))}
		body = append(body, b...)
	}
	return entries, body, hasNull, nullOffset, nullLen
}

// bytesV1 writes the version 1 layout: header with the whole dictionary,
// then the bitmaps.
func (w *bitmapWriter) bytesV1() []byte {
	entries, body, hasNull, nullOffset, _ := w.layout()
	out := []byte{bitmapV1}
	out = binary.BigEndian.AppendUint32(out, w.rows)
	out = binary.BigEndian.AppendUint32(out, uint32(len(entries)))
	if hasNull {
		out = append(out, 1)
		out = binary.BigEndian.AppendUint32(out, uint32(nullOffset))
	} else {
		out = append(out, 0)
	}
	for _, e := range entries {
		out = appendKey(out, w.kind, e.key)
		out = binary.BigEndian.AppendUint32(out, uint32(e.offset))
	}
	return append(out, body...)
}

// bytes writes the version 2 layout: header, index blocks over the sorted
// keys, then the bitmaps of more than one row.
func (w *bitmapWriter) bytes() []byte {
	entries, body, hasNull, nullOffset, nullLen := w.layout()
	// Split the sorted entries into blocks of at most blockSize bytes.
	type block struct {
		first   int // index of its first entry
		n       int
		offset  int32
		encoded []byte
	}
	var blocks []*block
	for i, e := range entries {
		enc := appendKey(nil, w.kind, e.key)
		enc = binary.BigEndian.AppendUint32(enc, uint32(e.offset))
		enc = binary.BigEndian.AppendUint32(enc, uint32(e.length))
		last := (*block)(nil)
		if len(blocks) > 0 {
			last = blocks[len(blocks)-1]
		}
		if last == nil || 4+len(last.encoded)+len(enc) > w.blockSize {
			off := int32(0)
			if last != nil {
				off = last.offset + int32(4+len(last.encoded))
			}
			last = &block{first: i, offset: off}
			blocks = append(blocks, last)
		}
		last.encoded = append(last.encoded, enc...)
		last.n++
	}

	out := []byte{bitmapV2}
	out = binary.BigEndian.AppendUint32(out, w.rows)
	out = binary.BigEndian.AppendUint32(out, uint32(len(entries)))
	if hasNull {
		out = append(out, 1)
		out = binary.BigEndian.AppendUint32(out, uint32(nullOffset))
		out = binary.BigEndian.AppendUint32(out, uint32(nullLen))
	} else {
		out = append(out, 0)
	}
	out = binary.BigEndian.AppendUint32(out, uint32(len(blocks)))
	blocksLen := 0
	for _, b := range blocks {
		out = appendKey(out, w.kind, entries[b.first].key)
		out = binary.BigEndian.AppendUint32(out, uint32(b.offset))
		blocksLen += 4 + len(b.encoded)
	}
	out = binary.BigEndian.AppendUint32(out, uint32(blocksLen))
	for _, b := range blocks {
		out = binary.BigEndian.AppendUint32(out, uint32(b.n))
		out = append(out, b.encoded...)
	}
	return append(out, body...)
}

// bitmapIndex reads either version of Java's bitmap index, looking keys up
// lazily.
type bitmapIndex struct {
	data    []byte
	kind    keyKind
	t       types.DataType
	rows    uint32
	hasNull bool
	nullOff int32
	// version 1: the whole dictionary.
	dict map[any]int32
	// version 2: the first key and offset of each index block.
	blockKeys    []any
	blockOffsets []int32
	blocksStart  int
	bodyStart    int
}

func decodeBitmap(t types.DataType, data []byte) (*bitmapIndex, error) {
	if !bitmapSupported(t) {
		return nil, fmt.Errorf("bitmap index on a %s column", t.SQL())
	}
	r := &reader{b: data}
	ix := &bitmapIndex{data: data, kind: bitmapKeyKind(t), t: t}
	version := r.u8()
	if version != bitmapV1 && version != bitmapV2 {
		return nil, fmt.Errorf("bitmap index version %d is not supported", version)
	}
	ix.rows = uint32(r.i32())
	n := r.i32()
	ix.hasNull = r.u8() != 0
	if ix.hasNull {
		ix.nullOff = r.i32()
		if version == bitmapV2 {
			r.i32() // the null bitmap's length: bitmaps are self-delimiting
		}
	}
	if version == bitmapV1 {
		ix.dict = map[any]int32{}
		for ; n > 0 && r.err == nil; n-- {
			k := readKey(r, ix.kind)
			ix.dict[mapKey(k)] = r.i32()
		}
		ix.bodyStart = r.pos
	} else {
		for m := r.i32(); m > 0 && r.err == nil; m-- {
			ix.blockKeys = append(ix.blockKeys, readKey(r, ix.kind))
			ix.blockOffsets = append(ix.blockOffsets, r.i32())
		}
		bodyOffset := r.i32()
		ix.blocksStart = r.pos
		ix.bodyStart = r.pos + int(bodyOffset)
	}
	if r.err != nil {
		return nil, fmt.Errorf("bitmap index: %w", r.err)
	}
	return ix, nil
}

// offset finds the body offset of key's bitmap; found is false when no row
// holds key.
func (ix *bitmapIndex) offset(key any) (off int32, found bool, err error) {
	if ix.dict != nil {
		off, found = ix.dict[mapKey(key)]
		return off, found, nil
	}
	// The last block whose first key is not above key.
	i := sort.Search(len(ix.blockKeys), func(i int) bool { return compareKeys(ix.blockKeys[i], key) > 0 }) - 1
	if i < 0 {
		return 0, false, nil
	}
	r := &reader{b: ix.data, pos: ix.blocksStart + int(ix.blockOffsets[i])}
	if r.pos < 0 || r.pos > len(ix.data) {
		return 0, false, errors.New("bitmap index block outside the index")
	}
	for n := r.i32(); n > 0 && r.err == nil; n-- {
		k := readKey(r, ix.kind)
		o := r.i32()
		r.i32() // length
		if r.err == nil && compareKeys(k, key) == 0 {
			return o, true, nil
		}
	}
	return 0, false, r.err
}

// bitmapAt reads the bitmap at a body offset (negative: the single row -1 - offset).
func (ix *bitmapIndex) bitmapAt(off int32) (*roaring.Bitmap, error) {
	if off < 0 {
		return roaring.BitmapOf(uint32(-1 - off)), nil
	}
	start := ix.bodyStart + int(off)
	if start > len(ix.data) {
		return nil, errors.New("bitmap outside the index")
	}
	bm := roaring.New()
	if _, err := bm.ReadFrom(bytes.NewReader(ix.data[start:])); err != nil {
		return nil, fmt.Errorf("bitmap index: %w", err)
	}
	return bm, nil
}

// rowsOf is the rows holding any of the values (nil: NULL).
func (ix *bitmapIndex) rowsOf(values []any) (*roaring.Bitmap, error) {
	out := roaring.New()
	for _, v := range values {
		var off int32
		var found bool
		if v == nil {
			off, found = ix.nullOff, ix.hasNull
		} else {
			key, ok := bitmapKey(ix.t, v)
			if !ok {
				return nil, nil // a literal of another type: unknown
			}
			var err error
			if off, found, err = ix.offset(key); err != nil {
				return nil, err
			}
		}
		if !found {
			continue
		}
		bm, err := ix.bitmapAt(off)
		if err != nil {
			return nil, err
		}
		out.Or(bm)
	}
	return out, nil
}

// complement is the rows of the file not in bm: none when bm holds them
// all, else nil (unknown) rather than a bitmap as large as the file.
func complement(bm *roaring.Bitmap, rows uint32) *roaring.Bitmap {
	if bm == nil || bm.GetCardinality() < uint64(rows) {
		return nil
	}
	return roaring.New()
}
