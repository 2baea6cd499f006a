package restcatalog

import (
	"encoding/json"

	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// The JSON bodies of Paimon's REST catalog API (apache/paimon
// docs/static/rest-catalog-open-api.yaml; Java's org.apache.paimon.rest
// requests and responses), with Java's field names.

// Resource types of an error response (Java's ErrorResponse): Java's
// client tells a missing table from a missing snapshot by them.
const (
	resourceDatabase = "DATABASE"
	resourceTable    = "TABLE"
	resourceColumn   = "COLUMN"
	resourceSnapshot = "SNAPSHOT"
	resourceTag      = "TAG"
)

type errorResponse struct {
	Message      string  `json:"message"`
	ResourceType *string `json:"resourceType"`
	ResourceName *string `json:"resourceName"`
	Code         int     `json:"code"`
}

type configResponse struct {
	Defaults  map[string]string `json:"defaults"`
	Overrides map[string]string `json:"overrides"`
}

// audit are the audit fields of database and table responses.
type audit struct {
	Owner     *string `json:"owner"`
	CreatedAt int64   `json:"createdAt"`
	CreatedBy *string `json:"createdBy"`
	UpdatedAt int64   `json:"updatedAt"`
	UpdatedBy *string `json:"updatedBy"`
}

type listDatabasesResponse struct {
	Databases     []string `json:"databases"`
	NextPageToken *string  `json:"nextPageToken"`
}

type createDatabaseRequest struct {
	Name    string            `json:"name"`
	Options map[string]string `json:"options"`
}

type alterDatabaseRequest struct {
	Removals []string          `json:"removals"`
	Updates  map[string]string `json:"updates"`
}

type getDatabaseResponse struct {
	ID       string            `json:"id"`
	Name     string            `json:"name"`
	Location string            `json:"location"`
	Options  map[string]string `json:"options"`
	audit
}

type listTablesResponse struct {
	Tables        []string `json:"tables"`
	NextPageToken *string  `json:"nextPageToken"`
}

type listTableDetailsResponse struct {
	TableDetails  []getTableResponse `json:"tableDetails"`
	NextPageToken *string            `json:"nextPageToken"`
}

// schemaJSON is Java's Schema: a table's definition without ids.
type schemaJSON struct {
	Fields        []types.DataField `json:"fields"`
	PartitionKeys []string          `json:"partitionKeys"`
	PrimaryKeys   []string          `json:"primaryKeys"`
	Options       map[string]string `json:"options"`
	Comment       *string           `json:"comment"`
}

type getTableResponse struct {
	ID         string     `json:"id"`
	Database   string     `json:"database"`
	Name       string     `json:"name"`
	Path       string     `json:"path"`
	IsExternal bool       `json:"isExternal"`
	SchemaID   int64      `json:"schemaId"`
	Schema     schemaJSON `json:"schema"`
	audit
}

type identifierJSON struct {
	Database string `json:"database"`
	Object   string `json:"object"`
}

type createTableRequest struct {
	Identifier identifierJSON `json:"identifier"`
	Schema     schemaJSON     `json:"schema"`
}

// tableSnapshot is Java's TableSnapshot: the latest snapshot with the
// table's size at it.
type tableSnapshot struct {
	Snapshot             *snapshotJSON `json:"snapshot"`
	RecordCount          int64         `json:"recordCount"`
	FileSizeInBytes      int64         `json:"fileSizeInBytes"`
	FileCount            int64         `json:"fileCount"`
	LastFileCreationTime int64         `json:"lastFileCreationTime"`
}

type getTableSnapshotResponse struct {
	Snapshot tableSnapshot `json:"snapshot"`
}

type getVersionSnapshotResponse struct {
	Snapshot *snapshotJSON `json:"snapshot"`
}

type listSnapshotsResponse struct {
	Snapshots     []*snapshotJSON `json:"snapshots"`
	NextPageToken *string         `json:"nextPageToken"`
}

// snapshotJSON is a snapshot as its file holds it (Java's Snapshot).
type snapshotJSON = spec.Snapshot

type commitTableRequest struct {
	TableID    *string         `json:"tableId"`
	Snapshot   json.RawMessage `json:"snapshot"`
	Statistics json.RawMessage `json:"statistics"`
}

type commitTableResponse struct {
	Success bool `json:"success"`
}
