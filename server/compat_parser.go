package server

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// compatParser wraps the engine's parser to adjust parsed statements where
// GMS differs from MySQL in a way clients trip on (compatStatement). It runs
// for text queries and server-side prepared statements alike. prepare, when
// set, then readies the statement or refuses it (prepareAccountStatement).
type compatParser struct {
	sql.Parser
	prepare func(context.Context, ast.Statement) error
}

var _ sql.Parser = compatParser{}

func (p compatParser) ParseSimple(query string) (ast.Statement, error) {
	stmt, err := p.Parser.ParseSimple(query)
	if err == nil {
		err = p.adjust(context.Background(), stmt)
	}
	return stmt, err
}

func (p compatParser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	stmt, parsed, rest, err := p.Parser.Parse(ctx, query, multi)
	if err == nil {
		err = p.adjust(ctx, stmt)
	}
	return stmt, parsed, rest, err
}

func (p compatParser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	stmt, parsed, rest, err := p.Parser.ParseWithOptions(ctx, query, delimiter, multi, options)
	if err == nil {
		err = p.adjust(ctx, stmt)
	}
	return stmt, parsed, rest, err
}

func (p compatParser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	stmt, next, err := p.Parser.ParseOneWithOptions(ctx, query, options)
	if err == nil {
		err = p.adjust(ctx, stmt)
	}
	return stmt, next, err
}

func (p compatParser) adjust(ctx context.Context, stmt ast.Statement) error {
	compatStatement(stmt)
	if p.prepare == nil {
		return nil
	}
	return p.prepare(ctx, stmt)
}

// compatStatement adjusts a parsed statement:
//
//   - SHOW GRANTS, SHOW GRANTS FOR CURRENT_USER[()]: GMS requires SELECT on
//     the mysql database for every SHOW GRANTS; MySQL lets every user see
//     their own grants. Metabase (v0.55+) runs SHOW GRANTS FOR CURRENT_USER
//     at every sync and shows no table when it fails, so a user with SELECT
//     on one database only saw nothing. Other users' grants still need
//     SELECT on mysql.
func compatStatement(stmt ast.Statement) {
	if g, ok := stmt.(*ast.ShowGrants); ok && g.For == nil && len(g.Using) == 0 {
		g.Auth = ast.AuthInformation{AuthType: ast.AuthType_IGNORE}
	}
}
