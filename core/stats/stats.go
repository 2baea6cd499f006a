// Package stats counts what the Paimon core does — bytes read, files
// pruned, commits — for the server to export as metrics. Core packages add
// to these process-wide counters; they never depend on a metrics library.
package stats

import "sync/atomic"

// Counters of the process, since it started.
var (
	// BytesRead is the bytes read from the warehouse (data and metadata).
	BytesRead atomic.Int64
	// RowsRead is the rows table scans returned to queries.
	RowsRead atomic.Int64
	// FilesScanned and FilesPruned are the data files a scan planned to
	// read, and those it skipped by partition or value statistics.
	FilesScanned atomic.Int64
	FilesPruned  atomic.Int64
	// FilesIndexSkipped is the data files a scan skipped by their file
	// indexes (bloom filter, bitmap, BSI) after the statistics kept them.
	FilesIndexSkipped atomic.Int64
	// Commits is the snapshots committed; CommitConflicts the commits
	// refused because a concurrent commit conflicted; CommitRetries the
	// attempts repeated because another writer took the snapshot id.
	Commits         atomic.Int64
	CommitConflicts atomic.Int64
	CommitRetries   atomic.Int64
	// SnapshotsExpired and ExpiredFilesDeleted count expiration runs' work.
	SnapshotsExpired    atomic.Int64
	ExpiredFilesDeleted atomic.Int64
	// Compactions is the compaction commits; CompactedFiles the files they
	// merged into new files (files only moved to another level excluded).
	Compactions    atomic.Int64
	CompactedFiles atomic.Int64
	// PageCacheHits and PageCacheMisses are the Parquet pages (and
	// dictionaries) key lookups found in the page cache or decoded;
	// PageCacheEvictions those it dropped for room; PageCacheBytes what it
	// holds now (a gauge).
	PageCacheHits      atomic.Int64
	PageCacheMisses    atomic.Int64
	PageCacheEvictions atomic.Int64
	PageCacheBytes     atomic.Int64
	// LiteralInserts is the INSERT ... VALUES statements of literals the
	// SQL catalog wrote itself (catalog.InsertLiterals), without the
	// engine's row-by-row path.
	LiteralInserts atomic.Int64
)
