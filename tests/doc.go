// Package tests holds the end-to-end tests of paimon-sql: each test starts
// the MySQL server over a temporary copy of the Java-written fixtures
// (testdata/java-written; testdata/README.md says where it comes from) and queries it over TCP, with
// github.com/go-sql-driver/mysql and with the mysql command-line client.
//
// Expected results come from the fixtures themselves: each table's README
// (what was written in each snapshot), the snapshot, schema, tag and
// consumer JSON files, the Avro manifests and the Parquet data files, read
// here independently of the packages under test.
package tests
