package format

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/format"
	"github.com/pierrec/lz4/v4"
)

// hadoopLZ4 is Parquet's deprecated LZ4 codec (code 5) as parquet-mr, and so
// Java Paimon with 'file.compression' = 'lz4', writes it: Hadoop's
// BlockCompressorStream framing around raw LZ4 blocks. A page is a series of
// blocks, each [uncompressed length][compressed length][LZ4 block]... with
// big-endian 32-bit lengths: one uncompressed length, then as many
// (compressed length, block) chunks as it takes to produce that many bytes.
// parquet-go does not implement it (it reads LZ4_RAW, code 7, only).
type hadoopLZ4 struct{}

// hadoopLZ4MaxChunk bounds the bytes compressed per chunk on write, so each
// chunk fits Hadoop's default 256 KiB LZ4 decompression buffer
// (io.compression.codec.lz4.buffersize) even when it does not compress.
const hadoopLZ4MaxChunk = 128 << 10

func (hadoopLZ4) String() string                            { return "LZ4" }
func (hadoopLZ4) CompressionCodec() format.CompressionCodec { return format.Lz4 }

// Encode writes one block per chunk of at most hadoopLZ4MaxChunk bytes, as
// Hadoop's stream does for large writes.
func (hadoopLZ4) Encode(dst, src []byte) ([]byte, error) {
	dst = dst[:0]
	var c lz4.Compressor
	for len(src) > 0 {
		chunk := src[:min(len(src), hadoopLZ4MaxChunk)]
		src = src[len(chunk):]
		start := len(dst)
		dst = append(dst, make([]byte, 8+lz4.CompressBlockBound(len(chunk)))...)
		n, err := c.CompressBlock(chunk, dst[start+8:])
		if err != nil {
			return dst[:start], fmt.Errorf("lz4: %w", err)
		}
		binary.BigEndian.PutUint32(dst[start:], uint32(len(chunk)))
		binary.BigEndian.PutUint32(dst[start+4:], uint32(n))
		dst = dst[:start+8+n]
	}
	return dst, nil
}

func (hadoopLZ4) Decode(dst, src []byte) ([]byte, error) {
	dst = dst[:0]
	for len(src) > 0 {
		if len(src) < 4 {
			return dst, fmt.Errorf("lz4: truncated block header")
		}
		want := len(dst) + int(binary.BigEndian.Uint32(src))
		src = src[4:]
		for len(dst) < want {
			if len(src) < 4 {
				return dst, fmt.Errorf("lz4: truncated chunk header")
			}
			n := int(binary.BigEndian.Uint32(src))
			if n > len(src)-4 {
				return dst, fmt.Errorf("lz4: chunk of %d bytes, %d left", n, len(src)-4)
			}
			chunk := src[4 : 4+n]
			src = src[4+n:]
			dst = growTo(dst, want)
			got, err := lz4.UncompressBlock(chunk, dst[len(dst):want])
			if err != nil {
				return dst, fmt.Errorf("lz4: %w", err)
			}
			dst = dst[:len(dst)+got]
		}
		if len(dst) != want {
			return dst, fmt.Errorf("lz4: block decompressed to more bytes than its header says")
		}
	}
	return dst, nil
}

// growTo makes room for n bytes in b without changing its length.
func growTo(b []byte, n int) []byte {
	if cap(b) >= n {
		return b
	}
	return append(b[:cap(b)], make([]byte, n-cap(b))...)[:len(b)]
}

var codecType = reflect.TypeOf((*compress.Codec)(nil)).Elem()

// useHadoopLZ4 gives the leaf columns of f that parquet-go opened with its
// "unsupported" stand-in for codec 5 the Hadoop LZ4 decoder. parquet-go keeps
// a column's codec in an unexported field and has no way to register one,
// so it is set by reflection; if a parquet-go upgrade renames the field, the
// read fails with a clear error (and the LZ4 tests fail).
func useHadoopLZ4(f *parquet.File) error {
	var walk func(c *parquet.Column) error
	walk = func(c *parquet.Column) error {
		for _, child := range c.Columns() {
			if err := walk(child); err != nil {
				return err
			}
		}
		if !c.Leaf() || c.Compression() == nil || c.Compression().CompressionCodec() != format.Lz4 {
			return nil
		}
		field := reflect.ValueOf(c).Elem().FieldByName("compression")
		if !field.IsValid() || field.Type() != codecType {
			return fmt.Errorf("parquet column %v: LZ4 (Hadoop) pages cannot be decoded with this parquet-go version", c.Path())
		}
		reflect.NewAt(codecType, unsafe.Pointer(field.UnsafeAddr())).Elem().Set(reflect.ValueOf(compress.Codec(hadoopLZ4{})))
		return nil
	}
	return walk(f.Root())
}
