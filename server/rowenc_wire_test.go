package server

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestResultTypesTextAndBinary reads rows of many types over the wire, in
// batches that reuse the encoder's memory, with the text protocol and with
// prepared statements (binary protocol): both give the same values.
func TestResultTypesTextAndBinary(t *testing.T) {
	pro := newTestProvider(t)
	s := start(t, Config{}, pro, pro.options(nil))
	db := mustConnect(t, s, "root", "")
	if _, err := db.Exec(`CREATE TABLE db.types (id BIGINT PRIMARY KEY, i INT, ti TINYINT, f FLOAT, d DOUBLE,
		dec1 DECIMAL(20,5), dt DATETIME(6), da DATE, s TEXT, vs VARCHAR(40) CHARACTER SET latin1, b VARBINARY(20), j JSON)`); err != nil {
		t.Fatal(err)
	}
	const n = 700 // several batches of 128 rows
	doubles := []float64{1e21, 1e-7, -2.5e-300, 1e300, 0.1 + 0.2, 123456789.125, math.Copysign(0, -1)}
	strs := []string{"héllo", "日本語 😀", `{"a":[1,2.5]}`, "quote ' and \\ back", ""}
	var values []string
	for i := range n {
		if i%7 == 3 {
			values = append(values, fmt.Sprintf("(%d, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)", i))
			continue
		}
		s := strings.ReplaceAll(strings.ReplaceAll(strs[i%len(strs)], `\`, `\\`), "'", "''")
		values = append(values, fmt.Sprintf("(%d, %d, %d, %g, %g, %d.%05d, '2024-02-%02d 12:34:56.%06d', '1999-12-%02d', '%s %d', 'caf\u00e9 %d', X'00FF%02x', '{\"k\": %d}')",
			i, i*1_000_003-(1<<30), i%256-128, float32(i)/3, doubles[i%len(doubles)]*float64(i+1), i-350, i, i%28+1, i*7, i%28+1, s, i, i, i%256, i))
	}
	if _, err := db.Exec("INSERT INTO db.types VALUES " + strings.Join(values, ",")); err != nil {
		t.Fatal(err)
	}
	text := mustRows(t, db, "SELECT * FROM db.types ORDER BY id")
	binary := mustRows(t, db, "SELECT * FROM db.types WHERE id >= ? ORDER BY id", 0)
	if len(text) != n || len(binary) != n {
		t.Fatalf("%d rows in text, %d in binary, want %d", len(text), len(binary), n)
	}
	for i := range text {
		// GMS's text of a DATETIME(6) drops the trailing zeros of the
		// fraction (its Datetime SQL method, on the old path too), vitess's
		// binary encoding keeps six digits: compare the other columns.
		t6, b6 := strings.Split(text[i], "|"), strings.Split(binary[i], "|")
		if len(t6) > 6 && len(b6) > 6 {
			t6[6], b6[6] = "", ""
		}
		if strings.Join(t6, "|") != strings.Join(b6, "|") {
			t.Errorf("row %d: text %q, binary %q", i, text[i], binary[i])
		}
	}
	if want := "3|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL"; text[3] != want {
		t.Errorf("row 3: %q, want %q", text[3], want)
	}
	if want := "8e+21"; !strings.Contains(text[7], "|"+want+"|") {
		t.Errorf("row 7: %q, want a DOUBLE %s", text[7], want)
	}
}
