// Package toolcheck decides what a test does when an external tool it
// needs (the mysql client, a JDK, Maven, python3 and its packages, node,
// SeaweedFS's weed, mariadbd) is missing: it fails, naming the tool and how
// to install it, unless `go test -short` asks to skip the tests that need
// tools. Under CI=true it always fails. A run is thus green only when
// everything ran or when the one running it asked for less; a skip that
// nobody asked for cannot hide a whole area.
package toolcheck

import (
	"os"
	"testing"
)

// Missing ends t because what is not available; install says how to get
// it. It skips under -short (outside CI) and fails otherwise.
func Missing(t testing.TB, what, install string) {
	t.Helper()
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skipf("%s is not available (%s); skipped under -short", what, install)
	}
	t.Fatalf("%s is not available (%s): .ci/run installs the tools the tests need; go test -short skips the tests that need them (not under CI=true)", what, install)
}
