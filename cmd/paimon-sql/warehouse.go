package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// openWarehouse opens the warehouse at url, or without one the default
// warehouse in the home directory, seeded with the demo database when this
// call creates it.
func openWarehouse(ctx context.Context, url string, log *slog.Logger) (*fs.FS, error) {
	if url != "" {
		log.Info("opening warehouse", "url", url)
		return fs.Open(ctx, url)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, fmt.Errorf("no --warehouse and no home directory: %w", err)
	}
	dir := filepath.Join(home, ".paimon-sql", "warehouse")
	_, err = os.Stat(dir)
	create := errors.Is(err, os.ErrNotExist)
	if err != nil && !create {
		return nil, err
	}
	log.Info("opening the default warehouse", "path", dir, "new", create)
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	if create {
		if err := seedDemo(ctx, fsys); err != nil {
			_ = fsys.Close()
			// Without this, the next start would find an empty warehouse.
			_ = os.RemoveAll(dir)
			return nil, fmt.Errorf("create the demo warehouse: %w", err)
		}
	}
	return fsys, nil
}

// localWarehouseDirs is the local directory of the warehouse at url, for the
// server to keep out of reach of SQL file statements; none for object
// stores and memory.
func localWarehouseDirs(url string) []string {
	switch {
	case url == "":
		home, err := os.UserHomeDir()
		if err != nil {
			return nil
		}
		return []string{filepath.Join(home, ".paimon-sql", "warehouse")}
	case strings.HasPrefix(url, "file://"):
		dir, _, _ := strings.Cut(strings.TrimPrefix(url, "file://"), "?")
		return []string{dir}
	case strings.Contains(url, "://"):
		return nil
	}
	return []string{url}
}
