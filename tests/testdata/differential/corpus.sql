-- The differential corpus (tests/differential_test.go): each query runs on
-- paimon-sql over append, primary-key and deletion-vector tables of the
-- same rows, and on MariaDB, and the answers must agree. Tables: c(ck, name),
-- w(id, wk, d) (issue 24's NOT EXISTS report), dept(id, dname, budget,
-- region), emp(id, name, dept, mgr, salary, bonus, hired), sales(id, emp,
-- amount DECIMAL(7,2), qty, sold); NULLs in every nullable column.

-- Joins with NULL keys

-- name: inner_join_null_keys
SELECT c.ck, c.name, w.id, w.d FROM c JOIN w ON c.ck = w.wk;

-- name: left_join_null_keys
SELECT c.ck, w.id FROM c LEFT JOIN w ON c.ck = w.wk;

-- name: right_join_null_keys
SELECT c.ck, w.id, w.wk FROM c RIGHT JOIN w ON c.ck = w.wk;

-- name: left_join_is_null
SELECT c.ck FROM c LEFT JOIN w ON c.ck = w.wk WHERE w.id IS NULL;

-- name: join_null_safe_equal
SELECT a.id, b.id FROM w a JOIN w b ON a.wk <=> b.wk;

-- name: emp_dept_left
SELECT e.id, e.name, d.dname FROM emp e LEFT JOIN dept d ON e.dept = d.id;

-- name: dept_emp_left_count
SELECT d.id, COUNT(e.id), SUM(e.salary) FROM dept d LEFT JOIN emp e ON e.dept = d.id GROUP BY d.id;

-- name: self_join_manager
SELECT e.id, m.name FROM emp e LEFT JOIN emp m ON e.mgr = m.id;

-- name: three_way_join
SELECT d.dname, COUNT(*), SUM(s.amount) FROM sales s JOIN emp e ON s.emp = e.id JOIN dept d ON e.dept = d.id GROUP BY d.dname;

-- name: join_on_expression_and_filter
SELECT e.id, d.id FROM emp e JOIN dept d ON e.dept = d.id AND d.region = 'north' WHERE e.salary > 4000;

-- name: cross_join_filtered
SELECT c.ck, w.id FROM c, w WHERE c.ck > w.d;

-- name: join_using
SELECT c.ck, c.name FROM c JOIN (SELECT wk AS ck FROM w) x USING (ck);

-- Semi and anti joins: EXISTS, IN, NOT EXISTS, NOT IN

-- name: not_exists_null_keys
SELECT COUNT(*) FROM c WHERE NOT EXISTS (SELECT * FROM w WHERE c.ck = w.wk);

-- name: not_exists_rows
SELECT ck, name FROM c WHERE NOT EXISTS (SELECT 1 FROM w WHERE w.wk = c.ck);

-- name: exists_null_keys
SELECT ck FROM c WHERE EXISTS (SELECT 1 FROM w WHERE w.wk = c.ck);

-- name: in_subquery_null_keys
SELECT ck FROM c WHERE ck IN (SELECT wk FROM w);

-- name: not_in_subquery_null_keys
SELECT ck FROM c WHERE ck NOT IN (SELECT wk FROM w);

-- name: not_in_subquery_no_nulls
SELECT ck FROM c WHERE ck NOT IN (SELECT wk FROM w WHERE wk IS NOT NULL);

-- name: not_in_empty_subquery
SELECT ck FROM c WHERE ck NOT IN (SELECT wk FROM w WHERE d > 100);

-- name: not_in_select_list
SELECT ck, ck NOT IN (SELECT wk FROM w), ck IN (SELECT wk FROM w) FROM c;

-- name: not_exists_emp_sales
SELECT e.id FROM emp e WHERE NOT EXISTS (SELECT 1 FROM sales s WHERE s.emp = e.id AND s.qty > 7);

-- name: not_exists_sales_emp
SELECT COUNT(*), SUM(s.amount) FROM sales s WHERE NOT EXISTS (SELECT 1 FROM emp e WHERE e.id = s.emp);

-- name: not_exists_two_conditions
SELECT d.id FROM dept d WHERE NOT EXISTS (SELECT 1 FROM emp e WHERE e.dept = d.id AND e.salary > 7000);

-- name: exists_and_not_exists
SELECT e.id FROM emp e WHERE EXISTS (SELECT 1 FROM sales s WHERE s.emp = e.id) AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.emp = e.id AND s.amount < 0);

-- name: not_exists_non_equi
SELECT e.id FROM emp e WHERE NOT EXISTS (SELECT 1 FROM emp f WHERE f.dept = e.dept AND f.salary > e.salary);

-- name: not_in_correlated
SELECT d.id FROM dept d WHERE d.id NOT IN (SELECT e.dept FROM emp e WHERE e.salary > d.budget / 10);

-- name: in_multi_column
SELECT id FROM emp WHERE (dept, mgr) IN (SELECT dept, MIN(mgr) FROM emp GROUP BY dept);

-- name: tuple_equality_nulls
SELECT id, (dept, mgr) = (dept, mgr), (dept, 1) = (dept, 2), (1, dept) = (1, dept), (mgr, dept) <> (0, dept) FROM emp;

-- name: tuple_in_subquery_nulls
SELECT id FROM emp WHERE (dept, mgr) IN (SELECT dept, mgr FROM emp WHERE id < 20);

-- name: tuple_in_list_nulls
SELECT id FROM emp WHERE (dept, mgr) IN ((NULL, 3), (2, 0), (3, 1));

-- name: tuple_in_select_list_nulls
SELECT id, (dept, mgr) IN (SELECT dept, mgr FROM emp WHERE id > 30), (dept, mgr) NOT IN (SELECT dept, mgr FROM emp WHERE id > 30), (dept, mgr) IN ((NULL, 3), (2, 0)) FROM emp;

-- name: exists_uncorrelated
SELECT COUNT(*) FROM emp WHERE EXISTS (SELECT 1 FROM w WHERE wk IS NULL);

-- name: not_exists_uncorrelated
SELECT COUNT(*) FROM emp WHERE NOT EXISTS (SELECT 1 FROM w WHERE d > 5);

-- Scalar subqueries

-- name: scalar_uncorrelated_where
SELECT id FROM emp WHERE salary > (SELECT AVG(salary) FROM emp);

-- name: scalar_correlated_where
SELECT e.id FROM emp e WHERE e.salary > (SELECT AVG(f.salary) FROM emp f WHERE f.dept = e.dept);

-- name: scalar_correlated_select
SELECT d.id, (SELECT COUNT(*) FROM emp e WHERE e.dept = d.id), (SELECT MAX(e.salary) FROM emp e WHERE e.dept = d.id) FROM dept d;

-- name: scalar_uncorrelated_select
SELECT id, (SELECT MAX(budget) FROM dept) - salary FROM emp;

-- name: scalar_in_having
SELECT dept, SUM(salary) FROM emp GROUP BY dept HAVING SUM(salary) > (SELECT SUM(salary) * 0.15 FROM emp);

-- name: scalar_in_having_same_aggregate_text
SELECT dept, SUM(salary), COUNT(*) FROM emp GROUP BY dept HAVING SUM(salary) > (SELECT SUM(salary) FROM emp) / 8 AND COUNT(*) < (SELECT COUNT(*) FROM emp);

-- name: scalar_subquery_same_aggregate_in_select
SELECT dept, SUM(salary), (SELECT SUM(salary) FROM emp) FROM emp GROUP BY dept;

-- name: in_group_having_same_table
SELECT sales.emp, SUM(qty) FROM sales WHERE sales.emp IN (SELECT emp FROM sales GROUP BY emp HAVING SUM(qty) > 60) GROUP BY sales.emp;

-- name: in_group_having_joined_same_table
SELECT e.id, sales.id, sales.qty FROM emp e, sales WHERE sales.emp IN (SELECT emp FROM sales GROUP BY emp HAVING SUM(amount) > 1000000) AND e.id = sales.emp;

-- name: scalar_in_having_correlated
SELECT dept, COUNT(*) FROM emp e GROUP BY dept HAVING COUNT(*) > (SELECT COUNT(*) FROM dept d WHERE d.id < e.dept);

-- name: in_having_subquery
SELECT id FROM emp WHERE dept IN (SELECT dept FROM emp GROUP BY dept HAVING COUNT(*) > 6);

-- name: in_group_having_sum
SELECT e.id, e.name FROM emp e WHERE e.id IN (SELECT s.emp FROM sales s GROUP BY s.emp HAVING SUM(s.qty) > 60);

-- name: scalar_subquery_in_join_on
SELECT e.id, d.id FROM emp e JOIN dept d ON d.id = e.dept AND e.salary > (SELECT AVG(salary) FROM emp);

-- name: exists_in_join_on
SELECT e.id, d.id FROM emp e JOIN dept d ON d.id = e.dept AND EXISTS (SELECT 1 FROM sales s WHERE s.emp = e.id);

-- name: scalar_in_case
SELECT id, CASE WHEN salary > (SELECT AVG(salary) FROM emp) THEN 'high' ELSE 'low' END FROM emp;

-- name: scalar_subquery_null_result
SELECT ck, (SELECT MAX(d) FROM w WHERE w.wk = c.ck) FROM c;

-- Uncorrelated aggregates without GROUP BY compared in WHERE, unnested into
-- semi joins (third_party/go-mysql-server/sql/analyzer/unnest_insubqueries.go,
-- withoutNamingAliases): NULL and empty aggregates, NOT over the comparison

-- name: unnested_max_of_cte_q15_shape
WITH r AS (SELECT emp, SUM(qty) AS total FROM sales GROUP BY emp) SELECT e.id, e.name, r.total FROM emp e, r WHERE e.id = r.emp AND r.total = (SELECT MAX(total) FROM r) ORDER BY e.id;

-- name: unnested_max_over_no_rows
SELECT id FROM emp WHERE salary = (SELECT MAX(salary) FROM emp WHERE id < 0);

-- name: unnested_min_over_null_keys
SELECT ck FROM c WHERE ck <> (SELECT MIN(wk) FROM w);

-- name: unnested_not_equal_max_with_nulls
SELECT id FROM emp WHERE NOT (dept = (SELECT MAX(dept) FROM emp));

-- name: unnested_not_equal_max_over_no_rows
SELECT COUNT(*) FROM emp WHERE NOT (dept = (SELECT MAX(dept) FROM emp WHERE id < 0));

-- name: unnested_two_aggregates_in_tuple
SELECT id FROM emp WHERE (dept, salary) = (SELECT MAX(dept), MAX(salary) FROM emp WHERE dept < 3);

-- name: unnested_count_and_sum
SELECT d.id FROM dept d WHERE d.id < (SELECT COUNT(*) FROM w) AND d.budget > (SELECT SUM(salary) FROM emp WHERE dept = 99);

-- Correlated scalar subqueries with an aggregate, decorrelated into a join
-- with the subquery grouped by its correlation columns
-- (third_party/go-mysql-server/sql/analyzer/decorrelate_scalar_subqueries.go)

-- name: decorrelated_avg_q17_shape
SELECT SUM(s.amount), COUNT(*) FROM sales s, emp e WHERE s.emp = e.id AND e.dept IN (2, 3) AND s.qty < (SELECT 0.8 * AVG(s2.qty) FROM sales s2 WHERE s2.emp = e.id);

-- name: decorrelated_null_keys_and_duplicates
SELECT s.id, s.emp, s.qty FROM sales s WHERE s.qty >= (SELECT MAX(s2.qty) - 1 FROM sales s2 WHERE s2.emp = s.emp);

-- name: decorrelated_count_of_empty_group
SELECT d.id FROM dept d WHERE (SELECT COUNT(*) FROM emp e WHERE e.dept = d.id) < 7;

-- name: decorrelated_count_zero_with_null_keys
SELECT c.ck FROM c WHERE (SELECT COUNT(*) FROM w WHERE w.wk = c.ck) = 0;

-- name: decorrelated_count_column_plus_one
SELECT c.ck FROM c WHERE 1 = (SELECT COUNT(w.d) + 1 FROM w WHERE w.wk = c.ck);

-- name: decorrelated_coalesce_of_empty_sum
SELECT d.id FROM dept d WHERE (SELECT COALESCE(SUM(e.salary), -1) FROM emp e WHERE e.dept = d.id) < 10000;

-- name: decorrelated_if_of_count_over_empty_group
SELECT c.ck FROM c WHERE (SELECT IF(COUNT(*) = 0, NULL, 5) FROM w WHERE w.wk = c.ck) IS NULL;

-- name: decorrelated_sum_is_null
SELECT d.id FROM dept d WHERE (SELECT SUM(e.salary) FROM emp e WHERE e.dept = d.id) IS NULL;

-- name: decorrelated_in_or
SELECT e.id FROM emp e WHERE e.dept = 1 OR e.salary > (SELECT AVG(f.salary) FROM emp f WHERE f.dept = e.dept);

-- name: decorrelated_two_keys_date
SELECT s.id FROM sales s WHERE s.qty > (SELECT AVG(s2.qty) FROM sales s2 WHERE s2.emp = s.emp AND s2.sold = s.sold AND s2.id <> 7);

-- name: decorrelated_min_over_join_q02_shape
SELECT e.id, e.salary FROM emp e, dept dd WHERE e.dept = dd.id AND e.salary = (SELECT MIN(f.salary) FROM emp f, dept d WHERE f.dept = d.id AND d.region = 'north' AND f.dept = e.dept);

-- name: decorrelated_inside_in_q20_shape
SELECT e.id FROM emp e WHERE e.id IN (SELECT s.emp FROM sales s WHERE s.qty > (SELECT 0.5 * SUM(s2.qty) FROM sales s2 WHERE s2.emp = s.emp AND s2.sold >= '2024-06-01'));

-- name: decorrelated_two_subqueries
SELECT e.id FROM emp e WHERE e.salary > (SELECT AVG(f.salary) FROM emp f WHERE f.dept = e.dept) AND e.salary < (SELECT MAX(f.salary) FROM emp f WHERE f.dept = e.dept);

-- name: decorrelated_same_table_names
SELECT COUNT(*) FROM sales WHERE qty < (SELECT AVG(qty) FROM sales s2 WHERE s2.emp = sales.emp);

-- name: decorrelated_select_list
SELECT c.ck, (SELECT COUNT(*) FROM w WHERE w.wk = c.ck), (SELECT SUM(w.d) FROM w WHERE w.wk = c.ck), (SELECT IF(COUNT(*) = 0, NULL, 5) FROM w WHERE w.wk = c.ck) FROM c;

-- name: decorrelated_select_list_over_join
SELECT e.id, d.dname, (SELECT MAX(s.amount) FROM sales s WHERE s.emp = e.id), (SELECT COUNT(*) + 1 FROM sales s WHERE s.emp = e.id AND s.qty > 3) FROM emp e LEFT JOIN dept d ON e.dept = d.id WHERE e.id < 30;

-- The shapes the rewrite must not take: they still run once per row.

-- name: not_decorrelated_inequality
SELECT e.id FROM emp e WHERE e.salary > (SELECT AVG(f.salary) FROM emp f WHERE f.dept = e.dept AND f.id < e.id);

-- name: not_decorrelated_limit
SELECT e.id FROM emp e WHERE e.salary > (SELECT AVG(f.salary) FROM emp f WHERE f.dept = e.dept LIMIT 1);

-- name: not_decorrelated_nondeterministic
SELECT e.id FROM emp e WHERE e.salary > (SELECT AVG(f.salary) + RAND() * 0 FROM emp f WHERE f.dept = e.dept);

-- name: not_decorrelated_text_key
SELECT e.id FROM emp e WHERE e.salary >= (SELECT MAX(f.salary) FROM emp f WHERE f.name = e.name);

-- name: not_decorrelated_grouped_subquery
SELECT d.id FROM dept d WHERE d.budget > (SELECT SUM(e.salary) FROM emp e WHERE e.dept = d.id GROUP BY e.dept);

-- name: not_decorrelated_outer_in_aggregate
SELECT d.id FROM dept d WHERE (SELECT SUM(e.salary + d.id) FROM emp e WHERE e.dept = d.id) > 10000;

-- name: derived_table_aggregate
SELECT x.dept, x.n FROM (SELECT dept, COUNT(*) AS n FROM emp GROUP BY dept) x WHERE x.n > 5;

-- Aggregates and DECIMAL

-- name: decimal_sum_avg
SELECT SUM(salary), AVG(salary), MIN(salary), MAX(salary), COUNT(salary), COUNT(*) FROM emp;

-- name: decimal_arithmetic
SELECT id, salary * 1.5, salary / 3, salary + bonus, salary - 0.01, salary * salary FROM emp;

-- Division's scale: the dividend's plus div_precision_increment (4), per
-- division; the text and the wire's decimals must be MariaDB's.

-- name: division_scale_decimal_by_decimal
SELECT k, d / e, e / d, k / d FROM dm WHERE d <> 0 AND e <> 0;

-- name: division_scale_int_and_decimal
SELECT id, qty / 7, amount / qty, qty / amount, id / 3 FROM sales WHERE qty <> 0 AND id < 40;

-- name: division_scale_nested
SELECT id, amount / qty / 3, (amount * 1.5) / qty, amount / qty * 2, 1 + amount / qty FROM sales WHERE qty <> 0 AND id < 40;

-- name: division_scale_case_else_zero_q14_shape
SELECT 100.00 * SUM(CASE WHEN qty > 4 THEN amount * (1 - 0.05) ELSE 0 END) / SUM(amount * (1 - 0.05)) FROM sales;

-- name: division_scale_case_grouped_q08_shape
SELECT emp % 5, SUM(CASE WHEN qty = 3 THEN amount ELSE 0 END) / SUM(amount) FROM sales GROUP BY emp % 5;

-- name: division_in_aggregate_arguments
SELECT emp % 3, SUM(amount / qty), SUM(amount / 7), AVG(qty / 7), SUM(amount * 1.005 / 7), COUNT(amount / qty), SUM(qty / -3), SUM(id / qty) FROM sales WHERE amount / 3 > -20000 GROUP BY emp % 3;

-- name: division_in_aggregates_small_decimals
SELECT SUM(d / e), SUM(k / 3), COUNT(*) FROM dm WHERE k / 2 < 1000;

-- A quotient is added unrounded by SUM and AVG without GROUP BY; with
-- one, MySQL's and MariaDB's temporary table rounds each to its type.

-- name: sum_of_unrounded_quotients
SELECT SUM(e / 7), AVG(d / 0.03), SUM(k / 3), AVG(e / d), SUM(d / 7) / 2, AVG(d / 3) FROM dm;

-- name: sum_of_unrounded_quotients_grouped
SELECT emp % 4, SUM(amount / 7), AVG(amount / qty), SUM(qty / 7), AVG(id / 3), SUM(amount / qty) FROM sales GROUP BY emp % 4;

-- MySQL 8 compares a quotient unrounded (Arg_comparator::compare_decimal
-- compares the values as computed: 1.00 / 3 is 0.333333333, not equal to
-- 0.333333); MariaDB rounds each side to its type's scale first
-- (round_self_if_needed). MariaDB is asked MySQL's question: the quotient
-- cast to a scale that keeps all its digits.

-- name: quotient_compared_unrounded
-- mariadb: SELECT k FROM dm WHERE CAST(k / 3 AS DECIMAL(38,30)) = 0.333333 OR CAST(d / 3 AS DECIMAL(38,30)) = -0.333333
SELECT k FROM dm WHERE k / 3 = 0.333333 OR d / 3 = -0.333333;

-- name: quotient_compared_unrounded_kept
-- mariadb: SELECT k, d FROM dm WHERE CAST(k / 3 AS DECIMAL(38,30)) > 0.333333 AND CAST(d / 7 AS DECIMAL(38,30)) <= 0.142857 OR CAST(e / 3 AS DECIMAL(38,30)) >= 0.0016666
SELECT k, d FROM dm WHERE k / 3 > 0.333333 AND d / 7 <= 0.142857 OR e / 3 >= 0.0016666;

-- name: quotient_compared_exact
SELECT k FROM dm WHERE k / 4 = 0.25 OR k / 2 = 1.25 OR d / 5 = -0.2 OR e / 2 = 0.0025;

-- name: quotient_compared_columns
-- mariadb: SELECT k, d, e FROM dm WHERE CAST(k / 3 AS DECIMAL(38,30)) < CAST(e * 100 AS DECIMAL(38,30)) OR CAST(d / 7 AS DECIMAL(38,30)) = CAST(k / 7 AS DECIMAL(38,30))
SELECT k, d, e FROM dm WHERE k / 3 < e * 100 OR d / 7 = k / 7;

-- name: quotient_shown_rounded
SELECT k, k / 3, d / 7, e / 3, k / d, (k / 3) * 3, k / 3 + 0, -k / 3 FROM dm;

-- name: quotient_by_zero_and_null
SELECT k, k / 0, d / (k - k), k / NULL, SUM(d) / NULLIF(COUNT(e), 0) FROM dm GROUP BY k;

-- name: quotient_in_group_key
SELECT ROUND(amount / 1000, 0), COUNT(*), SUM(qty) FROM sales GROUP BY ROUND(amount / 1000, 0);

-- name: quotient_summed_then_rounded
SELECT ROUND(SUM(amount / 3), 2), SUM(ROUND(amount / 3, 2)), ROUND(SUM(qty / 7), 4), SUM(ROUND(qty / 7, 1)), ROUND(AVG(amount / qty), 3) FROM sales;

-- name: sum_of_unrounded_quotients_sales
SELECT SUM(amount / 7), AVG(amount / qty), SUM(qty / 7), AVG(id / 3), SUM(amount / qty), AVG(qty / 7) / 2 FROM sales;

-- name: division_scale_sum_over_sum
SELECT SUM(amount) / SUM(qty), SUM(qty) / COUNT(*), SUM(amount) / COUNT(*) FROM sales;

-- AVG's value is MySQL's quotient at 9-digit granularity (more decimals
-- than its type) in arithmetic and comparisons, rounded to its type where
-- it is shown or stored (a column, a derived table, a function's argument).

-- name: division_of_avg
SELECT AVG(amount) / 2, AVG(qty) / 3 FROM sales;

-- name: avg_in_arithmetic
SELECT AVG(amount) * 2, AVG(amount) + 1, AVG(qty) - 0.5, 1 / AVG(qty), AVG(amount) / AVG(qty), AVG(qty) * AVG(qty) FROM sales;

-- name: avg_division_nested
SELECT AVG(qty) / 3 / 7, (AVG(amount) + 1) / 2, AVG(id) / AVG(qty), 100.00 * AVG(amount) / SUM(amount) FROM sales;

-- name: avg_division_grouped_nulls
SELECT emp, AVG(amount) / 3, AVG(qty) / 7, SUM(amount) / COUNT(qty), AVG(amount) / SUM(qty), COUNT(*) FROM sales GROUP BY emp;

-- name: avg_division_empty_groups_join
SELECT d.id, AVG(e.salary) / 2, SUM(e.salary) / COUNT(e.id), AVG(e.salary) * 3, AVG(e.bonus) / 2 FROM dept d LEFT JOIN emp e ON e.dept = d.id GROUP BY d.id;

-- name: avg_division_no_rows
SELECT AVG(amount) / 2, SUM(amount) / 2, AVG(qty) * 2, SUM(qty) / COUNT(*) FROM sales WHERE id < 0;

-- name: avg_division_double_columns
SELECT dept, AVG(bonus) / 4, SUM(bonus) / COUNT(*), AVG(salary) / 7, SUM(salary) / SUM(bonus) FROM emp GROUP BY dept;

-- name: avg_compared_unrounded
SELECT emp, AVG(amount) FROM sales GROUP BY emp HAVING AVG(amount) / 2 > 0 AND AVG(qty) > 4.0000001;

-- name: avg_shown_rounded
SELECT AVG(amount), AVG(qty), AVG(id), AVG(amount * qty), CONCAT(AVG(qty), '') FROM sales;

-- name: round_of_avg
SELECT ROUND(AVG(amount), 2), ROUND(AVG(qty), 1) FROM sales;

-- ROUND(x, d) has MySQL's type: with d a constant, a DECIMAL of scale d
-- (0 for a negative d, at most 30) for a DECIMAL x, an integer for an
-- integer x, a DOUBLE rounded ties to even for a DOUBLE or a string.

-- name: round_of_avg_grouped
SELECT emp % 4, ROUND(AVG(amount), 2), ROUND(AVG(amount), 0), ROUND(AVG(amount), -2), ROUND(AVG(qty), 3), ROUND(AVG(amount), 8) FROM sales GROUP BY emp % 4;

-- name: round_decimal_places
SELECT id, ROUND(amount, 1), ROUND(amount, 0), ROUND(amount), ROUND(amount, -2), ROUND(amount, -5), ROUND(amount, -9), ROUND(amount, 4) FROM sales WHERE id < 60;

-- name: round_decimal_half_away_from_zero
SELECT k, ROUND(k, 1), ROUND(k), ROUND(d, 1), ROUND(e, 2), ROUND(e, 3), ROUND(k, -1), ROUND(e, 30), ROUND(-k, 0) FROM dm;

-- name: round_double_ties_to_even
SELECT id, bonus, ROUND(bonus, 1), ROUND(bonus), ROUND(bonus, -1), ROUND(bonus * 10, -1), ROUND(bonus / 3, 3), ROUND(-bonus, 1) FROM emp;

-- name: round_integer
SELECT id, ROUND(qty), ROUND(qty, 2), ROUND(qty, -1), ROUND(id * 5, -1), ROUND(-id * 5, -1), ROUND(id, -2), ROUND(id, -30) FROM sales WHERE id < 60;

-- name: round_string_and_literals
SELECT ROUND('2.5'), ROUND('2.45', 1), ROUND(2.5), ROUND(-2.5), ROUND(2.5e0), ROUND(-2.5e0), ROUND(0.125e0, 2), ROUND(1.23, 5), ROUND(12.5, -1), ROUND(15, -1), ROUND(99.5), ROUND(1e300, 2) / 1e300;

-- name: round_nulls
SELECT id, ROUND(NULL), ROUND(amount, NULL), ROUND(NULL, 2), ROUND(qty, 1), ROUND(amount, 1) FROM sales WHERE qty IS NULL OR id < 5;

-- name: round_places_from_a_column
SELECT sales.id, ROUND(amount, qty % 3), ROUND(amount, 2 - qty), ROUND(bonus, qty % 2) FROM sales JOIN emp ON emp.id = sales.emp WHERE sales.id < 80;

-- name: round_of_quotients
SELECT ROUND(k / 3, 2), ROUND(k / 3, 10), ROUND(k / 3 / 7, 12), ROUND(k / 3 * 3, 8), ROUND(e / 3, 5), ROUND(k / 7, 0) FROM dm;

-- name: round_of_sums_grouped
SELECT emp % 3, ROUND(SUM(amount) / SUM(qty), 4), ROUND(SUM(amount) / COUNT(*), 1), ROUND(SUM(amount), -3), ROUND(SUM(qty) / 7, 2) FROM sales GROUP BY emp % 3;

-- name: round_compared_and_grouped
SELECT ROUND(amount, -3), COUNT(*), SUM(qty) FROM sales WHERE ROUND(amount, -4) <> 0 AND ROUND(qty / 4) >= 1 GROUP BY ROUND(amount, -3);

-- name: avg_derived_table_division
SELECT a / 2, q / 3, a * 2 FROM (SELECT AVG(amount) AS a, AVG(qty) AS q FROM sales) t;

-- name: avg_division_dm_scales
SELECT AVG(d) / 3, AVG(e) / 3, AVG(k) / AVG(e), AVG(e) * 7 FROM dm;

-- name: decimal_sum_wide
SELECT SUM(amount), SUM(amount * qty), AVG(amount) FROM sales;

-- name: decimal_sum_union_all
SELECT SUM(amount) FROM (SELECT amount FROM sales UNION ALL SELECT amount FROM sales UNION ALL SELECT amount FROM sales) u;

-- name: decimal_sum_grouped_union_all
SELECT k, SUM(amount) FROM (SELECT qty AS k, amount FROM sales UNION ALL SELECT emp, amount FROM sales) u GROUP BY k;

-- name: decimal_grouped
SELECT emp, SUM(amount), COUNT(*), SUM(qty) FROM sales GROUP BY emp;

-- name: count_distinct
SELECT COUNT(DISTINCT dept), COUNT(DISTINCT mgr), COUNT(DISTINCT emp, qty) FROM emp, (SELECT emp, qty FROM sales) s WHERE s.emp = emp.id;

-- name: double_sum
SELECT dept, SUM(bonus), AVG(bonus), MAX(bonus) FROM emp GROUP BY dept;

-- name: having_on_alias
SELECT dept, COUNT(*) AS n FROM emp GROUP BY dept HAVING n >= 6;

-- name: date_plus_interval
SELECT id, hired + INTERVAL 1 DAY, hired - INTERVAL 2 MONTH, INTERVAL 1 YEAR + hired, hired + INTERVAL 3 HOUR FROM emp;

-- name: date_add_function
SELECT id, DATE_ADD(hired, INTERVAL 1 MONTH), DATEDIFF(hired, DATE '2015-01-01') FROM emp;

-- name: date_in_text_subquery
SELECT s.id FROM sales s WHERE s.sold IN (SELECT DATE_ADD(hired, INTERVAL 0 DAY) FROM emp) OR s.sold IN (SELECT DATE_ADD(DATE '2024-01-01', INTERVAL 4 DAY));

-- name: date_literal_join
SELECT d.dt, COUNT(s.id) FROM (SELECT DATE '2024-01-01' AS dt UNION ALL SELECT DATE_ADD(DATE '2024-01-01', INTERVAL 4 DAY)) d LEFT JOIN sales s ON s.sold = d.dt GROUP BY d.dt;

-- name: date_literal_join_two_keys
SELECT d.dt, d.q, COUNT(s.id) FROM (SELECT DATE '2024-01-05' AS dt, 4 AS q UNION ALL SELECT '2024-02-06', 5 UNION ALL SELECT DATE_ADD('2024-03-07', INTERVAL 0 DAY), 6) d JOIN sales s ON s.sold = d.dt AND s.qty = d.q GROUP BY d.dt, d.q;

-- name: date_text_plus_interval
SELECT '2024-01-31' + INTERVAL 1 MONTH, DATE '2024-02-29' - INTERVAL 1 YEAR, INTERVAL 2 DAY + hired FROM emp WHERE id < 4;

-- name: date_grouping
SELECT YEAR(hired), COUNT(*) FROM emp GROUP BY YEAR(hired);

-- Window functions

-- name: window_plain
SELECT id, dept, salary, RANK() OVER (PARTITION BY dept ORDER BY salary DESC, id) FROM emp;

-- name: window_running_sum
SELECT id, SUM(salary) OVER (ORDER BY id) FROM emp;

-- name: window_over_sum
SELECT d, SUM(wk), SUM(SUM(wk)) OVER () FROM w GROUP BY d;

-- name: window_avg_over_sum_partition
SELECT dept, mgr, AVG(SUM(salary)) OVER (PARTITION BY dept) FROM emp GROUP BY dept, mgr;

-- name: window_rank_over_count
SELECT dept, COUNT(*), RANK() OVER (ORDER BY COUNT(*) DESC) FROM emp GROUP BY dept;

-- name: window_over_grouped_derived
SELECT dept, total, SUM(total) OVER () FROM (SELECT dept, SUM(salary) AS total FROM emp GROUP BY dept) g;

-- ROLLUP

-- name: rollup_mysql
SELECT d, COUNT(*) FROM w GROUP BY d WITH ROLLUP;

-- name: rollup_two_columns
SELECT region, dname, SUM(budget) FROM dept GROUP BY region, dname WITH ROLLUP;

-- name: rollup_standard_grouping
-- mariadb: SELECT dname, COUNT(*), dname IS NULL FROM dept GROUP BY dname WITH ROLLUP
SELECT dname, COUNT(*), GROUPING(dname) FROM dept GROUP BY ROLLUP(dname);

-- ORDER BY

-- name: order_nulls_last
-- mariadb: SELECT id, dept FROM emp ORDER BY dept IS NULL, dept, id
SELECT id, dept FROM emp ORDER BY dept NULLS LAST, id;

-- name: order_limit
SELECT id, salary FROM emp ORDER BY salary DESC, id LIMIT 5;

-- Top-N: ORDER BY ... LIMIT keeps a heap of LIMIT + OFFSET rows, over a
-- scan (vectorized), a filtered scan, a projection, an aggregate and a join.

-- name: topn_nulls_first
SELECT id, salary FROM emp ORDER BY salary, id LIMIT 4;

-- name: topn_desc_nulls_last_offset
SELECT id, bonus FROM emp ORDER BY bonus DESC, id DESC LIMIT 6 OFFSET 2;

-- name: topn_projected_offset
SELECT name FROM emp ORDER BY salary DESC, id LIMIT 5 OFFSET 3;

-- name: topn_where
SELECT id, hired FROM emp WHERE dept > 2 ORDER BY hired, id LIMIT 5;

-- name: topn_strings_desc
SELECT id, name FROM emp ORDER BY name DESC LIMIT 3;

-- name: topn_dates_ties_key_only
SELECT hired FROM emp ORDER BY hired DESC LIMIT 7;

-- name: topn_decimal
SELECT id, amount FROM sales ORDER BY amount DESC, id LIMIT 7 OFFSET 1;

-- name: topn_expression_alias
SELECT id, salary * 2 AS s2 FROM emp ORDER BY s2 DESC, id LIMIT 3;

-- name: topn_past_the_rows
SELECT id FROM emp WHERE dept = 1 ORDER BY id DESC LIMIT 100;

-- name: topn_aggregate
SELECT dept, SUM(salary) s FROM emp GROUP BY dept ORDER BY s DESC, dept LIMIT 3;

-- name: topn_join
SELECT e.id, d.dname FROM emp e JOIN dept d ON e.dept = d.id ORDER BY d.dname DESC, e.id LIMIT 5 OFFSET 1;

-- Set operations

-- name: union_distinct
SELECT dept FROM emp UNION SELECT id FROM dept;

-- name: union_all_counts
SELECT COUNT(*) FROM (SELECT dept FROM emp UNION ALL SELECT id FROM dept) u;

-- name: intersect
SELECT dept FROM emp INTERSECT SELECT id FROM dept;

-- name: except
SELECT id FROM dept EXCEPT SELECT dept FROM emp;

-- name: except_nulls
SELECT wk FROM w EXCEPT SELECT ck FROM c;

-- name: intersect_nulls
SELECT wk FROM w INTERSECT SELECT wk FROM w WHERE d = 2;

-- name: union_order_by
SELECT ck AS k FROM c UNION SELECT d FROM w ORDER BY k;

-- CTEs

-- name: cte_simple
WITH t AS (SELECT dept, SUM(salary) AS s FROM emp GROUP BY dept) SELECT dept, s FROM t WHERE s > 20000;

-- name: cte_twice
WITH t AS (SELECT dept, COUNT(*) AS n FROM emp GROUP BY dept) SELECT a.dept, b.dept FROM t a JOIN t b ON a.n = b.n AND a.dept < b.dept;

-- name: cte_recursive_numbers
WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) SELECT SUM(i), COUNT(*) FROM n;

-- name: cte_recursive_tree
WITH RECURSIVE chain (id, top, depth) AS (SELECT id, id, 0 FROM emp WHERE mgr IS NULL UNION ALL SELECT e.id, chain.top, chain.depth + 1 FROM emp e JOIN chain ON e.mgr = chain.id) SELECT id, top, depth FROM chain;

-- name: cte_recursive_join_table
WITH RECURSIVE days (dt) AS (SELECT DATE '2024-01-01' UNION ALL SELECT dt + INTERVAL 1 DAY FROM days WHERE dt < DATE '2024-01-31') SELECT days.dt, COUNT(s.id) FROM days LEFT JOIN sales s ON s.sold = days.dt GROUP BY days.dt;

-- name: not_exists_equality_and_inequality
SELECT e.id FROM emp e WHERE NOT EXISTS (SELECT * FROM emp f WHERE f.dept = e.dept AND f.mgr <> e.mgr);

-- name: join_in_grouped_subquery
SELECT e.id, d.dname FROM emp e, dept d WHERE e.dept = d.id AND e.id IN (SELECT emp FROM sales GROUP BY emp HAVING SUM(amount) > 100000);

-- DECIMAL comparisons across scales (table dm: k DECIMAL(9,2) key,
-- d DECIMAL(7,2), e DECIMAL(10,4)): a literal of more or fewer decimal
-- places than the column is compared as it is, never rounded to the
-- column's scale (0.005 is not 0.01, 0.014999 is not 0.01).

-- name: dec_gt_more_places
SELECT k FROM dm WHERE d > 0.0050000;

-- name: dec_ge_lt_le_more_places
SELECT k, d >= 0.005, d < 0.005, d <= 0.005, d < 0.014999, d <= 0.014999, d > 0.014999 FROM dm;

-- name: dec_eq_ne_more_places
SELECT k FROM dm WHERE d = 0.005 OR d = 0.014999 OR d = 0.0100000 OR d = -0.0100;

-- name: dec_ne_rounding_values
SELECT k FROM dm WHERE d <> 0.005 AND d <> 0.014999 AND d <> 0.015;

-- name: dec_lt_le_filters
SELECT k FROM dm WHERE d < 0.005;

-- name: dec_le_more_places
SELECT k FROM dm WHERE d <= 0.014999;

-- name: dec_ge_more_places
SELECT k FROM dm WHERE d >= 0.014999;

-- name: dec_negative_more_places
SELECT k FROM dm WHERE d < -0.005 AND d >= -0.014999;

-- name: dec_negative_rounding_points
SELECT k FROM dm WHERE d > -0.015 AND d <= -0.005;

-- name: dec_fewer_places
SELECT k FROM dm WHERE d > 0.1 AND d <= 2.5 AND d <> 1;

-- name: dec_literal_left
SELECT k FROM dm WHERE 0.005 < d AND 0.014999 >= d;

-- name: dec_string_literal
SELECT k FROM dm WHERE d = '0.005' OR d = '0.0100';

-- name: dec_in_more_places
SELECT k FROM dm WHERE d IN (0.005, 0.014999, 0.0100, -0.005);

-- name: dec_in_fewer_places
SELECT k FROM dm WHERE d IN (0.0, 1.5, -2.5, 0.1, 1);

-- name: dec_not_in_rounding_values
SELECT k FROM dm WHERE d NOT IN (0.005, 0.015, -0.005);

-- name: dec_in_strings
SELECT k FROM dm WHERE d IN ('0.005', '0.015', '1.5');

-- name: dec_in_with_column
SELECT k FROM dm WHERE d IN (0.0, e, 0.015);

-- name: dec_between_more_places
SELECT k FROM dm WHERE d BETWEEN 0.005 AND 0.014999;

-- name: dec_between_negative
SELECT k FROM dm WHERE d BETWEEN -0.015 AND -0.005;

-- name: dec_not_between
SELECT k FROM dm WHERE d NOT BETWEEN 0.005 AND 2.495;

-- name: dec_between_fewer_places
SELECT k FROM dm WHERE d BETWEEN -1 AND 0.1;

-- name: dec_columns_across_scales
SELECT k, d > e, d = e, d < e, d <=> e FROM dm;

-- name: dec_count_more_places
SELECT COUNT(*), SUM(d), MIN(d) FROM dm WHERE d > 0.005;

-- name: dec_count_between
SELECT COUNT(*), SUM(d) FROM dm WHERE d BETWEEN 0.005 AND 0.014999 OR d IN (0.015, 2.495);

-- name: dec_key_eq_more_places
SELECT k, d FROM dm WHERE k = 0.005 OR k = 0.0100000;

-- name: dec_key_point_rounding
SELECT k, d FROM dm WHERE k = 0.014999;

-- name: dec_key_in_more_places
SELECT k FROM dm WHERE k IN (0.005, 0.014999, 0.0200, -0.005, 2.495);

-- name: dec_key_range_more_places
SELECT k FROM dm WHERE k > 0.005 AND k < 0.015;

-- name: dec_key_range_inclusive
SELECT k FROM dm WHERE k >= 0.0050 AND k <= 2.495;

-- name: dec_key_between
SELECT k FROM dm WHERE k BETWEEN -0.015 AND 0.005;

-- name: dec_key_gt_negative
SELECT k FROM dm WHERE k > -1.005;

-- name: dec_join_across_scales
SELECT a.k, b.k FROM dm a JOIN dm b ON a.d = b.e;

-- LIKE over joins, LEFT JOIN conditions on the right side alone, NOT IN
-- (issue 24, TPC-H Q13, Q14, Q16; lower-case data and patterns, as
-- MariaDB's default collation ignores case)

-- name: like_parts_underscore
SELECT id, name FROM emp WHERE name LIKE 'e_1%' OR name LIKE '%2%0%' OR name LIKE '%e%3';

-- name: like_escape_nulls
SELECT id, region FROM dept WHERE region LIKE '%!_%' ESCAPE '!' OR dname LIKE 'dept_' OR region NOT LIKE '%o%';

-- name: left_join_right_like
SELECT d.id, COUNT(e.id), COUNT(*) FROM dept d LEFT JOIN emp e ON e.dept = d.id AND e.name NOT LIKE '%1%' GROUP BY d.id;

-- name: left_join_right_like_derived_group
SELECT c_count, COUNT(*) AS custdist FROM (SELECT d.id, COUNT(e.id) AS c_count FROM dept d LEFT OUTER JOIN emp e ON d.id = e.dept AND e.name NOT LIKE '%1%2%' GROUP BY d.id) AS x GROUP BY c_count ORDER BY custdist DESC, c_count DESC;

-- name: left_join_right_nullable_like
SELECT e.id, d.dname FROM emp e LEFT JOIN dept d ON e.dept = d.id AND d.region LIKE 'n%';

-- name: left_join_left_condition_stays
SELECT e.id, d.dname FROM emp e LEFT JOIN dept d ON e.dept = d.id AND e.salary > 5000 AND d.region NOT LIKE '%th';

-- name: join_case_like_sum
SELECT SUM(CASE WHEN d.dname LIKE 'dept1%' THEN s.amount ELSE 0 END), SUM(s.amount) FROM sales s JOIN emp e ON s.emp = e.id JOIN dept d ON e.dept = d.id;

-- name: not_in_only_nulls
SELECT ck FROM c WHERE ck NOT IN (SELECT wk FROM w WHERE id = 2);

-- name: not_in_nulls_unmatched
SELECT id FROM emp WHERE mgr NOT IN (SELECT dept FROM emp WHERE id < 20);

-- name: not_in_left_nulls
SELECT id FROM emp WHERE mgr NOT IN (SELECT id FROM emp WHERE name LIKE '%3%');

-- name: tuple_not_in_nulls
SELECT id FROM emp WHERE (dept, mgr) NOT IN (SELECT dept, mgr FROM emp WHERE id > 30);

-- name: not_in_join_count_distinct
SELECT d.region, COUNT(DISTINCT e.dept), COUNT(*) FROM emp e JOIN dept d ON e.dept = d.id WHERE d.dname NOT LIKE 'dept1%' AND e.id NOT IN (SELECT s.emp FROM sales s WHERE s.qty = 3 AND s.emp IS NOT NULL) GROUP BY d.region;
