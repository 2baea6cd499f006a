package hive

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/types"
)

func TestOpenOptions(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts map[string]string
		err  string // "" for success
	}{
		{map[string]string{"uri": "thrift://h:9083"}, ""},
		{map[string]string{"uri": "thrift://h:9083", "lock.enabled": "true", "lock-acquire-timeout": "2 min", "table.type": "EXTERNAL"}, ""},
		{map[string]string{}, "needs the metastore's 'uri'"},
		{map[string]string{"uri": "http://h:9083"}, "want thrift://host:port"},
		{map[string]string{"uri": "thrift://h"}, "want thrift://host:port"},
		{map[string]string{"uri": "thrift://h:9083", "hive-conf-dir": "/etc/hive"}, "'hive-conf-dir'"},
		{map[string]string{"uri": "thrift://h:9083", "lock.type": "jdbc"}, "only the Hive Metastore's own lock"},
		{map[string]string{"uri": "thrift://h:9083", "location-in-properties": "true"}, "only false"},
		{map[string]string{"uri": "thrift://h:9083", "metastore": "jdbc"}, "this is the hive catalog"},
		{map[string]string{"uri": "thrift://h:9083", "lock-check-max-sleep": "0 s"}, "must be positive"},
		{map[string]string{"uri": "thrift://h:9083", "client-pool-size": "0"}, "must be positive"},
		{map[string]string{"uri": "thrift://h:9083", "client-pool-size": "many"}, "'client-pool-size'"},
	} {
		m, err := Open(ctx, fsys, tc.opts)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.opts, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v: %v, want an error with %q", tc.opts, err, tc.err)
		}
		if m != nil {
			_ = m.Close()
		}
	}
	// A local warehouse takes no lock unless asked, as Java's default for it.
	m, err := Open(ctx, fsys, map[string]string{"uri": "thrift://h:9083"})
	if err != nil {
		t.Fatal(err)
	}
	if m.cfg.LockEnabled {
		t.Error("lock.enabled defaults to on for a local warehouse")
	}
	if want := "file:" + strings.TrimPrefix(strings.TrimSuffix(fsys.Location(""), "/"), "file://"); m.cfg.Warehouse != want {
		t.Errorf("warehouse %q, want Java's form %q", m.cfg.Warehouse, want)
	}
	// Locations: warehouse-relative in, Java's URI recorded, relative out.
	abs := m.absolute("db.db/t")
	if abs != m.cfg.Warehouse+"/db.db/t" {
		t.Errorf("absolute = %q", abs)
	}
	if rel := m.relative(abs); rel != "db.db/t" {
		t.Errorf("relative(%q) = %q", abs, rel)
	}
	if rel := m.relative("s3://elsewhere/db.db/t"); rel != "s3://elsewhere/db.db/t" {
		t.Errorf("a location outside the warehouse became %q", rel)
	}
}

func TestHiveTypeNameRefusesVector(t *testing.T) {
	elem := types.DataType{Kind: types.Float}
	if _, err := hiveTypeName(types.DataType{Kind: types.Vector, Element: &elem, Length: 3}); err == nil {
		t.Error("VECTOR got a Hive type")
	}
	// Through a container too.
	if _, err := hiveTypeName(types.DataType{Kind: types.Array, Element: &types.DataType{Kind: types.Vector, Element: &elem}}); err == nil {
		t.Error("ARRAY<VECTOR> got a Hive type")
	}
}

// TestClientPoolSize: 'client-pool-size' is how many connections concurrent calls open,
// against a metastore that accepts and never answers; Java's default is 2.
func TestClientPoolSize(t *testing.T) {
	fsys, err := fs.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		size string
		want int
	}{{"", 2}, {"1", 1}, {"3", 3}} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		accepted := make(chan net.Conn, 10)
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				accepted <- c
			}
		}()
		opts := map[string]string{"uri": "thrift://" + ln.Addr().String()}
		if tc.size != "" {
			opts["client-pool-size"] = tc.size
		}
		m, err := Open(context.Background(), fsys, opts)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _ = m.Databases(ctx)
			}()
		}
		time.Sleep(300 * time.Millisecond)
		if got := len(accepted); got != tc.want {
			t.Errorf("client-pool-size %q: %d connections for 5 concurrent calls, want %d", tc.size, got, tc.want)
		}
		cancel()
		_ = ln.Close()
		for len(accepted) > 0 {
			_ = (<-accepted).Close()
		}
		wg.Wait()
		_ = m.Close()
	}
}
