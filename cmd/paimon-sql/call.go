package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/procedures"
)

// callProcedure is `paimon-sql call PROCEDURE name=value...`: any CALL
// sys.* procedure for cron jobs, with the same arguments (by name) and
// rules, on the warehouse directly. It prints the procedure's warnings
// (what SHOW WARNINGS would list), its result as tab-separated lines under
// a header, and a summary; progress goes to a bar on a terminal.
func callProcedure(ctx context.Context, args []string) error {
	return runProcedure(ctx, "call", "", args)
}

// procedureCommand is `paimon-sql <procedure>` (expire-partitions,
// expire-tags, ...): `paimon-sql call <procedure>` under the procedure's
// name, its underscores as dashes, for cron jobs.
func procedureCommand(name string) command {
	return command{
		summary: fmt.Sprintf("CALL sys.%s on the warehouse without a server, arguments as name=value", name),
		run: func(ctx context.Context, args []string) error {
			return runProcedure(ctx, strings.ReplaceAll(name, "_", "-"), name, args)
		},
	}
}

// runProcedure is the call command (proc empty: the procedure is the
// first argument after the flags) or a procedure's own command.
func runProcedure(ctx context.Context, cmdName, procName string, args []string) error {
	f := newEnvFlags(cmdName)
	warehouse := f.String("warehouse", "", "warehouse URL (required): a path, file://, s3://bucket/prefix?..., gs://, azblob://")
	externalRoots := f.List("allow-external-path", "a location under which the tables put data files (data-file.external-paths), as for the server; repeat the flag for several")
	catalogs := defineCatalogFlags(f)
	rest, err := f.ParseWithArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		if procName == "" {
			printProcedures(stdout, procedures.All())
		} else if p, ok := procedures.Lookup(procName); ok {
			printProcedures(stdout, []procedures.Procedure{p})
		}
		return err
	}
	if err != nil {
		return err
	}
	if procName == "" {
		if len(rest) == 0 {
			return &usageError{fmt.Errorf("name the procedure: paimon-sql call --warehouse URL PROCEDURE [name=value]")}
		}
		procName, rest = rest[0], rest[1:]
	}
	proc, ok := procedures.Lookup(procName)
	if !ok {
		return &usageError{fmt.Errorf("unknown procedure %q", procName)}
	}
	values, err := proc.BindNamed(rest)
	if err != nil {
		return &usageError{err}
	}
	if *warehouse == "" {
		return &usageError{fmt.Errorf("call needs --warehouse")}
	}
	if err := fs.AllowExternalRoots(*externalRoots); err != nil {
		return err
	}
	fsys, err := openExisting(ctx, *warehouse, false, slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer fsys.Close()
	ms, closeCatalog, err := catalogs.open(ctx, fsys)
	if err != nil {
		return err
	}
	defer func() { _ = closeCatalog() }()
	progress, progressDone := stepProgress()
	env := &procedures.Env{FS: fsys, Metastore: ms, Progress: progress, Runtime: table.NewRuntime()}
	sctx := sql.NewContext(ctx)
	start := time.Now()
	rows, err := proc.Call(sctx, env, values)
	progressDone()
	// The maintenance a commit started in the background
	// (snapshot.expire.execution-mode = async) ends before the process
	// does, not between its deletions.
	if werr := env.Runtime.Wait(ctx); err == nil {
		err = werr
	}
	for _, w := range sctx.Session.Warnings() {
		fmt.Fprintln(stdout, w.Message)
	}
	if err != nil {
		return err
	}
	printRows(stdout, proc.Returns, rows)
	fmt.Fprintf(stdout, "sys.%s: %d rows in %v\n", proc.Name, len(rows), time.Since(start).Round(time.Millisecond))
	return nil
}

// printRows prints a header of the column names and a line per row, the
// values separated by tabs (as mysql --batch).
func printRows(w io.Writer, schema sql.Schema, rows []sql.Row) {
	names := make([]string, len(schema))
	for i, c := range schema {
		names[i] = c.Name
	}
	fmt.Fprintln(w, strings.Join(names, "\t"))
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, v := range r {
			cells[i] = fmt.Sprint(v)
		}
		fmt.Fprintln(w, strings.Join(cells, "\t"))
	}
}

// printProcedures lists the procedures and their arguments for --help.
func printProcedures(w io.Writer, procs []procedures.Procedure) {
	fmt.Fprintln(w, "\nprocedures (arguments as name=value; see docs/sql.md, section 10):")
	for _, p := range procs {
		fmt.Fprintf(w, "  %-22s %s\n", p.Name, strings.Join(p.Params, " "))
	}
}
