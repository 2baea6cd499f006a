package sqlext

// go-mysql-server v0.20.0 lacks a way to hand a table creator or writer
// more than GMS's own AST holds: CreateTable gets the columns and the
// comment, Inserter nothing but the context. What the parser read beyond
// that reaches the catalog here, typed, for the statement being run.

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Statement is what the parser read of a statement that GMS has no place
// for.
type Statement struct {
	// Create holds the PARTITIONED BY and WITH clauses of CREATE TABLE.
	Create *CreateClauses
	// Overwrite is set when the INSERT is an INSERT OVERWRITE.
	Overwrite *Overwrite
	// dynamicOverwrite is the OPTIONS hint that becomes Overwrite.Dynamic.
	dynamicOverwrite *bool
	// BareTimestamps are the columns of CREATE or ALTER TABLE declared
	// TIMESTAMP without a precision, lower-case (dialect.go).
	BareTimestamps []string
}

func (s Statement) empty() bool { return s.Create == nil && s.Overwrite == nil }

// CreateClauses are the Paimon parts of CREATE TABLE.
type CreateClauses struct {
	PartitionKeys []string
	Options       [][2]string // in the order written
	// ColumnTypes are the Paimon types written for columns in Flink's or
	// Spark's notation, by lower-case column name (flinktypes.go).
	ColumnTypes map[string]string
	// Flink is set when the statement is Flink's by its syntax (PRIMARY
	// KEY ... NOT ENFORCED): its TIMESTAMP is Flink's (dialect.go).
	Flink bool
	// Like is the source of CREATE TABLE ... LIKE, as written; its
	// partitioning and options are copied unless excluded (Flink's LIKE).
	Like                                      string
	LikeWithoutOptions, LikeWithoutPartitions bool
}

// Overwrite is what INSERT OVERWRITE replaces.
type Overwrite struct {
	// Database ("" for the current one) and Table are the target as written.
	Database, Table string
	// Partition is the static partition spec: column -> literal text
	// (quotes removed from string literals; NULL stays the bare word).
	Partition [][2]string
	// Spark is set when the statement is Spark's by its syntax (INSERT
	// OVERWRITE TABLE, PARTITION (k) without a value): without a static
	// spec it replaces the whole table, as Spark's static mode does.
	Spark bool
	// Dynamic is Flink's /*+ OPTIONS('dynamic-partition-overwrite' = ...) */
	// on the table written, nil when not given.
	Dynamic *bool
}

// Targets tells whether the overwrite writes table name of database db
// (currentDB standing for an unqualified name).
func (o *Overwrite) Targets(currentDB, db, name string) bool {
	want := o.Database
	if want == "" {
		want = currentDB
	}
	return strings.EqualFold(want, db) && strings.EqualFold(o.Table, name)
}

// A statement is keyed by its session and its process-list id: every
// statement the server runs (each of a multi-statement query too) gets a new
// context with a new id, which parsing and execution share. Parsing the
// definitions of views and the like during execution shares it too, which
// is why an entry is only ever replaced by a statement that has one. The
// session is the object, not its id: servers of one process (tests) number
// their connections alike.
type statementKey struct {
	session sql.Session
	pid     uint64
}

type entry struct {
	key     statementKey
	prepare bool // the statement is SQL's PREPARE
	stmt    Statement
}

var statements = struct {
	sync.Mutex
	bySession map[sql.Session]entry
}{bySession: map[sql.Session]entry{}}

func keyOf(ctx *sql.Context) statementKey {
	return statementKey{session: ctx.Session, pid: ctx.Pid()}
}

var errPrepared = errors.New("PARTITIONED BY, WITH and INSERT OVERWRITE cannot be prepared with PREPARE: run the statement itself")

// record keeps what the parser read of the statement parsed in ctx.
func record(ctx context.Context, parsed ast.Statement, s Statement) error {
	sqlCtx, ok := ctx.(*sql.Context)
	_, prepare := parsed.(*ast.Prepare)
	if !ok || sqlCtx.Session == nil {
		if s.empty() {
			return nil
		}
		// Parsed outside a statement (GMS's ParseSimple): nothing would
		// read the clauses, which must not be dropped silently.
		return errors.New("PARTITIONED BY, WITH and INSERT OVERWRITE are only supported in statements sent by a client")
	}
	if s.empty() && s.BareTimestamps == nil && !prepare {
		return nil
	}
	key := keyOf(sqlCtx)
	statements.Lock()
	defer statements.Unlock()
	if prev, ok := statements.bySession[key.session]; ok && prev.key == key && prev.prepare && !s.empty() {
		// The text of PREPARE ... FROM: EXECUTE runs in another statement.
		return errPrepared
	}
	statements.bySession[key.session] = entry{key: key, prepare: prepare, stmt: s}
	return nil
}

// StatementOf returns what the parser read of the statement ctx runs
// beyond GMS's AST.
func StatementOf(ctx *sql.Context) Statement {
	if ctx == nil || ctx.Session == nil {
		return Statement{}
	}
	key := keyOf(ctx)
	statements.Lock()
	defer statements.Unlock()
	if e, ok := statements.bySession[key.session]; ok && e.key == key {
		return e.stmt
	}
	return Statement{}
}

// ForgetSession drops what is kept for a session; the server calls it when
// the connection closes.
func ForgetSession(sess sql.Session) {
	statements.Lock()
	delete(statements.bySession, sess)
	statements.Unlock()
}
