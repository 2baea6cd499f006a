package vector_test

import (
	"slices"
	"testing"

	"github.com/paimon-sql/paimon-sql/internal/sqltest"
	"github.com/paimon-sql/paimon-sql/vector"
)

// Catches: a comparison's folded date literal answering otherwise than
// go-mysql-server's conversion of the text on every row: DATE, DATETIME
// and TIMESTAMP columns against dates, instants, fractions, short and
// compact forms, texts that are no date (which stay as they are), on
// either side, in WHERE, join conditions and the select list, with NULLs.
func TestFoldedTimeLiteralsMatchRowConversion(t *testing.T) {
	db := sqltest.OpenDir(t, t.TempDir())
	for _, q := range []string{
		"CREATE DATABASE f",
		"CREATE TABLE f.t (id INT NOT NULL, d DATE, dt DATETIME(3), ts TIMESTAMP(6))",
		"INSERT INTO f.t VALUES (1, '2024-01-05', '2024-01-05 00:00:00.000', '2024-01-05 10:00:00'), (2, '2024-01-06', '2024-01-05 23:59:59.999', '2024-01-06 00:00:00.000001'), " +
			"(3, NULL, NULL, NULL), (4, '1995-09-01', '1995-09-01 12:30:00.5', '1995-09-01 00:00:00'), (5, '2000-02-29', '2000-02-29 00:00:01', '2000-02-28 23:59:59.999999')",
	} {
		if _, err := db.Exec(sqltest.Root, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	folded, _ := newEngine(t, db.Dir)
	plain := engineWithout(t, db.Dir, vector.TimeLiteralsRuleID)
	for _, q := range []string{
		"SELECT id FROM f.t WHERE d >= DATE '1995-09-01' AND d < '2024-01-06'",
		"SELECT id FROM f.t WHERE d = '2024-01-05 00:00:00' OR d = '2024-1-6' OR '20000229' = d",
		"SELECT id FROM f.t WHERE dt > '2024-01-05' AND dt <= '2024-01-05 23:59:59.999'",
		"SELECT id FROM f.t WHERE ts >= '2024-01-06 00:00:00.000001' OR ts < '1995-09-01 00:00:00.1'",
		"SELECT id FROM f.t WHERE d <> 'not a date'",
		"SELECT id, d < '2000-03-01', dt = '2024-01-05', ts > '2024-01-05 10:00' FROM f.t",
		"SELECT a.id, b.id FROM f.t a JOIN f.t b ON a.id = b.id AND b.d > '2000-01-01'",
		"SELECT COUNT(*) FROM f.t WHERE d BETWEEN '1995-01-01' AND '2024-01-05' AND dt != '2000-02-29 00:00:01'",
	} {
		got, err := query(t, folded, q)
		want, werr := query(t, plain, q)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("%s: error %v, unfolded %v", q, err, werr)
		}
		if !slices.Equal(got, want) || len(got) == 0 && err == nil {
			t.Errorf("%s:\n got %v\nwant %v", q, got, want)
		}
	}
}
