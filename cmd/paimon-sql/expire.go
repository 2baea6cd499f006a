package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/procedures"
)

// expireSnapshots is `paimon-sql expire-snapshots`: the procedure for cron
// jobs, with the same arguments and rules, printing progress and a summary.
func expireSnapshots(ctx context.Context, args []string) error {
	f := newEnvFlags("expire-snapshots")
	warehouse := f.String("warehouse", "", "warehouse URL (required): a path, file://, s3://bucket/prefix?..., gs://, azblob://")
	tableName := f.String("table", "", "the table, as database.table (required)")
	retainMax := f.String("retain-max", "", "keep at most this many snapshots (default: snapshot.num-retained.max)")
	retainMin := f.String("retain-min", "", "keep at least this many snapshots (default: snapshot.num-retained.min)")
	olderThan := f.String("older-than", "", "expire snapshots whose successor was committed before this instant: epoch milliseconds or 'yyyy-MM-dd HH:mm:ss[.SSS]' in the local time zone (default: now - snapshot.time-retained)")
	maxDeletes := f.String("max-deletes", "", "expire at most this many snapshots (default: snapshot.expire.limit)")
	opts := f.String("options", "", "dynamic table options for this run, k1=v1,k2=v2")
	dryRun := f.Bool("dry-run", false, "print what would be deleted and delete nothing")
	catalogs := defineCatalogFlags(f)
	if err := f.Parse(args); err != nil {
		return err
	}
	if *warehouse == "" || *tableName == "" {
		return fmt.Errorf("expire-snapshots needs --warehouse and --table")
	}
	db, name, ok := strings.Cut(*tableName, ".")
	if !ok {
		return fmt.Errorf("--table %q: write database.table", *tableName)
	}
	name, branch, _ := strings.Cut(name, "$branch_")
	req, err := procedures.ParseExpireArgs(procedures.ExpireArgs(*retainMax, *retainMin, *olderThan, *maxDeletes, *opts, fmt.Sprint(*dryRun)), time.Local)
	if err != nil {
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
	t, err := table.OpenIn(ctx, fsys, ms, db, name, branch)
	if err != nil {
		return err
	}
	progress, progressDone := expireProgress()
	start := time.Now()
	res, err := procedures.RunExpire(sql.NewContext(ctx), t, req, progress)
	progressDone()
	if err != nil {
		return err
	}
	maxPaths := 0
	if *dryRun {
		maxPaths = len(res.Paths)
	}
	for _, line := range procedures.DescribeExpire(res, maxPaths) {
		fmt.Println(line)
	}
	fmt.Printf("%s: %d snapshots expired, %d files, in %v\n", t.FullName(), res.Expired, res.Files(), time.Since(start).Round(time.Millisecond))
	return nil
}
