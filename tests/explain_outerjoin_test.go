package tests

import (
	"strings"
	"testing"
)

// Issue 24 (TPC-H Q13's shape) over the wire: a LEFT JOIN's ON conjunct
// that reads its right side alone is shown, and run, as a vectorized
// Filter over that side's scan, the join keeps its key; the GROUP BY of the
// left key with COUNT of a right column answers MySQL's counts (a left
// row without a match counts 0, a NULL left key is a group of its own);
// EXPLAIN ANALYZE gives the join the rows it stands for, though they are
// counted per key instead of made.
func TestExplainLeftJoinCounts(t *testing.T) {
	w := explainWarehouse(t)
	q := "SELECT c, COUNT(*) AS n FROM (SELECT w.d, COUNT(m.id) AS c FROM s.w w LEFT JOIN s.m m ON w.d = m.d AND m.g NOT LIKE '%b%' GROUP BY w.d) x GROUP BY c ORDER BY n DESC, c DESC"
	// The m rows the ON keeps: ids 1, 2 (d 1), 3 (d 2), 6 (d NULL); not
	// 4 and 5 (g 'b') nor 7 (g NULL). w.d 1 has two rows of two matches
	// each (4), w.d 2 two rows of one (2), w.d 3 one row of none (0).
	wantOrdered(t, w.db, q, "4|1", "2|1", "0|1")
	wantText(t, "EXPLAIN", explainText(t, w.db, "EXPLAIN FORMAT=TREE "+q), strings.Join([]string{
		"-> Sort: n DESC, x.c DESC",
		"    -> Aggregate using hash table (group by x.c): COUNT(1), x.c",
		"        -> Table scan on x (derived table)",
		"            -> Aggregate using hash table (group by w.d): COUNT(m.id), w.d (vectorized)",
		"                -> Hash left join (w.d = m.d)",
		"                    -> Table scan on w (files: 1 of 1)",
		"                    -> Hash (filtered by probe keys)",
		"                        -> Filter: (NOT(m.g LIKE '%b%')) (vectorized)",
		"                            -> Table scan on m (files: 3 of 3)",
	}, "\n"))
	// The join stands for the 7 rows a LEFT JOIN makes (4 + 2 + w.d 3's
	// NULL-extended one), the Hash for m's 3 rows of a key (id 6's d is
	// NULL).
	wantText(t, "EXPLAIN ANALYZE", withoutTimes(t, explainText(t, w.db, "EXPLAIN ANALYZE "+q)), strings.Join([]string{
		"-> Sort: n DESC, x.c DESC  (actual time=T rows=3 loops=1)",
		"    -> Aggregate using hash table (group by x.c): COUNT(1), x.c  (actual time=T rows=3 loops=1)",
		"        -> Table scan on x (derived table)  (actual time=T rows=3 loops=1)",
		"            -> Aggregate using hash table (group by w.d): COUNT(m.id), w.d (vectorized)  (actual time=T rows=3 loops=1)",
		"                -> Hash left join (w.d = m.d)  (actual time=T rows=7 loops=1)",
		"                    -> Table scan on w (files: 1 of 1)  (actual time=T rows=5 loops=1)",
		"                    -> Hash (filtered by probe keys)  (actual time=T rows=3 loops=1)",
		"                        -> Filter: (NOT(m.g LIKE '%b%')) (vectorized)  (actual time=T rows=4 loops=1)",
		"                            -> Table scan on m (files: 3 of 3)  (actual time=T rows=7 loops=1)",
	}, "\n"))
}
