package table

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// recordedAt is a catalog that records one table at a location of its
// choice, as the Hive Metastore may (the filesystem and JDBC catalogs
// always use <db>.db/<table>).
type recordedAt struct {
	metastore.Metastore
	location string
	locked   int
}

func (m *recordedAt) TableLocation(_ context.Context, db, table string) (string, error) {
	if db != "d" || table != "t" {
		return "", metastore.ErrTableNotFound
	}
	return m.location, nil
}

func (m *recordedAt) Lock(context.Context, string, string) (func() error, error) {
	m.locked++
	return func() error { return nil }, nil
}

func TestOpenInFindsTheRecordedLocation(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ns := schema.NewSchema{Fields: []types.DataField{{ID: 0, Name: "a", Type: types.New(types.Int)}}, Options: map[string]string{}}
	if _, err := schema.NewManager(fsys, "elsewhere/t_dir").Create(ctx, ns); err != nil {
		t.Fatal(err)
	}
	for _, loc := range []string{"elsewhere/t_dir", fsys.Location("elsewhere/t_dir")} {
		ms := &recordedAt{location: loc}
		tbl, err := OpenIn(ctx, fsys, ms, "d", "t", "")
		if err != nil {
			t.Fatalf("%s: %v", loc, err)
		}
		if tbl.Root != "elsewhere/t_dir" {
			t.Errorf("%s: root %q", loc, tbl.Root)
		}
		if _, err := tbl.Lock(ctx); err != nil || ms.locked != 1 {
			t.Errorf("%s: the table's lock is not the catalog's (%v, %d)", loc, err, ms.locked)
		}
	}
	if _, err := OpenIn(ctx, fsys, &recordedAt{location: "s3://other-bucket/t"}, "d", "t", ""); err == nil || !strings.Contains(err.Error(), "outside the warehouse") {
		t.Errorf("a location outside the warehouse: %v", err)
	}
	if _, err := OpenIn(ctx, fsys, &recordedAt{location: "elsewhere/t_dir"}, "d", "nope", ""); !errors.Is(err, schema.ErrTableNotFound) {
		t.Errorf("a table the catalog lacks: %v", err)
	}
}
