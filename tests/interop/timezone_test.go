package interop

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

const featureLocalTimeZone = "TIMESTAMP WITH LOCAL TIME ZONE in sessions of other time zones"

// TestLocalTimeZoneMatchesJava: a session in another time zone sees Java's
// instants in its zone, and Java reads the instants such a session writes;
// TIMESTAMP (wall-clock) values do not move.
func TestLocalTimeZoneMatchesJava(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	for _, zone := range []string{"+08:00", "-05:30"} {
		name := "ltz_" + strings.NewReplacer("+", "plus", "-", "minus", ":", "").Replace(zone)
		t.Run(name, func(t *testing.T) { runLocalTimeZone(t, j, name, zone) })
	}
}

func runLocalTimeZone(t *testing.T, j *javaDriver, name, zone string) {
	sc := scenario{name: name, feature: featureLocalTimeZone, pk: []string{"id"},
		cols:    []column{idCol, {"l", "TIMESTAMP(3) WITH LOCAL TIME ZONE"}, {"w", "TIMESTAMP(3)"}},
		options: map[string]string{"bucket": "1"}}
	dir := t.TempDir()
	if err := sqlExec(ourServer(t, dir), "CREATE DATABASE IF NOT EXISTS db"); err != nil {
		t.Fatal(err)
	}
	j.must(t, dir, createStep(sc))
	j.must(t, dir, jstep{"op": "write", "table": sc.table(), "rows": []map[string]any{
		{"kind": "+I", "values": []any{1, "2024-01-01 00:00:00.123", "2024-01-01 00:00:00.123"}},
		{"kind": "+I", "values": []any{2, "1999-12-31 20:00:00", "1999-12-31 20:00:00"}}}})
	db := ourServerIn(t, dir, zone)
	if err := sqlExec(db, "INSERT INTO "+sc.table()+" VALUES (3, '2024-06-01 12:00:00.5', '2024-06-01 12:00:00.5')"); err != nil {
		outcome(t, sc.feature, dirSQLToJava, name+"/insert", err.Error())
		return
	}
	offset := zoneOffset(t, zone)
	javaRows, err := javaRead(t, j, dir, sc.table(), nil, sc.cols)
	if err != nil {
		t.Fatal(err)
	}
	// Java shows instants in UTC; the session shows them in its zone.
	shifted := make([]string, len(javaRows))
	for i, r := range javaRows {
		cells := strings.Split(r, " | ")
		cells[1] = shift(t, cells[1], offset)
		shifted[i] = strings.Join(cells, " | ")
	}
	ours, err := ourRead(db, "SELECT * FROM "+sc.table(), sc.cols)
	outcome(t, sc.feature, dirJavaToSQL, name+"/read", differ(sortedLines(shifted), ours, err))
	// The row the session wrote: its wall-clock value is the zone's.
	want := "3 | " + shift(t, "2024-06-01 12:00:00.5", -offset) + " | 2024-06-01 12:00:00.5"
	problem := ""
	if !slices.Contains(javaRows, want) {
		problem = fmt.Sprintf("Java reads %v, want the row %q", javaRows, want)
	}
	outcome(t, sc.feature, dirSQLToJava, name+"/written", problem)
}

func zoneOffset(t *testing.T, zone string) time.Duration {
	t.Helper()
	at, err := time.Parse("-07:00", zone)
	if err != nil {
		t.Fatal(err)
	}
	_, secs := at.Zone()
	return time.Duration(secs) * time.Second
}

// shift moves a timestamp text by d, keeping its fraction as trimmed text.
func shift(t *testing.T, ts string, d time.Duration) string {
	t.Helper()
	v, err := time.Parse("2006-01-02 15:04:05.999999999", ts)
	if err != nil {
		t.Fatal(err)
	}
	return trimFraction(v.Add(d).Format("2006-01-02 15:04:05.000000000"))
}
