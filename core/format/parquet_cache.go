package format

import (
	"container/list"
	"sync"
	"sync/atomic"

	"github.com/paimon-sql/paimon-sql/core/stats"
)

// DefaultPageCacheBytes bounds the decoded Parquet pages and dictionaries
// kept for key lookups when nothing else is configured (SetPageCacheBytes).
const DefaultPageCacheBytes = 256 << 20

// pageKey names a decoded page: the file (ReadOptions.CacheKey), its row
// group, leaf column and page number in the column chunk's offset index;
// page -1 is the chunk's dictionary. Data files are never rewritten under
// the same name, so a key never goes stale: entries leave by eviction only.
type pageKey struct {
	file          string
	group, column int
	page          int
}

// pageCache keeps decoded pages (and dictionaries) of the files key lookups
// read, least recently used first out, within a byte limit. Each lookup of
// a key decodes the one page of each column that holds it; without the
// cache that is a zstd decompression and a dictionary decode per column
// and lookup, most of a lookup's time.
type pageCache struct {
	mu    sync.Mutex
	items map[pageKey]*list.Element
	order *list.List // most recently used first
	limit atomic.Int64

	// The counters (the process's in core/stats for the shared cache);
	// bytes changes with c.mu held.
	hits, misses, evictions, bytes *atomic.Int64
}

type cacheEntry struct {
	key  pageKey
	val  any
	size int64
}

var pages = newPageCache(DefaultPageCacheBytes,
	&stats.PageCacheHits, &stats.PageCacheMisses, &stats.PageCacheEvictions, &stats.PageCacheBytes)

func newPageCache(limit int64, hits, misses, evictions, bytes *atomic.Int64) *pageCache {
	c := &pageCache{items: map[pageKey]*list.Element{}, order: list.New(),
		hits: hits, misses: misses, evictions: evictions, bytes: bytes}
	c.limit.Store(limit)
	return c
}

// SetPageCacheBytes sets the byte limit of the process's page cache; 0
// turns it off (and empties it).
func SetPageCacheBytes(n int64) {
	pages.limit.Store(max(n, 0))
	pages.mu.Lock()
	pages.shrink()
	pages.mu.Unlock()
}

// enabled says whether pages should be looked up and kept at all.
func (c *pageCache) enabled() bool { return c.limit.Load() > 0 }

// get returns the value kept for k, counting a hit or a miss.
func (c *pageCache) get(k pageKey) (any, bool) {
	c.mu.Lock()
	el, ok := c.items[k]
	if ok {
		c.order.MoveToFront(el)
	}
	c.mu.Unlock()
	if !ok {
		c.misses.Add(1)
		return nil, false
	}
	c.hits.Add(1)
	return el.Value.(*cacheEntry).val, true
}

// has says whether k is kept, without counting or touching it.
func (c *pageCache) has(k pageKey) bool {
	c.mu.Lock()
	_, ok := c.items[k]
	c.mu.Unlock()
	return ok
}

// put keeps v (of about size bytes) under k, evicting the least recently
// used entries beyond the limit. A value larger than an eighth of the limit
// is not kept: it would push out many pages for one.
func (c *pageCache) put(k pageKey, v any, size int64) {
	if size > c.limit.Load()/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[k]; ok {
		return // decoded concurrently by another reader
	}
	c.items[k] = c.order.PushFront(&cacheEntry{key: k, val: v, size: size})
	c.bytes.Add(size)
	c.shrink()
}

// shrink evicts entries until the cache is within its limit; c.mu is held.
func (c *pageCache) shrink() {
	limit := c.limit.Load()
	for c.bytes.Load() > limit {
		last := c.order.Back()
		if last == nil {
			return
		}
		e := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.items, e.key)
		c.bytes.Add(-e.size)
		c.evictions.Add(1)
	}
}
