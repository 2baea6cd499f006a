package format

import (
	"github.com/parquet-go/parquet-go"
)

// signedFLBA is the FIXED_LEN_BYTE_ARRAY type of DECIMAL(p > 18) columns.
// parquet-go orders fixed-length arrays as unsigned bytes, but the DECIMAL
// annotation makes readers (parquet-mr, hence Java Paimon's filter push-down
// on row-group statistics and column indexes) compare them as signed
// big-endian integers. With unsigned bounds a file holding negative values
// would advertise the wrong min/max and be pruned wrongly, so pages and
// chunk statistics are bounded with the signed order here.
type signedFLBA struct{ annotatedType }

func (t signedFLBA) Compare(a, b parquet.Value) int {
	return compareSignedBE(a.ByteArray(), b.ByteArray())
}

func (t signedFLBA) NewColumnBuffer(columnIndex, numValues int) parquet.ColumnBuffer {
	return signedFLBABuffer{t.annotatedType.NewColumnBuffer(columnIndex, numValues)}
}

// compareSignedBE compares equal-length big-endian two's complement integers.
func compareSignedBE(a, b []byte) int {
	if len(a) > 0 && len(b) > 0 && (a[0]^b[0])&0x80 != 0 {
		// Different signs: the negative one is smaller.
		if a[0]&0x80 != 0 {
			return -1
		}
		return 1
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

// signedFLBABuffer hands out pages bounded with the signed order. Only the
// plain buffer is wrapped: the writer never dictionary-encodes these columns
// (see parquetWriterOptions), so no dictionary page can bypass the wrapper.
type signedFLBABuffer struct{ parquet.ColumnBuffer }

func (b signedFLBABuffer) Page() parquet.Page { return signedFLBAPage{b.ColumnBuffer.Page()} }

type signedFLBAPage struct{ parquet.Page }

func (p signedFLBAPage) Bounds() (lo, hi parquet.Value, ok bool) {
	vals := p.Data()
	data, size := vals.FixedLenByteArray()
	if size == 0 || len(data) < size {
		return lo, hi, false
	}
	minV, maxV := data[:size], data[:size]
	for i := size; i+size <= len(data); i += size {
		v := data[i : i+size]
		if compareSignedBE(v, minV) < 0 {
			minV = v
		}
		if compareSignedBE(v, maxV) > 0 {
			maxV = v
		}
	}
	col := p.Column()
	return parquet.FixedLenByteArrayValue(minV).Level(0, 0, col), parquet.FixedLenByteArrayValue(maxV).Level(0, 0, col), true
}

func (p signedFLBAPage) Slice(i, j int64) parquet.Page { return signedFLBAPage{p.Page.Slice(i, j)} }
