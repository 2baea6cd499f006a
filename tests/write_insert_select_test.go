package tests

import (
	"strings"
	"testing"
)

// INSERT ... SELECT with CONCAT of columns, literals and arithmetic runs
// through the catalog's fast operators (catalog.fastConcat, intMod,
// floatArithmetic). Each statement runs twice: as written into is.fast,
// and with the '-' literal as a user variable, which the fast operators
// leave to the engine, into is.slow. Both must give the same error
// numbers, the same rows affected and warnings, and the same table.
func TestInsertSelectConcatMatchesTheEngine(t *testing.T) {
	w := startWarehouse(t, t.TempDir())
	const target = "(k BIGINT, v DOUBLE, s VARCHAR(64))"
	sqlRun(t, w.db, "CREATE DATABASE `is`",
		"CREATE TABLE `is`.p (id BIGINT NOT NULL, v DOUBLE, s STRING, PRIMARY KEY (id)) WITH ('bucket' = '4')",
		"CREATE TABLE `is`.fast "+target, "CREATE TABLE `is`.slow "+target,
		"INSERT INTO `is`.p VALUES (1, 1.5, 'a'), (-15, -0.0, ''), (9223372036854775807, 1e300, 'héllo wörld'), "+
			"(-9223372036854775808, NULL, 'x'), (20, 2.25, NULL), (21, 0.1, '"+strings.Repeat("é", 60)+"'), "+
			"(22, 3, '"+strings.Repeat("z", 70)+"')")
	c := oneConn(t, w.db)
	sqlRun(t, c, "SET @dash = '-'")
	for _, stmt := range []string{
		"INSERT INTO `is`.{t} SELECT id, v * 2, CONCAT(s, {dash}, id % 7) FROM `is`.p WHERE id < 22",
		"INSERT INTO `is`.{t} SELECT id, v, CONCAT(id, {dash}, v * 2, {dash}, id % -7) FROM `is`.p WHERE v < 100",
		"INSERT INTO `is`.{t} (k, s) SELECT id % 0, CONCAT(s, {dash}, id % 0) FROM `is`.p WHERE id = 1",
		// Too long for VARCHAR(64): the engine's error, and with IGNORE its truncation and warnings.
		"INSERT INTO `is`.{t} SELECT id, v, CONCAT(s, {dash}, id % 7) FROM `is`.p",
		"INSERT IGNORE INTO `is`.{t} SELECT id, v, CONCAT(s, {dash}, id % 7) FROM `is`.p WHERE id >= 21",
	} {
		fast := strings.NewReplacer("{t}", "fast", "{dash}", "'-'").Replace(stmt)
		slow := strings.NewReplacer("{t}", "slow", "{dash}", "@dash").Replace(stmt)
		resF, errF := c.ExecContext(t.Context(), fast)
		warnF := mustQuery(t, c, "SHOW WARNINGS").rows
		resS, errS := c.ExecContext(t.Context(), slow)
		warnS := mustQuery(t, c, "SHOW WARNINGS").rows
		if (errF == nil) != (errS == nil) || mysqlErrNumber(errF) != mysqlErrNumber(errS) {
			t.Errorf("%s: error %v, the engine's %v", fast, errF, errS)
			continue
		}
		if errF == nil {
			nF, _ := resF.RowsAffected()
			nS, _ := resS.RowsAffected()
			if nF != nS {
				t.Errorf("%s: %d rows affected, the engine's %d", fast, nF, nS)
			}
		}
		if strings.Join(flat(warnF), ";") != strings.Join(flat(warnS), ";") {
			t.Errorf("%s: warnings %v, the engine's %v", fast, warnF, warnS)
		}
	}
	slowRows := mustQuery(t, w.db, "SELECT k, v, HEX(s) FROM `is`.slow").rows
	if len(slowRows) < 14 {
		t.Fatalf("only %d rows in the engine's table", len(slowRows))
	}
	wantRows(t, w.db, slowRows, "SELECT k, v, HEX(s) FROM `is`.fast")
	checkStorage(t, w.fs, "is", "fast")
}

func flat(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, "|"))
	}
	return out
}
