package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// runCLI runs the command line in process and returns its exit status,
// stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), args, &errOut)
	return code, out.String(), errOut.String()
}

func TestHelpListsEveryCommand(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, out, _ := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d", args, code)
		}
		for name, cmd := range commands {
			if !strings.Contains(out, name) || !strings.Contains(out, cmd.summary) {
				t.Errorf("%q does not list %s with its summary:\n%s", args, name, out)
			}
		}
	}
}

func TestCommandHelpListsFlags(t *testing.T) {
	code, out, errOut := runCLI(t, "serve", "--help")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"usage: paimon-sql serve [flags]", "-warehouse", "-log-format", "-metrics-listen", "PAIMON_SQL_LISTEN"} {
		if !strings.Contains(out, want) {
			t.Errorf("serve --help lacks %q:\n%s", want, out)
		}
	}
}

func TestUnknownFlagPrintsOneLineAndAHint(t *testing.T) {
	for _, args := range [][]string{{"--nope"}, {"serve", "--nope"}, {"expire-snapshots", "--nope"}} {
		code, out, errOut := runCLI(t, args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
		if out != "" {
			t.Errorf("%q printed to stdout: %q", args, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "-nope") || !strings.Contains(errOut, "--help") {
			t.Errorf("%q: want one line naming the flag with a hint, got %q", args, errOut)
		}
	}
	code, _, errOut := runCLI(t, "frobnicate")
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "paimon-sql help") {
		t.Errorf("unknown command: exit %d, %q", code, errOut)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, _ := runCLI(t, args...)
		if code != 0 || !strings.HasPrefix(out, "paimon-sql ") || !strings.Contains(out, "\ngo: go1.") {
			t.Errorf("%q: exit %d, %q", args, code, out)
		}
	}
	bi := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/paimon-sql/paimon-sql", Version: "v0.3.0"},
		Deps:      []*debug.Module{{Path: gmsModule, Version: "v0.20.0"}, {Path: "github.com/other", Version: "v1.0.0"}},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "4befe6e0123"},
			{Key: "vcs.time", Value: "2026-12-01T07:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	want := "paimon-sql v0.3.0\ncommit: 4befe6e0123-dirty (2026-12-01T07:00:00Z)\ngo: go1.26.8\ngo-mysql-server: v0.20.0\n"
	if got := versionText(bi); got != want {
		t.Errorf("versionText:\n%s\nwant:\n%s", got, want)
	}
	if got := versionText(nil); !strings.Contains(got, "commit: unknown") {
		t.Errorf("versionText(nil) = %q", got)
	}
}
