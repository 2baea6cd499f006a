package manifest

import (
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/spec"
)

// MergeEntries applies entries in read order (base manifest list, then
// delta) and returns what remains: live ADD entries, plus DELETE entries whose
// ADD was not among the input. An ADD and a later DELETE of the same
// identifier cancel. Adding an identifier that is already present is an
// error, as in Java. The result keeps the order in which the survivors were
// first inserted.
func MergeEntries(entries []spec.ManifestEntry) ([]spec.ManifestEntry, error) {
	// Ordered map: slots hold survivors in insertion order; removed ones are
	// marked dead and skipped at the end.
	type slot struct {
		entry spec.ManifestEntry
		dead  bool
	}
	slots := make([]slot, 0, len(entries))
	index := make(map[spec.Identifier]int, len(entries))
	for _, e := range entries {
		id := e.Identifier()
		i, present := index[id]
		switch e.Kind {
		case spec.FileAdd:
			if present {
				return nil, fmt.Errorf("manifest: trying to add file %s which is already present (%s)", id, slots[i].entry.Kind)
			}
			index[id] = len(slots)
			slots = append(slots, slot{entry: e})
		case spec.FileDelete:
			if present {
				slots[i].dead = true
				delete(index, id)
			} else {
				index[id] = len(slots)
				slots = append(slots, slot{entry: e})
			}
		default:
			return nil, fmt.Errorf("manifest: entry for %s has unknown kind %s", id, e.Kind)
		}
	}
	out := make([]spec.ManifestEntry, 0, len(index))
	for _, s := range slots {
		if !s.dead {
			out = append(out, s.entry)
		}
	}
	return out, nil
}
