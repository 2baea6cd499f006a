package scan

import (
	"container/list"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// The cache keeps at most MaxCachedEntries entries, dropping the snapshots
// used least recently, and refuses a snapshot that would fill over half of it.
func TestEntryCacheBound(t *testing.T) {
	defer func(n int) { MaxCachedEntries = n }(MaxCachedEntries)
	MaxCachedEntries = 10
	c := &entryCache{items: map[string]*list.Element{}, order: list.New()}
	four := make([]spec.ManifestEntry, 4)
	c.put("a", four)
	c.put("b", four)
	if _, ok := c.get("a"); !ok { // a is now used after b
		t.Fatal("a missing")
	}
	c.put("c", four) // 12 > 10: b goes
	if _, ok := c.get("b"); ok {
		t.Error("b kept over the bound")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.get(k); !ok {
			t.Errorf("%s dropped", k)
		}
	}
	c.put("big", make([]spec.ManifestEntry, 6))
	if _, ok := c.get("big"); ok || c.size != 8 {
		t.Errorf("a snapshot of 6 entries cached (size %d)", c.size)
	}
}
