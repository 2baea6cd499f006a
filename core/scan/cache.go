package scan

import (
	"container/list"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// MaxCachedEntries bounds the manifest entries the plan cache keeps, over
// every table (about half a KB each): key lookups plan the same snapshot
// again and again, and a lookup join once per outer row.
var MaxCachedEntries = 200_000

// entryCache keeps the live entries of recently planned snapshots. A
// snapshot's manifest lists are named uniquely and never rewritten, so
// their names identify its entries: a new snapshot (or one rolled back and
// written again with the same id) has other lists and misses the cache.
type entryCache struct {
	mu    sync.Mutex
	items map[string]*list.Element
	order *list.List // most recently used first
	size  int
}

type cachedEntries struct {
	key     string
	entries []spec.ManifestEntry
}

var liveCache = &entryCache{items: map[string]*list.Element{}, order: list.New()}

// cacheKey names a snapshot's entries by its warehouse, table and manifest
// lists: copies of a warehouse hold the same list names.
func cacheKey(t *table.Table, snap *spec.Snapshot) string {
	return t.FS.URL() + "\x00" + t.Root + "\x00" + snap.BaseManifestList + "\x00" + snap.DeltaManifestList
}

// get returns the cached live entries of snap; callers must not change them.
func (c *entryCache) get(key string) ([]spec.ManifestEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cachedEntries).entries, true
}

func (c *entryCache) put(key string, entries []spec.ManifestEntry) {
	limit := MaxCachedEntries
	if len(entries) > limit/2 {
		return // would push out everything else
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; ok {
		return
	}
	c.items[key] = c.order.PushFront(&cachedEntries{key: key, entries: entries})
	c.size += len(entries)
	for c.size > limit {
		last := c.order.Back()
		ce := last.Value.(*cachedEntries)
		c.order.Remove(last)
		delete(c.items, ce.key)
		c.size -= len(ce.entries)
	}
}
