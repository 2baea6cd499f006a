package tests

import (
	"testing"
)

func TestScratchErrors(t *testing.T) {
	e := startServer(t, nil)
	interp := e.open("+00:00", true)
	for _, q := range []string{
		"SELEC 1",
		"SELECT * FROM pk_09.pk_09 WHERE",
		"SELECT f0, COUNT(*) FROM pk_09.pk_09",
		"SELECT f0 FROM pk_09.pk_09 GROUP BY f1",
		"CALL sys.expire_snapshots('pk_09.pk_09', 'abc')",
		"CALL sys.expire_snapshots()",
		"CALL sys.expire_snapshots('pk_09.pk_09', 1)",
		"CALL sys.expire_snapshots(`table` => 'pk_09.pk_09', retain_max => 1)",
		"CALL sys.expire_snapshots(`table` => 'pk_09.pk_09', nosuch => 1)",
		"CALL sys.expire_snapshots('pk_09.pk_09', 1, 2, 3, 4, 5, 6, 7, 8)",
		"CALL sys.nosuch('x')",
		"CALL sys.create_tag('pk_09.pk_09')",
		"CALL sys.create_tag('nosuchdb.t', 'x')",
		"CALL sys.compact('pk_09.pk_09', 'nosuchpartition=1')",
		"CALL sys.compact(`table` => 'pk_09.pk_09', compact_strategy => 'bogus')",
		"CALL sys.rollback_to('pk_09.pk_09')",
		"CALL sys.expire_partitions('pk_09.pk_09')",
		"CALL sys.remove_orphan_files('pk_09.pk_09', 'notatime')",
		"INSERT INTO pk_09.pk_09 VALUES (1)",
		"CREATE TABLE pk_09.pk_09 (a INT)",
		"SELECT * FROM pk_09.pk_09 FOR SYSTEM_TIME AS OF 99999",
		"SELECT * FROM pk_09.pk_09 FOR SYSTEM_TIME AS OF 'notatag'",
		"CREATE TABLE pk_09.x (a INT) WITH ('bucket' = 'x')",
		"CREATE TABLE pk_09.y (a INT) WITH ('nosuch.option' = 'x')",
		"ALTER TABLE pk_09.pk_09 ADD COLUMN f0 INT",
		"SELECT * FROM pk_09.pk_09 a JOIN pk_09.pk_09 b",
		"DROP DATABASE nosuch",
		"SELECT 1 +",
		"CREATE TABLE pk_09.z (a STRING, PRIMARY KEY (a) NOT ENFORCED) PARTITIONED BY (b)",
	} {
		_, err := query(e.db, q)
		_, err2 := query(interp, q)
		t.Logf("%s\n   prep: %v\n   text: %v", q, err, err2)
	}
}
