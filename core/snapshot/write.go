package snapshot

import (
	"context"
	"strconv"

	"github.com/paimon-sql/paimon-sql/core/jsonfmt"
)

// snapshotJSON is Snapshot in the property order of Java 1.4.2's
// Snapshot @JsonCreator, with its null rules: the NON_NULL properties are
// omitted when nil, the primitive ones always written.
type snapshotJSON struct {
	Version                   int                `json:"version"`
	ID                        int64              `json:"id"`
	SchemaID                  int64              `json:"schemaId"`
	BaseManifestList          string             `json:"baseManifestList"`
	BaseManifestListSize      *int64             `json:"baseManifestListSize,omitempty"`
	DeltaManifestList         string             `json:"deltaManifestList"`
	DeltaManifestListSize     *int64             `json:"deltaManifestListSize,omitempty"`
	ChangelogManifestList     *string            `json:"changelogManifestList,omitempty"`
	ChangelogManifestListSize *int64             `json:"changelogManifestListSize,omitempty"`
	IndexManifest             *string            `json:"indexManifest,omitempty"`
	CommitUser                string             `json:"commitUser"`
	CommitIdentifier          int64              `json:"commitIdentifier"`
	CommitKind                string             `json:"commitKind"`
	TimeMillis                int64              `json:"timeMillis"`
	TotalRecordCount          int64              `json:"totalRecordCount"`
	DeltaRecordCount          int64              `json:"deltaRecordCount"`
	ChangelogRecordCount      *int64             `json:"changelogRecordCount,omitempty"`
	Watermark                 *int64             `json:"watermark,omitempty"`
	Statistics                *string            `json:"statistics,omitempty"`
	Properties                *map[string]string `json:"properties,omitempty"`
	NextRowID                 *int64             `json:"nextRowId,omitempty"`
}

func toJSON(s *Snapshot) snapshotJSON {
	j := snapshotJSON{
		Version: s.Version, ID: s.ID, SchemaID: s.SchemaID,
		BaseManifestList: s.BaseManifestList, BaseManifestListSize: s.BaseManifestListSize,
		DeltaManifestList: s.DeltaManifestList, DeltaManifestListSize: s.DeltaManifestListSize,
		ChangelogManifestList: s.ChangelogManifestList, ChangelogManifestListSize: s.ChangelogManifestListSize,
		IndexManifest: s.IndexManifest, CommitUser: s.CommitUser, CommitIdentifier: s.CommitIdentifier,
		CommitKind: s.CommitKind, TimeMillis: s.TimeMillis,
		TotalRecordCount: Int64(s.TotalRecordCount), DeltaRecordCount: Int64(s.DeltaRecordCount),
		ChangelogRecordCount: s.ChangelogRecordCount, Watermark: s.Watermark, Statistics: s.Statistics,
		NextRowID: s.NextRowID,
	}
	// Only a nil map is null to Java; an empty one is written as { }.
	if s.Properties != nil {
		j.Properties = &s.Properties
	}
	return j
}

// Marshal encodes a snapshot as Java 1.4.2 writes it (docs/design/format.md §3). A
// snapshot read from an older file comes out in the 1.4.2 form: without
// "changelogManifestList" : null and "logOffsets", which 1.4.2 readers, like
// all 1.x readers, do without.
func Marshal(s *Snapshot) ([]byte, error) { return jsonfmt.Marshal(toJSON(s)) }

// WriteLatestHint overwrites snapshot/LATEST with id: decimal, no newline.
func (m *Manager) WriteLatestHint(ctx context.Context, id int64) error {
	return m.fs.Write(ctx, m.dir+"/"+Latest, []byte(strconv.FormatInt(id, 10)))
}

// WriteEarliestHint overwrites snapshot/EARLIEST with id.
func (m *Manager) WriteEarliestHint(ctx context.Context, id int64) error {
	return m.fs.Write(ctx, m.dir+"/"+Earliest, []byte(strconv.FormatInt(id, 10)))
}
