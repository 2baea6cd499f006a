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
// call creates it. A warehouse at url must exist (a mistyped path must not
// become a new empty warehouse) unless create is set.
func openWarehouse(ctx context.Context, url string, create bool, log *slog.Logger) (*fs.FS, error) {
	if url != "" {
		log.Info("opening warehouse", "url", url)
		return openExisting(ctx, url, create, log)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, fmt.Errorf("no --warehouse and no home directory: %w", err)
	}
	dir := filepath.Join(home, ".paimon-sql", "warehouse")
	_, err = os.Stat(dir)
	fresh := errors.Is(err, os.ErrNotExist)
	if err != nil && !fresh {
		return nil, err
	}
	log.Info("opening the default warehouse", "path", dir, "new", fresh)
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	if fresh {
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

// errNoWarehouse is the refusal to open a warehouse that is not there.
var errNoWarehouse = errors.New("does not exist (give --create-warehouse to create a new, empty warehouse there)")

// openExisting opens the warehouse at url when it exists: a local directory
// that is there, or an object-store prefix holding files. With create, a
// missing one is created. An empty warehouse is reported once, at start.
func openExisting(ctx context.Context, url string, create bool, log *slog.Logger) (*fs.FS, error) {
	if dirs := localWarehouseDirs(url); len(dirs) == 1 {
		if _, err := os.Stat(dirs[0]); errors.Is(err, os.ErrNotExist) && !create {
			return nil, fmt.Errorf("warehouse %s %w", dirs[0], errNoWarehouse)
		}
	}
	fsys, err := fs.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	entries, err := fsys.List(ctx, "")
	if err != nil {
		_ = fsys.Close()
		return nil, err
	}
	switch {
	case len(entries) > 0:
	case strings.HasPrefix(url, "mem://"):
		// A memory warehouse starts empty by nature.
	case !create && len(localWarehouseDirs(url)) == 0:
		_ = fsys.Close()
		return nil, fmt.Errorf("warehouse %s holds no files: it %w", url, errNoWarehouse)
	default:
		log.Info("the warehouse is empty: a new warehouse; create a database with CREATE DATABASE", "url", url)
	}
	return fsys, nil
}
