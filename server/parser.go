package server

import (
	"context"
	"errors"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/catalog/clauses"
)

// Parser is the engine's parser: GMS's MySQL parser plus Paimon's syntax.
//   - `CALL sys.p(name => value)` and `CALL sys.p(name = value)` become
//     positional calls (bindNamedArgs).
//   - Identifiers with a `$`, as in `SELECT * FROM t$snapshots`, are quoted.
//   - `AS OF ?` is an error instead of a GMS panic.
//   - CREATE TABLE takes Paimon's PARTITIONED BY (...) and WITH (...),
//     carried to the catalog in the table comment (package clauses).
//   - ALTER TABLE t SET ('k' = 'v') / RESET ('k') run as CALL
//     sys.alter_table_options (Paimon's option changes).
//   - INSERT OVERWRITE [TABLE] t [PARTITION (...)] runs as INSERT INTO; the
//     catalog reads the original text to make the commit an OVERWRITE.
//
// The text rewrites (`=>`, `$`) are only tried when the query does not parse
// as is. They cannot help server-side prepared statements, which vitess
// parses itself before GMS: there, `name = value` and quoted names work.
type Parser struct {
	inner  sql.Parser
	params ProcedureParams
}

var _ sql.Parser = (*Parser)(nil)

// NewParser wraps GMS's MySQL parser; params may be nil (no named arguments).
func NewParser(params ProcedureParams) *Parser {
	return &Parser{inner: sql.NewMysqlParser(), params: params}
}

// ParseSimple implements sql.Parser.
func (p *Parser) ParseSimple(query string) (ast.Statement, error) {
	query, err := rewriteOptionHints(query)
	if err != nil {
		return nil, err
	}
	stmt, err := p.inner.ParseSimple(query)
	if retryable(err) {
		if rest, c, ok, cerr := splitCreateClauses(query); ok {
			if cerr != nil {
				return nil, cerr
			}
			if s, err2 := p.inner.ParseSimple(rest); err2 == nil {
				stmt, err = s, attachCreateClauses(s, c)
			}
		} else if text, ok, aerr := rewriteAlterOptions(query); ok {
			if aerr != nil {
				return nil, aerr
			}
			if s, err2 := p.inner.ParseSimple(text); err2 == nil {
				stmt, err = s, nil
			}
		} else if o, ok := clauses.ParseInsertOverwrite(query); ok {
			if s, err2 := p.inner.ParseSimple(o.Rewritten); err2 == nil {
				asOverwrite(s, o)
				stmt, err = s, nil
			}
		} else if rw, ok := rewriteQuery(query); ok {
			if s, err2 := p.inner.ParseSimple(rw.text); err2 == nil {
				stmt, err = s, nil
			}
		}
	}
	if err == nil {
		err = p.check(stmt)
	}
	if err != nil {
		return nil, err
	}
	return stmt, nil
}

// Parse implements sql.Parser.
func (p *Parser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	return p.ParseWithOptions(ctx, query, ';', multi, sql.LoadSqlMode(ctx).ParserOptions())
}

// ParseWithOptions implements sql.Parser. After a rewrite, the parsed text
// and the remainder are pieces of the rewritten query, which is valid SQL.
func (p *Parser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	query, err := rewriteOptionHints(query)
	if err != nil {
		return nil, "", "", err
	}
	stmt, parsed, remainder, err := p.inner.ParseWithOptions(ctx, query, delimiter, multi, options)
	if retryable(err) {
		if rest, c, ok, cerr := splitCreateClauses(query); ok {
			if cerr != nil {
				return nil, parsed, remainder, cerr
			}
			if s, pa, re, err2 := p.inner.ParseWithOptions(ctx, rest, delimiter, multi, options); err2 == nil {
				stmt, parsed, remainder, err = s, pa, re, attachCreateClauses(s, c)
			}
		} else if text, ok, aerr := rewriteAlterOptions(query); ok {
			if aerr != nil {
				return nil, parsed, remainder, aerr
			}
			if s, pa, re, err2 := p.inner.ParseWithOptions(ctx, text, delimiter, multi, options); err2 == nil {
				stmt, parsed, remainder, err = s, pa, re, nil
			}
		} else if o, ok := clauses.ParseInsertOverwrite(query); ok {
			if s, pa, re, err2 := p.inner.ParseWithOptions(ctx, o.Rewritten, delimiter, multi, options); err2 == nil {
				asOverwrite(s, o)
				stmt, parsed, remainder, err = s, pa, re, nil
			}
		} else if rw, ok := rewriteQuery(query); ok {
			if s, pa, re, err2 := p.inner.ParseWithOptions(ctx, rw.text, delimiter, multi, options); err2 == nil {
				stmt, parsed, remainder, err = s, pa, re, nil
			}
		}
	}
	if err == nil {
		if text, ok := truncateInstead(ctx, stmt); ok {
			stmt, parsed, remainder, err = p.inner.ParseWithOptions(ctx, text, delimiter, multi, options)
			if ddl, ok := stmt.(*ast.DDL); ok {
				// Written as a DELETE: its privilege, not TRUNCATE's.
				ddl.Auth.AuthType = ast.AuthType_DELETE
			}
		}
	}
	if err == nil {
		err = p.check(stmt)
	}
	if err != nil {
		return nil, parsed, remainder, err
	}
	return stmt, parsed, remainder, nil
}

// ParseOneWithOptions implements sql.Parser.
func (p *Parser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	stmt, next, err := p.inner.ParseOneWithOptions(ctx, query, options)
	if retryable(err) {
		if rest, c, ok, cerr := splitCreateClauses(query); ok {
			if cerr != nil {
				return nil, next, cerr
			}
			if s, n, err2 := p.inner.ParseOneWithOptions(ctx, rest, options); err2 == nil {
				// The clauses were cut from this first statement only.
				stmt, next, err = s, n+len(query)-len(rest), attachCreateClauses(s, c)
			}
		} else if text, ok, aerr := rewriteAlterOptions(query); ok {
			if aerr != nil {
				return nil, next, aerr
			}
			// The statement is the whole query.
			if s, _, err2 := p.inner.ParseOneWithOptions(ctx, text, options); err2 == nil {
				stmt, next, err = s, len(query), nil
			}
		} else if o, ok := clauses.ParseInsertOverwrite(query); ok {
			// The rewrite changed the statement's head only.
			if s, n, err2 := p.inner.ParseOneWithOptions(ctx, o.Rewritten, options); err2 == nil {
				asOverwrite(s, o)
				stmt, next, err = s, n+len(query)-len(o.Rewritten), nil
			}
		} else if rw, ok := rewriteQuery(query); ok {
			if s, n, err2 := p.inner.ParseOneWithOptions(ctx, rw.text, options); err2 == nil {
				stmt, next, err = s, rw.originalOffset(n), nil
			}
		}
	}
	if err == nil {
		err = p.check(stmt)
	}
	if err != nil {
		return nil, next, err
	}
	return stmt, next, nil
}

// retryable tells whether a parse error may be fixed by rewriting the text;
// the original error is kept when the rewrite does not parse either.
func retryable(err error) bool {
	return err != nil && !errors.Is(err, ast.ErrEmpty)
}

func (p *Parser) check(stmt ast.Statement) error {
	switch s := stmt.(type) {
	case *ast.Call:
		if err := bindNamedArgs(s, p.params); err != nil {
			return err
		}
	case *ast.Insert:
		// go-mysql-server would run it as a plain insert: Paimon tables
		// have no index it can find the duplicate with.
		if len(s.OnDup) > 0 {
			return errors.New("INSERT ... ON DUPLICATE KEY UPDATE is not supported: an INSERT into a primary-key table already replaces the row with the same key (merge-engine decides how)")
		}
	case *ast.DDL:
		if s.Action == ast.TruncateStr && s.Auth.AuthType == ast.AuthType_DROP {
			s.Auth.AuthType = authTruncate
		}
		// MySQL's PARTITION BY would be silently dropped.
		if s.TableSpec != nil && s.TableSpec.PartitionOpt != nil {
			return errors.New("MySQL partitioning (PARTITION BY ...) is not supported: write Paimon's PARTITIONED BY (column, ...) after the column list")
		}
	}
	return checkAsOfPlaceholders(stmt)
}
