package options

import (
	"fmt"
	"sort"
	"strings"
)

// The per-column settings of the index types paimon-sql builds
// ('file-index.<type>.<column>.<setting>').
const (
	FileIndexBloomItems      = "items"
	FileIndexBloomFPP        = "fpp"
	FileIndexBitmapVersion   = "version"
	FileIndexBitmapBlockSize = "index-block-size"
)

// FileIndex is one index a table asks for with
// 'file-index.<type>.columns', with the settings of
// 'file-index.<type>.<column>.<setting>'.
type FileIndex struct {
	Type, Column string
	Settings     map[string]string
}

// FileIndexRead is 'file-index.read.enabled': a value that does not
// parse (refused by CREATE and ALTER TABLE) reads as Java's default.
func (o Options) FileIndexRead() bool {
	b, err := FileIndexReadEnabled.Get(o)
	return b || err != nil
}

// FileIndexes lists the indexes the options ask for, by column then type,
// decoding the keys as Java's FileIndexOptions does: a setting for a
// column its type does not index is an error, other shapes are ignored.
// Map sub-columns ('<column>[<key>]') are left out: paimon-sql does not
// build their indexes.
func (o Options) FileIndexes() ([]FileIndex, error) {
	byKey := map[[2]string]*FileIndex{}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		typ, ok := strings.CutPrefix(k, fileIndexKeyPrefix)
		if !ok {
			continue
		}
		if typ, ok = strings.CutSuffix(typ, "."+fileIndexColumns); !ok {
			continue
		}
		for _, c := range strings.Split(o[k], ",") {
			c = strings.TrimSpace(c)
			if c == "" {
				return nil, fmt.Errorf("wrong option in %s, should not have empty column", k)
			}
			if !strings.Contains(c, "[") && byKey[[2]string{c, typ}] == nil {
				byKey[[2]string{c, typ}] = &FileIndex{Type: typ, Column: c, Settings: map[string]string{}}
			}
		}
	}
	for _, k := range keys {
		rest, ok := strings.CutPrefix(k, fileIndexKeyPrefix)
		if !ok || strings.HasSuffix(rest, "."+fileIndexColumns) {
			continue
		}
		parts := strings.Split(rest, ".")
		if len(parts) != 3 {
			continue
		}
		typ, col, setting := parts[0], parts[1], parts[2]
		fi := byKey[[2]string{col, typ}]
		if fi == nil {
			if strings.Contains(col, "[") || o.declaresMapColumn(typ, col) {
				continue
			}
			return nil, fmt.Errorf("wrong file index option '%s': column '%s' is not declared in '%s%s.%s'",
				k, col, fileIndexKeyPrefix, typ, fileIndexColumns)
		}
		fi.Settings[setting] = o[k]
	}
	out := make([]FileIndex, 0, len(byKey))
	for _, fi := range byKey {
		out = append(out, *fi)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Column != out[j].Column {
			return out[i].Column < out[j].Column
		}
		return out[i].Type < out[j].Type
	})
	return out, nil
}

// declaresMapColumn tells whether 'file-index.<typ>.columns' names a sub
// column of the map column col ('col[key]'), whose settings Java also
// accepts at the map column's level.
func (o Options) declaresMapColumn(typ, col string) bool {
	for _, c := range strings.Split(o[fileIndexKeyPrefix+typ+"."+fileIndexColumns], ",") {
		if strings.HasPrefix(strings.TrimSpace(c), col+"[") {
			return true
		}
	}
	return false
}
