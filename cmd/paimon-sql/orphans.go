package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/procedures"
)

// removeOrphanFiles is `paimon-sql remove-orphan-files`: the procedure for
// cron jobs, with the same arguments and rules, printing progress and a
// summary.
func removeOrphanFiles(ctx context.Context, args []string) error {
	f := newEnvFlags("remove-orphan-files")
	warehouse := f.String("warehouse", "", "warehouse URL (required): a path, file://, s3://bucket/prefix?..., gs://, azblob://")
	tableName := f.String("table", "", "the table, as database.table, or database.* for every table of the database (required)")
	olderThan := f.String("older-than", "", "remove only files modified before this instant: epoch milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]' in the local time zone (default: one day ago)")
	parallelism := f.String("parallelism", "", "concurrent file operations, 1 to 1024 (default: the number of CPUs)")
	mode := f.String("mode", "", "Java's 'local' or 'distributed'; both clean in this process")
	externalRoots := f.List("allow-external-path", "a location under which the tables put data files (data-file.external-paths), as for the server; repeat the flag for several")
	dryRun := f.Bool("dry-run", false, "print the orphan files and delete nothing")
	catalogs := defineCatalogFlags(f)
	if err := f.Parse(args); err != nil {
		return err
	}
	if *warehouse == "" || *tableName == "" {
		return fmt.Errorf("remove-orphan-files needs --warehouse and --table")
	}
	db, name, ok := strings.Cut(*tableName, ".")
	if !ok || name == "" {
		return fmt.Errorf("--table %q: write database.table or database.*", *tableName)
	}
	if err := fs.AllowExternalRoots(*externalRoots); err != nil {
		return err
	}
	req, err := procedures.ParseOrphanArgs(procedures.OrphanArgs(*olderThan, fmt.Sprint(*dryRun), *parallelism, *mode), time.Local, time.Now())
	if err != nil {
		return err
	}
	fsys, err := fs.Open(ctx, *warehouse)
	if err != nil {
		return err
	}
	defer fsys.Close()
	ms, closeCatalog, err := catalogs.open(ctx, fsys)
	if err != nil {
		return err
	}
	defer func() { _ = closeCatalog() }()
	names := []string{name}
	if name == "*" {
		if names, err = procedures.DatabaseTables(ctx, ms, db); err != nil {
			return err
		}
	}
	tables, err := procedures.OpenTables(ctx, fsys, ms, db, names)
	if err != nil {
		return err
	}
	report, progressDone := stepProgress()
	progress := func(t *table.Table, done, total int) { report(t.FullName(), done, total) }
	start := time.Now()
	results, runErr := procedures.RunOrphans(sql.NewContext(ctx), tables, req, progress)
	progressDone()
	maxPaths := 0
	if *dryRun {
		maxPaths = -1
	}
	for _, line := range procedures.DescribeOrphans(results, maxPaths) {
		fmt.Println(line)
	}
	if runErr != nil {
		return runErr
	}
	var files, bytes int64
	for _, r := range results {
		files += int64(len(r.Files))
		bytes += r.Bytes
	}
	verb := "deleted"
	if *dryRun {
		verb = "would delete"
	}
	fmt.Printf("%s: %s %d orphan files (%d bytes) in %d tables, in %v\n", *tableName, verb, files, bytes, len(results), time.Since(start).Round(time.Millisecond))
	return nil
}
