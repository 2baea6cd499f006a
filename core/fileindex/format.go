// Package fileindex reads and writes Apache Paimon's file indexes: the
// bloom-filter, bitmap and bit-sliced (BSI) indexes Java builds per data
// file when 'file-index.<type>.columns' asks for them, kept in the
// manifest entry (embedded index) or in a '<data file>.index' file beside
// the data file. A scan evaluates its filter on them to skip files no row
// of which can match (docs/design/format.md, Paimon's fileindex spec).
package fileindex

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf16"
)

// The index types, as Java's FileIndexerFactory identifiers name them.
const (
	BloomFilter = "bloom-filter"
	Bitmap      = "bitmap"
	BSI         = "bsi"
	// rangeBitmap is Java's other index type, which paimon-sql neither
	// builds nor reads.
	rangeBitmap = "range-bitmap"
)

// IndexFileSuffix ends the name of an index file beside its data file.
const IndexFileSuffix = ".index"

// fileMagic starts every index file.
const fileMagic int64 = 1493475289347502

const (
	fileVersion = 1
	// emptyIndex is the start offset of an index that saw no value (Java
	// writes it for map sub-columns that never occurred).
	emptyIndex = -1
)

// Entry is one index of one column in an index file.
type Entry struct {
	Column string
	Type   string
	Data   []byte // nil for an empty index
}

// Encode lays out entries as one index file: a header naming every
// column's indexes with their offsets, then the index bodies in order.
func Encode(entries []Entry) []byte {
	var names []byte // the UTF strings of the header, to size it
	cols := groupByColumn(entries)
	for _, c := range cols {
		names = appendUTF(names, c.name)
		for _, e := range c.entries {
			names = appendUTF(names, e.Type)
		}
	}
	// magic, version, head length, column count, per column its index
	// count, per index start and length, the redundant length.
	headLen := 8 + 4 + 4 + 4 + 4*len(cols) + 8*len(entries) + 4 + len(names)
	out := make([]byte, 0, headLen)
	out = binary.BigEndian.AppendUint64(out, uint64(fileMagic))
	out = binary.BigEndian.AppendUint32(out, fileVersion)
	out = binary.BigEndian.AppendUint32(out, uint32(headLen))
	out = binary.BigEndian.AppendUint32(out, uint32(len(cols)))
	pos := headLen
	for _, c := range cols {
		out = appendUTF(out, c.name)
		out = binary.BigEndian.AppendUint32(out, uint32(len(c.entries)))
		for _, e := range c.entries {
			out = appendUTF(out, e.Type)
			if e.Data == nil {
				out = binary.BigEndian.AppendUint32(out, uint32(0xFFFFFFFF)) // emptyIndex
				out = binary.BigEndian.AppendUint32(out, 0)
				continue
			}
			out = binary.BigEndian.AppendUint32(out, uint32(pos))
			out = binary.BigEndian.AppendUint32(out, uint32(len(e.Data)))
			pos += len(e.Data)
		}
	}
	out = binary.BigEndian.AppendUint32(out, 0) // redundant length
	for _, c := range cols {
		for _, e := range c.entries {
			out = append(out, e.Data...)
		}
	}
	return out
}

type columnEntries struct {
	name    string
	entries []Entry
}

// groupByColumn keeps the first-seen order of columns and of their indexes.
func groupByColumn(entries []Entry) []columnEntries {
	var cols []columnEntries
	at := map[string]int{}
	for _, e := range entries {
		i, ok := at[e.Column]
		if !ok {
			i = len(cols)
			at[e.Column] = i
			cols = append(cols, columnEntries{name: e.Column})
		}
		cols[i].entries = append(cols[i].entries, e)
	}
	return cols
}

// File is a decoded index file: the bytes of each column's indexes.
type File struct {
	// indexes maps column name, then index type, to the index's bytes
	// (nil: an empty index).
	indexes map[string]map[string][]byte
}

// Decode reads the header of an index file (embedded or external).
func Decode(data []byte) (*File, error) {
	r := &reader{b: data}
	if m := r.i64(); m != fileMagic {
		return nil, errors.New("not a Paimon file index (bad magic)")
	}
	if v := r.i32(); r.err == nil && v != fileVersion {
		return nil, fmt.Errorf("file index version %d is not supported (only %d)", v, fileVersion)
	}
	headLen := int(r.i32())
	if r.err == nil && (headLen < 16 || headLen > len(data)) {
		return nil, fmt.Errorf("file index head length %d out of range", headLen)
	}
	f := &File{indexes: map[string]map[string][]byte{}}
	for n := r.i32(); n > 0 && r.err == nil; n-- {
		col := r.utf()
		m := f.indexes[col]
		if m == nil {
			m = map[string][]byte{}
			f.indexes[col] = m
		}
		for k := r.i32(); k > 0 && r.err == nil; k-- {
			typ := r.utf()
			start, length := r.i32(), r.i32()
			if r.err != nil {
				break
			}
			if start == emptyIndex {
				m[typ] = nil
				continue
			}
			if start < 0 || length < 0 || int64(start)+int64(length) > int64(len(data)) {
				return nil, fmt.Errorf("file index of column %s (%s) lies outside the file", col, typ)
			}
			m[typ] = data[start : start+length]
		}
	}
	if r.err != nil {
		return nil, fmt.Errorf("file index header: %w", r.err)
	}
	return f, nil
}

// reader decodes big-endian values, remembering the first error.
type reader struct {
	b   []byte
	pos int
	err error
}

var errShort = errors.New("truncated")

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || r.pos+n > len(r.b) {
		r.err = errShort
		return nil
	}
	s := r.b[r.pos : r.pos+n]
	r.pos += n
	return s
}

func (r *reader) u8() byte {
	if s := r.take(1); s != nil {
		return s[0]
	}
	return 0
}

func (r *reader) i16() int16 {
	if s := r.take(2); s != nil {
		return int16(binary.BigEndian.Uint16(s))
	}
	return 0
}

func (r *reader) i32() int32 {
	if s := r.take(4); s != nil {
		return int32(binary.BigEndian.Uint32(s))
	}
	return 0
}

func (r *reader) i64() int64 {
	if s := r.take(8); s != nil {
		return int64(binary.BigEndian.Uint64(s))
	}
	return 0
}

// utf reads Java's DataOutput.writeUTF: a 2-byte length, then modified
// UTF-8 (NUL as two bytes, characters beyond the BMP as surrogate pairs).
func (r *reader) utf() string {
	n := int(uint16(r.i16()))
	s := r.take(n)
	if s == nil {
		return ""
	}
	var units []uint16
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c < 0x80:
			units = append(units, uint16(c))
			i++
		case c&0xE0 == 0xC0 && i+1 < len(s):
			units = append(units, uint16(c&0x1F)<<6|uint16(s[i+1]&0x3F))
			i += 2
		case c&0xF0 == 0xE0 && i+2 < len(s):
			units = append(units, uint16(c&0x0F)<<12|uint16(s[i+1]&0x3F)<<6|uint16(s[i+2]&0x3F))
			i += 3
		default:
			r.err = errors.New("malformed modified UTF-8")
			return ""
		}
	}
	return string(utf16.Decode(units))
}

// appendUTF writes s as Java's DataOutput.writeUTF does.
func appendUTF(b []byte, s string) []byte {
	var enc []byte
	for _, u := range utf16.Encode([]rune(s)) {
		switch {
		case u >= 1 && u <= 0x7F:
			enc = append(enc, byte(u))
		case u <= 0x7FF:
			enc = append(enc, 0xC0|byte(u>>6), 0x80|byte(u&0x3F))
		default:
			enc = append(enc, 0xE0|byte(u>>12), 0x80|byte(u>>6&0x3F), 0x80|byte(u&0x3F))
		}
	}
	b = binary.BigEndian.AppendUint16(b, uint16(len(enc)))
	return append(b, enc...)
}
