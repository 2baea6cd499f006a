package orc

import (
	"errors"
	"fmt"
	"math/bits"
)

// The run-length encodings of ORC streams (ORC specification, "Run Length
// Encoding"): byte RLE (also under booleans), integer RLE version 1 and
// version 2 with its four sub-encodings.

var errShortStream = errors.New("stream ended early")

// byteRLEReader decodes byte RLE.
type byteRLEReader struct {
	data []byte
	pos  int
	run  int  // bytes left in the current run
	lit  bool // the run is literal bytes
	val  byte // the repeated byte
}

func (r *byteRLEReader) next(dst []byte) error {
	for i := 0; i < len(dst); {
		if r.run == 0 {
			if r.pos >= len(r.data) {
				return errShortStream
			}
			c := int8(r.data[r.pos])
			r.pos++
			if c >= 0 {
				if r.pos >= len(r.data) {
					return errShortStream
				}
				r.run, r.lit, r.val = int(c)+3, false, r.data[r.pos]
				r.pos++
			} else {
				r.run, r.lit = -int(c), true
			}
		}
		n := min(r.run, len(dst)-i)
		if r.lit {
			if r.pos+n > len(r.data) {
				return errShortStream
			}
			copy(dst[i:i+n], r.data[r.pos:r.pos+n])
			r.pos += n
		} else {
			for k := i; k < i+n; k++ {
				dst[k] = r.val
			}
		}
		r.run -= n
		i += n
	}
	return nil
}

// boolReader decodes booleans: byte RLE of bit-packed bytes, the first
// value in the high bit.
type boolReader struct {
	bytes byteRLEReader
	cur   byte
	left  int // bits left in cur
}

func (r *boolReader) next(dst []bool) error {
	var b [1]byte
	for i := range dst {
		if r.left == 0 {
			if err := r.bytes.next(b[:]); err != nil {
				return err
			}
			r.cur, r.left = b[0], 8
		}
		r.left--
		dst[i] = r.cur>>r.left&1 == 1
	}
	return nil
}

// intReader decodes a run-length encoded integer stream.
type intReader interface {
	next(dst []int64) error
}

func newIntReader(data []byte, signed, v2 bool) intReader {
	if v2 {
		return &rleV2Reader{data: data, signed: signed}
	}
	return &rleV1Reader{data: data, signed: signed}
}

func readUvarint(data []byte, pos *int) (uint64, error) {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if *pos >= len(data) {
			return 0, errShortStream
		}
		b := data[*pos]
		*pos++
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v, nil
		}
	}
	return 0, fmt.Errorf("varint longer than 64 bits")
}

func unzigzag(v uint64) int64 { return int64(v>>1) ^ -int64(v&1) }
func zigzag(v int64) uint64   { return uint64(v<<1) ^ uint64(v>>63) }

// rleV1Reader decodes integer RLE version 1.
type rleV1Reader struct {
	data   []byte
	pos    int
	signed bool
	run    int // values left in the current run
	lit    bool
	val    int64 // next value of a repeat run
	delta  int64
}

func (r *rleV1Reader) readValue() (int64, error) {
	u, err := readUvarint(r.data, &r.pos)
	if r.signed {
		return unzigzag(u), err
	}
	return int64(u), err
}

func (r *rleV1Reader) next(dst []int64) error {
	for i := range dst {
		if r.run == 0 {
			if r.pos >= len(r.data) {
				return errShortStream
			}
			c := int8(r.data[r.pos])
			r.pos++
			if c >= 0 {
				if r.pos >= len(r.data) {
					return errShortStream
				}
				r.run, r.lit, r.delta = int(c)+3, false, int64(int8(r.data[r.pos]))
				r.pos++
				v, err := r.readValue()
				if err != nil {
					return err
				}
				r.val = v
			} else {
				r.run, r.lit = -int(c), true
			}
		}
		if r.lit {
			v, err := r.readValue()
			if err != nil {
				return err
			}
			dst[i] = v
		} else {
			dst[i] = r.val
			r.val += r.delta
		}
		r.run--
	}
	return nil
}

// rleV2Reader decodes integer RLE version 2 a run at a time.
type rleV2Reader struct {
	data    []byte
	pos     int
	signed  bool
	buf     [512]int64
	n, at   int // values in buf, next one to hand out
	scratch [512]int64
}

func (r *rleV2Reader) next(dst []int64) error {
	for i := 0; i < len(dst); {
		if r.at == r.n {
			if err := r.readRun(); err != nil {
				return err
			}
		}
		c := copy(dst[i:], r.buf[r.at:r.n])
		r.at += c
		i += c
	}
	return nil
}

// decodeWidth is the bit width of a 5-bit encoded width.
func decodeWidth(e int) int {
	switch {
	case e < 24:
		return e + 1
	case e == 24:
		return 26
	case e == 25:
		return 28
	case e == 26:
		return 30
	case e == 27:
		return 32
	case e == 28:
		return 40
	case e == 29:
		return 48
	case e == 30:
		return 56
	}
	return 64
}

// encodeWidth is the 5-bit code of a width closestFixedBits returned.
func encodeWidth(w int) int {
	switch {
	case w <= 24:
		return w - 1
	case w <= 26:
		return 24
	case w <= 28:
		return 25
	case w <= 30:
		return 26
	case w <= 32:
		return 27
	case w <= 40:
		return 28
	case w <= 48:
		return 29
	case w <= 56:
		return 30
	}
	return 31
}

// closestFixedBits rounds a width up to one the 5-bit code can hold.
func closestFixedBits(w int) int {
	switch {
	case w == 0:
		return 1
	case w <= 24:
		return w
	case w <= 26:
		return 26
	case w <= 28:
		return 28
	case w <= 30:
		return 30
	case w <= 32:
		return 32
	case w <= 40:
		return 40
	case w <= 48:
		return 48
	case w <= 56:
		return 56
	}
	return 64
}

// readBits unpacks len(dst) big-endian values of width bits each,
// starting on a byte boundary.
func (r *rleV2Reader) readBits(dst []int64, width int) error {
	need := (len(dst)*width + 7) / 8
	if r.pos+need > len(r.data) {
		return errShortStream
	}
	src := r.data[r.pos : r.pos+need]
	r.pos += need
	if width == 8 {
		for i := range dst {
			dst[i] = int64(src[i])
		}
		return nil
	}
	var acc uint64
	accBits := 0
	p := 0
	mask := uint64(1)<<width - 1
	if width == 64 {
		mask = ^uint64(0)
	}
	for i := range dst {
		var v uint64
		w := width
		for w > 0 {
			if accBits == 0 {
				acc, accBits = uint64(src[p]), 8
				p++
			}
			take := min(w, accBits)
			v = v<<take | (acc>>(accBits-take))&(1<<take-1)
			accBits -= take
			w -= take
		}
		dst[i] = int64(v & mask)
	}
	return nil
}

func (r *rleV2Reader) readRun() error {
	if r.pos >= len(r.data) {
		return errShortStream
	}
	first := int(r.data[r.pos])
	r.at = 0
	switch first >> 6 {
	case 0: // short repeat
		r.pos++
		width := (first>>3)&7 + 1
		count := first&7 + 3
		if r.pos+width > len(r.data) {
			return errShortStream
		}
		var u uint64
		for _, b := range r.data[r.pos : r.pos+width] {
			u = u<<8 | uint64(b)
		}
		r.pos += width
		v := int64(u)
		if r.signed {
			v = unzigzag(u)
		}
		for i := range count {
			r.buf[i] = v
		}
		r.n = count
	case 1: // direct
		if r.pos+2 > len(r.data) {
			return errShortStream
		}
		width := decodeWidth(first >> 1 & 0x1f)
		count := (first&1)<<8 | int(r.data[r.pos+1]) + 1
		r.pos += 2
		if err := r.readBits(r.buf[:count], width); err != nil {
			return err
		}
		if r.signed {
			for i := range count {
				r.buf[i] = unzigzag(uint64(r.buf[i]))
			}
		}
		r.n = count
	case 2:
		return r.readPatchedBase(first)
	case 3:
		return r.readDelta(first)
	}
	return nil
}

func (r *rleV2Reader) readDelta(first int) error {
	if r.pos+2 > len(r.data) {
		return errShortStream
	}
	w := first >> 1 & 0x1f
	width := 0
	if w != 0 {
		width = decodeWidth(w)
	}
	count := (first&1)<<8 | int(r.data[r.pos+1]) + 1
	r.pos += 2
	u, err := readUvarint(r.data, &r.pos)
	if err != nil {
		return err
	}
	base := int64(u)
	if r.signed {
		base = unzigzag(u)
	}
	du, err := readUvarint(r.data, &r.pos)
	if err != nil {
		return err
	}
	delta := unzigzag(du)
	r.buf[0] = base
	r.n = count
	if count == 1 {
		return nil
	}
	r.buf[1] = base + delta
	if width == 0 {
		for i := 2; i < count; i++ {
			r.buf[i] = r.buf[i-1] + delta
		}
		return nil
	}
	if count > 2 {
		if err := r.readBits(r.buf[2:count], width); err != nil {
			return err
		}
	}
	for i := 2; i < count; i++ {
		if delta < 0 {
			r.buf[i] = r.buf[i-1] - r.buf[i]
		} else {
			r.buf[i] = r.buf[i-1] + r.buf[i]
		}
	}
	return nil
}

func (r *rleV2Reader) readPatchedBase(first int) error {
	if r.pos+4 > len(r.data) {
		return errShortStream
	}
	width := decodeWidth(first >> 1 & 0x1f)
	count := (first&1)<<8 | int(r.data[r.pos+1]) + 1
	third, fourth := int(r.data[r.pos+2]), int(r.data[r.pos+3])
	baseBytes := third>>5 + 1
	patchWidth := decodeWidth(third & 0x1f)
	gapWidth := fourth>>5 + 1
	patches := fourth & 0x1f
	r.pos += 4
	if r.pos+baseBytes > len(r.data) {
		return errShortStream
	}
	var ub uint64
	for _, b := range r.data[r.pos : r.pos+baseBytes] {
		ub = ub<<8 | uint64(b)
	}
	r.pos += baseBytes
	// The base is sign and magnitude: its top bit is the sign.
	signBit := uint64(1) << (baseBytes*8 - 1)
	base := int64(ub &^ signBit)
	if ub&signBit != 0 {
		base = -base
	}
	if err := r.readBits(r.buf[:count], width); err != nil {
		return err
	}
	if patchWidth+gapWidth > 64 || width+patchWidth > 64 {
		return fmt.Errorf("patched base run with %d-bit patches and %d-bit gaps", patchWidth, gapWidth)
	}
	entryWidth := closestFixedBits(patchWidth + gapWidth)
	list := r.scratch[:patches]
	if err := r.readBits(list, entryWidth); err != nil {
		return err
	}
	patchMask := uint64(1)<<patchWidth - 1
	if patchWidth == 64 {
		patchMask = ^uint64(0)
	}
	at := 0
	for _, e := range list {
		gap := int(uint64(e) >> patchWidth)
		if patchWidth == 64 {
			gap = 0
		}
		at += gap
		patch := uint64(e) & patchMask
		if patch == 0 {
			// A gap of 255 with no patch only moves on (gaps above 255).
			continue
		}
		if at >= count {
			return fmt.Errorf("patch at %d past the run of %d values", at, count)
		}
		r.buf[at] = int64(uint64(r.buf[at]) | patch<<width)
	}
	for i := range count {
		r.buf[i] += base
	}
	r.n = count
	return nil
}

// Encoders.

// appendByteRLE appends byte RLE of data.
func appendByteRLE(dst, data []byte) []byte {
	for i := 0; i < len(data); {
		run := 1
		for i+run < len(data) && run < 130 && data[i+run] == data[i] {
			run++
		}
		if run >= 3 {
			dst = append(dst, byte(run-3), data[i])
			i += run
			continue
		}
		j := i
		for j < len(data) && j-i < 128 {
			if j+2 < len(data) && data[j] == data[j+1] && data[j] == data[j+2] {
				break
			}
			j++
		}
		dst = append(dst, byte(-(j - i)))
		dst = append(dst, data[i:j]...)
		i = j
	}
	return dst
}

// appendBoolRLE appends the boolean encoding of vs.
func appendBoolRLE(dst []byte, vs []bool) []byte {
	packed := make([]byte, (len(vs)+7)/8)
	for i, v := range vs {
		if v {
			packed[i/8] |= 0x80 >> (i % 8)
		}
	}
	return appendByteRLE(dst, packed)
}

// appendRLEv2 appends integer RLE version 2 of vs. Runs of three or more
// equal values are short repeats (or fixed deltas past ten), other values
// go in groups of up to 512 as delta when they are monotonic and that is
// smaller, as direct otherwise. Patched base is read but never written.
func appendRLEv2(dst []byte, vs []int64, signed bool) []byte {
	for i := 0; i < len(vs); {
		run := 1
		for i+run < len(vs) && run < 512 && vs[i+run] == vs[i] {
			run++
		}
		if run >= 3 {
			if run <= 10 {
				dst = appendShortRepeat(dst, vs[i], run, signed)
			} else {
				dst = appendDelta(dst, vs[i:i+run], signed, 0, 0)
			}
			i += run
			continue
		}
		j := i
		for j < len(vs) && j-i < 512 {
			if j+2 < len(vs) && vs[j] == vs[j+1] && vs[j] == vs[j+2] {
				break
			}
			j++
		}
		dst = appendLiterals(dst, vs[i:j], signed)
		i = j
	}
	return dst
}

func appendShortRepeat(dst []byte, v int64, count int, signed bool) []byte {
	u := uint64(v)
	if signed {
		u = zigzag(v)
	}
	width := max(1, (bits.Len64(u)+7)/8)
	dst = append(dst, byte((width-1)<<3|(count-3)))
	for k := width - 1; k >= 0; k-- {
		dst = append(dst, byte(u>>(8*k)))
	}
	return dst
}

func appendLiterals(dst []byte, vs []int64, signed bool) []byte {
	directWidth := 1
	for _, v := range vs {
		u := uint64(v)
		if signed {
			u = zigzag(v)
		}
		directWidth = max(directWidth, bits.Len64(u))
	}
	directWidth = closestFixedBits(directWidth)
	if len(vs) >= 2 {
		if deltaWidth, ok := deltaWidthOf(vs); ok && deltaWidth*(len(vs)-2) < directWidth*len(vs) {
			return appendDelta(dst, vs, signed, deltaWidth, vs[1]-vs[0])
		}
	}
	n := len(vs) - 1
	dst = append(dst, byte(1<<6|encodeWidth(directWidth)<<1|n>>8), byte(n))
	return appendBits(dst, vs, directWidth, signed)
}

// deltaWidthOf is the width of the deltas after the first for a delta run
// of vs, 0 when all deltas are equal; ok is false when the values are not
// monotonic or a delta overflows.
func deltaWidthOf(vs []int64) (int, bool) {
	first, overflow := sub(vs[1], vs[0])
	if overflow {
		return 0, false
	}
	equal := true
	var maxAbs uint64
	for i := 2; i < len(vs); i++ {
		d, overflow := sub(vs[i], vs[i-1])
		if overflow || (first >= 0) != (d >= 0) && d != 0 {
			return 0, false
		}
		if d != first {
			equal = false
		}
		a := uint64(d)
		if d < 0 {
			a = uint64(-d)
		}
		maxAbs = max(maxAbs, a)
	}
	if equal {
		return 0, true
	}
	w := closestFixedBits(bits.Len64(maxAbs))
	if w == 1 {
		w = 2 // the 5-bit code 0 means "no deltas stored"
	}
	return w, true
}

func sub(a, b int64) (int64, bool) {
	d := a - b
	return d, (a >= 0) != (b >= 0) && (d >= 0) != (a >= 0)
}

// appendDelta appends a delta run; width 0 stores only the first delta,
// delta, which then repeats.
func appendDelta(dst []byte, vs []int64, signed bool, width int, delta int64) []byte {
	n := len(vs) - 1
	code := 0
	if width > 0 {
		code = encodeWidth(width)
	}
	dst = append(dst, byte(3<<6|code<<1|n>>8), byte(n))
	if signed {
		dst = appendUvarint(dst, zigzag(vs[0]))
	} else {
		dst = appendUvarint(dst, uint64(vs[0]))
	}
	dst = appendUvarint(dst, zigzag(delta))
	if width == 0 || len(vs) <= 2 {
		return dst
	}
	abs := make([]int64, len(vs)-2)
	for i := 2; i < len(vs); i++ {
		d := vs[i] - vs[i-1]
		if d < 0 {
			d = -d
		}
		abs[i-2] = d
	}
	return appendBits(dst, abs, width, false)
}

func appendUvarint(dst []byte, u uint64) []byte {
	for u >= 0x80 {
		dst = append(dst, byte(u)|0x80)
		u >>= 7
	}
	return append(dst, byte(u))
}

// appendBits packs vs big-endian at width bits each, padded to a byte.
func appendBits(dst []byte, vs []int64, width int, signed bool) []byte {
	var acc uint64
	accBits := 0
	for _, v := range vs {
		u := uint64(v)
		if signed {
			u = zigzag(v)
		}
		w := width
		for w > 0 {
			take := min(w, 8-accBits)
			acc = acc<<take | (u>>(w-take))&(1<<take-1)
			accBits += take
			w -= take
			if accBits == 8 {
				dst = append(dst, byte(acc))
				acc, accBits = 0, 0
			}
		}
	}
	if accBits > 0 {
		dst = append(dst, byte(acc<<(8-accBits)))
	}
	return dst
}
