package sqlext

// go-mysql-server v0.20.0 lacks a way to extend the grammar: sql.Parser is the only hook, so the extensions wrap GMS's parser.

import (
	"context"
	"errors"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Parser is the engine's parser (GMS v0.20.0's sql.Parser): GMS's MySQL
// parser plus the SQL of Paimon's Flink and Spark users, which vitess does
// not read. Every entry point GMS calls runs the same steps (parse):
//
//  1. the text rewrites that always apply (alwaysRewrites: OPTIONS hints,
//     SHOW COLLATION/PLUGINS with MySQL's column names);
//  2. GMS's parser; when it fails, the rewrites of retryRewrites that
//     recognise the text, one on top of the other, until GMS's parser reads
//     the result (the original error is kept when it never does);
//  3. the statement fixes (fixStatement: named CALL arguments, DELETE
//     without a database, privileges, refusals), then the caller's Check.
//
// Statements GMS cannot run as Paimon means them carry what it lacks to the
// catalog on a typed side channel (sidechannel.go), not in the SQL text.
type Parser struct {
	inner  sql.Parser
	params ProcedureParams
	tables Tables
	check  func(context.Context, ast.Statement) error
}

var _ sql.Parser = (*Parser)(nil)

// ParserOptions configure a Parser.
type ParserOptions struct {
	// ProcedureParams enables named CALL arguments; nil refuses them.
	ProcedureParams ProcedureParams
	// Tables enables what needs a table's metadata: Flink's and Spark's
	// static-partition INSERT OVERWRITE whose rows leave the partition
	// columns out, DESCRIBE EXTENDED.
	Tables Tables
	// Check, when set, readies or refuses every parsed statement (the
	// server's account statements).
	Check func(context.Context, ast.Statement) error
}

// NewParser wraps GMS's MySQL parser.
func NewParser(opts ParserOptions) *Parser {
	return &Parser{inner: sql.NewMysqlParser(), params: opts.ProcedureParams, tables: opts.Tables, check: opts.Check}
}

// rewritten is a query rewritten into text GMS's parser reads.
type rewritten struct {
	text string
	// toQuery maps an offset in text back to the query; nil when offsets
	// are unchanged.
	toQuery func(int) int
	// bind, when set, completes the parsed statement, or what the catalog
	// gets on the side channel, from what the rewrite took out of the text.
	bind func(*Statement, ast.Statement) error
}

// A textRewrite recognises a query and rewrites it; ok is false when it
// does not apply, err set when it applies but the query is malformed.
type textRewrite func(ctx context.Context, query string) (r rewritten, ok bool, err error)

// alwaysRewrites run on every query, in order: the text parses as it is
// but means something else to GMS than to the user.
var alwaysRewrites = []textRewrite{
	rewriteOptionHints, // hints.go
	rewriteShow,        // compat_show.go
	noteBareTimestamps, // dialect.go
	rewriteSetPassword, // setpassword.go
	rewriteAnalyze,     // sparkforms.go
}

// retryRewrites run, in order, on a query GMS's parser rejects; the
// original error stands when none makes it parse.
var retryRewrites = []textRewrite{
	refuseExplainJSON,         // explain.go
	rewriteExplainAnalyzeTree, // explain.go
	rewriteWithRollup,         // grouporder.go
	rewriteNullsOrder,         // grouporder.go
	rewriteCreateClauses,      // createclauses.go
	rewriteAlterOptions,       // alteroptions.go
	rewriteTruncatePartition,  // sparkforms.go
	rewriteOverwrite,          // overwrite.go
	rewriteInsertByName,       // sparkforms.go
	rewriteParen,              // compat_paren.go
	rewriteTimeTravel,         // timetravel.go
	rewriteShowPartitions,     // foreign.go
	rewriteShowTags,           // sparktags.go
	rewriteTagStatements,      // sparktags.go
	rewriteNames,              // quoting.go
}

// result is what GMS's entry points return besides the statement.
type result struct {
	stmt        ast.Statement
	parsed, rem string // ParseWithOptions: the statement's text and the rest
	next        int    // ParseOneWithOptions: the offset of the next statement
}

// parse runs the steps of Parser on query; inner is GMS's entry point.
func (p *Parser) parse(ctx context.Context, query string, inner func(string) (result, error)) (result, error) {
	text := query
	var toQuery []func(int) int
	var binds []func(*Statement, ast.Statement) error
	apply := func(r rewritten) {
		text = r.text
		if r.toQuery != nil {
			toQuery = append(toQuery, r.toQuery)
		}
		if r.bind != nil {
			binds = append(binds, r.bind)
		}
	}
	for _, rw := range alwaysRewrites {
		// Each step reads the whole text: one that a large statement
		// spends seconds in stops at the next when cancelled.
		if err := ctx.Err(); err != nil {
			return result{}, err
		}
		r, ok, err := rw(ctx, text)
		if err := ctx.Err(); err != nil {
			return result{}, err
		}
		if err != nil {
			return result{}, err
		}
		if ok {
			apply(r)
		}
	}
	res, err := inner(text)
	if err != nil && !errors.Is(err, ast.ErrEmpty) {
		// Each rewrite that applies builds on the previous ones (a
		// parenthesised query may name t$snapshots), until one parses.
		tried := text
		var tryQuery []func(int) int
		var tryBinds []func(*Statement, ast.Statement) error
		// DESCRIBE EXTENDED reads the catalog; a Flink or Spark form
		// nothing made readable is refused with what to write instead.
		rewrites := append(slices.Clip(retryRewrites), p.describeExtended(ctx), refuseForeign)
		for _, rw := range rewrites {
			if err := ctx.Err(); err != nil {
				return result{}, err
			}
			r, ok, rerr := rw(ctx, tried)
			if err := ctx.Err(); err != nil {
				return result{}, err
			}
			if !ok {
				continue
			}
			if rerr != nil {
				return result{}, rerr
			}
			tried = r.text
			if r.toQuery != nil {
				tryQuery = append(tryQuery, r.toQuery)
			}
			if r.bind != nil {
				tryBinds = append(tryBinds, r.bind)
			}
			if res2, err2 := inner(r.text); err2 == nil {
				res, err = res2, nil
				toQuery = append(toQuery, tryQuery...)
				binds = append(binds, tryBinds...)
				break
			}
		}
	}
	if err != nil {
		return result{}, err
	}
	if err := checkDepth(ctx, res.stmt); err != nil { // depth.go
		return result{}, err
	}
	// Offsets map back through the rewrites, the last one first.
	for i := len(toQuery) - 1; i >= 0; i-- {
		res.next = toQuery[i](res.next)
	}
	var side Statement
	for _, bind := range binds {
		if err := bind(&side, res.stmt); err != nil {
			return result{}, err
		}
	}
	if ins, ok := res.stmt.(*ast.Insert); ok && side.Overwrite != nil && len(ins.Columns) == 0 {
		p.leaveOutStatic(ctx, ins, side.Overwrite)
	}
	if ddl, ok := res.stmt.(*ast.DDL); ok && ddl.OptLike != nil && len(ddl.OptLike.LikeTables) == 1 {
		if _, inStatement := ctx.(*sql.Context); inStatement {
			// GMS would copy the source's columns as MySQL columns and refuse
			// a STRING primary key ("blob/text column used in key
			// specification"): the catalog copies the Paimon schema instead,
			// and GMS creates a table of one placeholder column.
			ifNotExists := ""
			if ddl.IfNotExists {
				ifNotExists = "IF NOT EXISTS "
			}
			placeholder, err := inner("CREATE TABLE " + ifNotExists + ast.String(ddl.Table) + " (" + LikePlaceholderColumn + " INT)")
			if err != nil {
				return result{}, err
			}
			if side.Create == nil {
				side.Create = &CreateClauses{}
			}
			side.Create.Like = ast.String(ddl.OptLike.LikeTables[0])
			res.stmt = placeholder.stmt
		}
	}
	if err := ctx.Err(); err != nil {
		return result{}, err
	}
	if err := record(ctx, res.stmt, side); err != nil {
		return result{}, err
	}
	if res.stmt, err = p.fixStatement(ctx, res.stmt, func(q string) (ast.Statement, error) {
		r, err := inner(q)
		return r.stmt, err
	}); err != nil {
		return result{}, err
	}
	if p.check != nil {
		if err := p.check(ctx, res.stmt); err != nil {
			return result{}, err
		}
	}
	return res, nil
}

// ParseSimple implements sql.Parser.
func (p *Parser) ParseSimple(query string) (ast.Statement, error) {
	res, err := p.parse(context.Background(), query, func(text string) (result, error) {
		stmt, err := p.inner.ParseSimple(text)
		return result{stmt: stmt}, err
	})
	return res.stmt, err
}

// Parse implements sql.Parser.
func (p *Parser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	return p.ParseWithOptions(ctx, query, ';', multi, sql.LoadSqlMode(ctx).ParserOptions())
}

// ParseWithOptions implements sql.Parser. After a rewrite, the parsed text
// and the remainder are pieces of the rewritten query, which is valid SQL.
func (p *Parser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	res, err := p.parse(ctx, query, func(text string) (result, error) {
		stmt, parsed, rem, err := p.inner.ParseWithOptions(ctx, text, delimiter, multi, options)
		return result{stmt: stmt, parsed: parsed, rem: rem}, err
	})
	return res.stmt, res.parsed, res.rem, err
}

// ParseOneWithOptions implements sql.Parser; the offset of the next
// statement is one in query.
func (p *Parser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	res, err := p.parse(ctx, query, func(text string) (result, error) {
		stmt, next, err := p.inner.ParseOneWithOptions(ctx, text, options)
		return result{stmt: stmt, next: next}, err
	})
	return res.stmt, res.next, err
}

// Tables is what the parser may ask of the catalog; db "" is the session's
// database.
type Tables interface {
	// TableColumns returns the column names of a table, in order.
	TableColumns(ctx *sql.Context, db, table string) ([]string, bool)
	// TableLocation returns where the table's files are.
	TableLocation(ctx *sql.Context, db, table string) (string, bool)
}

// LikePlaceholderColumn is the one column GMS is told of for CREATE TABLE
// ... LIKE; the catalog takes the columns of the source (CreateClauses.Like).
const LikePlaceholderColumn = "paimon_sql_like"

// AuthTruncate is the privilege check the parser sets on TRUNCATE TABLE:
// MySQL's DROP, and INSERT and DELETE as for INSERT OVERWRITE, since it
// replaces the table's contents (an OVERWRITE commit). The server's
// authorization handler implements it.
const AuthTruncate = "PAIMON_TRUNCATE"

// fixStatement adjusts or refuses a parsed statement; reparse parses a
// statement of our own with GMS's parser.
func (p *Parser) fixStatement(ctx context.Context, stmt ast.Statement, reparse func(string) (ast.Statement, error)) (ast.Statement, error) {
	if text, ok := truncateInstead(ctx, stmt); ok { // deleteall.go
		s, err := reparse(text)
		if err != nil {
			return nil, err
		}
		// Written as a DELETE: its privilege, not TRUNCATE's.
		s.(*ast.DDL).Auth.AuthType = ast.AuthType_DELETE
		return s, nil
	}
	switch s := stmt.(type) {
	case *ast.Call:
		if err := bindNamedArgs(s, p.params); err != nil { // namedargs.go
			return nil, err
		}
	case *ast.Insert:
		// go-mysql-server would run it as a plain insert: Paimon tables
		// have no index it can find the duplicate with.
		if len(s.OnDup) > 0 {
			return nil, errors.New("INSERT ... ON DUPLICATE KEY UPDATE is not supported: an INSERT into a primary-key table already replaces the row with the same key (merge-engine decides how)")
		}
	case *ast.DDL:
		if s.Action == ast.TruncateStr && s.Auth.AuthType == ast.AuthType_DROP {
			s.Auth.AuthType = AuthTruncate
		}
		// MySQL's PARTITION BY would be silently dropped.
		if s.TableSpec != nil && s.TableSpec.PartitionOpt != nil {
			return nil, errors.New("MySQL partitioning (PARTITION BY ...) is not supported: write Paimon's PARTITIONED BY (column, ...) after the column list")
		}
	case *ast.ShowGrants:
		fixShowGrants(s) // compat_grants.go
	}
	if err := checkTableFunctions(stmt); err != nil { // foreign.go
		return nil, err
	}
	existsSelectsOne(stmt)                   // exists.go
	return stmt, checkAsOfPlaceholders(stmt) // asof.go
}

// shifts record where a rewrite changed the length of the text, to map
// offsets after the change back to the query.
type shifts []shift

// shift: delta bytes were added (removed when negative) before offset end
// of the rewritten text.
type shift struct{ end, delta int }

func (s shifts) toQuery(i int) int {
	n := i
	for _, sh := range s {
		if sh.end <= i {
			n -= sh.delta
		}
	}
	return n
}

// replaced is the rewrite of q with q[start:end] replaced by with.
func replaced(q string, start, end int, with string) rewritten {
	return rewritten{
		text:    q[:start] + with + q[end:],
		toQuery: shifts{{end: start + len(with), delta: len(with) - (end - start)}}.toQuery,
	}
}
