package format

// dictBlockBits sets how many entries of a dictionary's converted-entry
// cache are allocated together: dictBlock, 16 KiB of slots.
const (
	dictBlockBits = 10
	dictBlock     = 1 << dictBlockBits
)

// dictCache keeps the converted entries of one dictionary, in blocks of
// dictBlock slots allocated when one of their entries is first kept: a
// scan that stops early (a client that stalls after a few rows) holds the
// slots of the entries it reached, not 16 bytes for every entry of each
// open column's dictionary (2 MiB for a 131,072-entry one). The zero value
// is empty.
type dictCache struct {
	blocks [][]any
}

// reset forgets every entry (the dictionary changed or was released).
func (d *dictCache) reset() {
	clear(d.blocks)
	d.blocks = d.blocks[:0]
}

// get is entry k (not negative), nil when not kept.
func (d *dictCache) get(k int32) any {
	b := int(uint32(k) >> dictBlockBits)
	if b >= len(d.blocks) || d.blocks[b] == nil {
		return nil
	}
	return d.blocks[b][k&(dictBlock-1)]
}

// put keeps v as entry k (not negative).
func (d *dictCache) put(k int32, v any) {
	b := int(uint32(k) >> dictBlockBits)
	for len(d.blocks) <= b {
		d.blocks = append(d.blocks, nil)
	}
	if d.blocks[b] == nil {
		d.blocks[b] = make([]any, dictBlock)
	}
	d.blocks[b][k&(dictBlock-1)] = v
}
