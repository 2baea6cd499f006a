package resultdiff

import "testing"

func TestCellsEqual(t *testing.T) {
	for _, c := range []struct {
		a, b           string
		aFloat, bFloat bool
		want           bool
	}{
		{"1.50", "1.5", false, false, true},            // decimals by value
		{"25.5123", "25.51", false, false, true},       // to the coarser scale
		{"25.5173", "25.51", false, false, false},      // beyond half a unit
		{"25.5123", "25.512345678", false, true, true}, // a double to the decimal's scale
		{"25.52", "25.512345678", false, true, false},
		{"0.1", "0.10000000000000001", true, true, true}, // doubles within 1e-9
		{"1", "2", false, false, false},
		{"NULL", "0", false, false, false},
		{"abc", "abc ", false, false, false},
	} {
		if got := CellsEqual(c.a, c.b, c.aFloat, c.bFloat); got != c.want {
			t.Errorf("CellsEqual(%q, %q, %v, %v) = %v", c.a, c.b, c.aFloat, c.bFloat, got)
		}
	}
}

// Unordered results compare as sorted rows; ordered ones in order.
func TestDiffer(t *testing.T) {
	a := Result{Types: []string{"BIGINT"}, Rows: [][]string{{"2"}, {"1"}}}
	b := Result{Types: []string{"BIGINT"}, Rows: [][]string{{"1"}, {"2"}}}
	if d := Differ(a, b, false, "X"); d != "" {
		t.Errorf("unordered: %s", d)
	}
	if d := Differ(a, b, true, "X"); d == "" {
		t.Error("ordered rows in another order agree")
	}
	if !Ordered("SELECT a FROM t ORDER BY a") || Ordered("SELECT a FROM (SELECT a FROM t ORDER BY a) x") || Ordered("SELECT 'ORDER BY' FROM t") {
		t.Error("Ordered")
	}
}

// A DECIMAL printed with other decimals than the reference's differs,
// though its value is equal (TPC-H Q14's share: 16 decimals for 10); a
// DOUBLE column's digits do not count.
func TestScalesDiffer(t *testing.T) {
	want := Result{Types: []string{"DECIMAL", "DOUBLE"}, Scales: []int64{10, -1}, Rows: [][]string{{"16.3800000000", "0.5"}, {"NULL", "1"}}}
	same := Result{Types: []string{"DECIMAL", "DOUBLE"}, Scales: []int64{10, -1}, Rows: [][]string{{"NULL", "0.50"}, {"16.3800000000", "1"}}}
	if d := ScalesDiffer(same, want, "X"); d != "" {
		t.Errorf("equal scales: %s", d)
	}
	printed := Result{Types: []string{"DECIMAL", "DOUBLE"}, Scales: []int64{10, -1}, Rows: [][]string{{"16.3800000000000000", "0.5"}, {"NULL", "1"}}}
	if d := ScalesDiffer(printed, want, "X"); d == "" {
		t.Error("16 printed decimals agree with 10")
	}
	announced := Result{Types: []string{"DECIMAL", "DOUBLE"}, Scales: []int64{16, -1}, Rows: want.Rows}
	if d := ScalesDiffer(announced, want, "X"); d == "" {
		t.Error("16 announced decimals agree with 10")
	}
	if d := Differ(printed, want, false, "X"); d != "" {
		t.Errorf("values differ: %s", d)
	}
}
