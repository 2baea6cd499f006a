package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore/jdbc"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// TestCatalogFlagsRefuseWhatTheyCannotHonour: a catalog option paimon-sql
// does not implement, an unknown catalog, or options for the filesystem
// catalog stop the server at start with the reason.
func TestCatalogFlagsRefuseWhatTheyCannotHonour(t *testing.T) {
	dir := t.TempDir()
	uri := "uri=jdbc:sqlite:" + filepath.Join(dir, "c.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--catalog", "jdbc", "--catalog-option", uri, "--catalog-option", "lock-expire-time=1 min"}, "'lock-expire-time'"},
		{[]string{"--catalog", "jdbc", "--catalog-option", "uri=jdbc:oracle:thin:@h:1521:x"}, "supports sqlite, mysql, mariadb and postgresql"},
		{[]string{"--catalog", "jdbc"}, "needs its 'uri'"},
		{[]string{"--catalog", "hive"}, "needs the metastore's 'uri'"},
		{[]string{"--catalog", "nessie"}, "want filesystem, jdbc or hive"},
		{[]string{"--catalog", "hive", "--catalog-option", "uri=thrift://h:9083", "--catalog-option", "client-pool-size=0"}, "'client-pool-size' = '0': must be positive"},
		{[]string{"--catalog-option", uri}, "needs --catalog jdbc or hive"},
		{[]string{"--catalog", "jdbc", "--catalog-option", "uri"}, "want key=value"},
	} {
		args := append([]string{"serve", "--warehouse", dir, "--listen", "127.0.0.1:0"}, c.args...)
		code, _, errOut := runCLI(t, args...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
}

// TestMaintenanceCommandsUseTheCatalog: expire-snapshots and
// remove-orphan-files take --catalog and --catalog-option as serve does and
// find tables through that catalog: a table directory the JDBC catalog does
// not register is not one of its tables, though the filesystem catalog
// finds it.
func TestMaintenanceCommandsUseTheCatalog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	wh := filepath.Join(dir, "warehouse")
	if err := os.MkdirAll(wh, 0o755); err != nil {
		t.Fatal(err)
	}
	uri := "uri=jdbc:sqlite:" + filepath.Join(dir, "catalog.db")
	fsys, err := fs.Open(ctx, wh)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	cat, err := jdbc.Open(ctx, fsys, map[string]string{"uri": strings.TrimPrefix(uri, "uri=")})
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.CreateDatabase(ctx, "d", nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"reg", "unreg"} {
		s, err := schema.NewManager(fsys, "d.db/"+name).Create(ctx, schema.NewSchema{
			Fields: []types.DataField{{ID: 0, Name: "k", Type: types.DataType{Kind: types.Int, Nullable: true}}}})
		if err != nil {
			t.Fatal(err)
		}
		if name == "reg" {
			if err := cat.CreateTable(ctx, "d", name, "d.db/"+name, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	_ = cat.Close()

	jdbcFlags := []string{"--catalog", "jdbc", "--catalog-option", uri}
	expire := []string{"expire-snapshots", "--warehouse", wh, "--retain-max", "1", "--retain-min", "1", "--dry-run"}
	for _, c := range []struct {
		args []string
		ok   bool
		want string
	}{
		{append(append(expire, "--table", "d.reg"), jdbcFlags...), true, ""},
		{append(append(expire, "--table", "d.unreg"), jdbcFlags...), false, "unreg"},
		{append(expire, "--table", "d.unreg"), true, ""},
		{append(append(expire, "--table", "d.reg"), "--catalog", "jdbc"), false, "needs its 'uri'"},
		{append([]string{"remove-orphan-files", "--warehouse", wh, "--table", "d.*", "--dry-run"}, jdbcFlags...), true, ""},
		{append([]string{"remove-orphan-files", "--warehouse", wh, "--table", "d.unreg", "--dry-run"}, jdbcFlags...), false, "unreg"},
		{[]string{"remove-orphan-files", "--warehouse", wh, "--table", "d.unreg", "--dry-run"}, true, ""},
		{[]string{"remove-orphan-files", "--warehouse", wh, "--table", "d.*", "--catalog-option", uri}, false, "needs --catalog jdbc or hive"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if c.ok != (code == 0) || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q", c.args, code, errOut)
		}
	}
}
