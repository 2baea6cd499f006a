package tests

import (
	"context"
	gosql "database/sql"
	"fmt"
	"testing"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/seaweed"
)

// The write suite against a real S3-compatible object store on loopback:
// SeaweedFS, started and stopped by the test (internal/seaweed).

const (
	s3AccessKey = seaweed.AccessKey
	s3SecretKey = seaweed.SecretKey
)

func startWeed(t *testing.T) string { return seaweed.Start(t) }

func freePorts(t *testing.T, n int) []int { return seaweed.FreePorts(t, n) }

func lastBytes(s string, n int) string { return seaweed.LastBytes(s, n) }

func s3URL(endpoint, prefix string) string { return seaweed.URL(endpoint, prefix) }

func TestS3WriteRoundTrip(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", s3AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", s3SecretKey)
	t.Setenv("AWS_REGION", "us-east-1")
	endpoint := startWeed(t)
	// Conditional PUT: the snapshot commit relies on If-None-Match.
	t.Run("CreateExclusive", func(t *testing.T) {
		fsys := mustOpen(t, s3URL(endpoint, "excl"))
		defer fsys.Close()
		ctx := context.Background()
		if err := fsys.CreateExclusive(ctx, "snapshot-1", []byte("a")); err != nil {
			t.Fatal(err)
		}
		err := fsys.CreateExclusive(ctx, "snapshot-1", []byte("b"))
		if !paimonfs.IsExist(err) {
			t.Fatalf("second exclusive create: %v, want an ErrExist", err)
		}
		if data, _ := fsys.ReadFile(ctx, "snapshot-1"); string(data) != "a" {
			t.Fatalf("content %q after a refused create", data)
		}
	})
	for i, c := range writeCases {
		if !c.s3 {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			c.run(t, startWarehouse(t, s3URL(endpoint, fmt.Sprintf("wh%d", i))))
		})
	}
	t.Run("Fidelity", func(t *testing.T) {
		w := startWarehouse(t, s3URL(endpoint, "fidelity"))
		sqlRun(t, w.db, "CREATE DATABASE fd",
			"CREATE TABLE fd.pk (dt VARCHAR(10) NOT NULL, id BIGINT NOT NULL, name TEXT, PRIMARY KEY (dt, id)) PARTITIONED BY (dt) WITH ('bucket' = '2')",
			"INSERT INTO fd.pk VALUES ('a', 1, 'x'), ('a', 2, 'y'), ('b', 1, 'z')",
			"UPDATE fd.pk SET name = 'Y' WHERE id = 2",
			"INSERT OVERWRITE fd.pk PARTITION (dt = 'b') VALUES ('b', 3, 'w')")
		wantRows(t, w.db, split("a|1|x", "a|2|Y", "b|3|w"), "SELECT * FROM fd.pk")
		checkStorage(t, w.fs, "fd", "pk")
		checkAvroFidelity(t, w.fs, "fd.db/pk", nil)
		checkSnapshotJSON(t, w.fs, "fd.db/pk", 1)
		checkParquetFidelity(t, w.fs, "fd.db/pk", javaParquetTypes(t), nil)
	})
	t.Run("ConcurrentWriters", func(t *testing.T) {
		url := s3URL(endpoint, "concurrent")
		w := startWarehouse(t, url)
		w2 := startWarehouse(t, url)
		sqlRun(t, w.db, "CREATE DATABASE cc", "CREATE TABLE cc.a (p INT, id BIGINT, who TEXT) PARTITIONED BY (p)")
		got, errs := concurrentInserts(t, []*gosql.DB{w.db, w2.db}, "cc.a", func(w, s int) int { return s % 2 }, 8, 3)
		for _, err := range errs {
			t.Errorf("concurrent INSERT failed: %v", err)
		}
		wantRows(t, w.db, split(got...), "SELECT * FROM cc.a")
		snaps := sqlSnapshots(t, w.db, "cc", "a")
		for i, s := range snaps {
			if s.id != int64(i+1) {
				t.Errorf("snapshot ids not consecutive: %v", kinds(snaps))
				break
			}
		}
		if len(snaps) != 16-len(errs) {
			t.Errorf("%d snapshots, want %d", len(snaps), 16-len(errs))
		}
		checkStorage(t, w.fs, "cc", "a")
	})
}
