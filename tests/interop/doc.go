// Package interop runs Apache Paimon's own implementations beside
// paimon-sql and compares them (docs/compatibility.md is generated from the
// results).
//
//   - java/: a Maven project on org.apache.paimon:paimon-bundle whose driver
//     (one JVM for the whole run) takes JSON steps on standard input:
//     create, write rows with row kinds, compact, tags, branches, consumers,
//     alter, expire, read a snapshot, tag or system table, stream the
//     changelog, compute buckets.
//   - pypaimon/read.py: pypaimon in a virtual environment under
//     ~/.cache/paimon-sql, one process answering one read per line.
//   - The Go tests start paimon-sql in-process over a temporary warehouse and
//     run the scenarios (scenarios_test.go, tables of data): Java and
//     paimon-sql take turns changing a table, and after each turn Java,
//     paimon-sql (over the MySQL protocol) and pypaimon must read the same
//     rows; expiration and tag deletion on identical copies must leave the
//     same files; paimon-sql's bucket of random keys must be Java's.
//
// Differences that are not fixed are listed in known_test.go with their
// reasons; the test fails when one disappears or a new one appears. The
// tests fail without java, mvn or python3, or skip under go test -short
// (internal/toolcheck).
package interop
