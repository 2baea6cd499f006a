package sqlext

// go-mysql-server v0.20.0 lacks Paimon's CREATE TABLE clauses as Flink and
// Spark write them, PARTITIONED BY (...), WITH (...), TBLPROPERTIES (...),
// USING paimon: vitess has none, and a table creator gets only columns and
// comment, so they reach the catalog on the side channel (sidechannel.go).

import (
	"context"
	"fmt"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// rewriteCreateClauses reads CREATE TABLE with Paimon's clauses.
func rewriteCreateClauses(ctx context.Context, q string) (rewritten, bool, error) {
	rest, c, ok, err := splitCreateClauses(ctx, q)
	if !ok || err != nil {
		return rewritten{}, ok, err
	}
	return rewritten{
		text: rest,
		// The clauses were cut from the first statement only.
		toQuery: func(i int) int { return i + len(q) - len(rest) },
		bind: func(side *Statement, stmt ast.Statement) error {
			if _, ok := stmt.(*ast.DDL); !ok {
				return fmt.Errorf("PARTITIONED BY and WITH belong to CREATE TABLE statements")
			}
			side.Create = &c
			return nil
		},
	}, true, nil
}

// splitCreateClauses takes the Flink and Spark parts of CREATE TABLE out
// of the statement, which vitess cannot parse, and returns the rest of the
// text with them: PARTITIONED BY (...), WITH (...), TBLPROPERTIES (...),
// USING paimon, LIKE's options, and in the column list the types of
// flinktypes.go and PRIMARY KEY's NOT ENFORCED. ok is false when q is not
// such a statement.
func splitCreateClauses(ctx context.Context, q string) (rest string, c CreateClauses, ok bool, err error) {
	words := codeWords(q, 3)
	if len(words) < 2 || !strings.EqualFold(words[0].text, "create") || !strings.EqualFold(words[1].text, "table") {
		return "", c, false, nil
	}
	changed := false
	var b strings.Builder
	b.WriteString(q[:words[1].end])
	prev := ""       // the previous word at the top level
	columns := false // the column list was seen
	stop := canceller{ctx: ctx}
	for i := words[1].end; i < len(q); {
		if err := stop.at(i); err != nil {
			return "", c, false, err
		}
		if n := skipNonCode(q, i); n > i {
			if q[i] == '`' {
				// A quoted name is a word: the table's, before the
				// column list (SHOW CREATE TABLE quotes it).
				prev = q[i:n]
			}
			b.WriteString(q[i:n])
			i = n
			continue
		}
		if q[i] == ';' { // the statement ends: the rest is not ours
			b.WriteString(q[i:])
			break
		}
		if q[i] == '(' {
			end := matchParen(q, i)
			if end < 0 {
				return "", c, false, nil
			}
			if !columns && prev != "" && !strings.EqualFold(prev, "like") {
				list, colsChanged, err := rewriteColumns(ctx, q[i+1:end], &c)
				if err != nil {
					return "", c, true, err
				}
				changed = changed || colsChanged
				b.WriteString("(" + list + ")")
				columns = true
			} else {
				b.WriteString(q[i : end+1])
			}
			prev, i = ")", end+1
			continue
		}
		word, wend := identAt(q, i)
		if word == "" {
			b.WriteByte(q[i])
			i++
			continue
		}
		next := skipSpace(q, wend)
		switch up := strings.ToUpper(word); {
		case up == "AS" || up == "SELECT":
			// CREATE TABLE ... AS SELECT: the query is not ours.
			b.WriteString(q[i:])
			i = len(q)
			continue
		case up == "PARTITIONED":
			by, byEnd := identAt(q, next)
			if !strings.EqualFold(by, "by") {
				return "", c, true, fmt.Errorf("PARTITIONED must be followed by BY (column, ...)")
			}
			list, after, err := parenList(q, skipSpace(q, byEnd))
			if err != nil {
				return "", c, true, fmt.Errorf("PARTITIONED BY: %w", err)
			}
			for _, item := range list {
				if strings.ContainsAny(strings.TrimSpace(item), " \t\r\n") {
					return "", c, true, fmt.Errorf("PARTITIONED BY (%s): declare the column in the column list and name it here, PARTITIONED BY (column, ...)", item)
				}
				c.PartitionKeys = append(c.PartitionKeys, unquoteIdent(item))
			}
			changed, i = true, after
			continue
		case (up == "WITH" || up == "TBLPROPERTIES") && next < len(q) && q[next] == '(':
			list, after, err := parenList(q, next)
			if err != nil {
				return "", c, true, fmt.Errorf("%s: %w", up, err)
			}
			for _, item := range list {
				k, v, err := optionPair(item)
				if err != nil {
					return "", c, true, err
				}
				c.Options = append(c.Options, [2]string{k, v})
			}
			changed, i = true, after
			continue
		case up == "LOCATION":
			return "", c, true, fmt.Errorf("LOCATION: paimon-sql keeps a table in its warehouse directory (db.db/table); leave LOCATION out")
		case up == "USING":
			format, after := identAt(q, next)
			if !strings.EqualFold(format, "paimon") {
				return "", c, true, fmt.Errorf("USING %s: paimon-sql creates Paimon tables only (write USING paimon, or nothing)", format)
			}
			changed, i = true, after
			continue
		case up == "LIKE":
			// LIKE source [(like options)]: Flink's options are cut.
			b.WriteString(q[i:next])
			name, after := tableName(q, next)
			b.WriteString(q[next:after])
			c.Like = name
			if o := skipSpace(q, after); o < len(q) && q[o] == '(' {
				list, optEnd, err := parenList(q, o)
				if err != nil {
					return "", c, true, fmt.Errorf("LIKE options: %w", err)
				}
				if err := c.likeOptions(list); err != nil {
					return "", c, true, err
				}
				after = optEnd
			}
			changed, prev, i = true, "like", after
			continue
		}
		b.WriteString(word)
		prev, i = word, wend
	}
	return b.String(), c, changed, nil
}

// tableName reads a possibly qualified, possibly quoted table name at i.
func tableName(q string, i int) (string, int) {
	start := i
	for {
		if i < len(q) && q[i] == '`' {
			i = skipQuoted(q, i)
		} else {
			_, i = identAt(q, i)
		}
		if i < len(q) && q[i] == '.' {
			i++
			continue
		}
		return q[start:i], i
	}
}
