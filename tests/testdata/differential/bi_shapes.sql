-- Shapes BI tools and analysts send (issue 24 item 1), over the tables of
-- corpus.sql: window functions over aggregates with partitions and
-- frames, ROLLUP with GROUPING(), INTERSECT and EXCEPT with duplicates and
-- NULLs, recursive CTEs, correlated subqueries in the SELECT list and in
-- JOIN ON, outer joins with NULL keys.

-- Window functions over aggregates

-- name: win_sum_over_sum_partition_rows
SELECT dept, mgr, SUM(salary), SUM(SUM(salary)) OVER (PARTITION BY dept ORDER BY mgr ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM emp GROUP BY dept, mgr;

-- name: win_running_count_range
SELECT dept, COUNT(*), SUM(COUNT(*)) OVER (ORDER BY dept RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM emp GROUP BY dept;

-- name: win_row_number_over_sum
SELECT emp, SUM(amount), ROW_NUMBER() OVER (ORDER BY SUM(amount) DESC, emp) FROM sales GROUP BY emp;

-- name: win_lag_lead_over_sum
SELECT dept, SUM(salary), LAG(SUM(salary)) OVER (ORDER BY dept), LEAD(SUM(salary), 2) OVER (ORDER BY dept) FROM emp GROUP BY dept;

-- name: win_dense_rank_partition
SELECT region, dname, budget, DENSE_RANK() OVER (PARTITION BY region ORDER BY budget DESC) FROM dept;

-- name: win_avg_frame_following
SELECT id, emp, AVG(qty) OVER (PARTITION BY emp ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING) FROM sales WHERE id < 100;

-- name: win_first_last_value
SELECT id, dept, FIRST_VALUE(name) OVER (PARTITION BY dept ORDER BY id), LAST_VALUE(name) OVER (PARTITION BY dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM emp;

-- name: win_share_of_total
SELECT dept, SUM(salary), SUM(salary) * 100 / SUM(SUM(salary)) OVER () FROM emp GROUP BY dept;

-- name: win_ntile_percent_rank
SELECT id, NTILE(3) OVER (ORDER BY id), PERCENT_RANK() OVER (ORDER BY dept), NTILE(4) OVER (PARTITION BY dept ORDER BY id) FROM emp;

-- name: win_cume_dist
-- fails: error cume_dist does not exist; reason: go-mysql-server v0.20.0 has no CUME_DIST (MySQL 8 has): refused with 1305, docs/sql.md
SELECT id, CUME_DIST() OVER (ORDER BY dept) FROM emp;

-- name: win_range_frames_desc_nulls
SELECT id, dept, SUM(id) OVER (ORDER BY dept DESC RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), SUM(id) OVER (ORDER BY id DESC RANGE BETWEEN 2 PRECEDING AND CURRENT ROW), SUM(id) OVER (ORDER BY dept RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING), COUNT(*) OVER (ORDER BY mgr RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM emp;

-- name: win_sum_of_nulls_is_null
SELECT id, SUM(bonus) OVER (PARTITION BY id % 4 = 0 ORDER BY id), SUM(salary) OVER (PARTITION BY id % 13 = 5), SUM(CASE WHEN bonus > 100 THEN bonus END) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM emp;

-- name: win_decimal_sum_exact
SELECT id, SUM(amount) OVER (PARTITION BY emp % 5 ORDER BY id ROWS BETWEEN 3 PRECEDING AND 1 FOLLOWING), SUM(amount) OVER (ORDER BY id RANGE BETWEEN 5 PRECEDING AND CURRENT ROW) FROM sales WHERE id < 150;

-- name: win_count_partition_nulls
SELECT id, COUNT(bonus) OVER (PARTITION BY dept), SUM(bonus) OVER (PARTITION BY dept ORDER BY id) FROM emp;

-- name: win_rank_over_avg_having
SELECT dept, AVG(salary), RANK() OVER (ORDER BY AVG(salary) DESC) FROM emp GROUP BY dept HAVING COUNT(*) > 3;

-- name: win_sum_over_count_partition_join
SELECT d.region, d.id, COUNT(e.id), SUM(COUNT(e.id)) OVER (PARTITION BY d.region) FROM dept d LEFT JOIN emp e ON e.dept = d.id GROUP BY d.region, d.id;

-- ROLLUP and GROUPING(): MariaDB has no GROUPING(); it is asked the
-- grouping sets of the rollup one by one.

-- name: rollup_grouping_two_columns
-- mariadb: SELECT region, dname, SUM(budget), 0, 0 FROM dept GROUP BY region, dname UNION ALL SELECT region, NULL, SUM(budget), 0, 1 FROM dept GROUP BY region UNION ALL SELECT NULL, NULL, SUM(budget), 1, 1 FROM dept
SELECT region, dname, SUM(budget), GROUPING(region), GROUPING(dname) FROM dept GROUP BY region, dname WITH ROLLUP;

-- name: rollup_having_grouping
-- mariadb: SELECT dept, COUNT(*) FROM emp GROUP BY dept HAVING COUNT(*) > 6 UNION ALL SELECT NULL, COUNT(*) FROM emp
SELECT dept, COUNT(*) FROM emp GROUP BY dept WITH ROLLUP HAVING GROUPING(dept) = 1 OR COUNT(*) > 6;

-- name: rollup_null_keys
SELECT dept, SUM(salary), COUNT(bonus), AVG(bonus) FROM emp GROUP BY dept WITH ROLLUP;

-- name: rollup_label_with_grouping
-- mariadb: SELECT COALESCE(region, '(none)'), COUNT(*) FROM dept GROUP BY region UNION ALL SELECT 'all', COUNT(*) FROM dept
SELECT CASE WHEN GROUPING(region) = 1 THEN 'all' ELSE COALESCE(region, '(none)') END, COUNT(*) FROM dept GROUP BY region WITH ROLLUP;

-- name: rollup_over_join
SELECT d.region, e.dept, COUNT(*), SUM(e.salary) FROM emp e JOIN dept d ON e.dept = d.id GROUP BY d.region, e.dept WITH ROLLUP;

-- name: rollup_decimal_sums
SELECT emp % 3, qty, SUM(amount), COUNT(*) FROM sales WHERE emp < 10 GROUP BY emp % 3, qty WITH ROLLUP;

-- INTERSECT and EXCEPT, with duplicates and NULLs

-- name: intersect_all_duplicates
SELECT dept FROM emp INTERSECT ALL SELECT dept FROM emp WHERE id > 20;

-- name: except_all_duplicates
SELECT dept FROM emp EXCEPT ALL SELECT dept FROM emp WHERE id % 2 = 0;

-- name: except_keeps_null
SELECT mgr FROM emp EXCEPT SELECT id FROM emp;

-- name: intersect_two_columns_nulls
SELECT dept, mgr FROM emp INTERSECT SELECT dept, mgr FROM emp WHERE bonus IS NULL;

-- name: union_intersect_precedence
SELECT ck FROM c UNION SELECT wk FROM w INTERSECT SELECT d FROM w;

-- name: except_counted
SELECT COUNT(*) FROM (SELECT dept FROM emp EXCEPT SELECT id FROM dept) x;

-- name: intersect_all_nulls
SELECT wk FROM w INTERSECT ALL SELECT wk FROM w WHERE id > 1;

-- Recursive CTEs

-- name: cte_recursive_paths
WITH RECURSIVE p (id, path) AS (SELECT id, CAST(name AS CHAR(200)) FROM emp WHERE mgr IS NULL UNION ALL SELECT e.id, CONCAT(p.path, '/', e.name) FROM emp e JOIN p ON e.mgr = p.id) SELECT id, path FROM p;

-- name: cte_recursive_union_distinct
WITH RECURSIVE r (n) AS (SELECT 1 UNION SELECT (n * 3) % 17 FROM r) SELECT n FROM r;

-- name: cte_recursive_subtree_joined
WITH RECURSIVE sub (id) AS (SELECT 3 UNION ALL SELECT e.id FROM emp e JOIN sub ON e.mgr = sub.id) SELECT COUNT(*), SUM(e.salary) FROM sub JOIN emp e ON e.id = sub.id;

-- name: cte_recursive_levels
WITH RECURSIVE r (id, lvl) AS (SELECT id, 0 FROM emp WHERE id IN (2, 5) UNION ALL SELECT e.id, lvl + 1 FROM emp e JOIN r ON e.mgr = r.id WHERE lvl < 2) SELECT id, lvl FROM r;

-- name: cte_recursive_fibonacci
WITH RECURSIVE f (n, a, b) AS (SELECT 1, 0, 1 UNION ALL SELECT n + 1, b, a + b FROM f WHERE n < 40) SELECT n, a FROM f;

-- name: cte_recursive_grouped_outside
WITH RECURSIVE chain (id, top) AS (SELECT id, id FROM emp WHERE mgr IS NULL UNION ALL SELECT e.id, chain.top FROM emp e JOIN chain ON e.mgr = chain.id) SELECT top, COUNT(*), SUM(emp.salary) FROM chain JOIN emp ON emp.id = chain.id GROUP BY top;

-- Correlated subqueries in the SELECT list and in JOIN ON

-- name: corr_select_count
SELECT d.id, (SELECT COUNT(*) FROM emp e WHERE e.dept = d.id) FROM dept d;

-- name: corr_select_max_nulls
SELECT e.id, (SELECT MAX(s.amount) FROM sales s WHERE s.emp = e.id) FROM emp e;

-- name: corr_select_exists_flag
SELECT d.id, EXISTS (SELECT 1 FROM emp e WHERE e.dept = d.id AND e.bonus > 3) FROM dept d;

-- name: corr_select_difference_from_avg
SELECT e.id, e.salary - (SELECT AVG(f.salary) FROM emp f WHERE f.dept = e.dept) FROM emp e;

-- name: corr_select_two_levels
SELECT d.id, (SELECT COUNT(*) FROM emp e WHERE e.dept = d.id AND e.salary > (SELECT AVG(salary) FROM emp f WHERE f.dept = d.id)) FROM dept d;

-- name: corr_order_by_subquery
SELECT d.id FROM dept d ORDER BY (SELECT COUNT(*) FROM emp e WHERE e.dept = d.id) DESC, d.id;

-- name: corr_join_on_scalar
SELECT e.id, d.id FROM emp e LEFT JOIN dept d ON d.id = e.dept AND d.budget > (SELECT AVG(budget) FROM dept d2 WHERE d2.region = d.region);

-- name: corr_join_on_exists
SELECT c.ck, w.id FROM c JOIN w ON EXISTS (SELECT 1 FROM emp e WHERE e.id = c.ck + w.id);

-- name: corr_join_on_in
SELECT d.id, e.id FROM dept d JOIN emp e ON e.dept = d.id AND e.id IN (SELECT s.emp FROM sales s WHERE s.qty = d.id);

-- Outer joins with NULL keys

-- name: left_join_null_keys_both_sides
SELECT a.id, b.id FROM emp a LEFT JOIN emp b ON a.mgr = b.dept;

-- name: right_join_condition_on_left
SELECT e.id, d.id FROM emp e RIGHT JOIN dept d ON e.dept = d.id AND e.bonus IS NULL;

-- name: left_join_chain_nulls
SELECT s.id, e.id, d.id FROM sales s LEFT JOIN emp e ON s.emp = e.id LEFT JOIN dept d ON e.dept = d.id WHERE s.id < 80;

-- name: left_join_counts_nulls
SELECT d.region, COUNT(e.id), COUNT(*), SUM(e.bonus), AVG(e.salary) FROM dept d LEFT JOIN emp e ON e.dept = d.id GROUP BY d.region;

-- name: left_join_on_coalesce
SELECT c.ck, w.id FROM c LEFT JOIN w ON COALESCE(w.wk, 2) = c.ck;

-- name: left_join_anti_with_condition
SELECT e.id FROM emp e LEFT JOIN sales s ON s.emp = e.id AND s.qty > 5 WHERE s.id IS NULL;

-- name: left_join_grouped_derived
SELECT d.id, t.n, t.s FROM dept d LEFT JOIN (SELECT dept, COUNT(*) n, SUM(salary) s FROM emp GROUP BY dept) t ON t.dept = d.id;

-- name: left_join_null_safe
SELECT a.id, b.id FROM w a LEFT JOIN w b ON a.wk <=> b.wk AND a.id <> b.id;

-- name: left_join_where_on_right_nullable
SELECT e.id, s.id FROM emp e LEFT JOIN sales s ON s.emp = e.id WHERE s.qty IS NULL OR s.qty > 7;

-- Conditional functions over quotients and DECIMALs: the result has the
-- combined type of the arguments (the widest integer part, the most
-- decimals) and a value is shown at its scale; GREATEST and LEAST compare
-- exact numbers exactly.

-- name: coalesce_decimal_scales
SELECT k, COALESCE(k / 3, d), COALESCE(d, k / 3, 1), COALESCE(d, e), COALESCE(e, k), COALESCE(NULL, 1, 2.50) FROM dm;

-- name: ifnull_if_decimal_scales
SELECT k, IFNULL(d / 3, 0), IFNULL(e, 2), IF(k > 1, k / 3, 0), IF(k > 1, 1, 2.5), IF(d IS NULL, e, d) FROM dm;

-- name: case_branch_scales
SELECT k, CASE WHEN k > 1 THEN 1 ELSE 2.5 END, CASE WHEN k > 1 THEN k / 3 ELSE d END, CASE WHEN d IS NULL THEN 0 ELSE e END FROM dm;

-- name: nullif_of_quotient
SELECT k, NULLIF(k / 3, 5), NULLIF(d / 7, 0), NULLIF(k, d) FROM dm;

-- name: cast_quotient_as_char
SELECT k, CAST(k / 3 AS CHAR), CAST(d / 7 AS CHAR), CONCAT(e / 3, '') FROM dm;

-- name: greatest_least_decimals
SELECT k, GREATEST(k, d), LEAST(k / 3, 1), GREATEST(k, 1.5), LEAST(d, e), GREATEST(k, NULL), LEAST(k, 2) FROM dm;

-- name: greatest_least_integers_and_decimals
SELECT id, GREATEST(qty, 5), LEAST(qty, emp, 30), GREATEST(amount, qty * 10000), LEAST(amount / qty, 100) FROM sales WHERE id < 40;

-- TRUNCATE(x, d): cut toward zero, typed as ROUND(x, d).

-- name: truncate_decimals_doubles_integers
SELECT id, TRUNCATE(amount, 1), TRUNCATE(amount, -2), TRUNCATE(amount / 7, 3), TRUNCATE(qty, -1), TRUNCATE(qty / 7, 2), TRUNCATE(-amount, 0) FROM sales WHERE id < 60;

-- name: truncate_doubles_nulls_literals
SELECT id, TRUNCATE(bonus, 1), TRUNCATE(-bonus, 0), TRUNCATE(bonus * 10, -1), TRUNCATE(salary, NULL), TRUNCATE('2.79', 1), TRUNCATE(-1.999, 2), TRUNCATE(1234.5678, -2) FROM emp;
