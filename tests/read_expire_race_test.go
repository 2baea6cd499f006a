package tests

// A read racing snapshot expiration on another server (issue 25, "every
// table readable throughout"; the failure of TestMaintenanceSoakS3 on
// aa24499): a statement plans on the latest snapshot, then, while it still
// reads, another server commits a snapshot that replaces every file and
// expires with retain_max => 1. The files the statement still had to read
// belong only to the expired snapshot.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Catches: expiration that deletes the files of a snapshot a statement on
// another server is reading (the statement then fails with "file does not
// exist", or worse returns part of the table); and a read that keeps its
// snapshot from expiring after it ended.
func TestReadSurvivesExpirationOnAnotherServer(t *testing.T) {
	dir := t.TempDir()
	a := startBinary(t, nil, "--warehouse", dir, "--create-warehouse").db(t)
	b := startBinary(t, nil, "--warehouse", dir).db(t)
	// Eight files of 40,000 rows, each row about 200 bytes: the reader
	// streams them one at a time, and a client that stops reading stops
	// it within the first (the socket buffers hold far less than a file).
	const files, perFile = 8, 40_000
	sqlRun(t, a, "CREATE DATABASE race", "CREATE TABLE race.src (id BIGINT, v TEXT)", "CREATE TABLE race.t (id BIGINT, v TEXT)")
	fillNumbers(t, a, "race.src", perFile)
	for f := range files {
		sqlRun(t, a, fmt.Sprintf("INSERT INTO race.t SELECT id + %d, REPEAT(MD5(id), 6) FROM race.src", f*perFile))
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := a.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, "SELECT id, v FROM race.t")
	if err != nil {
		t.Fatal(err)
	}
	if !rows.Next() {
		t.Fatalf("no first row: %v", rows.Err())
	}
	// Meanwhile, on server B: a snapshot without any of those files, then
	// expiration of every snapshot but the latest.
	sqlRun(t, b, "TRUNCATE TABLE race.t", "INSERT INTO race.t VALUES (-1, 'after')")
	expire := "CALL sys.expire_snapshots(`table` => 'race.t', retain_max => 1, retain_min => 1)"
	bc, err := b.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer bc.Close()
	res := mustQuery(t, bc, expire)
	warnings := mustQuery(t, bc, "SHOW WARNINGS").rows
	t.Logf("expiration during the read: %v %v", res.rows, warnings)
	// Snapshots 1 to 8 are the INSERTs, 9 the TRUNCATE, 10 the last INSERT:
	// the read uses 8.
	if res.rows[0][0] != "7" || len(warnings) != 1 || !strings.Contains(warnings[0][2], "snapshot 8 and later are kept while a read under way uses them") {
		t.Errorf("expiration during the read expired %v snapshots (%v), want 7 and a warning that the read keeps snapshot 8", res.rows, warnings)
	}
	n := 1
	for rows.Next() {
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("the read failed after %d rows: %v", n, err)
	}
	rows.Close()
	if n != files*perFile {
		t.Fatalf("the read returned %d rows, want %d", n, files*perFile)
	}

	// Once the read ended, nothing holds the old snapshots back.
	deadline := time.Now().Add(10 * time.Second)
	for {
		mustQuery(t, b, expire)
		got := mustQuery(t, b, "SELECT COUNT(*) FROM race.`t$snapshots`").rows[0][0]
		if got == "1" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s snapshots remain after the read ended, want 1", got)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got := mustQuery(t, a, "SELECT COUNT(*), MIN(id) FROM race.t").rows[0]; got[0] != "1" || got[1] != strconv.Itoa(-1) {
		t.Fatalf("after the expiration: %v, want [1 -1]", got)
	}
}
