package partition

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paimon-sql/paimon-sql/core/types"
)

func TestPathLegacyAndDefault(t *testing.T) {
	spec := Spec{
		Keys:        []string{"dt", "d", "ts", "s"},
		Types:       []types.DataType{types.New(types.Int), types.New(types.Date), types.NewTimestamp(3), types.NewString()},
		DefaultName: "__DEFAULT_PARTITION__",
		LegacyName:  true,
	}
	ts := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	got := spec.Path([]any{int32(10), int32(19000), ts, "a/b"})
	if want := "dt=10/d=19000/ts=2024-01-01T12%3A00/s=a%2Fb/"; got != want {
		t.Fatalf("Path = %q, want %q", got, want)
	}
	for _, blank := range []any{nil, "", "  "} {
		if got := spec.Value(3, blank); got != "__DEFAULT_PARTITION__" {
			t.Errorf("Value(%q) = %q", blank, got)
		}
	}
	spec.LegacyName = false
	if got := spec.Value(1, int32(19000)); got != "2022-01-08" {
		t.Errorf("non-legacy DATE = %q", got)
	}
}

func TestLegacyDecimalKeepsScale(t *testing.T) {
	if got := LegacyString(types.NewDecimal(5, 2), decimal.RequireFromString("1.5")); got != "1.50" {
		t.Errorf("decimal = %q", got)
	}
	if got := LegacyString(types.New(types.Double), 1e10); got != "1.0E10" {
		t.Errorf("double = %q", got)
	}
}

func TestEscapeRoundTrip(t *testing.T) {
	s := "a=b:c/d%e{f}é"
	if got := Unescape(Escape(s)); got != s {
		t.Fatalf("round trip %q -> %q", s, got)
	}
	if Escape("x=1") != "x%3D1" {
		t.Fatal(Escape("x=1"))
	}
}
