package orc

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// ORC compresses every stream, the stripe footers, the metadata and the
// footer as a run of chunks of at most the file's compression block size,
// each after a 3-byte little-endian header of (length << 1 | original): an
// original chunk is stored as is because compressing did not shrink it.
// zlib is raw deflate, snappy and lz4 raw blocks, zstd whole frames.

// maxBlockSize bounds the compression block size a file may declare (the
// chunk header holds 23 bits), which bounds what one chunk decodes to.
const maxBlockSize = 1 << 23

// codec compresses and decompresses chunks of one kind.
type codec struct {
	kind      uint64
	blockSize int
	zstdLevel zstd.EncoderLevel
	enc       *zstd.Encoder
	dec       *zstd.Decoder
	flateW    *flate.Writer
	flateBuf  bytes.Buffer
	lz4       lz4.Compressor
}

// Names of file.compression paimon-sql writes to ORC, as Java's
// CompressionKind.valueOf(upper case) accepts them.
var compressionKinds = map[string]uint64{
	"none": compressionNone, "zlib": compressionZlib,
	"snappy": compressionSnappy, "lz4": compressionLZ4, "zstd": compressionZstd,
}

// WritableCompressions lists the file.compression values of ORC files.
const WritableCompressions = "none, zlib, snappy, lz4 or zstd"

// CanWriteCompression tells whether the ORC writer takes file.compression c
// (empty is the default, zstd).
func CanWriteCompression(c string) bool {
	if c == "" {
		return true
	}
	_, ok := compressionKinds[strings.ToLower(c)]
	return ok
}

func newReadCodec(kind uint64, blockSize uint64) (*codec, error) {
	switch kind {
	case compressionNone, compressionZlib, compressionSnappy, compressionLZ4, compressionZstd:
	case compressionLZO:
		return nil, fmt.Errorf("LZO compressed ORC files are not supported")
	default:
		return nil, fmt.Errorf("unknown ORC compression kind %d", kind)
	}
	if kind != compressionNone && (blockSize == 0 || blockSize > maxBlockSize) {
		return nil, fmt.Errorf("compression block size %d out of range", blockSize)
	}
	return &codec{kind: kind, blockSize: int(blockSize)}, nil
}

// decompress decodes a whole compressed stream; a stream that decodes to
// more than budget bytes is refused (see decodeBudget).
func (c *codec) decompress(data []byte, budget int64) ([]byte, error) {
	if c.kind == compressionNone {
		return data, nil
	}
	out := make([]byte, 0, min(len(data)*2, 4<<20))
	for len(data) > 0 {
		if len(data) < 3 {
			return nil, fmt.Errorf("truncated compression chunk header")
		}
		h := int(data[0]) | int(data[1])<<8 | int(data[2])<<16
		n := h >> 1
		data = data[3:]
		if n > len(data) {
			return nil, fmt.Errorf("compression chunk of %d bytes past the stream end", n)
		}
		chunk := data[:n]
		data = data[n:]
		if h&1 == 1 {
			out = append(out, chunk...)
			continue
		}
		var err error
		if out, err = c.decompressChunk(out, chunk); err != nil {
			return nil, err
		}
		if int64(len(out)) > budget {
			return nil, fmt.Errorf("compressed data decodes to more than %d bytes", budget)
		}
	}
	return out, nil
}

// decodeBudget bounds what n compressed bytes may decode to: ORC has no
// decoded sizes, and a damaged chunk of a few bytes can claim a whole
// block, so the data of a stripe (or the tail) may decode to 8 MiB plus
// 1024 times its compressed size. Real files stay far below: integers
// are run-length encoded and repeated strings dictionary encoded before
// compression.
func decodeBudget(n int64) int64 { return 8<<20 + 1024*n }

// decompressChunk appends the decoding of one chunk, at most blockSize bytes.
func (c *codec) decompressChunk(out, chunk []byte) ([]byte, error) {
	switch c.kind {
	case compressionZlib:
		r := flate.NewReader(bytes.NewReader(chunk))
		defer r.Close()
		start := len(out)
		out = append(out, make([]byte, c.blockSize)...)
		n, err := io.ReadFull(r, out[start:])
		if err != nil && err != io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("zlib: %w", err)
		}
		if err == nil {
			var one [1]byte
			if m, _ := r.Read(one[:]); m > 0 {
				return nil, fmt.Errorf("zlib chunk decodes to more than the block size %d", c.blockSize)
			}
		}
		return out[:start+n], nil
	case compressionSnappy:
		n, err := snappy.DecodedLen(chunk)
		if err != nil {
			return nil, fmt.Errorf("snappy: %w", err)
		}
		if n > c.blockSize {
			return nil, fmt.Errorf("snappy chunk decodes to %d bytes, more than the block size %d", n, c.blockSize)
		}
		start := len(out)
		out = append(out, make([]byte, n)...)
		if _, err := snappy.Decode(out[start:], chunk); err != nil {
			return nil, fmt.Errorf("snappy: %w", err)
		}
		return out, nil
	case compressionLZ4:
		start := len(out)
		out = append(out, make([]byte, c.blockSize)...)
		n, err := lz4.UncompressBlock(chunk, out[start:])
		if err != nil {
			return nil, fmt.Errorf("lz4: %w", err)
		}
		return out[:start+n], nil
	case compressionZstd:
		if c.dec == nil {
			var err error
			c.dec, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(2*maxBlockSize), zstd.WithDecodeAllCapLimit(true))
			if err != nil {
				return nil, err
			}
		}
		// The decoder is limited to the capacity past len(out) (see
		// WithDecodeAllCapLimit), so a chunk cannot decode past blockSize.
		start := len(out)
		out = slices.Grow(out, c.blockSize)
		res, err := c.dec.DecodeAll(chunk, out[start:start:start+c.blockSize])
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		out = append(out, res...)
		return out, nil
	}
	return nil, fmt.Errorf("unknown ORC compression kind %d", c.kind)
}

func (c *codec) close() {
	if c.dec != nil {
		c.dec.Close()
	}
	if c.enc != nil {
		c.enc.Close()
	}
}

func newWriteCodec(name string, level, blockSize int) (*codec, error) {
	kind, ok := compressionKinds[strings.ToLower(name)]
	if name == "" {
		kind, ok = compressionZstd, true
	}
	if !ok {
		return nil, fmt.Errorf("file.compression=%s: ORC files are written with %s", name, WritableCompressions)
	}
	c := &codec{kind: kind, blockSize: blockSize}
	if level == 0 {
		level = 1
	}
	c.zstdLevel = zstd.EncoderLevelFromZstd(level)
	return c, nil
}

// compress appends the chunked compression of data to dst.
func (c *codec) compress(dst, data []byte) ([]byte, error) {
	if c.kind == compressionNone {
		return append(dst, data...), nil
	}
	for len(data) > 0 {
		chunk := data[:min(len(data), c.blockSize)]
		data = data[len(chunk):]
		hdr := len(dst)
		dst = append(dst, 0, 0, 0)
		var err error
		if dst, err = c.compressChunk(dst, chunk); err != nil {
			return nil, err
		}
		n := len(dst) - hdr - 3
		flag := 0
		if n >= len(chunk) {
			dst = append(dst[:hdr+3], chunk...)
			n, flag = len(chunk), 1
		}
		v := n<<1 | flag
		dst[hdr], dst[hdr+1], dst[hdr+2] = byte(v), byte(v>>8), byte(v>>16)
	}
	return dst, nil
}

func (c *codec) compressChunk(dst, chunk []byte) ([]byte, error) {
	switch c.kind {
	case compressionZlib:
		c.flateBuf.Reset()
		if c.flateW == nil {
			var err error
			if c.flateW, err = flate.NewWriter(&c.flateBuf, flate.DefaultCompression); err != nil {
				return nil, err
			}
		} else {
			c.flateW.Reset(&c.flateBuf)
		}
		if _, err := c.flateW.Write(chunk); err != nil {
			return nil, err
		}
		if err := c.flateW.Close(); err != nil {
			return nil, err
		}
		return append(dst, c.flateBuf.Bytes()...), nil
	case compressionSnappy:
		start := len(dst)
		dst = append(dst, make([]byte, snappy.MaxEncodedLen(len(chunk)))...)
		enc := snappy.Encode(dst[start:], chunk)
		return dst[:start+len(enc)], nil
	case compressionLZ4:
		start := len(dst)
		dst = append(dst, make([]byte, lz4.CompressBlockBound(len(chunk)))...)
		n, err := c.lz4.CompressBlock(chunk, dst[start:])
		if err != nil {
			return nil, err
		}
		if n == 0 { // incompressible: stored as original by the caller
			return append(dst[:start], chunk...), nil
		}
		return dst[:start+n], nil
	case compressionZstd:
		if c.enc == nil {
			var err error
			if c.enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(c.zstdLevel), zstd.WithEncoderConcurrency(1)); err != nil {
				return nil, err
			}
		}
		return c.enc.EncodeAll(chunk, dst), nil
	}
	return nil, fmt.Errorf("unknown ORC compression kind %d", c.kind)
}
