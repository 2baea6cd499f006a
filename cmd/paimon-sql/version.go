package main

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
)

// version is the release version; a release build sets it with
// -ldflags "-X main.version=v1.2.3". Otherwise the module version from the
// build info is shown (a version for `go install ...@v1.2.3`, "(devel)"
// for a build from a checkout).
var version string

const gmsModule = "github.com/dolthub/go-mysql-server"

func printVersion(_ context.Context, args []string) error {
	f := newEnvFlags("version")
	if err := f.Parse(args); err != nil {
		return err
	}
	bi, _ := debug.ReadBuildInfo()
	fmt.Fprint(stdout, versionText(bi))
	return nil
}

// versionText describes the build: version, commit (from the VCS stamp the
// go command records when building in a git checkout), Go and
// go-mysql-server versions. bi may be nil (a binary without build info).
func versionText(bi *debug.BuildInfo) string {
	v, commit, goVersion, gms := version, "unknown", "unknown", "unknown"
	if bi != nil {
		if v == "" {
			v = bi.Main.Version
		}
		goVersion = bi.GoVersion
		commit = vcsCommit(bi.Settings)
		for _, d := range bi.Deps {
			if d.Path == gmsModule {
				gms = d.Version
			}
		}
	}
	if v == "" {
		v = "(devel)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "paimon-sql %s\n", v)
	fmt.Fprintf(&b, "commit: %s\n", commit)
	fmt.Fprintf(&b, "go: %s\n", goVersion)
	fmt.Fprintf(&b, "go-mysql-server: %s\n", gms)
	return b.String()
}

// vcsCommit is the revision and time of the build's checkout, marked
// "-dirty" when it had local changes; "unknown" without a VCS stamp
// (go build -buildvcs=false, or a build outside a checkout).
func vcsCommit(settings []debug.BuildSetting) string {
	var rev, at string
	dirty := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if dirty {
		rev += "-dirty"
	}
	if at != "" {
		rev += " (" + at + ")"
	}
	return rev
}
