// Command paimon-sql serves an Apache Paimon warehouse over the MySQL
// protocol.
//
//	paimon-sql [serve] [flags]          serve the warehouse (the default command)
//	paimon-sql expire-snapshots [flags] expire old snapshots of one table
//	paimon-sql remove-orphan-files [flags] remove unreferenced files of a table or database
//
// Every flag also reads an environment variable, PAIMON_SQL_<FLAG> (for
// example PAIMON_SQL_LISTEN); a flag given on the command line wins.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

// command is a subcommand: run gets the arguments after its name.
type command struct {
	summary string
	run     func(ctx context.Context, args []string) error
}

var commands = map[string]command{
	"serve":               {summary: "serve the warehouse over the MySQL protocol (default)", run: serve},
	"expire-snapshots":    {summary: "expire old snapshots of a table, as CALL sys.expire_snapshots does", run: expireSnapshots},
	"remove-orphan-files": {summary: "remove the files no snapshot, tag or branch of a table references, as CALL sys.remove_orphan_files does", run: removeOrphanFiles},
}

func main() {
	name, args := "serve", os.Args[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "paimon-sql: unknown command %q\n\n", name)
		usage()
		os.Exit(2)
	}
	if err := cmd.run(context.Background(), args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "paimon-sql:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: paimon-sql [command] [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-18s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(os.Stderr, "\nRun 'paimon-sql <command> -h' for the flags of a command.")
}
