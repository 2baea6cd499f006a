package format

// PageCacheStats count the page cache's work since the process started.
type PageCacheStats struct {
	Hits, Misses, Evictions int64
	// Bytes are held now, out of Limit.
	Bytes, Limit int64
}

// ReadPageCacheStats returns the page cache's counters.
func ReadPageCacheStats() PageCacheStats {
	return PageCacheStats{Hits: pages.hits.Load(), Misses: pages.misses.Load(), Evictions: pages.evictions.Load(),
		Bytes: pages.bytes.Load(), Limit: pages.limit.Load()}
}
