package tests

import "testing"

// INSERT OVERWRITE t PARTITION (k = v) (columns) takes k from the spec, as
// Flink and Spark do, and replaces only that partition.
func TestInsertOverwriteStaticPartitionFillsTheColumn(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE ow")
	mustQuery(t, e.db, "CREATE TABLE ow.t (id INT, v TEXT, dt VARCHAR(10)) PARTITIONED BY (dt)")
	mustQuery(t, e.db, "INSERT INTO ow.t VALUES (1, 'a', 'd1'), (2, 'b', 'd2')")
	mustQuery(t, e.db, "INSERT OVERWRITE ow.t PARTITION (dt = 'd1') (id, v) VALUES (3, 'c'), (4, 'd')")
	got := mustQuery(t, e.db, "SELECT id, v, dt FROM ow.t ORDER BY id")
	sameRows(t, "after the overwrite", got.rows, [][]string{{"2", "b", "d2"}, {"3", "c", "d1"}, {"4", "d", "d1"}})
	kinds := mustQuery(t, e.db, "SELECT commit_kind FROM ow.`t$snapshots` ORDER BY snapshot_id")
	sameRows(t, "commit kinds", kinds.rows, [][]string{{"APPEND"}, {"OVERWRITE"}})
	if err := queryErr(t, e.db, "INSERT OVERWRITE ow.t PARTITION (dt = 'd1') VALUES (5, 'e', 'd2')"); err == nil {
		t.Fatal("a row outside the static partition was accepted")
	}
	// A NOT NULL partition column (every primary-key table's) and a SELECT.
	mustQuery(t, e.db, "CREATE TABLE ow.pk (pt INT NOT NULL, id INT NOT NULL, v TEXT, PRIMARY KEY (pt, id)) PARTITIONED BY (pt) WITH ('bucket' = '1')")
	mustQuery(t, e.db, "INSERT INTO ow.pk VALUES (1, 1, 'a'), (2, 1, 'b')")
	mustQuery(t, e.db, "INSERT OVERWRITE ow.pk PARTITION (pt = 1) (id, v) SELECT id + 10, v FROM ow.pk WHERE pt = 2")
	got = mustQuery(t, e.db, "SELECT pt, id, v FROM ow.pk ORDER BY pt, id")
	sameRows(t, "primary-key overwrite", got.rows, [][]string{{"1", "11", "b"}, {"2", "1", "b"}})
}

// Changing 'bucket' on a table with data refuses plain writes (they would
// miss the keys in the old buckets) until INSERT OVERWRITE rescales it.
func TestBucketChangeNeedsRescale(t *testing.T) {
	e := startServer(t, nil)
	mustQuery(t, e.db, "CREATE DATABASE rs")
	mustQuery(t, e.db, "CREATE TABLE rs.t (id INT NOT NULL, v TEXT, PRIMARY KEY (id)) WITH ('bucket' = '2')")
	mustQuery(t, e.db, "INSERT INTO rs.t VALUES (1, 'a'), (2, 'a'), (3, 'a'), (4, 'a')")
	mustQuery(t, e.db, "ALTER TABLE rs.t SET ('bucket' = '4')")
	if err := queryErr(t, e.db, "INSERT INTO rs.t VALUES (1, 'b')"); err == nil {
		t.Fatal("a write with the new bucket count was accepted before the rescale")
	}
	mustQuery(t, e.db, "INSERT OVERWRITE rs.t SELECT * FROM rs.t")
	mustQuery(t, e.db, "INSERT INTO rs.t VALUES (1, 'b'), (2, 'b'), (3, 'b'), (4, 'b')")
	got := mustQuery(t, e.db, "SELECT id, v FROM rs.t ORDER BY id")
	sameRows(t, "after the rescale", got.rows, [][]string{{"1", "b"}, {"2", "b"}, {"3", "b"}, {"4", "b"}})
}
