package fluss

import (
	"slices"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// ownedOptions are the Paimon options Fluss sets itself on every lake table:
// it refuses them from users, and re-enabling tiering requires them unchanged.
var ownedOptions = []string{options.Bucket.Key, options.BucketKey.Key, options.PartitionLegacyName.Key}

// optionError explains why a Fluss lake table's option cannot be set or
// reset, or returns "".
func optionError(key string) string {
	switch {
	case slices.Contains(ownedOptions, key):
		return "Fluss sets it when it creates the table and requires it unchanged"
	case options.IsImmutable(key): // Fluss requires them unchanged on re-enable
		return "it is immutable on Fluss lake tables"
	case strings.HasPrefix(key, flussPrefix):
		return "fluss.* options mirror the Fluss table's properties; change the property in Fluss"
	}
	return ""
}
