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

// progressBar redraws one line per step (a phase of an expiration, a step
// of a procedure) on a terminal:
//
//	deleting data files              [#############-----------------]  43/100
//
// A finished step keeps its line. The line is redrawn when the percentage
// changes, not for each of thousands of files.
type progressBar struct {
	w       io.Writer
	label   string
	percent int
}

// draw shows p.
func (b *progressBar) draw(p expire.Progress) {
	b.show("deleting "+string(p.Phase), p.Done, p.Total)
}

// show shows the progress of step label, ending the previous step's line
// when the step changes.
func (b *progressBar) show(label string, done, total int) {
	percent := 100
	if total > 0 {
		percent = done * 100 / total
	}
	if label == b.label && percent == b.percent {
		return
	}
	if b.label != "" && label != b.label {
		fmt.Fprintln(b.w)
	}
	b.label, b.percent = label, percent
	filled := 0
	if total > 0 {
		filled = min(progressBarWidth, done*progressBarWidth/total)
	}
	fmt.Fprintf(b.w, "\r%-45s [%s%s] %d/%d", label,
		strings.Repeat("#", filled), strings.Repeat("-", progressBarWidth-filled), done, total)
}

// finish ends the last line.
func (b *progressBar) finish() {
	if b.label != "" {
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

// stepProgress is how the call command shows a procedure's progress: a
// bar on stdout when it is a terminal, else a line per report on stderr.
func stepProgress() (report func(step string, done, total int), done func()) {
	if term.IsTerminal(int(os.Stdout.Fd())) {
		b := &progressBar{w: os.Stdout}
		return b.show, b.finish
	}
	return func(step string, done, total int) {
		fmt.Fprintf(os.Stderr, "%s: %d/%d\n", step, done, total)
	}, func() {}
}
