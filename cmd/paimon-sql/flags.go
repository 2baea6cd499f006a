package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// envName is the environment variable of a flag: --root-password reads
// PAIMON_SQL_ROOT_PASSWORD.
func envName(flagName string) string {
	return "PAIMON_SQL_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// envFlags defines flags whose defaults come from their environment
// variables, and remembers the first bad variable for Parse to report.
type envFlags struct {
	*flag.FlagSet
	err error
}

// newEnvFlags makes the flags of a command. The flag package's own output
// is silenced: Parse prints the usage on --help only, and a bad flag becomes
// a one-line error with a hint.
func newEnvFlags(name string) *envFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &envFlags{FlagSet: fs}
}

// usageError is a mistake on the command line, reported with a hint to
// the command's --help.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// printUsage prints the flags of the command to stdout.
func (f *envFlags) printUsage() {
	fmt.Fprintf(stdout, "usage: paimon-sql %s [flags]\n\nflags:\n", f.Name())
	f.SetOutput(stdout)
	f.PrintDefaults()
	f.SetOutput(io.Discard)
}

func (f *envFlags) String(name, def, usage string) *string {
	if v, ok := os.LookupEnv(envName(name)); ok {
		def = v
	}
	return f.FlagSet.String(name, def, usage+" ["+envName(name)+"]")
}

func (f *envFlags) Bool(name string, def bool, usage string) *bool {
	if v, ok := os.LookupEnv(envName(name)); ok {
		b, err := strconv.ParseBool(v)
		f.setErr(name, v, err)
		def = b
	}
	return f.FlagSet.Bool(name, def, usage+" ["+envName(name)+"]")
}

func (f *envFlags) Uint64(name string, def uint64, usage string) *uint64 {
	if v, ok := os.LookupEnv(envName(name)); ok {
		n, err := strconv.ParseUint(v, 10, 64)
		f.setErr(name, v, err)
		def = n
	}
	return f.FlagSet.Uint64(name, def, usage+" ["+envName(name)+"]")
}

func (f *envFlags) Duration(name string, def time.Duration, usage string) *time.Duration {
	if v, ok := os.LookupEnv(envName(name)); ok {
		d, err := time.ParseDuration(v)
		f.setErr(name, v, err)
		def = d
	}
	return f.FlagSet.Duration(name, def, usage+" ["+envName(name)+"]")
}

// List defines a repeatable flag; its environment variable holds the
// values separated by commas.
func (f *envFlags) List(name, usage string) *[]string {
	var l listFlag
	if v, ok := os.LookupEnv(envName(name)); ok {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				l.values = append(l.values, s)
			}
		}
	}
	f.FlagSet.Var(&l, name, usage+" (repeatable) ["+envName(name)+", comma-separated]")
	return &l.values
}

// listFlag collects the values of a repeated flag; the command line
// replaces the environment's.
type listFlag struct {
	values  []string
	fromCLI bool
}

func (l *listFlag) String() string { return strings.Join(l.values, ",") }

func (l *listFlag) Set(v string) error {
	if !l.fromCLI {
		l.values, l.fromCLI = nil, true
	}
	l.values = append(l.values, v)
	return nil
}

func (f *envFlags) setErr(name, value string, err error) {
	if err != nil && f.err == nil {
		f.err = fmt.Errorf("%s=%q: %w", envName(name), value, err)
	}
}

// Parse parses args after checking the environment variables.
func (f *envFlags) Parse(args []string) error {
	rest, err := f.ParseWithArgs(args)
	if err == nil && len(rest) > 0 {
		return &usageError{fmt.Errorf("unexpected arguments: %q", rest)}
	}
	return err
}

// ParseWithArgs parses the flags and returns the arguments after them, for
// a command that takes some.
func (f *envFlags) ParseWithArgs(args []string) ([]string, error) {
	if f.err != nil {
		return nil, f.err
	}
	if err := f.FlagSet.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			f.printUsage()
			return nil, err
		}
		return nil, &usageError{err}
	}
	return f.Args(), nil
}
