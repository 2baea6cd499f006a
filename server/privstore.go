package server

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

// The privileges live in the warehouse as numbered versions,
// _paimon_sql/privileges-1, -2, ...: a server claims the next number with
// the atomic exclusive create Paimon commits use (a hard link on a local
// disk, a conditional PUT on object stores), so two servers never overwrite
// each other; the loser merges and claims the number after. Paimon ignores
// directories whose names do not end in ".db".
const (
	privilegesDir    = "_paimon_sql"
	privilegesPrefix = "privileges-"
	// legacyPrivileges is the single file older versions rewrote in place;
	// it is read when no version exists and deleted once one does.
	legacyPrivileges = privilegesDir + "/privileges"
	// keptPrivilegeVersions older versions stay for servers reading them.
	keptPrivilegeVersions = 10
)

// warehousePrivileges is the PrivilegeStore inside a warehouse.
type warehousePrivileges struct{ fsys *fs.FS }

// WarehousePrivileges keeps the users and grants in the warehouse behind
// fsys, shared by every server on it.
func WarehousePrivileges(fsys *fs.FS) PrivilegeStore { return warehousePrivileges{fsys} }

func privilegesVersionPath(v int64) string {
	return path.Join(privilegesDir, privilegesPrefix+strconv.FormatInt(v, 10))
}

// versions lists the stored version numbers (in no particular order).
func (s warehousePrivileges) versions(ctx context.Context) ([]int64, error) {
	files, err := s.fsys.List(ctx, privilegesDir)
	if err != nil {
		return nil, fmt.Errorf("list privileges: %w", err)
	}
	var out []int64
	for _, f := range files {
		n, ok := strings.CutPrefix(f.Name, privilegesPrefix)
		if v, err := strconv.ParseInt(n, 10, 64); ok && !f.IsDir && err == nil && v > 0 {
			out = append(out, v)
		}
	}
	return out, nil
}

func (s warehousePrivileges) LatestVersion(ctx context.Context) (int64, error) {
	vs, err := s.versions(ctx)
	if err != nil {
		return 0, err
	}
	var latest int64
	for _, v := range vs {
		latest = max(latest, v)
	}
	return latest, nil
}

func (s warehousePrivileges) Latest(ctx context.Context) (int64, []byte, error) {
	v, err := s.LatestVersion(ctx)
	if err != nil {
		return 0, nil, err
	}
	p := privilegesVersionPath(v)
	if v == 0 {
		p = legacyPrivileges
	}
	data, err := s.fsys.ReadFile(ctx, p)
	if v == 0 && fs.IsNotExist(err) {
		return 0, nil, nil
	}
	if err != nil {
		return 0, nil, fmt.Errorf("read privileges: %w", err)
	}
	return v, data, nil
}

func (s warehousePrivileges) Create(ctx context.Context, v int64, data []byte) error {
	if err := s.fsys.CreatePrivate(ctx, privilegesVersionPath(v), data); err != nil {
		return err
	}
	s.prune(ctx, v)
	return nil
}

// prune deletes the versions older than the kept ones and the legacy file,
// whose content is now in a version. Failures only leave files behind.
func (s warehousePrivileges) prune(ctx context.Context, latest int64) {
	_ = s.fsys.Delete(ctx, legacyPrivileges)
	vs, err := s.versions(ctx)
	if err != nil {
		return
	}
	for _, v := range vs {
		if v <= latest-keptPrivilegeVersions {
			_ = s.fsys.Delete(ctx, privilegesVersionPath(v))
		}
	}
}
