// Package snapshot manages a table's snapshots, hints, tags, consumers and
// branches (docs/design/format.md §3, §8): finding, reading and writing
// their files, and rollback. What the files hold, and their JSON, is
// core/spec's. Deleting the data files a tag or snapshot kept alive is
// core/expire's.
package snapshot
