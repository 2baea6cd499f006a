package main

import (
	"path/filepath"
	"strings"
	"testing"
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
		{[]string{"--catalog", "glue"}, "want filesystem, jdbc or hive"},
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
