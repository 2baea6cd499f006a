-- Statements of Paimon's Flink and Spark documentation (Paimon 1.4), run by
-- TestFlinkSparkStatements (tests/flinkspark_test.go) in this order on one
-- connection. Each works, or fails with the message after "-- expect error:"
-- (a part of it), which names what to write instead; "-- expect rows:"
-- checks a query's rows (a|b per row, rows separated by ;). Placeholders of the
-- documentation (my_table, default.T, "...") are filled with tables of the
-- database fsdoc; otherwise the statements are as the pages write them.

CREATE DATABASE fsdoc;
USE fsdoc;

-- source: https://paimon.apache.org/docs/1.4/flink/sql-ddl/
CREATE TABLE my_table (
    user_id BIGINT,
    item_id BIGINT,
    behavior STRING,
    dt STRING,
    hh STRING,
    PRIMARY KEY (dt, hh, user_id) NOT ENFORCED
);
CREATE TABLE my_table_p (
    user_id BIGINT,
    item_id BIGINT,
    behavior STRING,
    dt STRING,
    hh STRING,
    PRIMARY KEY (dt, hh, user_id) NOT ENFORCED
) PARTITIONED BY (dt, hh);
CREATE TABLE my_table_as AS SELECT * FROM my_table;
CREATE TABLE my_table_options (
       user_id BIGINT,
       item_id BIGINT
) WITH ('file.format' = 'orc');
CREATE TABLE my_table_options_as WITH ('file.format' = 'parquet') AS SELECT * FROM my_table;
CREATE TABLE my_table_like LIKE my_table (EXCLUDING OPTIONS);
CREATE TABLE my_table_like_all LIKE my_table_p;
-- expect rows: ["dt","hh"]|["dt","hh","user_id"]
SELECT partition_keys, primary_keys FROM my_table_like_all$schemas;
-- expect error: WATERMARK is a Flink streaming clause
CREATE TABLE t_wm (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND);
-- expect error: CREATE CATALOG is Flink's
CREATE CATALOG my_catalog WITH (
    'type' = 'paimon',
    'warehouse' = 'hdfs:///path/to/warehouse'
);
-- expect error: USE CATALOG is Flink's
USE CATALOG my_catalog;

-- source: https://paimon.apache.org/docs/1.4/flink/sql-ddl/ (types: https://nightlies.apache.org/flink/flink-docs-stable/docs/dev/table/types/)
CREATE TABLE flink_types (
    id INT NOT NULL,
    s STRING,
    b BYTES,
    ltz TIMESTAMP_LTZ(3),
    ltz9 TIMESTAMP(9) WITH LOCAL TIME ZONE,
    d DECIMAL(38, 10),
    tm TIME(3),
    PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'types' WITH ('bucket' = '1');
INSERT INTO flink_types VALUES (1, 'a', X'01', '2024-01-01 00:00:00.123', '2024-01-01 00:00:00.123456', 1.5, '01:02:03.456');
-- expect rows: 1|a
SELECT id, s FROM flink_types;
-- expect rows: INT NOT NULL|STRING|BYTES|TIMESTAMP(3) WITH LOCAL TIME ZONE|TIMESTAMP(9) WITH LOCAL TIME ZONE|TIME(3)|types
SELECT JSON_UNQUOTE(JSON_EXTRACT(fields, '$[0].type')), JSON_UNQUOTE(JSON_EXTRACT(fields, '$[1].type')), JSON_UNQUOTE(JSON_EXTRACT(fields, '$[2].type')), JSON_UNQUOTE(JSON_EXTRACT(fields, '$[3].type')), JSON_UNQUOTE(JSON_EXTRACT(fields, '$[4].type')), JSON_UNQUOTE(JSON_EXTRACT(fields, '$[6].type')), comment FROM flink_types$schemas;
-- expect error: ARRAY types cannot be declared by paimon-sql
CREATE TABLE flink_nested (id INT, tags ARRAY<STRING>, attrs MAP<STRING, INT>);
-- expect error: ROW types cannot be declared by paimon-sql
CREATE TABLE flink_row (id INT, r ROW<a INT, b STRING>);

-- source: https://paimon.apache.org/docs/1.4/flink/sql-write/
-- Flink's INSERT OVERWRITE without PARTITION follows the table's
-- 'dynamic-partition-overwrite' (Spark's replaces the whole table): the
-- session says which dialect it speaks.
SET ddl_dialect = 'flink';
INSERT INTO my_table_p VALUES (1, 10, 'buy', '2024-01-01', '10'), (2, 20, 'sell', '2024-01-02', '11');
INSERT OVERWRITE my_table_p SELECT * FROM my_table_p;
INSERT OVERWRITE my_table_p PARTITION (dt = '2024-01-01', hh = '10') SELECT user_id, item_id, behavior FROM my_table_p WHERE dt = '2024-01-01';
INSERT OVERWRITE my_table_p PARTITION (dt = '2024-01-01') SELECT user_id, item_id, behavior, hh FROM my_table_p WHERE dt = '2024-01-01';
-- expect rows: 1|10|buy|2024-01-01|10;2|20|sell|2024-01-02|11
SELECT * FROM my_table_p ORDER BY user_id;
CREATE TABLE k_table (
    k0 INT,
    k1 INT,
    v STRING
) PARTITIONED BY (k0, k1);
INSERT INTO k_table VALUES (0, 0, 'a'), (0, 1, 'b'), (1, 0, 'c');
INSERT OVERWRITE k_table PARTITION (k0 = 0) SELECT k1, v FROM k_table WHERE false;
INSERT OVERWRITE k_table PARTITION (k0 = 0, k1 = 0) SELECT v FROM k_table WHERE false;
-- expect rows: 1|0|c
SELECT * FROM k_table ORDER BY k0, k1;
INSERT INTO k_table VALUES (0, 0, 'a');
INSERT OVERWRITE k_table /*+ OPTIONS('dynamic-partition-overwrite'='false') */ SELECT * FROM k_table WHERE false;
-- expect rows: 0
SELECT count(*) FROM k_table;
-- expect error: INSERT OVERWRITE takes 'dynamic-partition-overwrite' alone
INSERT OVERWRITE k_table /*+ OPTIONS('sink.parallelism'='2') */ SELECT * FROM k_table WHERE false;
TRUNCATE TABLE k_table;
CREATE TABLE dedup (
	a STRING,
	b INT,
	c INT,
	PRIMARY KEY (a) NOT ENFORCED
) WITH (
	'merge-engine' = 'deduplicate'
);
UPDATE dedup SET b = 1, c = 2 WHERE a = 'myTable';
CREATE TABLE rates (
    id BIGINT NOT NULL,
    currency STRING,
    rate BIGINT,
    dt String,
    PRIMARY KEY (id, dt) NOT ENFORCED
) PARTITIONED BY (dt) WITH (
    'merge-engine' = 'deduplicate'
);
DELETE FROM rates WHERE currency = 'UNKNOWN';

SET ddl_dialect = 'mysql';
-- source: https://paimon.apache.org/docs/1.4/flink/sql-alter/
ALTER TABLE my_table SET ('write-buffer-size' = '256 MB');
ALTER TABLE my_table RESET ('write-buffer-size');
-- expect error: tables cannot be renamed
ALTER TABLE my_table_as RENAME TO my_table_new;

-- source: https://paimon.apache.org/docs/1.4/flink/procedures/
INSERT INTO my_table VALUES (1, 10, 'a', '2024-01-01', '10');
INSERT INTO my_table VALUES (2, 20, 'b', '2024-01-01', '10');
CALL sys.create_tag('fsdoc.my_table', 'my-tag', 1);
CALL sys.create_tag(`table` => 'fsdoc.my_table', tag => 'my_tag2', snapshot_id => cast(2 as bigint), time_retained => '1 d');
CALL sys.delete_tag(`table` => 'fsdoc.my_table', tag => 'my_tag2');
CALL sys.rollback_to(`table` => 'fsdoc.my_table', snapshot_id => 2);
CALL sys.rollback_to('fsdoc.my_table', 2);
CALL sys.rollback_to(`table` => 'fsdoc.my_table', tag => 'my-tag');
CALL sys.expire_snapshots(`table` => 'fsdoc.my_table', retain_max => 20);
CALL sys.expire_snapshots('fsdoc.my_table', 20);
-- expect error: pass retain_min too, no greater than retain_max
CALL sys.expire_snapshots(`table` => 'fsdoc.my_table', retain_max => 2);
CALL sys.remove_orphan_files(`table` => 'fsdoc.my_table', older_than => '2023-10-31 12:00:00');
CALL sys.remove_orphan_files(`table` => 'fsdoc.my_table', older_than => '2023-10-31 12:00:00', dry_run => true);
CALL sys.reset_consumer(`table` => 'fsdoc.my_table', consumer_id => 'myid', next_snapshot_id => cast(1 as bigint));
CALL sys.reset_consumer(`table` => 'fsdoc.my_table', consumer_id => 'myid');
CALL sys.compact(`table` => 'fsdoc.my_table');
CALL sys.compact('fsdoc.my_table', '', '', '', 'sink.parallelism=4');
-- expect error: no snapshot was committed at or before 1730292023000
CALL sys.rollback_to_timestamp(`table` => 'fsdoc.my_table', timestamp => 1730292023000);
-- expect error: CALL sys.create_tag_from_timestamp is a Flink/Spark procedure paimon-sql does not have
CALL sys.create_tag_from_timestamp(`table` => 'fsdoc.my_table', `tag` => 'my_tag', `timestamp` => 1724404318750, time_retained => '1 d');
CALL sys.create_branch(`table` => 'fsdoc.my_table', branch => 'b1');
-- expect rows: b1
SELECT branch_name FROM fsdoc.`my_table$branches`;

-- source: https://paimon.apache.org/docs/1.4/flink/sql-query/
SELECT * FROM my_table /*+ OPTIONS('scan.snapshot-id' = '1') */;
SELECT * FROM my_table /*+ OPTIONS('scan.tag-name' = 'my-tag') */;
-- expect error: no snapshot of fsdoc.my_table was committed at or before 2023-01-01 00:00:00
SELECT * FROM my_table FOR SYSTEM_TIME AS OF TIMESTAMP '2023-01-01 00:00:00';
SELECT * FROM my_table FOR SYSTEM_TIME AS OF '2999-01-01 00:00:00';
SELECT * FROM my_table$snapshots;
SELECT * FROM my_table$audit_log;

-- source: https://paimon.apache.org/docs/1.4/spark/sql-ddl/
CREATE TABLE sp_table (
    user_id BIGINT,
    item_id BIGINT,
    behavior STRING,
    dt STRING,
    hh STRING
) TBLPROPERTIES (
    'primary-key' = 'dt,hh,user_id'
);
CREATE TABLE sp_table_p (
    user_id BIGINT,
    item_id BIGINT,
    behavior STRING,
    dt STRING,
    hh STRING
) PARTITIONED BY (dt, hh) TBLPROPERTIES (
    'primary-key' = 'dt,hh,user_id'
);
CREATE TABLE sp_using (id INT, name STRING) USING paimon COMMENT 'spark table' TBLPROPERTIES ('bucket' = '2', 'primary-key' = 'id');
-- expect rows: spark table|2|["id"]
SELECT comment, JSON_UNQUOTE(JSON_EXTRACT(options, '$.bucket')), primary_keys FROM sp_using$schemas;
-- expect error: LOCATION
CREATE TABLE sp_loc (id INT) LOCATION '/path/to/table';
CREATE TABLE sp_table_as TBLPROPERTIES ('file.format' = 'parquet') AS SELECT * FROM sp_table;
CREATE TABLE sp_table_p_as PARTITIONED BY (dt) AS SELECT * FROM sp_table_p;
-- expect error: STRUCT types cannot be declared by paimon-sql
CREATE TABLE sp_struct (
  id INT,
  s STRUCT<c1: INT, c2: STRING>,
  name STRING)
TBLPROPERTIES (
  'primary-key' = 'id',
  'merge-engine' = 'deduplicate'
);
-- expect error: PARTITIONED BY (dt STRING): declare the column in the column list
CREATE TABLE sp_hive (id INT) PARTITIONED BY (dt STRING);

-- source: https://paimon.apache.org/docs/1.4/spark/sql-write/
-- Each overwrite of the page starts from the table of its first INSERT.
SET ddl_dialect = 'spark';
CREATE TABLE sp_w (id INT, pt STRING) PARTITIONED BY (pt);
INSERT INTO sp_w VALUES (1, 'p1'), (2, 'p2');
INSERT OVERWRITE sp_w VALUES (3, 'p1');
-- expect rows: 3|p1
SELECT * FROM sp_w ORDER BY id;
INSERT OVERWRITE sp_w VALUES (1, 'p1'), (2, 'p2');
INSERT OVERWRITE sp_w PARTITION (pt) VALUES (3, 'p1');
-- expect rows: 3|p1
SELECT * FROM sp_w ORDER BY id;
INSERT OVERWRITE sp_w VALUES (1, 'p1'), (2, 'p2');
INSERT OVERWRITE sp_w PARTITION (pt='p1') VALUES (3);
-- expect rows: 2|p2;3|p1
SELECT * FROM sp_w ORDER BY id;
-- expect error: SET ddl_dialect = 'flink'
SET spark.sql.sources.partitionOverwriteMode=dynamic;
SET ddl_dialect = 'mysql';
-- Spark's syntax alone says Spark: PARTITION (pt) without a value.
INSERT OVERWRITE sp_w PARTITION (pt) VALUES (4, 'p1');
-- expect rows: 4|p1
SELECT * FROM sp_w ORDER BY id;
-- expect error: Flink replaces only the partitions the rows go to, Spark the whole table
INSERT OVERWRITE sp_w VALUES (5, 'p2');
-- expect error: MERGE INTO is not supported
MERGE INTO sp_w AS target
USING sp_w AS source
ON target.id = source.id
WHEN MATCHED THEN
UPDATE SET *
WHEN NOT MATCHED
THEN INSERT *;

-- source: https://paimon.apache.org/docs/1.4/spark/sql-query/
SELECT * FROM my_table VERSION AS OF 1;
SELECT * FROM my_table VERSION AS OF 'my-tag';
-- expect rows: 1|1
SELECT (SELECT count(*) FROM my_table VERSION AS OF 1), (SELECT count(*) FROM my_table VERSION AS OF 'my-tag');
SELECT * FROM my_table TIMESTAMP AS OF '2999-06-01 00:00:00.123';
SELECT * FROM my_table TIMESTAMP AS OF 32503680000;
-- expect error: no snapshot of fsdoc.my_table was committed at or before 1970-01-01 00:00:01
SELECT * FROM my_table TIMESTAMP AS OF 1;

-- source: https://paimon.apache.org/docs/1.4/spark/sql-ddl/ (tags)
ALTER TABLE my_table CREATE TAG `TAG-1`;
ALTER TABLE my_table CREATE TAG IF NOT EXISTS `TAG-1`;
ALTER TABLE my_table CREATE TAG `TAG-2` RETAIN 7 DAYS;
ALTER TABLE my_table CREATE TAG `TAG-3` AS OF VERSION 1;
ALTER TABLE my_table CREATE TAG `TAG-4` AS OF VERSION 2 RETAIN 12 HOURS;
ALTER TABLE my_table REPLACE TAG `TAG-4` AS OF VERSION 2 RETAIN 24 HOURS;
ALTER TABLE my_table CREATE OR REPLACE TAG `TAG-5` AS OF VERSION 2 RETAIN 24 HOURS;
ALTER TABLE my_table DELETE TAG `TAG-1`;
ALTER TABLE my_table DELETE TAG IF EXISTS `TAG-1`;
ALTER TABLE my_table DELETE TAG `TAG-2,TAG-3`;
ALTER TABLE my_table RENAME TAG `TAG-4` TO `TAG-6`;
-- expect rows: TAG-5;TAG-6;my-tag
SHOW TAGS my_table;

-- source: https://paimon.apache.org/docs/1.4/spark/sql-query/ (incremental)
-- expect error: OPTIONS('incremental-between' = 'start,end')
SELECT * FROM paimon_incremental_query('my_table', 1, 2);

-- source: https://paimon.apache.org/docs/1.4/spark/auxiliary/
-- expect rows: dt=2024-01-01/hh=10;dt=2024-01-02/hh=11
SHOW PARTITIONS my_table_p;
DESCRIBE EXTENDED my_table_p;
SHOW CREATE TABLE my_table_p;

-- source: https://paimon.apache.org/docs/1.4/spark/procedures/
CALL sys.create_tag(table => 'fsdoc.my_table', tag => 'sp_tag', snapshot => 2, time_retained => '1 d');
CALL sys.create_tag(table => 'fsdoc.my_table', tag => 'sp_tag2');
CALL sys.delete_tag(table => 'fsdoc.my_table', tag => 'sp_tag2');
CALL sys.rollback(table => 'fsdoc.my_table', version => 'sp_tag');
CALL sys.rollback(table => 'fsdoc.my_table', version => 2);
CALL sys.rollback(table => 'fsdoc.my_table', tag => 'sp_tag');
CALL sys.rollback(table => 'fsdoc.my_table', snapshot => 2);
CALL sys.expire_snapshots(table => 'fsdoc.my_table', retain_max => 10, options => 'snapshot.expire.limit=1');
CALL sys.remove_orphan_files(table => 'fsdoc.my_table', older_than => '2023-10-31 12:00:00', dry_run => true);
CALL sys.remove_orphan_files(table => 'fsdoc.*', older_than => '2023-10-31 12:00:00');
CALL sys.reset_consumer(table => 'fsdoc.my_table', consumerId => 'myid', nextSnapshotId => 2);
CALL sys.reset_consumer(table => 'fsdoc.my_table', consumerId => 'myid');
INSERT INTO sp_table_p VALUES (1, 1, 'a', '2024-01-01', '10');
CALL sys.compact(table => 'fsdoc.sp_table_p', partitions => 'dt=2024-01-01');
-- expect error: argument 'where' is not supported by paimon-sql: name the partitions with 'partitions'
CALL sys.compact(table => 'fsdoc.sp_table_p', where => 'dt > 10 and hh < 20');
CALL sys.expire_partitions(table => 'fsdoc.my_table_p', expiration_time => '1 d', timestamp_formatter => 'yyyy-MM-dd');
-- expect error: TRUNCATE TABLE
CALL sys.purge_files(table => 'fsdoc.my_table');
-- expect error: CREATE TABLE t2 LIKE t
CALL sys.copy(source_table => 'fsdoc.my_table', target_table => 'fsdoc.my_table_copy');
