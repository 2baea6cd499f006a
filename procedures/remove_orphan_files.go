package procedures

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/orphan"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
	"github.com/paimon-sql/paimon-sql/sqlext"
)

// maxDryRunPaths bounds the paths a dry run lists as warnings.
const maxDryRunPaths = 50

// removeOrphanFiles is CALL sys.remove_orphan_files(table, older_than,
// dry_run, parallelism, mode): Java's LocalOrphanFilesClean over one table
// or, with 'db.*', every table of a database. It returns Spark's row,
// deletedFileCount and deletedFileTotalLenInBytes; a dry run deletes
// nothing and lists the files as warnings (SHOW WARNINGS).
var removeOrphanFiles = Procedure{
	Name:   "remove_orphan_files",
	Params: []string{"table", "older_than", "dry_run", "parallelism", "mode"},
	Returns: sql.Schema{
		{Name: "deletedFileCount", Type: bigintResult},
		{Name: "deletedFileTotalLenInBytes", Type: bigintResult},
	},
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		req, err := ParseOrphanArgs(a, sqlext.SessionLocation(ctx), env.Runtime.Now())
		if err != nil {
			return nil, err
		}
		tables, err := a.orphanTables(ctx, env)
		if err != nil {
			return nil, err
		}
		progress := newProgressReporter(ctx, env, "remove_orphan_files", a.raw(0))
		results, err := RunOrphans(ctx, tables, req, func(t *table.Table, done, total int) {
			progress.report(t.FullName()+" deleting orphan files", done, total)
		})
		lines := DescribeOrphans(results, maxDryRunPaths)
		// SHOW WARNINGS lists the newest first: add the summary last.
		for i := len(lines) - 1; i >= 0; i-- {
			ctx.Warn(1642, "%s", lines[i])
		}
		if err != nil {
			return nil, err
		}
		var files, bytes int64
		for _, r := range results {
			files += int64(len(r.Files))
			bytes += r.Bytes
		}
		return []sql.Row{{files, bytes}}, nil
	},
}

// OrphanArgs are remove_orphan_files arguments given by position, without
// the table ("" for unset), as the command line passes them.
func OrphanArgs(values ...string) Args {
	return Args{proc: removeOrphanFiles.Name, names: removeOrphanFiles.Params, values: append([]string{""}, values...)}
}

// OrphanRequest is a parsed remove_orphan_files call (also the command
// line's).
type OrphanRequest struct {
	OlderThan   time.Time
	DryRun      bool
	Parallelism int
}

// maxParallelism bounds the parallelism argument.
const maxParallelism = 1024

// ParseOrphanArgs reads the arguments after the table, naming the bad one.
// older_than is epoch milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]' in loc,
// before now (Java's rule); it defaults to one day before now.
func ParseOrphanArgs(a Args, loc *time.Location, now time.Time) (OrphanRequest, error) {
	req := OrphanRequest{OlderThan: now.Add(-24 * time.Hour)}
	if a.Given(1) {
		raw, _ := a.String(1, false)
		t, err := parseInstant(raw, loc)
		if err != nil {
			return req, mysqlerr.WrongArguments("sys.%s: argument 'older_than' = '%s': %w", a.proc, raw, err)
		}
		if !t.Before(now) {
			return req, mysqlerr.WrongArguments("sys.%s: argument 'older_than' = '%s' must be before now: files being written that no snapshot references yet would be taken for orphans", a.proc, raw)
		}
		req.OlderThan = t
	}
	if a.Given(2) {
		raw, _ := a.String(2, false)
		b, err := parseBool(raw)
		if err != nil {
			return req, mysqlerr.WrongArguments("sys.%s: argument 'dry_run' = '%s': %w", a.proc, raw, err)
		}
		req.DryRun = b
	}
	n, ok, err := a.Int(3)
	if err != nil {
		return req, err
	}
	if ok {
		if n < 1 || n > maxParallelism {
			return req, mysqlerr.WrongArguments("sys.%s: argument 'parallelism' = %d must be between 1 and %d", a.proc, n, maxParallelism)
		}
		req.Parallelism = int(n)
	}
	if a.Given(4) {
		raw, _ := a.String(4, false)
		// Java's modes; both clean in this process, as LOCAL does (there
		// is no cluster to distribute the work over).
		switch strings.ToUpper(raw) {
		case "LOCAL", "DISTRIBUTED":
		default:
			return req, mysqlerr.WrongArguments("sys.%s: argument 'mode' = '%s': unknown mode; only 'DISTRIBUTED' and 'LOCAL' are supported", a.proc, raw)
		}
	}
	return req, nil
}

// orphanTables opens the table named by the first argument, or every table
// of a database for 'db.*', checking the user's privileges on it before
// anything is read.
func (a Args) orphanTables(ctx *sql.Context, env *Env) ([]*table.Table, error) {
	ident, err := a.String(0, true)
	if err != nil {
		return nil, err
	}
	db, ok := strings.CutSuffix(ident, ".*")
	if !ok {
		t, err := a.Table(ctx, env, 0, destructive...)
		return []*table.Table{t}, err
	}
	// 'db.*' needs the privileges on the database itself, checked before
	// the database is looked up: a refusal naming one of its tables, or a
	// different answer for a database that does not exist, showed a user
	// without them what the database holds.
	if env.Allowed != nil && !env.Allowed(ctx, db, "", destructive...) {
		return nil, sql.ErrDatabaseAccessDeniedForUser.New(ctx.Client().User, db)
	}
	names, err := DatabaseTables(ctx, env.Catalog(), db)
	if err != nil {
		return nil, err
	}
	return OpenTables(ctx, env.FS, env.Catalog(), db, names)
}

// DatabaseTables lists the tables of db; a database that does not exist
// is an error.
func DatabaseTables(ctx context.Context, ms metastore.Metastore, db string) ([]string, error) {
	ok, err := ms.DatabaseExists(ctx, db)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, sql.ErrDatabaseNotFound.New(db)
	}
	return ms.Tables(ctx, db)
}

// OpenTables opens the tables of db named.
func OpenTables(ctx context.Context, fsys *fs.FS, ms metastore.Metastore, db string, names []string) ([]*table.Table, error) {
	out := make([]*table.Table, 0, len(names))
	for _, name := range names {
		t, err := table.OpenIn(ctx, fsys, ms, db, name, "")
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// RunOrphans cleans the tables one after the other. It stops at the first
// error, returning the results of the tables cleaned before.
func RunOrphans(ctx context.Context, tables []*table.Table, req OrphanRequest, progress func(t *table.Table, done, total int)) ([]OrphanResult, error) {
	var out []OrphanResult
	for _, t := range tables {
		cfg := orphan.Config{OlderThan: req.OlderThan, DryRun: req.DryRun, Parallelism: req.Parallelism}
		if progress != nil {
			cfg.Progress = func(done, total int) { progress(t, done, total) }
		}
		res, err := orphan.Clean(ctx, t, cfg)
		if err != nil {
			return out, fmt.Errorf("sys.remove_orphan_files: %w", err)
		}
		out = append(out, OrphanResult{Table: t, Result: res})
	}
	return out, nil
}

// OrphanResult is the cleanup of one table.
type OrphanResult struct {
	Table *table.Table
	orphan.Result
}

// DescribeOrphans summarises the results: per table the files and bytes,
// then up to maxPaths paths in all (relative to the warehouse, or URIs
// under external paths), and the warnings.
func DescribeOrphans(results []OrphanResult, maxPaths int) []string {
	var out []string
	listed, hidden := 0, 0
	for _, r := range results {
		verb := "deleted"
		if r.DryRun {
			verb = "would delete"
		}
		out = append(out, fmt.Sprintf("%s: %s %d orphan files (%d bytes)", r.Table.FullName(), verb, len(r.Files), r.Bytes))
		for _, f := range r.Files {
			if listed == maxPaths {
				hidden++
				continue
			}
			listed++
			out = append(out, fmt.Sprintf("%s orphan file %s (%d bytes)", verb, f.Path, f.Size))
		}
		out = append(out, r.Warnings...)
	}
	if hidden > 0 {
		out = append(out, fmt.Sprintf("... and %d more files", hidden))
	}
	return out
}
