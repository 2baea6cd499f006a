package main

import (
	"bytes"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/expire"
)

func TestProgressBar(t *testing.T) {
	var out bytes.Buffer
	b := &progressBar{w: &out}
	b.draw(expire.Progress{Phase: expire.PhaseData, Done: 0, Total: 4})
	b.draw(expire.Progress{Phase: expire.PhaseData, Done: 2, Total: 4})
	b.draw(expire.Progress{Phase: expire.PhaseData, Done: 2, Total: 4}) // unchanged: not redrawn
	b.draw(expire.Progress{Phase: expire.PhaseSnapshots, Done: 1, Total: 1})
	b.finish()
	want := "\rdeleting data files                           [------------------------------] 0/4" +
		"\rdeleting data files                           [###############---------------] 2/4\n" +
		"\rdeleting snapshot files                       [##############################] 1/1\n"
	if got := out.String(); got != want {
		t.Errorf("bar:\n%q\nwant:\n%q", got, want)
	}
}
