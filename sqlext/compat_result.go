package sqlext

// go-mysql-server v0.20.0 lacks OK packets MySQL's client libraries read: vitess writes the info string with a '#' they take as a length.

import (
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Client compatibility: the info string of OK packets.
//
// vitess writes the info of an OK packet (GMS sets it for PREPARE,
// UPDATE, multi-row INSERT...) as a '#' byte followed by the text. The
// MariaDB and MySQL client libraries read that field as a length-encoded
// string, so they take '#' as a length of 35: for a shorter info, such as
// PREPARE's "Statement prepared", the mysql command-line client fails with
// `ERROR 2027 (HY000): Received malformed packet`. MySQL sends the info only
// as a human-readable hint, and no driver needs it, so the OK packet goes
// without it (compatResult; the server wraps its result callbacks with CompatSpool and CompatExecCallback).

// compatResult drops the info of an OK result (no columns).
func compatResult(r *sqltypes.Result) {
	if r != nil && len(r.Fields) == 0 && r.Info != "" {
		r.Info = ""
	}
}

// CompatSpool wraps a result callback of ComQuery and ComMultiQuery.
func CompatSpool(cb mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(r *sqltypes.Result, more bool) error {
		compatResult(r)
		return cb(r, more)
	}
}

// CompatExecCallback wraps the result callback of ComStmtExecute.
func CompatExecCallback(cb func(*sqltypes.Result) error) func(*sqltypes.Result) error {
	return func(r *sqltypes.Result) error {
		compatResult(r)
		return cb(r)
	}
}
