package orc

import (
	"github.com/shopspring/decimal"
)

// Kinds of typed statistics a column keeps.
const (
	statsNone = iota
	statsBool
	statsInt
	statsDate
	statsDouble
	statsString
	statsBinary
	statsDecimal
	statsTimestamp
)

// maxStringStatsBytes is ORC's limit on a string bound: longer minimums
// and maximums are not recorded as bounds (Java keeps only truncated
// lower and upper bounds then, which Paimon does not use).
const maxStringStatsBytes = 1024

// statsAcc accumulates the statistics of a column in a stripe or file.
type statsAcc struct {
	kind    int
	values  uint64
	hasNull bool
	has     bool // a bound was seen
	imin    int64
	imax    int64
	dmin    float64
	dmax    float64
	smin    string
	smax    string
	trues   uint64
	sum     int64
	decMin  decimal.Decimal
	decMax  decimal.Decimal
	tsMinMs int64
	tsMinNs int64
	tsMaxMs int64
	tsMaxNs int64
}

func (s *statsAcc) int(v int64) {
	if !s.has || v < s.imin {
		s.imin = v
	}
	if !s.has || v > s.imax {
		s.imax = v
	}
	s.has = true
}

func (s *statsAcc) double(v float64) {
	if v != v {
		return
	}
	if !s.has || v < s.dmin {
		s.dmin = v
	}
	if !s.has || v > s.dmax {
		s.dmax = v
	}
	s.has = true
}

func (s *statsAcc) string(v string) {
	if !s.has || v < s.smin {
		s.smin = v
	}
	if !s.has || v > s.smax {
		s.smax = v
	}
	s.sum += int64(len(v))
	s.has = true
}

func (s *statsAcc) decimal(v decimal.Decimal) {
	if !s.has || v.Cmp(s.decMin) < 0 {
		s.decMin = v
	}
	if !s.has || v.Cmp(s.decMax) > 0 {
		s.decMax = v
	}
	s.has = true
}

func (s *statsAcc) timestamp(ms, ns int64) {
	if !s.has || ms < s.tsMinMs || ms == s.tsMinMs && ns < s.tsMinNs {
		s.tsMinMs, s.tsMinNs = ms, ns
	}
	if !s.has || ms > s.tsMaxMs || ms == s.tsMaxMs && ns > s.tsMaxNs {
		s.tsMaxMs, s.tsMaxNs = ms, ns
	}
	s.has = true
}

// merge adds the statistics of a stripe to the file's.
func (s *statsAcc) merge(o *statsAcc) {
	s.kind = o.kind
	s.values += o.values
	s.hasNull = s.hasNull || o.hasNull
	s.trues += o.trues
	s.sum += o.sum
	if !o.has {
		return
	}
	switch o.kind {
	case statsInt, statsDate:
		s.int(o.imin)
		s.int(o.imax)
	case statsDouble:
		s.double(o.dmin)
		s.double(o.dmax)
	case statsString:
		sum := s.sum
		s.string(o.smin)
		s.string(o.smax)
		s.sum = sum
	case statsDecimal:
		s.decimal(o.decMin)
		s.decimal(o.decMax)
	case statsTimestamp:
		s.timestamp(o.tsMinMs, o.tsMinNs)
		s.timestamp(o.tsMaxMs, o.tsMaxNs)
	}
	s.has = true
}

func (s *statsAcc) proto() columnStatistics {
	cs := columnStatistics{numberOfValues: s.values, hasNull: s.hasNull}
	switch s.kind {
	case statsBool:
		cs.buckets = []uint64{s.trues}
	case statsInt:
		if s.has {
			cs.ints = &intStats{min: s.imin, max: s.imax}
		}
	case statsDate:
		if s.has {
			cs.dates = &dateStats{min: int32(s.imin), max: int32(s.imax)}
		}
	case statsDouble:
		if s.has {
			cs.doubles = &doubleStats{min: s.dmin, max: s.dmax}
		}
	case statsString:
		ss := &stringStats{}
		if s.has {
			ss.min, ss.hasMin = s.smin, len(s.smin) <= maxStringStatsBytes
			ss.max, ss.hasMax = s.smax, len(s.smax) <= maxStringStatsBytes
		}
		cs.strings = ss
	case statsBinary:
		sum := s.sum
		cs.binarySum = &sum
	case statsDecimal:
		if s.has {
			cs.decimals = &decimalStats{min: s.decMin.String(), max: s.decMax.String()}
		}
	case statsTimestamp:
		if s.has {
			cs.timestamps = &timestampStats{minUTC: s.tsMinMs, maxUTC: s.tsMaxMs, minNanos: s.tsMinNs + 1, maxNanos: s.tsMaxNs + 1}
		}
	}
	return cs
}
