// Package manifest reads and writes Apache Paimon's manifest lists,
// manifests and index manifests: Avro object container files whose rows
// describe manifest files, data files and index files of a snapshot.
//
// Readers take the bytes (io.Reader) and map fields by name, so every schema
// variant Java Paimon 0.9 to 2.x writes is accepted: fields missing from older
// files read as absent, unknown newer fields are skipped. Writers emit exactly
// the schemas of Paimon 1.4.2. BinaryRow values (partitions, keys, statistics)
// stay as raw serialized bytes; package binrow decodes them.
// The row types themselves are core/spec's.
package manifest
