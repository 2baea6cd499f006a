package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/metastore/hive"
	"github.com/paimon-sql/paimon-sql/core/metastore/jdbc"
)

// catalogFlags choose where the warehouse's databases and tables are
// registered: its directories (Java's filesystem catalog), a JDBC catalog
// or a Hive Metastore, with Java's catalog options.
type catalogFlags struct {
	kind         *string
	options      *[]string
	passwordFile *string
}

func defineCatalogFlags(f *envFlags) catalogFlags {
	return catalogFlags{
		kind: f.String("catalog", "filesystem", "where databases and tables are registered: filesystem (the warehouse's directories), jdbc\n"+
			"(Paimon's JDBC catalog) or hive (a Hive Metastore); their options with --catalog-option"),
		options: f.List("catalog-option", "an option of the catalog as Java names it, key=value: uri=jdbc:sqlite:/path (or jdbc:mysql://host:port/db,\n"+
			"jdbc:postgresql://host:port/db), jdbc.user, jdbc.password, catalog-key, lock.enabled, lock-acquire-timeout, lock-check-max-sleep;\n"+
			"for hive: uri=thrift://host:9083, lock.enabled, lock-acquire-timeout, lock-check-max-sleep, sync-all-properties, table.type"),
		passwordFile: f.String("catalog-password-file", "", "file holding the JDBC catalog's jdbc.password (instead of --catalog-option)"),
	}
}

// open returns the catalog the flags choose, and what closes it.
func (c catalogFlags) open(ctx context.Context, fsys *fs.FS) (metastore.Metastore, func() error, error) {
	opts := map[string]string{}
	for _, kv := range *c.options {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, nil, &usageError{fmt.Errorf("--catalog-option %q: want key=value", kv)}
		}
		opts[strings.TrimSpace(k)] = v
	}
	if *c.passwordFile != "" {
		data, err := os.ReadFile(*c.passwordFile)
		if err != nil {
			return nil, nil, fmt.Errorf("--catalog-password-file: %w", err)
		}
		opts["jdbc.password"] = strings.TrimRight(string(data), "\r\n")
	}
	switch *c.kind {
	case "filesystem":
		if len(opts) > 0 {
			return nil, nil, &usageError{fmt.Errorf("--catalog-option needs --catalog jdbc or hive: the filesystem catalog has no options")}
		}
		return metastore.NewFilesystem(fsys), func() error { return nil }, nil
	case "jdbc":
		cat, err := jdbc.Open(ctx, fsys, opts)
		if err != nil {
			return nil, nil, err
		}
		return cat, cat.Close, nil
	case "hive":
		if *c.passwordFile != "" {
			return nil, nil, &usageError{fmt.Errorf("--catalog-password-file is for the JDBC catalog")}
		}
		cat, err := hive.Open(ctx, fsys, opts)
		if err != nil {
			return nil, nil, err
		}
		return cat, cat.Close, nil
	}
	return nil, nil, &usageError{fmt.Errorf("--catalog %q: want filesystem, jdbc or hive", *c.kind)}
}
