// Package expire expires the snapshots of a Paimon table as Java Paimon's
// ExpireSnapshotsImpl does (docs/design/expire-snapshots.md): it picks the range
// [earliest, end) from the retention rules and plans what Java deletes: the
// data files that only expired snapshots used, their changelog files, and
// the manifests, index and statistics files no kept snapshot or tag needs.
//
// It then deletes the snapshot files, moves the EARLIEST hint, and only
// then deletes the planned files (Java deletes the snapshot files last).
// That order keeps a crash harmless for readers: every snapshot still
// listed has all its files; an interrupted run leaves only files no
// snapshot references, for orphan-file cleanup. Every read failure makes a
// run delete less, never more.
//
// The deliberate differences from Java (docs/README.md, "Our decisions"):
// retain_min and max_deletes below 1 are rejected, and so are invalid
// options; a level upgrade (DELETE and ADD of one file in one delta) keeps
// the file whatever the order of the two entries; older_than is an exact
// cutoff; a branch is expired against its own tags.
//
// Tables whose changelog lifecycle is decoupled from snapshots
// (changelog.* retaining longer) keep the changelog of an expired snapshot
// as Java does: the snapshot is written to changelog/changelog-N, its
// changelog files and manifests (without changelog-producer: the files
// its writes added and its data manifest lists) stay, and
// ExpireChangelogs expires them by the changelog.* options.
package expire
