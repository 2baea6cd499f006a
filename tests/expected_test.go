package tests

import (
	"strings"
	"time"
)

// The expected rows of the fixture tables, transcribed from each table's
// README (what Java wrote in each snapshot, and for primary-key tables the
// merged result). Values are written as MySQL's text protocol shows the
// mapped types: DOUBLE 11.0 as 11, BOOLEAN as 1/0, DECIMAL with its scale,
// DATETIME(p) with at most 6 fractional digits.

// The nine rows of "snapshot-1-2" of the deletion-vector tables' READMEs.
var dvTableFirstRows = []string{
	"Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.|10|1|11",
	"Alice|10|1|11.1",
	"Bob|10|0|12.1",
	"Emily|10|0|13.1",
	"Tony|10|0|14.1",
	"Alex|10|0|16.1",
	"David|10|0|17.1",
	"Lucy|20|1|14.1",
	"Paul|20|1|18.1",
}

// After "snapshot 3-4": Delete Tony, UpdateAfter Alice 19.1.
var dvTableLatestRows = []string{
	"Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.|10|1|11",
	"Alice|10|1|19.1",
	"Bob|10|0|12.1",
	"Emily|10|0|13.1",
	"Alex|10|0|16.1",
	"David|10|0|17.1",
	"Lucy|20|1|14.1",
	"Paul|20|1|18.1",
}

// pk_table_with_dv_cardinality: snapshot-1-2 adds nine rows, snapshot 3-4
// deletes Tony and Lily and updates Alice.
var dvCardinalityFirstRows = []string{
	"Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.|10|1|11",
	"Alice|10|1|11.1",
	"Bob|10|0|12.1",
	"Emily|10|0|13.1",
	"Tony|10|0|14.1",
	"Alex|10|0|16.1",
	"David|10|0|17.1",
	"Whether I shall turn out to be the hero of my own life.|10|0|19.1",
	"Lily|10|0|20.1",
}

var dvCardinalityLatestRows = []string{
	"Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.|10|1|11",
	"Alice|10|1|19.1",
	"Bob|10|0|12.1",
	"Emily|10|0|13.1",
	"Alex|10|0|16.1",
	"David|10|0|17.1",
	"Whether I shall turn out to be the hero of my own life.|10|0|19.1",
}

// pk_with_bitmap_dv: snapshot-1, snapshot-2 add keys 0..7; snapshot-3,
// snapshot-4 delete keys 0 and 4.
var bitmapDVFirstRows = []string{
	"0|Alice|10|1|11.1",
	"1|Bob|10|1|12.1",
	"2|Emily|10|0|13.1",
	"3|Tony|10|0|14.1",
	"4|Lucy|20|1|15.1",
	"5|Bob|10|1|16.1",
	"6|Tony|20|0|17.1",
	"7|Alice|20|NULL|18.1",
}

var bitmapDVLatestRows = []string{
	"1|Bob|10|1|12.1",
	"2|Emily|10|0|13.1",
	"3|Tony|10|0|14.1",
	"5|Bob|10|1|16.1",
	"6|Tony|20|0|17.1",
	"7|Alice|20|NULL|18.1",
}

// append_with_global_index: snapshot-1 writes eight rows; snapshots 2-4 only
// add indexes.
var globalIndexRows = []string{
	"Alice|10|1|11.1",
	"Bob|10|1|12.1",
	"Emily|10|0|13.1",
	"Tony|10|0|14.1",
	"Lucy|20|1|15.1",
	"Bob|10|1|16.1",
	"Tony|20|0|17.1",
	"Alice|20|NULL|18.1",
}

// pk_table_with_mor, "Recall with schema-4" (columns k1, k0, p0, p1, s1, s0,
// v0, v1, v2 of the latest schema).
var morLatestRows = []string{
	"0|0|0|0|apple|see|110|false|NULL",
	"0|1|0|0|banana|you|11|false|NULL",
	"1|0|0|0|car|later|12|true|NULL",
	"1|1|0|0|driver|!|13|false|NULL",
	"1|2|0|0|driver|!|13|false|NULL",
	"100|200|0|0|max|number|140|false|NULL",
	"0|1|0|1|zoo|you|130|false|NULL",
	"0|0|1|0|elephant|hi|120|false|NULL",
}

// pk_table_with_mor AS OF 1 reads snapshot-1's rows with schema 0 (k0, k1,
// p0, p1, s0, s1, v0 DOUBLE, v1 BOOLEAN).
var morSnapshot1Rows = []string{
	"0|0|0|0|apple|see|10|1",
	"0|1|0|0|banana|you|11.1|0",
	"1|0|0|0|car|later|12.2|1",
	"1|1|0|0|driver|!|13.3|0",
	"0|0|1|0|elephant|hi|20|1",
	"0|1|0|1|mouse|you|30|0",
}

// pk_table_with_mor AS OF 2: snapshot-2's rows merged over snapshot-1's with
// sequence.field = s0,s1: the greater (s0, s1) wins, the later write on a
// tie. (0,1,0,0) keeps banana/you over abandon/new_you, (1,0,0,0) keeps
// car/later over car/again, (0,1,0,1) takes zoo/you over mouse/you.
var morSnapshot2Rows = []string{
	"0|0|0|0|apple|see|110|0",
	"0|1|0|0|banana|you|11.1|0",
	"1|0|0|0|car|later|12.2|1",
	"1|1|0|0|driver|!|13.3|0",
	"1|2|0|0|driver|!|13.3|0",
	"0|0|1|0|elephant|hi|120|0",
	"0|1|0|1|zoo|you|130|0",
}

// append_table_alter_table_with_cast, "Recall with schema-1" (columns f4,
// key0, key1, f3, f1, f2, f0, f6); TIMESTAMP(9) is served as DATETIME(6).
var castLatestRows = []string{
	"1970-01-05 00:00:00|0|1|100|2024-11-26 06:38:56.001000001|0.020|1|NULL",
	"1969-11-18 00:00:00|0|1|110|2024-11-26 06:38:56.011000011|11.120|1|NULL",
	"1971-03-21 00:00:00|0|1|120|2024-11-26 06:38:56.021000021|22.220|0|NULL",
	"2024-11-26 06:38:56.054000|0|1|150|2024-11-26 15:28:31|55.002|1|56",
	"2024-11-26 06:38:56.064000|0|1|160|2024-11-26 15:28:41|666.012|0|66",
	"2024-11-26 06:38:56.074000|0|1|170|2024-11-26 15:28:51|-77.022|1|76",
	"1957-11-01 00:00:00|1|1|130|2024-11-26 06:38:56.031000031|333.320|0|NULL",
	"2091-09-07 00:00:00|1|1|140|2024-11-26 06:38:56.041000041|444.420|1|NULL",
	"2024-11-26 06:38:56.084000|1|1|180|2024-11-26 15:29:01|8.032|1|-86",
	"2024-11-26 06:38:56.094000|1|1|190|I'm strange|-999.420|0|96",
}

// append_table_alter_table_with_cast AS OF 1: snapshot-1 with schema 0
// (key0, key1, f0 STRING, f1 TIMESTAMP(9), f2 DECIMAL(5,2), f3 STRING,
// f4 DATE, f5 BIGINT); the DATE values are the day numbers written.
var castSnapshot1Rows = []string{
	"0|1|100|2024-11-26 06:38:56.001000|0.02|True|1970-01-05|5",
	"0|1|110|2024-11-26 06:38:56.011000|11.12|1|1969-11-18|25",
	"0|1|120|2024-11-26 06:38:56.021000|22.22|nO|1971-03-21|35",
	"1|1|130|2024-11-26 06:38:56.031000|333.32|0|1957-11-01|45",
	"1|1|140|2024-11-26 06:38:56.041000|444.42|Yes|2091-09-07|55",
}

// append_table_with_append_pt_branch: main wrote pt=1 rows, branch test
// wrote pt=2 rows (value2 added on both before the second writes).
var branchMainRows = []string{"1|110|NULL", "1|120|1200"}
var branchTestRows = []string{"2|210|NULL", "2|220|2200"}

// tsRows are the three rows of append_with_multiple_ts_precision_and_timezone,
// from the README's ISO rendering (ts_sec, ts_milli, ts_micro, ts_nano,
// ts_tz_sec, ts_tz_milli, ts_tz_micro, ts_tz_nano).
var tsRowsISO = []string{
	"1970-01-01T00:00:01,1970-01-01T00:00:00.001,1970-01-01T00:00:00.000001,1970-01-01T00:00:00.000000001,1970-01-01T00:00:02,1970-01-01T00:00:00.002,1970-01-01T00:00:00.000002,1970-01-01T00:00:00.000000002",
	"1970-01-01T00:00:03,1970-01-01T00:00:00.003,null,1970-01-01T00:00:00.000000003,1970-01-01T00:00:04,1970-01-01T00:00:00.004,1970-01-01T00:00:00.000004,1970-01-01T00:00:00.000000004",
	"1970-01-01T00:00:05,1970-01-01T00:00:00.005,null,null,1970-01-01T00:00:06,null,1970-01-01T00:00:00.000006,null",
}

// tsRows renders tsRowsISO as the server must show them in a session at UTC
// offset off: fractions cut to 6 digits (DATETIME(6)), and the
// TIMESTAMP_LTZ columns (the last four) moved to the session zone.
func tsRows(off time.Duration) [][]string {
	var out [][]string
	for _, line := range tsRowsISO {
		var row []string
		for i, v := range strings.Split(line, ",") {
			if v == "null" {
				row = append(row, "NULL")
				continue
			}
			ts, err := time.Parse("2006-01-02T15:04:05.999999999", v)
			if err != nil {
				panic(err)
			}
			ts = ts.Truncate(time.Microsecond)
			if i >= 4 {
				ts = ts.Add(off)
			}
			row = append(row, ts.Format("2006-01-02 15:04:05.000000"))
		}
		out = append(out, row)
	}
	return out
}

// castTimestampRows are the README-derived columns of
// append_with_cast_timestamp after its ALTER TABLE: ts_sec TIMESTAMP(0)->INT
// (epoch seconds), ts_milli TIMESTAMP(3)->DATE, ts_micro TIMESTAMP(6)->STRING,
// ts_tz_sec TIMESTAMP_LTZ(0)->INT, ts_tz_milli TIMESTAMP_LTZ(3)->DATE.
var castTimestampRows = []string{
	"1|1970-01-01|1970-01-01 00:00:00.000001|2|1970-01-01",
	"3|1970-01-01|NULL|4|1970-01-01",
	"5|1970-01-01|NULL|6|NULL",
}
