package fluss

import (
	"strings"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// Option keys Fluss writes into the Paimon tables it creates.
const (
	// flussPrefix prefixes every Fluss table property copied into Paimon.
	flussPrefix = "fluss."
	// flussTablePrefix prefixes Fluss's own table properties (as opposed to
	// custom ones), e.g. fluss.table.replication.factor.
	flussTablePrefix = flussPrefix + "table."
	// FormatOption names the lake format of a Fluss table.
	FormatOption = flussTablePrefix + "datalake.format"
	paimonFormat = "paimon"
)

// IsFlussLakeTable tells whether a Paimon table's options show that Fluss
// created it, so that the layout rules apply.
//
// Fluss's coordinator always fills in fluss.table.datalake.format before it
// creates the lake table, so that option decides when present: a table that
// names another format was not tiered by Fluss into Paimon. Older or hand-made
// tables without it are recognised by what Fluss always sets together: some
// fluss.table.* property and partition.legacy-name = false. The value of
// fluss.table.datalake.enabled does not matter: disabling the lake keeps the
// table (and its layout) for a later re-enable.
func IsFlussLakeTable(opts map[string]string) bool {
	if format, ok := opts[FormatOption]; ok {
		return strings.EqualFold(strings.TrimSpace(format), paimonFormat)
	}
	legacyName, err := options.PartitionLegacyName.Get(options.Options(opts))
	if err != nil || legacyName {
		return false
	}
	for k := range opts {
		if strings.HasPrefix(k, flussTablePrefix) {
			return true
		}
	}
	return false
}
