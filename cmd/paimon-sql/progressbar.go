package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/paimon-sql/paimon-sql/core/expire"
)

// progressBarWidth is the number of cells of a bar.
const progressBarWidth = 30

// progressBar redraws one line per phase of an expiration on a terminal:
//
//	deleting data files              [#############-----------------]  43/100
//
// A finished phase keeps its line. The line is redrawn when the percentage
// changes, not for each of thousands of files.
type progressBar struct {
	w       io.Writer
	phase   expire.Phase
	percent int
}

// draw shows p, ending the previous phase's line when the phase changes.
func (b *progressBar) draw(p expire.Progress) {
	percent := 100
	if p.Total > 0 {
		percent = p.Done * 100 / p.Total
	}
	if p.Phase == b.phase && percent == b.percent {
		return
	}
	if b.phase != "" && p.Phase != b.phase {
		fmt.Fprintln(b.w)
	}
	b.phase, b.percent = p.Phase, percent
	filled := 0
	if p.Total > 0 {
		filled = min(progressBarWidth, p.Done*progressBarWidth/p.Total)
	}
	fmt.Fprintf(b.w, "\rdeleting %-36s [%s%s] %d/%d", p.Phase,
		strings.Repeat("#", filled), strings.Repeat("-", progressBarWidth-filled), p.Done, p.Total)
}

// finish ends the last line.
func (b *progressBar) finish() {
	if b.phase != "" {
		fmt.Fprintln(b.w)
	}
}

// expireProgress is how expire-snapshots shows progress: a bar on stdout
// when it is a terminal, else a line per report on stderr (logs of cron
// jobs). done ends the display.
func expireProgress() (report func(expire.Progress), done func()) {
	if term.IsTerminal(int(os.Stdout.Fd())) {
		b := &progressBar{w: os.Stdout}
		return b.draw, b.finish
	}
	return func(p expire.Progress) {
		fmt.Fprintf(os.Stderr, "%s: %d/%d\n", p.Phase, p.Done, p.Total)
	}, func() {}
}
