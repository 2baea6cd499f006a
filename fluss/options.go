package fluss

import (
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// ownedOptions are the Paimon options Fluss sets itself on every lake table:
// it refuses them from users, and re-enabling tiering requires them unchanged.
var ownedOptions = []string{options.Bucket, options.BucketKey, options.PartitionLegacyName}

// immutableOptions are Paimon 1.4.2's CoreOptions.IMMUTABLE_OPTIONS, which
// Fluss requires unchanged on re-enable and refuses in ALTER. core/schema
// keeps the same list unexported for its own checks.
var immutableOptions = []string{
	"bucket-key", "bucket-function.type", "data-file.path-directory",
	"merge-engine", "aggregation.remove-record-on-delete",
	"partial-update.remove-record-on-delete", "partial-update.remove-record-on-sequence-group",
	"rowkind.field", "primary-key", "partition", "force-lookup",
	"row-tracking.enabled", "data-evolution.enabled", "index-file-in-data-file-dir",
	"blob-descriptor-field", "blob-external-storage-path", "blob-external-storage-field",
	"pk-clustering-override",
}

// optionError explains why a Fluss lake table's option cannot be set or
// reset, or returns "".
func optionError(key string) string {
	switch {
	case slices.Contains(ownedOptions, key):
		return "Fluss sets it when it creates the table and requires it unchanged"
	case slices.Contains(immutableOptions, key):
		return "it is immutable on Fluss lake tables"
	case strings.HasPrefix(key, flussPrefix):
		return "fluss.* options mirror the Fluss table's properties; change the property in Fluss"
	}
	return ""
}
