package format_test

import (
	"github.com/paimon-sql/paimon-sql/core/format"
	"github.com/paimon-sql/paimon-sql/core/manifest"
)

// The manifest readers for the tests of package format (stats_fixture_test.go).
func init() {
	format.ReadManifest = manifest.ReadManifest
	format.ReadManifestList = manifest.ReadManifestList
}
