// Command paimon-sql serves an Apache Paimon warehouse over the MySQL
// protocol.
//
//	paimon-sql [serve] [flags]          serve the warehouse (the default command)
//	paimon-sql expire-snapshots [flags] expire old snapshots of one table
//	paimon-sql remove-orphan-files [flags] remove unreferenced files of a table or database
//	paimon-sql call [flags] PROCEDURE name=value...  run a CALL sys.* procedure
//	paimon-sql version                  print the version (also --version)
//	paimon-sql help                     list the commands (also --help)
//
// Every flag also reads an environment variable, PAIMON_SQL_<FLAG> (for
// example PAIMON_SQL_LISTEN); a flag given on the command line wins.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/paimon-sql/paimon-sql/procedures"
)

// command is a subcommand: run gets the arguments after its name.
type command struct {
	summary string
	run     func(ctx context.Context, args []string) error
}

// commands is filled in init: help lists the commands, so it cannot be
// part of the map's initializer.
var commands map[string]command

func init() {
	commands = map[string]command{
		"serve":               {summary: "serve the warehouse over the MySQL protocol (default)", run: serve},
		"expire-snapshots":    {summary: "expire old snapshots of a table, as CALL sys.expire_snapshots does", run: expireSnapshots},
		"remove-orphan-files": {summary: "remove the files no snapshot, tag or branch of a table references, as CALL sys.remove_orphan_files does", run: removeOrphanFiles},
		"call":                {summary: "run a CALL sys.* procedure (expire_tags, create_branch, ...) on the warehouse without a server", run: callProcedure},
		"version":             {summary: "print the version, commit, Go and go-mysql-server versions", run: printVersion},
		"help":                {summary: "list the commands", run: help},
	}
	// Every other procedure is a command of its own too (expire-partitions,
	// expire-tags, ...), for cron jobs.
	for _, p := range procedures.All() {
		if name := strings.ReplaceAll(p.Name, "_", "-"); commands[name].run == nil {
			commands[name] = procedureCommand(p.Name)
		}
	}
}

// stdout receives what the user asked for (help, version); tests replace it.
var stdout io.Writer = os.Stdout

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stderr))
}

// run runs the command named by args and returns the exit status; errors
// go to stderr as one line.
func run(ctx context.Context, args []string, stderr io.Writer) int {
	name, args := commandOf(args)
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "paimon-sql: unknown command %q (run 'paimon-sql help' for the commands)\n", name)
		return 2
	}
	err := cmd.run(ctx, args)
	var usageErr *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &usageErr):
		fmt.Fprintf(stderr, "paimon-sql %s: %v (run 'paimon-sql %s --help' for the flags)\n", name, usageErr.err, name)
		return 2
	}
	fmt.Fprintln(stderr, "paimon-sql:", err)
	return 1
}

// commandOf splits args into the command name and its arguments: serve
// when the first argument is a flag, version and help for their
// conventional flags.
func commandOf(args []string) (string, []string) {
	if len(args) == 0 {
		return "serve", args
	}
	switch args[0] {
	case "--version", "-version", "-v":
		return "version", args[1:]
	case "--help", "-help", "-h":
		return "help", args[1:]
	}
	if strings.HasPrefix(args[0], "-") {
		return "serve", args
	}
	return args[0], args[1:]
}

func help(_ context.Context, args []string) error {
	if len(args) > 0 {
		if _, ok := commands[args[0]]; ok {
			return commands[args[0]].run(context.Background(), []string{"--help"})
		}
		return &usageError{fmt.Errorf("unknown command %q", args[0])}
	}
	fmt.Fprintln(stdout, "usage: paimon-sql [command] [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stdout, "  %-22s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(stdout, "\nRun 'paimon-sql <command> --help' for the flags of a command.\n"+
		"Every flag also reads PAIMON_SQL_<FLAG> from the environment (e.g. PAIMON_SQL_LISTEN).")
	return nil
}
