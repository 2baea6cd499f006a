package manifest

import (
	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// avroStats is the SimpleStats record (_KEY_STATS, _VALUE_STATS,
// _PARTITION_STATS).
type avroStats struct {
	MinValues  []byte    `avro:"_MIN_VALUES"`
	MaxValues  []byte    `avro:"_MAX_VALUES"`
	NullCounts *[]*int64 `avro:"_NULL_COUNTS"`
}

// Paimon 0.9 declared stats records nullable; a null reads as empty stats.
func (s *avroStats) toStats() spec.SimpleStats {
	if s == nil {
		return spec.SimpleStats{}
	}
	st := spec.SimpleStats{MinValues: clip(s.MinValues), MaxValues: clip(s.MaxValues)}
	if s.NullCounts != nil {
		st.NullCounts = *s.NullCounts
	}
	return st
}

// fromStats always writes a null-count array, as Java does, even an empty one.
func fromStats(s spec.SimpleStats) *avroStats {
	nc := s.NullCounts
	if nc == nil {
		nc = []*int64{}
	}
	return &avroStats{MinValues: rowOrEmpty(s.MinValues), MaxValues: rowOrEmpty(s.MaxValues), NullCounts: &nc}
}

// rowOrEmpty writes a nil BinaryRow as the empty row, which Java can parse
// (zero bytes it cannot).
func rowOrEmpty(b []byte) []byte {
	if b == nil {
		return binrow.Empty()
	}
	return b
}

// clip caps a decoded slice's capacity: the Avro reader hands out pieces of a
// shared slab, and an append by a caller must not overwrite its neighbours.
func clip[E any](s []E) []E { return s[:len(s):len(s)] }

// optSlice reads a nullable array: nil stays absent, present-but-empty becomes
// a non-nil empty slice.
func optSlice[E any](p *[]E) []E {
	if p == nil {
		return nil
	}
	if *p == nil {
		return []E{}
	}
	return clip(*p)
}

// toOptSlice is optSlice's inverse.
func toOptSlice[E any](s []E) *[]E {
	if s == nil {
		return nil
	}
	return &s
}
