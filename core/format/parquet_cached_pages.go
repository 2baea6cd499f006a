package format

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// plainDictionary is PLAIN_DICTIONARY, deprecated, but what parquet-mr's
// v1 page writer (Java Paimon's default) writes for dictionaries and the
// data pages that use them.
const plainDictionary = format.PlainDictionary //nolint:staticcheck // SA1019, see above

// decodedDict is a column chunk's dictionary, decoded; read-only once
// cached (shared by the readers of every lookup).
type decodedDict struct {
	values encoding.Values
	n      int
}

// decodedPage is a data page decoded into what a leafCursor reads: its
// levels and its non-null values, or their dictionary indexes. Read-only
// once cached.
type decodedPage struct {
	numValues  int
	count      int // the non-null values
	defs, reps []byte
	data       encoding.Values // plain values; zero for a dictionary page
	idx        []int32         // dictionary indexes (checked), with dict
	dict       *decodedDict
	// order says whether the values are non-decreasing (a key column of
	// a primary-key file): 0 not known yet, 1 sorted, 2 not. Found by the
	// first key test of the page, see sorted.
	order atomic.Int32
}

// sorted says whether the page's non-null values are non-decreasing, for
// the key test to search them rather than compare each.
func (p *decodedPage) sorted() bool {
	switch p.order.Load() {
	case 1:
		return true
	case 2:
		return false
	}
	src := p.data
	if p.idx != nil {
		src = p.dict.values
	}
	ok := false
	switch src.Kind() {
	case encoding.Int32:
		ok = nonDecreasing(src.Int32(), p.idx, p.count)
	case encoding.Int64:
		ok = nonDecreasing(src.Int64(), p.idx, p.count)
	case encoding.ByteArray:
		data, offsets := src.ByteArray()
		ok = bytesNonDecreasing(func(i int) []byte { return data[offsets[i]:offsets[i+1]] }, p.idx, p.count)
	case encoding.FixedLenByteArray:
		data, size := src.FixedLenByteArray()
		ok = bytesNonDecreasing(func(i int) []byte { return data[i*size : (i+1)*size] }, p.idx, p.count)
	}
	if ok {
		p.order.Store(1)
	} else {
		p.order.Store(2)
	}
	return ok
}

func nonDecreasing[T int32 | int64](xs []T, idx []int32, n int) bool {
	for i := 1; i < n; i++ {
		a, b := i-1, i
		if idx != nil {
			a, b = int(idx[a]), int(idx[b])
		}
		if xs[b] < xs[a] {
			return false
		}
	}
	return true
}

func bytesNonDecreasing(at func(int) []byte, idx []int32, n int) bool {
	for i := 1; i < n; i++ {
		a, b := i-1, i
		if idx != nil {
			a, b = int(idx[a]), int(idx[b])
		}
		if bytes.Compare(at(b), at(a)) < 0 {
			return false
		}
	}
	return true
}

// entryOverhead is what the cache counts for an entry beside its slices
// (the entry, the map slot, the list element).
const entryOverhead = 256

func (p *decodedPage) size() int64 {
	return int64(len(p.defs)+len(p.reps)+4*len(p.idx)) + valuesSize(p.data) + entryOverhead
}

func (d *decodedDict) size() int64 { return valuesSize(d.values) + entryOverhead }

// valuesSize is the bytes v's slices hold.
func valuesSize(v encoding.Values) int64 {
	switch v.Kind() {
	case encoding.Boolean:
		return int64(len(v.Boolean()))
	case encoding.Int32:
		return 4 * int64(len(v.Int32()))
	case encoding.Int64:
		return 8 * int64(len(v.Int64()))
	case encoding.Int96:
		return 12 * int64(len(v.Int96()))
	case encoding.Float:
		return 4 * int64(len(v.Float()))
	case encoding.Double:
		return 8 * int64(len(v.Double()))
	case encoding.FixedLenByteArray:
		data, _ := v.FixedLenByteArray()
		return int64(len(data))
	case encoding.ByteArray:
		data, offsets := v.ByteArray()
		return int64(len(data) + 4*len(offsets))
	}
	return 0
}

// cachedChunk reads the pages of one column chunk of a row group through
// the page cache: each page by its offset index entry, decoded here (with
// parquet-go's encodings and codecs) into memory the cache owns, the
// dictionary once for all pages. parquet-go's page reader cannot be used
// for this: it decodes the chunk's dictionary again for every reader.
type cachedChunk struct {
	r     io.ReaderAt
	key   pageKey // of the chunk; page is set per page
	codec interface {
		Decode(dst, src []byte) ([]byte, error)
	}
	plain   bool // the chunk is not compressed
	kind    parquet.Kind
	typeLen int
	maxDef  byte
	maxRep  byte
	locs    []format.PageLocation
	// The dictionary page's bytes are [dictFrom, dictTo); dictTo is 0
	// without a dictionary.
	dictFrom, dictTo int64
	next             int // the page next() returns
	dict             *decodedDict
}

// newCachedChunk returns the cached reading of a column chunk, or nil when
// the chunk cannot be read that way (no offset index, booleans, encodings
// other than the common ones, encryption): it is then read by parquet-go.
func newCachedChunk(r io.ReaderAt, file string, group, leaf int, cc parquet.ColumnChunk, meta *format.ColumnChunk, locs []format.PageLocation, maxDef, maxRep byte) *cachedChunk {
	fc, ok := cc.(*parquet.FileColumnChunk)
	if !ok || len(locs) == 0 || len(meta.EncryptedColumnMetadata) > 0 || meta.CryptoMetadata.Value != nil {
		return nil
	}
	col, ok := fc.Node().(*parquet.Column)
	if !ok || col.Compression() == nil {
		return nil
	}
	kind := col.Type().Kind()
	if kind == parquet.Boolean {
		return nil
	}
	for _, e := range meta.MetaData.Encoding {
		switch e {
		case format.Plain, plainDictionary, format.RLEDictionary, format.RLE,
			format.DeltaBinaryPacked, format.DeltaLengthByteArray, format.DeltaByteArray, format.ByteStreamSplit:
		default:
			return nil // BIT_PACKED levels, for one
		}
	}
	c := &cachedChunk{
		r: r, key: pageKey{file: file, group: group, column: leaf},
		codec: col.Compression(), plain: col.Compression().CompressionCodec() == format.Uncompressed,
		kind: kind, typeLen: col.Type().Length(), maxDef: maxDef, maxRep: maxRep, locs: locs,
	}
	md := &meta.MetaData
	switch {
	case md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < locs[0].Offset:
		c.dictFrom, c.dictTo = md.DictionaryPageOffset, locs[0].Offset
	case md.DataPageOffset < locs[0].Offset:
		// Some writers leave the dictionary offset unset; the dictionary
		// is then the page before the first data page.
		c.dictFrom, c.dictTo = md.DataPageOffset, locs[0].Offset
	}
	return c
}

// seekToRow makes the page starting at row the next one; row must start a
// page of the offset index.
func (c *cachedChunk) seekToRow(row int64) error {
	p := sort.Search(len(c.locs), func(i int) bool { return c.locs[i].FirstRowIndex >= row })
	if p == len(c.locs) || c.locs[p].FirstRowIndex != row {
		return fmt.Errorf("no page starts at row %d", row)
	}
	c.next = p
	return nil
}

// nextPage returns the next page of the chunk, io.EOF after the last.
func (c *cachedChunk) nextPage() (*decodedPage, error) {
	if c.next >= len(c.locs) {
		return nil, io.EOF
	}
	i := c.next
	c.next++
	k := c.key
	k.page = i
	if v, ok := pages.get(k); ok {
		return v.(*decodedPage), nil
	}
	loc := c.locs[i]
	h, body, err := c.read(loc.Offset, loc.Offset+int64(loc.CompressedPageSize))
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", i, err)
	}
	p, err := c.decodeData(h, body)
	if err != nil {
		return nil, fmt.Errorf("page %d: %w", i, err)
	}
	pages.put(k, p, p.size())
	return p, nil
}

// read reads the page in bytes [from, to) of the file: its header and its
// (still compressed) body, checked against the header's CRC if it has one.
func (c *cachedChunk) read(from, to int64) (*format.PageHeader, []byte, error) {
	if from < 0 || to <= from {
		return nil, nil, fmt.Errorf("bad page location %d..%d", from, to)
	}
	buf := make([]byte, to-from)
	if n, err := c.r.ReadAt(buf, from); n < len(buf) {
		if err == nil || errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, nil, err
	}
	h := new(format.PageHeader)
	rd := (&thrift.CompactProtocol{}).NewReaderFromBytes(buf)
	if err := thrift.NewDecoder(rd).Decode(h); err != nil {
		return nil, nil, fmt.Errorf("page header: %w", err)
	}
	body := buf[rd.BytesRead():]
	if h.CompressedPageSize < 0 || int(h.CompressedPageSize) > len(body) || h.UncompressedPageSize < 0 {
		return nil, nil, fmt.Errorf("page of %d bytes does not fit its %d bytes", h.CompressedPageSize, len(body))
	}
	body = body[:h.CompressedPageSize]
	if h.CRC != 0 && uint32(h.CRC) != crc32.ChecksumIEEE(body) {
		return nil, nil, fmt.Errorf("page checksum mismatch: %w", parquet.ErrCorrupted)
	}
	return h, body, nil
}

// decompress returns the uncompressed bytes of a page body.
func (c *cachedChunk) decompress(body []byte, size int) ([]byte, error) {
	if c.plain {
		return body, nil
	}
	out, err := c.codec.Decode(make([]byte, size), body)
	if err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	return out, nil
}

// decodeData decodes a data page (v1 or v2).
func (c *cachedChunk) decodeData(h *format.PageHeader, body []byte) (*decodedPage, error) {
	p := &decodedPage{}
	var (
		values []byte
		enc    format.Encoding
		err    error
	)
	switch {
	case h.Type == format.DataPage && h.DataPageHeader.Valid:
		v1 := &h.DataPageHeader.V
		p.numValues, enc = int(v1.NumValues), v1.Encoding
		if values, err = c.decompress(body, int(h.UncompressedPageSize)); err != nil {
			return nil, err
		}
		if c.maxRep > 0 {
			if p.reps, values, err = levelsV1(values, c.maxRep, p.numValues); err != nil {
				return nil, fmt.Errorf("repetition levels: %w", err)
			}
		}
		if c.maxDef > 0 {
			if p.defs, values, err = levelsV1(values, c.maxDef, p.numValues); err != nil {
				return nil, fmt.Errorf("definition levels: %w", err)
			}
		}
	case h.Type == format.DataPageV2 && h.DataPageHeaderV2.Valid:
		v2 := &h.DataPageHeaderV2.V
		p.numValues, enc = int(v2.NumValues), v2.Encoding
		rl, dl := int(v2.RepetitionLevelsByteLength), int(v2.DefinitionLevelsByteLength)
		if rl < 0 || dl < 0 || rl+dl > len(body) {
			return nil, fmt.Errorf("levels of %d+%d bytes in a page of %d", rl, dl, len(body))
		}
		if c.maxRep > 0 {
			if p.reps, err = levels(body[:rl], c.maxRep, p.numValues); err != nil {
				return nil, fmt.Errorf("repetition levels: %w", err)
			}
		}
		if c.maxDef > 0 {
			if p.defs, err = levels(body[rl:rl+dl], c.maxDef, p.numValues); err != nil {
				return nil, fmt.Errorf("definition levels: %w", err)
			}
		}
		values = body[rl+dl:]
		if !v2.IsCompressed.Valid || v2.IsCompressed.V {
			if values, err = c.decompress(values, int(h.UncompressedPageSize)-rl-dl); err != nil {
				return nil, err
			}
		}
	default:
		return nil, fmt.Errorf("cannot read a %s page as a data page", h.Type)
	}
	count := p.numValues
	if p.defs != nil {
		count = bytes.Count(p.defs, []byte{c.maxDef})
	}
	p.count = count
	if enc == plainDictionary || enc == format.RLEDictionary {
		if p.dict, err = c.dictionary(); err != nil {
			return nil, err
		}
		idx, err := (&rle.DictionaryEncoding{}).DecodeInt32(make([]int32, 0, count), values)
		if err != nil {
			return nil, err
		}
		if len(idx) < count {
			return nil, fmt.Errorf("%d dictionary indexes for %d values", len(idx), count)
		}
		p.idx = idx[:count:count]
		for _, e := range p.idx {
			if uint(e) >= uint(p.dict.n) {
				return nil, fmt.Errorf("dictionary index %d out of range %d", e, p.dict.n)
			}
		}
		return p, nil
	}
	if p.data, err = c.decodeValues(enc, values, count); err != nil {
		return nil, err
	}
	return p, nil
}

// dictionary is the chunk's dictionary, from the cache or decoded.
func (c *cachedChunk) dictionary() (*decodedDict, error) {
	if c.dict != nil {
		return c.dict, nil
	}
	if c.dictTo == 0 {
		return nil, errors.New("dictionary page missing")
	}
	k := c.key
	k.page = -1
	if v, ok := pages.get(k); ok {
		c.dict = v.(*decodedDict)
		return c.dict, nil
	}
	h, body, err := c.read(c.dictFrom, c.dictTo)
	if err != nil {
		return nil, fmt.Errorf("dictionary: %w", err)
	}
	if h.Type != format.DictionaryPage || !h.DictionaryPageHeader.Valid {
		return nil, fmt.Errorf("dictionary: a %s page", h.Type)
	}
	dh := &h.DictionaryPageHeader.V
	raw, err := c.decompress(body, int(h.UncompressedPageSize))
	if err != nil {
		return nil, fmt.Errorf("dictionary: %w", err)
	}
	enc := dh.Encoding
	if enc == plainDictionary {
		enc = format.Plain
	}
	vals, err := c.decodeValues(enc, raw, int(dh.NumValues))
	if err != nil {
		return nil, fmt.Errorf("dictionary: %w", err)
	}
	c.dict = &decodedDict{values: vals, n: int(dh.NumValues)}
	pages.put(k, c.dict, c.dict.size())
	return c.dict, nil
}

// decodeValues decodes count values of the chunk's physical type.
func (c *cachedChunk) decodeValues(enc format.Encoding, src []byte, count int) (encoding.Values, error) {
	e := parquet.LookupEncoding(enc)
	var (
		v   encoding.Values
		err error
	)
	switch c.kind {
	case parquet.Int32:
		var x []int32
		x, err = e.DecodeInt32(make([]int32, 0, count), src)
		v = encoding.Int32Values(x)
	case parquet.Int64:
		var x []int64
		x, err = e.DecodeInt64(make([]int64, 0, count), src)
		v = encoding.Int64Values(x)
	case parquet.Int96:
		var x []deprecated.Int96
		x, err = e.DecodeInt96(make([]deprecated.Int96, 0, count), src)
		v = encoding.Int96Values(x)
	case parquet.Float:
		var x []float32
		x, err = e.DecodeFloat(make([]float32, 0, count), src)
		v = encoding.FloatValues(x)
	case parquet.Double:
		var x []float64
		x, err = e.DecodeDouble(make([]float64, 0, count), src)
		v = encoding.DoubleValues(x)
	case parquet.ByteArray:
		var (
			data    []byte
			offsets []uint32
		)
		data, offsets, err = e.DecodeByteArray(make([]byte, 0, len(src)), src, make([]uint32, 0, count+1))
		v = encoding.ByteArrayValues(data, offsets)
	case parquet.FixedLenByteArray:
		var data []byte
		data, err = e.DecodeFixedLenByteArray(make([]byte, 0, len(src)), src, c.typeLen)
		v = encoding.FixedLenByteArrayValues(data, c.typeLen)
	default:
		return v, fmt.Errorf("cannot decode %s values", c.kind)
	}
	if err != nil {
		return v, err
	}
	if n := valueCount(v, count); n != count {
		return v, fmt.Errorf("%d values decoded, %d expected", n, count)
	}
	return v, nil
}

// levelsV1 decodes the RLE levels at the start of a v1 page (prefixed by
// their byte length) and returns the rest of the page.
func levelsV1(data []byte, maxLevel byte, n int) ([]byte, []byte, error) {
	if len(data) < 4 {
		return nil, nil, io.ErrUnexpectedEOF
	}
	size := int(uint32(data[0]) | uint32(data[1])<<8 | uint32(data[2])<<16 | uint32(data[3])<<24)
	if size > len(data)-4 {
		return nil, nil, io.ErrUnexpectedEOF
	}
	l, err := levels(data[4:4+size], maxLevel, n)
	return l, data[4+size:], err
}

// levels decodes n RLE levels of a column whose highest level is maxLevel.
func levels(data []byte, maxLevel byte, n int) ([]byte, error) {
	enc := rle.Encoding{BitWidth: bits.Len8(maxLevel)}
	l, err := enc.DecodeLevels(make([]byte, 0, n), data)
	if err != nil {
		return nil, err
	}
	if len(l) < n {
		return nil, fmt.Errorf("%d levels for %d values", len(l), n)
	}
	return slices.Clip(l[:n]), nil
}
