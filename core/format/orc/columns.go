package orc

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// colReader decodes one column (and its children) of the open stripe.
type colReader interface {
	// open takes the streams of a new stripe (an empty stripeData
	// releases the old ones).
	open(s *stripeData) error
	// read fills out with the next len(out) values, nil for NULL.
	read(out []any) error
}

type streamKey struct{ column, kind uint64 }

// stripeData holds the decompressed streams of the projected columns.
type stripeData struct {
	streams   map[streamKey][]byte
	encodings []columnEncoding
	timezone  *time.Location
}

func (s *stripeData) stream(col, kind uint64) []byte {
	return s.streams[streamKey{col, kind}]
}

// encoding returns the column's encoding kind and whether integers in it
// use RLE version 2.
func (s *stripeData) encoding(col uint64) (columnEncoding, bool, error) {
	if col >= uint64(len(s.encodings)) {
		return columnEncoding{}, false, fmt.Errorf("column %d has no encoding in the stripe footer", col)
	}
	e := s.encodings[col]
	switch e.kind {
	case encodingDirect, encodingDictionary:
		return e, false, nil
	case encodingDirectV2, encodingDictionaryV2:
		return e, true, nil
	}
	return e, false, fmt.Errorf("column %d has unknown encoding %d", col, e.kind)
}

var zones sync.Map // name -> *time.Location

// loadZone is the writer's time zone of a stripe; files without one are
// read as UTC.
func loadZone(name string) (*time.Location, error) {
	if name == "" || name == "UTC" {
		return time.UTC, nil
	}
	if z, ok := zones.Load(name); ok {
		return z.(*time.Location), nil
	}
	z, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("writer time zone %q: %w", name, err)
	}
	zones.Store(name, z)
	return z, nil
}

// colBase handles the PRESENT stream every column may have.
type colBase struct {
	id      uint64
	present *boolReader // nil: every value is present
	valid   []bool
}

func (c *colBase) openPresent(s *stripeData) {
	c.present = nil
	if p := s.stream(c.id, streamPresent); p != nil {
		c.present = &boolReader{bytes: byteRLEReader{data: p}}
	}
}

// presence reads which of n values are present: valid is nil when all
// are, k is the number present.
func (c *colBase) presence(n int) (valid []bool, k int, err error) {
	if c.present == nil {
		return nil, n, nil
	}
	if cap(c.valid) < n {
		c.valid = make([]bool, n)
	}
	valid = c.valid[:n]
	if err := c.present.next(valid); err != nil {
		return nil, 0, fmt.Errorf("column %d present: %w", c.id, err)
	}
	for _, v := range valid {
		if v {
			k++
		}
	}
	return valid, k, nil
}

func growInts(b []int64, n int) []int64 {
	if cap(b) < n {
		return make([]int64, n)
	}
	return b[:n]
}

type boolCol struct {
	colBase
	data *boolReader
	buf  []bool
}

func (c *boolCol) open(s *stripeData) error {
	c.openPresent(s)
	c.data = &boolReader{bytes: byteRLEReader{data: s.stream(c.id, streamData)}}
	return nil
}

func (c *boolCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	if cap(c.buf) < k {
		c.buf = make([]bool, k)
	}
	buf := c.buf[:k]
	if err := c.data.next(buf); err != nil {
		return fmt.Errorf("column %d: %w", c.id, err)
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		out[i] = buf[j]
		j++
	}
	return nil
}

type byteCol struct {
	colBase
	data *byteRLEReader
	buf  []byte
}

func (c *byteCol) open(s *stripeData) error {
	c.openPresent(s)
	c.data = &byteRLEReader{data: s.stream(c.id, streamData)}
	return nil
}

func (c *byteCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	if cap(c.buf) < k {
		c.buf = make([]byte, k)
	}
	buf := c.buf[:k]
	if err := c.data.next(buf); err != nil {
		return fmt.Errorf("column %d: %w", c.id, err)
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		out[i] = int8(buf[j])
		j++
	}
	return nil
}

// intCol reads SHORT, INT, LONG and DATE columns.
type intCol struct {
	colBase
	kind types.Kind
	data intReader
	buf  []int64
}

func (c *intCol) open(s *stripeData) error {
	c.openPresent(s)
	if s.streams == nil {
		c.data = nil
		return nil
	}
	_, v2, err := s.encoding(c.id)
	if err != nil {
		return err
	}
	c.data = newIntReader(s.stream(c.id, streamData), true, v2)
	return nil
}

func (c *intCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	c.buf = growInts(c.buf, k)
	if err := c.data.next(c.buf); err != nil {
		return fmt.Errorf("column %d: %w", c.id, err)
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		v := c.buf[j]
		j++
		switch c.kind {
		case types.SmallInt:
			out[i] = int16(v)
		case types.BigInt:
			out[i] = v
		default: // INT, TIME, DATE
			out[i] = int32(v)
		}
	}
	return nil
}

type floatCol struct {
	colBase
	width int
	data  []byte
}

func (c *floatCol) open(s *stripeData) error {
	c.openPresent(s)
	c.data = s.stream(c.id, streamData)
	return nil
}

func (c *floatCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	if len(c.data) < k*c.width {
		return fmt.Errorf("column %d: %w", c.id, errShortStream)
	}
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		if c.width == 4 {
			out[i] = math.Float32frombits(littleEndian.Uint32(c.data))
		} else {
			out[i] = math.Float64frombits(littleEndian.Uint64(c.data))
		}
		c.data = c.data[c.width:]
	}
	return nil
}

// bytesCol reads values stored as DATA bytes and LENGTH lengths (direct
// strings and binaries).
type bytesCol struct {
	colBase
	data    []byte
	lengths intReader
	buf     []int64
}

func (c *bytesCol) openBytes(s *stripeData, v2 bool) {
	c.openPresent(s)
	c.data = s.stream(c.id, streamData)
	c.lengths = newIntReader(s.stream(c.id, streamLength), false, v2)
}

// next reads the lengths of k values and returns the bytes they take.
func (c *bytesCol) next(k int) ([]int64, []byte, error) {
	c.buf = growInts(c.buf, k)
	if err := c.lengths.next(c.buf); err != nil {
		return nil, nil, fmt.Errorf("column %d lengths: %w", c.id, err)
	}
	var total int64
	for _, l := range c.buf {
		if l < 0 || l > int64(len(c.data)) {
			return nil, nil, fmt.Errorf("column %d: value of %d bytes past the stream end", c.id, l)
		}
		total += l
	}
	if total > int64(len(c.data)) {
		return nil, nil, fmt.Errorf("column %d: %w", c.id, errShortStream)
	}
	b := c.data[:total]
	c.data = c.data[total:]
	return c.buf, b, nil
}

type binaryCol struct{ bytesCol }

func (c *binaryCol) open(s *stripeData) error {
	if s.streams == nil {
		c.openPresent(s)
		c.data, c.lengths = nil, nil
		return nil
	}
	_, v2, err := s.encoding(c.id)
	if err != nil {
		return err
	}
	c.openBytes(s, v2)
	return nil
}

func (c *binaryCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	lens, data, err := c.next(k)
	if err != nil {
		return err
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		l := lens[j]
		j++
		out[i] = data[:l:l]
		data = data[l:]
	}
	return nil
}

// stringCol reads STRING, VARCHAR and CHAR in direct or dictionary
// encoding; CHAR values lose their padding as Java's reader trims them.
type stringCol struct {
	bytesCol
	trim bool
	dict []any // dictionary encoding: the entries, boxed once for every row to share
	ids  intReader
}

func (c *stringCol) open(s *stripeData) error {
	c.dict, c.ids = nil, nil
	if s.streams == nil {
		c.openPresent(s)
		c.data, c.lengths = nil, nil
		return nil
	}
	e, v2, err := s.encoding(c.id)
	if err != nil {
		return err
	}
	c.openBytes(s, v2)
	if e.kind != encodingDictionary && e.kind != encodingDictionaryV2 {
		return nil
	}
	// The dictionary: DICTIONARY_DATA bytes with LENGTH lengths; DATA
	// holds the entry of each value. Entries are read until LENGTH ends
	// rather than trusting dictionarySize for the allocation.
	blob := s.stream(c.id, streamDictionaryData)
	all := unsafeString(blob)
	lengths := newIntReader(s.stream(c.id, streamLength), false, v2)
	var l [1]int64
	for uint64(len(c.dict)) < e.dictionarySize {
		if err := lengths.next(l[:]); err != nil {
			return fmt.Errorf("column %d dictionary: %w", c.id, err)
		}
		if l[0] < 0 || l[0] > int64(len(all)) {
			return fmt.Errorf("column %d dictionary: %w", c.id, errShortStream)
		}
		v := all[:l[0]]
		all = all[l[0]:]
		if c.trim {
			v = strings.TrimRight(v, " ")
		}
		c.dict = append(c.dict, v)
	}
	c.ids = newIntReader(s.stream(c.id, streamData), false, v2)
	return nil
}

// unsafeString views b as a string: stream buffers are never written after
// they are decoded, so values may share them.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func (c *stringCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	if c.ids != nil {
		c.buf = growInts(c.buf, k)
		if err := c.ids.next(c.buf); err != nil {
			return fmt.Errorf("column %d: %w", c.id, err)
		}
		j := 0
		for i := range out {
			if valid != nil && !valid[i] {
				out[i] = nil
				continue
			}
			id := c.buf[j]
			j++
			if id < 0 || id >= int64(len(c.dict)) {
				return fmt.Errorf("column %d: dictionary entry %d of %d", c.id, id, len(c.dict))
			}
			out[i] = c.dict[id]
		}
		return nil
	}
	lens, data, err := c.next(k)
	if err != nil {
		return err
	}
	all := unsafeString(data)
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		l := lens[j]
		j++
		v := all[:l]
		all = all[l:]
		if c.trim {
			v = strings.TrimRight(v, " ")
		}
		out[i] = v
	}
	return nil
}

// decimalCol reads DECIMAL: DATA holds unbounded zigzag varints of the
// unscaled values and SECONDARY their scales; decimal64 files (ORC 2
// drafts) hold RLE v2 integers at the type's scale instead.
type decimalCol struct {
	colBase
	scale, fileScale int32
	decimal64        bool
	data             []byte
	scales           intReader
	buf              []int64
}

func (c *decimalCol) open(s *stripeData) error {
	c.openPresent(s)
	c.data, c.scales = nil, nil
	if s.streams == nil {
		return nil
	}
	_, v2, err := s.encoding(c.id)
	if err != nil {
		return err
	}
	c.data = s.stream(c.id, streamData)
	if c.decimal64 {
		c.scales = newIntReader(c.data, true, true)
		return nil
	}
	c.scales = newIntReader(s.stream(c.id, streamSecondary), true, v2)
	return nil
}

func (c *decimalCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	c.buf = growInts(c.buf, k)
	if err := c.scales.next(c.buf); err != nil {
		return fmt.Errorf("column %d: %w", c.id, err)
	}
	j := 0
	pos := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		var d decimal.Decimal
		if c.decimal64 {
			d = decimal.New(c.buf[j], -c.fileScale)
		} else {
			small, u, err := readBigVarint(c.data, &pos)
			if err != nil {
				return fmt.Errorf("column %d: %w", c.id, err)
			}
			if c.buf[j] < -1000 || c.buf[j] > 1000 {
				return fmt.Errorf("column %d: decimal scale %d", c.id, c.buf[j])
			}
			if u == nil {
				// One big.Int for the value, not a second one copied
				// from a temporary: decimals are most of a scan's
				// allocations otherwise.
				d = decimal.New(small, -int32(c.buf[j]))
			} else {
				d = decimal.NewFromBigInt(u, -int32(c.buf[j]))
			}
		}
		j++
		if d.Exponent() != -c.scale {
			d = d.Round(c.scale)
		}
		out[i] = d
	}
	if !c.decimal64 {
		c.data = c.data[pos:]
	}
	return nil
}

// readBigVarint reads an unbounded base-128 zigzag varint: a value of at
// most 63 bits as small (u nil), a longer one as u.
func readBigVarint(data []byte, pos *int) (small int64, u *big.Int, err error) {
	var bits uint64
	shift := uint(0)
	start := *pos
	for {
		if *pos >= len(data) {
			return 0, nil, errShortStream
		}
		b := data[*pos]
		*pos++
		if shift < 63 {
			bits |= uint64(b&0x7f) << shift
		}
		shift += 7
		if b < 0x80 {
			break
		}
		if shift > 7*20 { // 140 bits: beyond any 38-digit decimal
			return 0, nil, fmt.Errorf("decimal varint longer than 140 bits")
		}
	}
	if shift <= 63 {
		return unzigzag(bits), nil, nil
	}
	u = new(big.Int)
	for i := *pos - 1; i >= start; i-- {
		u.Lsh(u, 7)
		u.Or(u, big.NewInt(int64(data[i]&0x7f)))
	}
	// zigzag: even n is n/2, odd n is -(n+1)/2
	neg := u.Bit(0) == 1
	u.Rsh(u, 1)
	if neg {
		u.Neg(u).Sub(u, big.NewInt(1))
	}
	return 0, u, nil
}

// orcEpoch is 2015-01-01 00:00:00, the origin of ORC timestamp seconds.
var orcEpoch = time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC).Unix()

// timestampCol reads TIMESTAMP (seconds from 2015-01-01 in the writer's
// zone, so the wall-clock value survives) and TIMESTAMP_INSTANT (from
// 2015-01-01 UTC); SECONDARY holds the nanoseconds with their trailing
// zeros folded into the low three bits.
type timestampCol struct {
	colBase
	instant bool
	zone    *time.Location
	base    int64
	secs    intReader
	nanos   intReader
	sbuf    []int64
	nbuf    []int64
}

func (c *timestampCol) open(s *stripeData) error {
	c.openPresent(s)
	c.secs, c.nanos = nil, nil
	if s.streams == nil {
		return nil
	}
	_, v2, err := s.encoding(c.id)
	if err != nil {
		return err
	}
	c.zone = time.UTC
	if !c.instant {
		c.zone = s.timezone
	}
	c.base = orcEpoch
	if c.zone != time.UTC {
		c.base = time.Date(2015, 1, 1, 0, 0, 0, 0, c.zone).Unix()
	}
	c.secs = newIntReader(s.stream(c.id, streamData), true, v2)
	c.nanos = newIntReader(s.stream(c.id, streamSecondary), false, v2)
	return nil
}

func (c *timestampCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	c.sbuf, c.nbuf = growInts(c.sbuf, k), growInts(c.nbuf, k)
	if err := c.secs.next(c.sbuf); err != nil {
		return fmt.Errorf("column %d: %w", c.id, err)
	}
	if err := c.nanos.next(c.nbuf); err != nil {
		return fmt.Errorf("column %d: %w", c.id, err)
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		nanos, err := parseNanos(c.nbuf[j])
		if err != nil {
			return fmt.Errorf("column %d: %w", c.id, err)
		}
		secs := c.sbuf[j] + c.base
		j++
		// Writers truncate toward zero the seconds of times before 1970
		// that have a fraction; Java's reader takes the second back.
		if secs*1000+nanos/1e6 < 0 && nanos > 999_999 {
			secs--
		}
		t := time.Unix(secs, nanos)
		if c.zone == time.UTC {
			out[i] = t.UTC()
			continue
		}
		w := t.In(c.zone)
		out[i] = time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), w.Nanosecond(), time.UTC)
	}
	return nil
}

var powersOfTen = [...]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

func parseNanos(v int64) (int64, error) {
	zeros := v & 7
	n := int64(uint64(v) >> 3)
	if zeros != 0 {
		n *= powersOfTen[zeros+1]
	}
	if n < 0 || n > 999_999_999 {
		return 0, fmt.Errorf("timestamp nanoseconds %d out of range", n)
	}
	return n, nil
}

type structCol struct {
	colBase
	fields []colReader // nil: the field is not in the file
}

func (c *structCol) open(s *stripeData) error {
	c.openPresent(s)
	for _, f := range c.fields {
		if f != nil {
			if err := f.open(s); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *structCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	// Children hold values only for the rows where the struct is present.
	cols := make([][]any, len(c.fields))
	for f, fr := range c.fields {
		if fr == nil {
			continue
		}
		cols[f] = make([]any, k)
		if err := fr.read(cols[f]); err != nil {
			return err
		}
	}
	cells := make([]any, k*len(c.fields))
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		row := cells[j*len(c.fields) : (j+1)*len(c.fields) : (j+1)*len(c.fields)]
		for f := range c.fields {
			if cols[f] != nil {
				row[f] = cols[f][j]
			}
		}
		out[i] = row
		j++
	}
	return nil
}

// lengthsOf reads the LENGTH stream of a list or map: k lengths and
// their total, checked against the values left in the stripe.
type lengthCol struct {
	colBase
	lengths intReader
	buf     []int64
}

func (c *lengthCol) openLengths(s *stripeData) error {
	c.openPresent(s)
	c.lengths = nil
	if s.streams == nil {
		return nil
	}
	_, v2, err := s.encoding(c.id)
	if err != nil {
		return err
	}
	c.lengths = newIntReader(s.stream(c.id, streamLength), false, v2)
	return nil
}

// maxChildValues bounds the children of one batch of lists or maps.
const maxChildValues = 1 << 24

// childChunk is how many children are decoded at a time: memory grows
// only as far as the streams really hold values, not as far as a damaged
// LENGTH stream claims.
const childChunk = 1 << 16

func readChildren(c colReader, total int) ([]any, error) {
	out := make([]any, 0, min(total, childChunk))
	for len(out) < total {
		start := len(out)
		out = append(out, make([]any, min(total-start, childChunk))...)
		if err := c.read(out[start:]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (c *lengthCol) next(k int) ([]int64, int, error) {
	c.buf = growInts(c.buf, k)
	if err := c.lengths.next(c.buf); err != nil {
		return nil, 0, fmt.Errorf("column %d lengths: %w", c.id, err)
	}
	total := 0
	for _, l := range c.buf {
		if l < 0 || l > maxChildValues || total+int(l) > maxChildValues {
			return nil, 0, fmt.Errorf("column %d: collection of %d values", c.id, l)
		}
		total += int(l)
	}
	return c.buf, total, nil
}

type listCol struct {
	lengthCol
	elem colReader
}

func (c *listCol) open(s *stripeData) error {
	if err := c.openLengths(s); err != nil {
		return err
	}
	return c.elem.open(s)
}

func (c *listCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	lens, total, err := c.next(k)
	if err != nil {
		return err
	}
	elems, err := readChildren(c.elem, total)
	if err != nil {
		return err
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		l := int(lens[j])
		j++
		out[i] = elems[:l:l]
		elems = elems[l:]
	}
	return nil
}

type mapCol struct {
	lengthCol
	key, value colReader
}

func (c *mapCol) open(s *stripeData) error {
	if err := c.openLengths(s); err != nil {
		return err
	}
	if err := c.key.open(s); err != nil {
		return err
	}
	return c.value.open(s)
}

func (c *mapCol) read(out []any) error {
	valid, k, err := c.presence(len(out))
	if err != nil {
		return err
	}
	lens, total, err := c.next(k)
	if err != nil {
		return err
	}
	keys, err := readChildren(c.key, total)
	if err != nil {
		return err
	}
	values, err := readChildren(c.value, total)
	if err != nil {
		return err
	}
	j := 0
	for i := range out {
		if valid != nil && !valid[i] {
			out[i] = nil
			continue
		}
		l := int(lens[j])
		j++
		out[i] = types.MapValue{Keys: keys[:l:l], Values: values[:l:l]}
		keys, values = keys[l:], values[l:]
	}
	return nil
}
