package orc

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"google.golang.org/protobuf/encoding/protowire"
)

// The ORC metadata messages (orc_proto.proto), decoded and encoded with
// protowire: only the fields paimon-sql reads or writes are kept, the
// others are skipped on reading.

// Compression kinds of PostScript.compression.
const (
	compressionNone   = 0
	compressionZlib   = 1
	compressionSnappy = 2
	compressionLZO    = 3
	compressionLZ4    = 4
	compressionZstd   = 5
)

// Type kinds of Type.kind.
const (
	kindBoolean          = 0
	kindByte             = 1
	kindShort            = 2
	kindInt              = 3
	kindLong             = 4
	kindFloat            = 5
	kindDouble           = 6
	kindString           = 7
	kindBinary           = 8
	kindTimestamp        = 9
	kindList             = 10
	kindMap              = 11
	kindStruct           = 12
	kindUnion            = 13
	kindDecimal          = 14
	kindDate             = 15
	kindVarchar          = 16
	kindChar             = 17
	kindTimestampInstant = 18
)

var orcKindNames = []string{"boolean", "tinyint", "smallint", "int", "bigint", "float", "double",
	"string", "binary", "timestamp", "array", "map", "struct", "uniontype", "decimal", "date",
	"varchar", "char", "timestamp with local time zone"}

func kindName(k int) string {
	if k >= 0 && k < len(orcKindNames) {
		return orcKindNames[k]
	}
	return fmt.Sprintf("kind %d", k)
}

// Stream kinds of Stream.kind.
const (
	streamPresent        = 0
	streamData           = 1
	streamLength         = 2
	streamDictionaryData = 3
	streamSecondary      = 5
)

// Column encodings of ColumnEncoding.kind.
const (
	encodingDirect       = 0
	encodingDictionary   = 1
	encodingDirectV2     = 2
	encodingDictionaryV2 = 3
)

type postScript struct {
	footerLength   uint64
	compression    uint64
	blockSize      uint64
	version        []uint32
	metadataLength uint64
	writerVersion  uint64
	magic          string
}

type stripeInfo struct {
	offset, indexLength, dataLength, footerLength, numberOfRows uint64
}

type orcType struct {
	kind       uint64
	subtypes   []uint32
	fieldNames []string
	maxLength  uint64
	precision  uint64
	scale      uint64
	attributes map[string]string
}

type intStats struct{ min, max int64 }
type doubleStats struct{ min, max float64 }
type stringStats struct {
	min, max       string
	hasMin, hasMax bool
}
type decimalStats struct{ min, max string }
type dateStats struct{ min, max int32 }
type timestampStats struct {
	minUTC, maxUTC     int64
	minNanos, maxNanos int64 // nanos within the millisecond, plus one; 0 = absent
}

// columnStatistics is ColumnStatistics; at most one of the typed parts is set.
type columnStatistics struct {
	numberOfValues uint64
	hasNull        bool
	ints           *intStats
	doubles        *doubleStats
	strings        *stringStats
	buckets        []uint64 // boolean: true count
	decimals       *decimalStats
	dates          *dateStats
	timestamps     *timestampStats
	binarySum      *int64
}

type footer struct {
	headerLength   uint64
	contentLength  uint64
	stripes        []stripeInfo
	types          []orcType
	numberOfRows   uint64
	statistics     []columnStatistics
	rowIndexStride uint64
}

type streamInfo struct {
	kind   uint64
	column uint64
	length uint64
}

type columnEncoding struct {
	kind           uint64
	dictionarySize uint64
}

type stripeFooter struct {
	streams        []streamInfo
	columns        []columnEncoding
	writerTimezone string
}

var errMalformed = errors.New("malformed protobuf message")

// fieldValue is one field of a message: v for varint and fixed types, b for
// length-delimited ones.
type fieldValue struct {
	v uint64
	b []byte
}

// eachField calls f for every field of the message b.
func eachField(b []byte, f func(num protowire.Number, typ protowire.Type, fv fieldValue) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return errMalformed
		}
		b = b[n:]
		var fv fieldValue
		switch typ {
		case protowire.VarintType:
			fv.v, n = protowire.ConsumeVarint(b)
		case protowire.Fixed64Type:
			fv.v, n = protowire.ConsumeFixed64(b)
		case protowire.Fixed32Type:
			var v uint32
			v, n = protowire.ConsumeFixed32(b)
			fv.v = uint64(v)
		case protowire.BytesType:
			fv.b, n = protowire.ConsumeBytes(b)
		default:
			n = protowire.ConsumeFieldValue(num, typ, b)
		}
		if n < 0 {
			return errMalformed
		}
		b = b[n:]
		if err := f(num, typ, fv); err != nil {
			return err
		}
	}
	return nil
}

// appendUint32s adds a repeated uint32 field, packed or not.
func appendUint32s(dst []uint32, typ protowire.Type, fv fieldValue) ([]uint32, error) {
	if typ == protowire.VarintType {
		return append(dst, uint32(fv.v)), nil
	}
	if typ != protowire.BytesType {
		return dst, errMalformed
	}
	b := fv.b
	for len(b) > 0 {
		v, n := protowire.ConsumeVarint(b)
		if n < 0 {
			return dst, errMalformed
		}
		dst = append(dst, uint32(v))
		b = b[n:]
	}
	return dst, nil
}

func parsePostScript(b []byte) (postScript, error) {
	var ps postScript
	err := eachField(b, func(num protowire.Number, typ protowire.Type, fv fieldValue) error {
		var err error
		switch num {
		case 1:
			ps.footerLength = fv.v
		case 2:
			ps.compression = fv.v
		case 3:
			ps.blockSize = fv.v
		case 4:
			ps.version, err = appendUint32s(ps.version, typ, fv)
		case 5:
			ps.metadataLength = fv.v
		case 6:
			ps.writerVersion = fv.v
		case 8000:
			ps.magic = string(fv.b)
		}
		return err
	})
	return ps, err
}

func parseFooter(b []byte) (footer, error) {
	var f footer
	err := eachField(b, func(num protowire.Number, typ protowire.Type, fv fieldValue) error {
		switch num {
		case 1:
			f.headerLength = fv.v
		case 2:
			f.contentLength = fv.v
		case 3:
			s, err := parseStripeInfo(fv.b)
			if err != nil {
				return err
			}
			f.stripes = append(f.stripes, s)
		case 4:
			t, err := parseType(fv.b)
			if err != nil {
				return err
			}
			f.types = append(f.types, t)
		case 6:
			f.numberOfRows = fv.v
		case 7:
			s, err := parseColumnStatistics(fv.b)
			if err != nil {
				return err
			}
			f.statistics = append(f.statistics, s)
		case 8:
			f.rowIndexStride = fv.v
		}
		return nil
	})
	return f, err
}

func parseStripeInfo(b []byte) (stripeInfo, error) {
	var s stripeInfo
	err := eachField(b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
		switch num {
		case 1:
			s.offset = fv.v
		case 2:
			s.indexLength = fv.v
		case 3:
			s.dataLength = fv.v
		case 4:
			s.footerLength = fv.v
		case 5:
			s.numberOfRows = fv.v
		}
		return nil
	})
	return s, err
}

func parseType(b []byte) (orcType, error) {
	var t orcType
	err := eachField(b, func(num protowire.Number, typ protowire.Type, fv fieldValue) error {
		var err error
		switch num {
		case 1:
			t.kind = fv.v
		case 2:
			t.subtypes, err = appendUint32s(t.subtypes, typ, fv)
		case 3:
			t.fieldNames = append(t.fieldNames, string(fv.b))
		case 4:
			t.maxLength = fv.v
		case 5:
			t.precision = fv.v
		case 6:
			t.scale = fv.v
		case 7:
			var k, v string
			err = eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
				switch num {
				case 1:
					k = string(fv.b)
				case 2:
					v = string(fv.b)
				}
				return nil
			})
			if t.attributes == nil {
				t.attributes = map[string]string{}
			}
			t.attributes[k] = v
		}
		return err
	})
	return t, err
}

// minMax reads a statistics message whose fields 1 and 2 are the minimum
// and the maximum; ok when both are there.
func minMax[T any](b []byte, decode func(fieldValue) T) (lo, hi T, ok bool, err error) {
	var seen [2]bool
	err = eachField(b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
		switch num {
		case 1:
			lo, seen[0] = decode(fv), true
		case 2:
			hi, seen[1] = decode(fv), true
		}
		return nil
	})
	return lo, hi, seen[0] && seen[1], err
}

func parseColumnStatistics(b []byte) (columnStatistics, error) {
	var s columnStatistics
	err := eachField(b, func(num protowire.Number, typ protowire.Type, fv fieldValue) error {
		switch num {
		case 1:
			s.numberOfValues = fv.v
		case 2:
			lo, hi, ok, err := minMax(fv.b, func(fv fieldValue) int64 { return protowire.DecodeZigZag(fv.v) })
			if ok {
				s.ints = &intStats{min: lo, max: hi}
			}
			return err
		case 3:
			lo, hi, ok, err := minMax(fv.b, func(fv fieldValue) float64 { return math.Float64frombits(fv.v) })
			if ok {
				s.doubles = &doubleStats{min: lo, max: hi}
			}
			return err
		case 4:
			ss := &stringStats{}
			if err := eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
				switch num {
				case 1:
					ss.min, ss.hasMin = string(fv.b), true
				case 2:
					ss.max, ss.hasMax = string(fv.b), true
				}
				return nil
			}); err != nil {
				return err
			}
			s.strings = ss
		case 5:
			if err := eachField(fv.b, func(num protowire.Number, typ protowire.Type, fv fieldValue) error {
				if num != 1 {
					return nil
				}
				var counts []uint32
				if typ == protowire.VarintType {
					s.buckets = append(s.buckets, fv.v)
					return nil
				}
				counts, err := appendUint32s(nil, typ, fv)
				for _, c := range counts {
					s.buckets = append(s.buckets, uint64(c))
				}
				return err
			}); err != nil {
				return err
			}
		case 6:
			lo, hi, ok, err := minMax(fv.b, func(fv fieldValue) string { return string(fv.b) })
			if ok {
				s.decimals = &decimalStats{min: lo, max: hi}
			}
			return err
		case 7:
			lo, hi, ok, err := minMax(fv.b, func(fv fieldValue) int32 { return int32(protowire.DecodeZigZag(fv.v)) })
			if ok {
				s.dates = &dateStats{min: lo, max: hi}
			}
			return err
		case 8:
			var sum int64
			if err := eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
				if num == 1 {
					sum = protowire.DecodeZigZag(fv.v)
				}
				return nil
			}); err != nil {
				return err
			}
			s.binarySum = &sum
		case 9:
			ts := &timestampStats{}
			var seen [2]bool
			if err := eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
				switch num {
				case 3:
					ts.minUTC, seen[0] = protowire.DecodeZigZag(fv.v), true
				case 4:
					ts.maxUTC, seen[1] = protowire.DecodeZigZag(fv.v), true
				case 5:
					ts.minNanos = int64(int32(fv.v))
				case 6:
					ts.maxNanos = int64(int32(fv.v))
				}
				return nil
			}); err != nil {
				return err
			}
			// Files of writers before ORC-135 have only local-time
			// bounds (fields 1, 2): no bounds are used then.
			if seen[0] && seen[1] {
				s.timestamps = ts
			}
		case 10:
			s.hasNull = fv.v != 0
		}
		return nil
	})
	return s, err
}

// parseMetadata returns the per-stripe column statistics of Metadata.
func parseMetadata(b []byte) ([][]columnStatistics, error) {
	var out [][]columnStatistics
	err := eachField(b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
		if num != 1 {
			return nil
		}
		var cols []columnStatistics
		if err := eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
			if num != 1 {
				return nil
			}
			s, err := parseColumnStatistics(fv.b)
			cols = append(cols, s)
			return err
		}); err != nil {
			return err
		}
		out = append(out, cols)
		return nil
	})
	return out, err
}

func parseStripeFooter(b []byte) (stripeFooter, error) {
	var sf stripeFooter
	err := eachField(b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
		switch num {
		case 1:
			var s streamInfo
			if err := eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
				switch num {
				case 1:
					s.kind = fv.v
				case 2:
					s.column = fv.v
				case 3:
					s.length = fv.v
				}
				return nil
			}); err != nil {
				return err
			}
			sf.streams = append(sf.streams, s)
		case 2:
			var e columnEncoding
			if err := eachField(fv.b, func(num protowire.Number, _ protowire.Type, fv fieldValue) error {
				switch num {
				case 1:
					e.kind = fv.v
				case 2:
					e.dictionarySize = fv.v
				}
				return nil
			}); err != nil {
				return err
			}
			sf.columns = append(sf.columns, e)
		case 3:
			sf.writerTimezone = string(fv.b)
		}
		return nil
	})
	return sf, err
}

// Encoding. Each append* adds one field.

func appendVarintField(b []byte, num protowire.Number, v uint64) []byte {
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

func appendSint64Field(b []byte, num protowire.Number, v int64) []byte {
	return appendVarintField(b, num, protowire.EncodeZigZag(v))
}

func appendBytesField(b []byte, num protowire.Number, v []byte) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, v)
}

func appendStringField(b []byte, num protowire.Number, v string) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, v)
}

func appendDoubleField(b []byte, num protowire.Number, v float64) []byte {
	b = protowire.AppendTag(b, num, protowire.Fixed64Type)
	return protowire.AppendFixed64(b, math.Float64bits(v))
}

func appendPackedUint32s(b []byte, num protowire.Number, vs []uint32) []byte {
	var packed []byte
	for _, v := range vs {
		packed = protowire.AppendVarint(packed, uint64(v))
	}
	return appendBytesField(b, num, packed)
}

func (ps postScript) marshal() []byte {
	var b []byte
	b = appendVarintField(b, 1, ps.footerLength)
	b = appendVarintField(b, 2, ps.compression)
	b = appendVarintField(b, 3, ps.blockSize)
	b = appendPackedUint32s(b, 4, ps.version)
	b = appendVarintField(b, 5, ps.metadataLength)
	b = appendVarintField(b, 6, ps.writerVersion)
	return appendStringField(b, 8000, ps.magic)
}

func (t orcType) marshal() []byte {
	var b []byte
	b = appendVarintField(b, 1, t.kind)
	if len(t.subtypes) > 0 {
		b = appendPackedUint32s(b, 2, t.subtypes)
	}
	for _, n := range t.fieldNames {
		b = appendStringField(b, 3, n)
	}
	if t.maxLength > 0 {
		b = appendVarintField(b, 4, t.maxLength)
	}
	if t.kind == kindDecimal {
		b = appendVarintField(b, 5, t.precision)
		b = appendVarintField(b, 6, t.scale)
	}
	for _, k := range sortedKeys(t.attributes) {
		var kv []byte
		kv = appendStringField(kv, 1, k)
		kv = appendStringField(kv, 2, t.attributes[k])
		b = appendBytesField(b, 7, kv)
	}
	return b
}

func (s columnStatistics) marshal() []byte {
	var b []byte
	b = appendVarintField(b, 1, s.numberOfValues)
	switch {
	case s.ints != nil:
		var m []byte
		m = appendSint64Field(m, 1, s.ints.min)
		m = appendSint64Field(m, 2, s.ints.max)
		b = appendBytesField(b, 2, m)
	case s.doubles != nil:
		var m []byte
		m = appendDoubleField(m, 1, s.doubles.min)
		m = appendDoubleField(m, 2, s.doubles.max)
		b = appendBytesField(b, 3, m)
	case s.strings != nil:
		var m []byte
		if s.strings.hasMin {
			m = appendStringField(m, 1, s.strings.min)
		}
		if s.strings.hasMax {
			m = appendStringField(m, 2, s.strings.max)
		}
		b = appendBytesField(b, 4, m)
	case s.buckets != nil:
		var m []byte
		var packed []byte
		for _, c := range s.buckets {
			packed = protowire.AppendVarint(packed, c)
		}
		m = appendBytesField(m, 1, packed)
		b = appendBytesField(b, 5, m)
	case s.decimals != nil:
		var m []byte
		m = appendStringField(m, 1, s.decimals.min)
		m = appendStringField(m, 2, s.decimals.max)
		b = appendBytesField(b, 6, m)
	case s.dates != nil:
		var m []byte
		m = appendSint64Field(m, 1, int64(s.dates.min))
		m = appendSint64Field(m, 2, int64(s.dates.max))
		b = appendBytesField(b, 7, m)
	case s.binarySum != nil:
		b = appendBytesField(b, 8, appendSint64Field(nil, 1, *s.binarySum))
	case s.timestamps != nil:
		var m []byte
		// Fields 1 and 2, the local-time bounds of writers before
		// ORC-135, are left out as Java leaves them out.
		m = appendSint64Field(m, 3, s.timestamps.minUTC)
		m = appendSint64Field(m, 4, s.timestamps.maxUTC)
		m = appendVarintField(m, 5, uint64(s.timestamps.minNanos))
		m = appendVarintField(m, 6, uint64(s.timestamps.maxNanos))
		b = appendBytesField(b, 9, m)
	}
	if s.hasNull {
		b = appendVarintField(b, 10, 1)
	}
	return b
}

func (f footer) marshal() []byte {
	var b []byte
	b = appendVarintField(b, 1, f.headerLength)
	b = appendVarintField(b, 2, f.contentLength)
	for _, s := range f.stripes {
		var m []byte
		m = appendVarintField(m, 1, s.offset)
		m = appendVarintField(m, 2, s.indexLength)
		m = appendVarintField(m, 3, s.dataLength)
		m = appendVarintField(m, 4, s.footerLength)
		m = appendVarintField(m, 5, s.numberOfRows)
		b = appendBytesField(b, 3, m)
	}
	for _, t := range f.types {
		b = appendBytesField(b, 4, t.marshal())
	}
	b = appendVarintField(b, 6, f.numberOfRows)
	for _, s := range f.statistics {
		b = appendBytesField(b, 7, s.marshal())
	}
	b = appendVarintField(b, 8, f.rowIndexStride)
	return appendStringField(b, 12, SoftwareVersion)
}

// marshalMetadata encodes Metadata: the column statistics of each stripe.
func marshalMetadata(stripes [][]columnStatistics) []byte {
	var b []byte
	for _, cols := range stripes {
		var m []byte
		for _, s := range cols {
			m = appendBytesField(m, 1, s.marshal())
		}
		b = appendBytesField(b, 1, m)
	}
	return b
}

func (sf stripeFooter) marshal() []byte {
	var b []byte
	for _, s := range sf.streams {
		var m []byte
		m = appendVarintField(m, 1, s.kind)
		m = appendVarintField(m, 2, s.column)
		m = appendVarintField(m, 3, s.length)
		b = appendBytesField(b, 1, m)
	}
	for _, e := range sf.columns {
		var m []byte
		m = appendVarintField(m, 1, e.kind)
		if e.kind == encodingDictionary || e.kind == encodingDictionaryV2 {
			m = appendVarintField(m, 2, e.dictionarySize)
		}
		b = appendBytesField(b, 2, m)
	}
	if sf.writerTimezone != "" {
		b = appendStringField(b, 3, sf.writerTimezone)
	}
	return b
}

func sortedKeys(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}
