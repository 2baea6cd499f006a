package manifest

import (
	"fmt"
	"strconv"
	"strings"
)

// Identifier says which data file an entry refers to (Java's
// FileEntry.Identifier). An ADD and a later DELETE with equal identifiers
// cancel out. It is comparable, so it can key a map.
type Identifier struct {
	Partition string // serialized BinaryRow bytes
	Bucket    int32
	Level     int32
	FileName  string
	// ExtraFiles is the extra file names, each length-prefixed so that
	// different lists never collide.
	ExtraFiles       string
	EmbeddedIndex    string
	HasEmbeddedIndex bool
	ExternalPath     string
	HasExternalPath  bool
}

// Identifier returns the entry's file identifier.
func (e *ManifestEntry) Identifier() Identifier {
	id := Identifier{
		Partition:        string(e.Partition),
		Bucket:           e.Bucket,
		Level:            e.File.Level,
		FileName:         e.File.FileName,
		EmbeddedIndex:    string(e.File.EmbeddedIndex),
		HasEmbeddedIndex: e.File.EmbeddedIndex != nil,
	}
	var extra strings.Builder
	for _, f := range e.File.ExtraFiles {
		extra.WriteString(strconv.Itoa(len(f)))
		extra.WriteByte(':')
		extra.WriteString(f)
	}
	id.ExtraFiles = extra.String()
	if e.File.ExternalPath != nil {
		id.ExternalPath, id.HasExternalPath = *e.File.ExternalPath, true
	}
	return id
}

func (id Identifier) String() string {
	return fmt.Sprintf("{partition=%x, bucket=%d, level=%d, file=%s}", id.Partition, id.Bucket, id.Level, id.FileName)
}

// MergeEntries applies entries in read order (base manifest list, then
// delta) and returns what remains: live ADD entries, plus DELETE entries whose
// ADD was not among the input. An ADD and a later DELETE of the same
// identifier cancel. Adding an identifier that is already present is an
// error, as in Java. The result keeps the order in which the survivors were
// first inserted.
func MergeEntries(entries []ManifestEntry) ([]ManifestEntry, error) {
	// Ordered map: slots hold survivors in insertion order; removed ones are
	// marked dead and skipped at the end.
	type slot struct {
		entry ManifestEntry
		dead  bool
	}
	slots := make([]slot, 0, len(entries))
	index := make(map[Identifier]int, len(entries))
	for _, e := range entries {
		id := e.Identifier()
		i, present := index[id]
		switch e.Kind {
		case Add:
			if present {
				return nil, fmt.Errorf("manifest: trying to add file %s which is already present (%s)", id, slots[i].entry.Kind)
			}
			index[id] = len(slots)
			slots = append(slots, slot{entry: e})
		case Delete:
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
	out := make([]ManifestEntry, 0, len(index))
	for _, s := range slots {
		if !s.dead {
			out = append(out, s.entry)
		}
	}
	return out, nil
}
