package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestLocalWarehouseDirs(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	for url, want := range map[string][]string{
		"":                    {filepath.Join(home, ".paimon-sql", "warehouse")},
		"/data/wh":            {"/data/wh"},
		"rel/wh":              {"rel/wh"},
		"file:///data/wh":     {"/data/wh"},
		"file:///data/wh?x=1": {"/data/wh"},
		"s3://bucket/wh":      nil,
		"mem://wh":            nil,
		"gs://bucket/wh?p=1":  nil,
	} {
		if got := localWarehouseDirs(url); !reflect.DeepEqual(got, want) {
			t.Errorf("localWarehouseDirs(%q) = %q, want %q", url, got, want)
		}
	}
}
