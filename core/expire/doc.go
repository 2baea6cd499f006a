// Package expire expires the snapshots of a Paimon table as Java Paimon's
// ExpireSnapshotsImpl does (docs/expire-snapshots.md): it picks the range
// [earliest, end) from the retention rules, then deletes, in Java's order,
// the data files that only expired snapshots used, their changelog files,
// the manifests, index and statistics files no kept snapshot or tag needs,
// the snapshot files, and finally moves the EARLIEST hint.
//
// The order is what keeps a crash harmless: unused files go first and
// snapshot files last, so an interrupted run leaves snapshots that point at
// deleted *unused* files, never at deleted used ones. Every read failure
// makes a run delete less, never more.
//
// The deliberate differences from Java (docs/README.md, "Our decisions"):
// retain_min and max_deletes below 1 are rejected, and so are invalid
// options; a level upgrade (DELETE and ADD of one file in one delta) keeps
// the file whatever the order of the two entries; older_than is an exact
// cutoff; a branch is expired against its own tags. Tables whose changelog
// lifecycle is decoupled from snapshots (changelog.* retaining longer) are
// refused: Java moves their expired snapshots to changelog/, which this
// package does not implement.
package expire
