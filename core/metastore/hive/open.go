package hive

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// Open returns the Hive catalog that Java's catalog options describe ('uri' =
// thrift://host:port, 'lock.enabled', 'lock-acquire-timeout', 'lock-check-max-sleep',
// 'sync-all-properties', 'table.type'), on the warehouse fsys. An option it does not
// implement is refused rather than ignored.
func Open(_ context.Context, fsys *fs.FS, opts map[string]string) (*Metastore, error) {
	cfg := DefaultConfig(opts["uri"], javaPath(strings.TrimSuffix(fsys.Location(""), "/")))
	cfg.FS = fsys
	// Java's default for 'lock.enabled': on when the warehouse is an object store.
	cfg.LockEnabled = !strings.HasPrefix(fsys.URL(), "file:") && !strings.HasPrefix(fsys.URL(), "mem:")
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := opts[k]
		var err error
		switch k {
		case "uri", "warehouse":
		case "client-pool-size":
			cfg.ClientPoolSize, err = strconv.Atoi(v)
			if err == nil && cfg.ClientPoolSize < 1 {
				err = errors.New("must be positive")
			}
		case "metastore":
			if v != "hive" {
				err = errors.New("this is the hive catalog")
			}
		case "sync-all-properties":
			cfg.SyncAllProperties, err = strconv.ParseBool(v)
		case "table.type":
			switch strings.ToLower(v) {
			case "managed":
				cfg.ExternalTables = false
			case "external":
				cfg.ExternalTables = true
			default:
				err = errors.New("want managed or external")
			}
		case "lock.enabled":
			cfg.LockEnabled, err = strconv.ParseBool(v)
		case "lock.type":
			if v != "hive" {
				err = errors.New("only the Hive Metastore's own lock (hive) is supported")
			}
		case "lock-acquire-timeout":
			cfg.LockAcquireTimeout, err = options.ParseDuration(v)
		case "lock-check-max-sleep":
			cfg.LockCheckMaxSleep, err = options.ParseDuration(v)
		case "location-in-properties":
			if b, perr := strconv.ParseBool(v); perr != nil || b {
				err = errors.New("only false is supported: locations are kept in the storage descriptor")
			}
		default:
			err = errors.New("not an option of the Hive catalog that paimon-sql supports")
		}
		if err != nil {
			return nil, fmt.Errorf("catalog option '%s' = '%s': %w", k, v, err)
		}
	}
	if cfg.URI == "" {
		return nil, errors.New("the Hive catalog needs the metastore's 'uri' (thrift://host:9083)")
	}
	return New(cfg)
}

// javaPath is a location as Java's Path prints it, the form Java's HiveCatalog records:
// "file:/dir" for a local directory.
func javaPath(loc string) string {
	if rest, ok := strings.CutPrefix(loc, "file://"); ok {
		return "file:" + rest
	}
	return loc
}
