package vector

import (
	"bytes"
	"testing"
	"time"
)

// Catches: a DATE or TIMESTAMP key of the vector path encoded otherwise
// than the row path encodes its time.Time (so that a group splits), and
// date parts of days before 1970 taken a day late (division rounding
// towards zero).
func TestTimeKeysAndPartsBefore1970(t *testing.T) {
	for _, micros := range []int64{-1, -999_999, -1_000_000, -86_400_000_001, 0, 1, 86_399_999_999, -62_135_596_800_000_000} {
		tm := time.UnixMicro(micros).UTC()
		if got, want := appendTimeKey(nil, micros, 1), appendKey(nil, tm); !bytes.Equal(got, want) {
			t.Errorf("timestamp %s: key %x, want %x", tm, got, want)
		}
		day := floorDiv(micros, microsPerDay)
		if got := instantOf(day, microsPerDay); got.Year() != tm.Year() || got.YearDay() != tm.YearDay() {
			t.Errorf("timestamp %s: day %s", tm, got)
		}
	}
	for _, days := range []int64{-1, -719_162, 0, 20_000} {
		tm := time.Unix(days*86400, 0).UTC()
		if got, want := appendTimeKey(nil, days, microsPerDay), appendKey(nil, tm); !bytes.Equal(got, want) {
			t.Errorf("date %s: key %x, want %x", tm, got, want)
		}
	}
}
