// Package binrow reads and writes Apache Paimon's BinaryRow, the byte form of
// partition values, primary keys and min/max statistics inside manifests, and
// computes the row hash that places rows into fixed buckets.
//
// A row of n fields is a header (row kind byte plus one null bit per field,
// rounded up to 8-byte words), n 8-byte slots, then a variable part of 8-byte
// aligned chunks. Everything inside the row is little-endian; the serialized
// form used in manifests prefixes the row with its arity as a big-endian int32.
// Values follow the conventions of package types.
package binrow

import (
	"github.com/paimon-sql/paimon-sql/core/types"
)

// maxInline is the longest string or binary kept inside its slot; byte 7 of
// the slot then holds 0x80|len.
const maxInline = 7

// inlineMark is bit 63 of a slot, set when the data is inline.
const inlineMark = uint64(1) << 63

// headerSize is the size of the row kind byte plus null bits for n fields.
func headerSize(n int) int { return ((n + 63 + 8) / 64) * 8 }

// fixedSize is the size of the header plus the slots.
func fixedSize(n int) int { return headerSize(n) + 8*n }

// nullByteBit locates field i's null bit; bit 0..7 of the header belong to the
// row kind.
func nullByteBit(i int) (int, byte) { return (i + 8) / 8, byte(1) << ((i + 8) % 8) }

// compactDecimal tells decimals stored as an unscaled long in the slot.
func compactDecimal(t types.DataType) bool { return t.Precision <= 18 }

// compactTimestamp tells timestamps stored as epoch millis in the slot.
func compactTimestamp(t types.DataType) bool { return t.Precision <= 3 }

func roundUp8(n int) int { return (n + 7) &^ 7 }
