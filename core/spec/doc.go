// Package spec holds Apache Paimon's on-disk types (docs/design/format.md):
// the JSON files (schema, snapshot, tag, consumer, statistics) with one
// codec each,
// and the rows of manifest lists, manifests and index manifests. It owns
// what the files say, not how they are found, read, written or acted on:
// that is the operation packages' (core/schema, core/snapshot,
// core/manifest, core/commit, core/expire, ...), which import spec and
// never the other way.
//
// The JSON codecs keep what they do not know: a file written by a newer
// Java Paimon (2.0 adds a snapshot's "uuid", "writerVersion" and
// "operation") is written back with those fields, at their places, so that
// re-serialising a file (a tag of a snapshot, a changelog kept from a
// snapshot) never drops what a newer reader needs.
package spec
