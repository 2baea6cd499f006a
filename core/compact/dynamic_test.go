package compact

import (
	"testing"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// Every key a run takes is a Paimon option (a misspelt one would be
// refused by CheckKeys for every caller).
func TestTuningOptionsAreKnown(t *testing.T) {
	for _, k := range options.CompactionTuningKeys {
		if err := options.CheckKey(k); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
}
