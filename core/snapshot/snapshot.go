// Package snapshot owns a table's snapshots, hints, tags, consumers and
// branches (docs/design/format.md §3, §8): reading and writing their files,
// and rollback. Deleting the data files a tag or snapshot kept alive is
// core/expire's.
package snapshot

import (
	"encoding/json"
	"fmt"
)

// Commit kinds.
const (
	KindAppend    = "APPEND"
	KindCompact   = "COMPACT"
	KindOverwrite = "OVERWRITE"
	KindAnalyze   = "ANALYZE"
)

// Snapshot is one snapshot-N file (also the body of a tag file).
type Snapshot struct {
	Version                   int               `json:"version"`
	ID                        int64             `json:"id"`
	SchemaID                  int64             `json:"schemaId"`
	BaseManifestList          string            `json:"baseManifestList"`
	BaseManifestListSize      *int64            `json:"baseManifestListSize,omitempty"`
	DeltaManifestList         string            `json:"deltaManifestList"`
	DeltaManifestListSize     *int64            `json:"deltaManifestListSize,omitempty"`
	ChangelogManifestList     *string           `json:"changelogManifestList,omitempty"`
	ChangelogManifestListSize *int64            `json:"changelogManifestListSize,omitempty"`
	IndexManifest             *string           `json:"indexManifest,omitempty"`
	CommitUser                string            `json:"commitUser"`
	CommitIdentifier          int64             `json:"commitIdentifier"`
	CommitKind                string            `json:"commitKind"`
	TimeMillis                int64             `json:"timeMillis"`
	TotalRecordCount          *int64            `json:"totalRecordCount,omitempty"`
	DeltaRecordCount          *int64            `json:"deltaRecordCount,omitempty"`
	ChangelogRecordCount      *int64            `json:"changelogRecordCount,omitempty"`
	Watermark                 *int64            `json:"watermark,omitempty"`
	Statistics                *string           `json:"statistics,omitempty"`
	Properties                map[string]string `json:"properties,omitempty"`
	NextRowID                 *int64            `json:"nextRowId,omitempty"`
}

// Parse decodes a snapshot JSON file, checking the fields every reader needs.
func Parse(data []byte) (*Snapshot, error) {
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
	return s, nil
}

// Int64 returns *p or 0.
func Int64(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
