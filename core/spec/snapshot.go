package spec

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Commit kinds.
const (
	KindAppend    = "APPEND"
	KindCompact   = "COMPACT"
	KindOverwrite = "OVERWRITE"
	KindAnalyze   = "ANALYZE"
)

// Snapshot is one snapshot-N file (also the body of a tag file and of a
// changelog-N file), its fields in the order of Java 1.4.2's Snapshot
// @JsonCreator. A nil field is left out when written, as Java leaves out its
// null NON_NULL properties; the record counts, primitive longs in Java, are
// always written (0 when nil).
type Snapshot struct {
	Version                   int               `json:"version"`
	ID                        int64             `json:"id"`
	SchemaID                  int64             `json:"schemaId"`
	BaseManifestList          string            `json:"baseManifestList"`
	BaseManifestListSize      *int64            `json:"baseManifestListSize"`
	DeltaManifestList         string            `json:"deltaManifestList"`
	DeltaManifestListSize     *int64            `json:"deltaManifestListSize"`
	ChangelogManifestList     *string           `json:"changelogManifestList"`
	ChangelogManifestListSize *int64            `json:"changelogManifestListSize"`
	IndexManifest             *string           `json:"indexManifest"`
	CommitUser                string            `json:"commitUser"`
	CommitIdentifier          int64             `json:"commitIdentifier"`
	CommitKind                string            `json:"commitKind"`
	TimeMillis                int64             `json:"timeMillis"`
	TotalRecordCount          *int64            `json:"totalRecordCount"`
	DeltaRecordCount          *int64            `json:"deltaRecordCount"`
	ChangelogRecordCount      *int64            `json:"changelogRecordCount"`
	Watermark                 *int64            `json:"watermark"`
	Statistics                *string           `json:"statistics"`
	Properties                map[string]string `json:"properties"`
	NextRowID                 *int64            `json:"nextRowId"`
	// Unknown keeps the fields of a newer Java (2.0's uuid,
	// writerVersion, operation) for MarshalSnapshot.
	Unknown Unknown `json:"-"`
}

var snapshotKeys = jsonKeys(reflect.TypeFor[Snapshot]())

// notSnapshotKeys are read past without being kept: the tag's own fields
// (tagKeys, kept by the tag codec), and "logOffsets", which Java <= 1.3
// wrote ({ }) and 1.4.2 no longer writes nor reads.
var notSnapshotKeys = append([]string{"logOffsets"}, tagKeys...)

// ParseSnapshot decodes a snapshot JSON file, checking the fields every
// reader needs. A missing version means 1.
func ParseSnapshot(data []byte) (*Snapshot, error) {
	s := &Snapshot{Version: 1}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if s.BaseManifestList == "" || s.DeltaManifestList == "" {
		return nil, fmt.Errorf("snapshot %d has no manifest lists", s.ID)
	}
	switch s.CommitKind {
	case KindAppend, KindCompact, KindOverwrite, KindAnalyze:
	default:
		return nil, fmt.Errorf("snapshot %d has unknown commit kind %q", s.ID, s.CommitKind)
	}
	u, err := keepUnknown(data, snapshotKeys, notSnapshotKeys)
	if err != nil {
		return nil, err
	}
	s.Unknown = u
	return s, nil
}

// MarshalSnapshot encodes a snapshot as Java 1.4.2 writes it
// (docs/design/format.md §3), with the fields it was read with that this
// package does not know at their places. A snapshot read from an older file
// comes out in the 1.4.2 form: without "changelogManifestList" : null and
// "logOffsets", which 1.4.2 readers, like all 1.x readers, do without.
func MarshalSnapshot(s *Snapshot) ([]byte, error) {
	ms, err := snapshotMembers(s)
	if err != nil {
		return nil, err
	}
	return writeMembers(s.Unknown.layout(ms, nil))
}

// snapshotMembers are the known members of s as Java writes them.
func snapshotMembers(s *Snapshot) ([]member, error) {
	j := *s
	total, delta := Int64OrZero(s.TotalRecordCount), Int64OrZero(s.DeltaRecordCount)
	j.TotalRecordCount, j.DeltaRecordCount = &total, &delta
	return membersOf(j)
}

// Int64OrZero returns *p, or 0 for nil.
func Int64OrZero(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// jsonKeys lists the JSON names of a struct's fields, in field order.
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
}
