// Package hivemetastore proves core/metastore/hive against the real thing: a Hive
// Metastore 4.0.1 (Hive's standalone metastore from Maven Central, on an embedded Derby
// database, started by these tests) and Java Paimon 1.4.2's HiveCatalog on the same
// metastore (java/driver). The tests need java and mvn; without them they fail, or skip
// under go test -short (internal/toolcheck). PAIMON_SQL_HMS_URI=thrift://host:port runs
// them against a metastore that is already running instead.
package hivemetastore
