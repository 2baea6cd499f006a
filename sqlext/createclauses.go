package sqlext

// go-mysql-server v0.20.0 lacks Paimon's CREATE TABLE clauses PARTITIONED
// BY (...) and WITH (...): vitess has neither, and a table creator gets only
// columns and comment, so they reach the catalog on the side channel
// (sidechannel.go).

import (
	"fmt"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// rewriteCreateClauses reads CREATE TABLE with Paimon's clauses.
func rewriteCreateClauses(q string) (rewritten, bool, error) {
	rest, c, ok, err := splitCreateClauses(q)
	if !ok || err != nil {
		return rewritten{}, ok, err
	}
	return rewritten{
		text: rest,
		// The clauses were cut from the first statement only.
		toQuery: func(i int) int { return i + len(q) - len(rest) },
		bind: func(side *Statement, stmt ast.Statement) error {
			ddl, ok := stmt.(*ast.DDL)
			if !ok || ddl.TableSpec == nil {
				return fmt.Errorf("PARTITIONED BY and WITH belong to CREATE TABLE (name (columns ...)) statements")
			}
			side.Create = &c
			return nil
		},
	}, true, nil
}

// splitCreateClauses takes Paimon's PARTITIONED BY (...) and WITH (...) out
// of a CREATE TABLE statement, which vitess cannot parse, and returns the
// rest of the text with them. ok is false when q is not such a statement.
func splitCreateClauses(q string) (rest string, c CreateClauses, ok bool, err error) {
	words := codeWords(q, 3)
	if len(words) < 2 || !strings.EqualFold(words[0].text, "create") {
		return "", c, false, nil
	}
	open := strings.IndexByte(q[words[1].end:], '(')
	if open < 0 {
		return "", c, false, nil
	}
	close := matchParen(q, words[1].end+open)
	if close < 0 {
		return "", c, false, nil
	}
	var b strings.Builder
	b.WriteString(q[:close+1])
	for i := close + 1; i < len(q); {
		if n := skipNonCode(q, i); n > i {
			b.WriteString(q[i:n])
			i = n
			continue
		}
		if q[i] == ';' { // the statement ends: the rest is not ours
			b.WriteString(q[i:])
			break
		}
		word, end := identAt(q, i)
		switch {
		case strings.EqualFold(word, "partitioned"):
			by, byEnd := identAt(q, skipSpace(q, end))
			if !strings.EqualFold(by, "by") {
				return "", c, true, fmt.Errorf("PARTITIONED must be followed by BY (column, ...)")
			}
			list, next, err := parenList(q, skipSpace(q, byEnd))
			if err != nil {
				return "", c, true, fmt.Errorf("PARTITIONED BY: %w", err)
			}
			for _, item := range list {
				c.PartitionKeys = append(c.PartitionKeys, unquoteIdent(item))
			}
			i = next
			continue
		case strings.EqualFold(word, "with"):
			list, next, err := parenList(q, skipSpace(q, end))
			if err != nil {
				return "", c, true, fmt.Errorf("WITH: %w", err)
			}
			for _, item := range list {
				k, v, err := optionPair(item)
				if err != nil {
					return "", c, true, err
				}
				c.Options = append(c.Options, [2]string{k, v})
			}
			i = next
			continue
		case word != "":
			b.WriteString(word)
			i = end
			continue
		}
		b.WriteByte(q[i])
		i++
	}
	return b.String(), c, len(c.PartitionKeys) > 0 || len(c.Options) > 0, nil
}
