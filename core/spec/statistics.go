package spec

import (
	"encoding/json"
	"reflect"
)

// Statistics is one statistics/stat-<uuid> file (Java's Statistics), which
// ANALYZE TABLE writes and a snapshot's "statistics" names.
type Statistics struct {
	SnapshotID        int64  `json:"snapshotId"`
	SchemaID          int64  `json:"schemaId"`
	MergedRecordCount *int64 `json:"mergedRecordCount"`
	MergedRecordSize  *int64 `json:"mergedRecordSize"`
	// ColStats is the column statistics object as the file has it (Java's
	// ColStats per column name), nil when absent.
	ColStats json.RawMessage `json:"colStats"`
	// Unknown keeps the fields of a newer Java, so that the codec's round
	// trip loses none.
	Unknown Unknown `json:"-"`
}

var statisticsKeys = jsonKeys(reflect.TypeFor[Statistics]())

// ParseStatistics decodes a statistics file.
func ParseStatistics(data []byte) (*Statistics, error) {
	var s Statistics
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if string(s.ColStats) == "null" {
		s.ColStats = nil
	}
	u, err := keepUnknown(data, statisticsKeys, nil)
	if err != nil {
		return nil, err
	}
	s.Unknown = u
	return &s, nil
}
