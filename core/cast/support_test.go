package cast

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/types"
)

// Cases mirror DataTypeCasts' rule table.
func TestCanCast(t *testing.T) {
	notNullInt := tInt.WithNullable(false)
	cases := []struct {
		from, to           types.DataType
		implicit, explicit bool
	}{
		{tInt, tBig, true, true},
		{tBig, tInt, false, true},
		{tTiny, tSmall, true, true},
		{tDouble, tFloat, false, true},
		{types.NewDecimal(10, 2), tFloat, true, true},
		{types.NewDecimal(10, 2), tBig, false, true},
		{tInt, types.NewDecimal(10, 2), true, true},
		{types.NewDecimal(10, 2), types.NewDecimal(5, 1), true, true},
		{tString, tInt, false, true},
		{tString, tBool, false, true},
		{tInt, tBool, false, true},
		{tFloat, tBool, false, false},
		{tBool, tInt, false, true},
		{tInt, tString, false, true},
		{char(3), tString, true, true},
		{tString, char(3), false, true},
		{tBytes, binary(3), false, true},
		{binary(3), tBytes, true, true},
		{tString, tBytes, false, true},
		{tBytes, tString, false, true},
		{tInt, notNullInt, false, true},
		{notNullInt, tInt, true, true},
		{tDate, tInt, false, false},
		{tInt, tDate, false, false},
		{ts(3), tDate, true, true},
		{tDate, ts(3), false, true},
		{ts(3), tTime(0), true, true},
		{ts(9), ts(3), true, true},
		{ts(3), ltz(3), true, true},
		{tInt, ts(0), false, true},
		{ts(0), tInt, false, true},
		{ts(0), types.NewDecimal(20, 0), false, true},
		{arrayOf(tInt), arrayOf(tBig), true, true},
		{arrayOf(tInt), tString, false, true},
		{tString, arrayOf(tInt), false, false},
		{types.New(types.Variant), tString, false, true},
	}
	for _, c := range cases {
		if got := CanCast(c.from, c.to, false); got != c.implicit {
			t.Errorf("CanCast(%s, %s, false) = %v, want %v", c.from.SQL(), c.to.SQL(), got, c.implicit)
		}
		if got := CanCast(c.from, c.to, true); got != c.explicit {
			t.Errorf("CanCast(%s, %s, true) = %v, want %v", c.from.SQL(), c.to.SQL(), got, c.explicit)
		}
	}
}

// Cases mirror SchemaManager's UpdateColumnType check: DataTypeCasts plus a
// resolvable cast rule.
func TestAlterAllowed(t *testing.T) {
	cases := []struct {
		from, to types.DataType
		want     bool
	}{
		// The fixtures' ALTERs.
		{tString, tInt, true},
		{ts(9), tString, true},
		{types.NewDecimal(5, 2), types.NewDecimal(6, 3), true},
		{tString, tBool, true},
		{tDate, ts(9), true},
		{tDouble, tInt, true},
		{tBool, tString, true},
		{tString, tBytes, true},
		{ts(0), tInt, true},
		{ts(3), tDate, true},
		{ts(9), ltz(9), true},
		{tInt, ts(0), true},
		{tInt, ltz(6), true},
		// DataTypeCasts allows these explicitly, CastExecutors has no rule.
		{ts(3), types.NewDecimal(20, 0), false},
		{types.NewDecimal(5, 2), ts(3), false},
		{ts(3), varchar(30), false},
		// DataTypeCasts refuses.
		{tDate, tInt, false},
		{tString, arrayOf(tInt), false},
		// A whole ARRAY is refused; its element is altered by nested path.
		{arrayOf(tInt), arrayOf(tBig), false},
		{arrayOf(tInt), arrayOf(tInt).WithNullable(false), true},
	}
	for _, c := range cases {
		if got := AlterAllowed(c.from, c.to, true); got != c.want {
			t.Errorf("AlterAllowed(%s, %s) = %v, want %v", c.from.SQL(), c.to.SQL(), got, c.want)
		}
	}
	if AlterAllowed(tString, tInt, false) {
		t.Error("STRING to INT must need explicit casting")
	}
}
