package server

import (
	"fmt"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/catalog/clauses"
)

// splitCreateClauses takes Paimon's PARTITIONED BY (...) and WITH (...) out
// of a CREATE TABLE statement, which vitess cannot parse, and returns the
// rest of the text with them. ok is false when q is not such a statement.
func splitCreateClauses(q string) (rest string, c clauses.Clauses, ok bool, err error) {
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
	return b.String(), c, !c.Empty(), nil
}

// attachCreateClauses stores the clauses in the CREATE TABLE's comment,
// where the catalog finds them (package clauses).
func attachCreateClauses(stmt ast.Statement, c clauses.Clauses) error {
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.TableSpec == nil {
		return fmt.Errorf("PARTITIONED BY and WITH belong to CREATE TABLE (name (columns ...)) statements")
	}
	for _, opt := range ddl.TableSpec.TableOpts {
		if strings.EqualFold(opt.Name, "comment") {
			opt.Value = clauses.Encode(opt.Value, c)
			return nil
		}
	}
	ddl.TableSpec.TableOpts = append(ddl.TableSpec.TableOpts, &ast.TableOption{Name: "comment", Value: clauses.Encode("", c)})
	return nil
}

type word struct {
	text       string
	start, end int
}

// codeWords returns the first n identifier-like words of q, outside
// strings and comments.
func codeWords(q string, n int) []word {
	var out []word
	for i := 0; i < len(q) && len(out) < n; {
		if e := skipNonCode(q, i); e > i {
			i = e
			continue
		}
		if w, end := identAt(q, i); w != "" {
			out = append(out, word{w, i, end})
			i = end
			continue
		}
		i++
	}
	return out
}

// identAt returns the bare word starting at i and its end ("" if none).
func identAt(q string, i int) (string, int) {
	j := i
	for j < len(q) && isIdentByte(q[j]) {
		j++
	}
	return q[i:j], j
}

func skipSpace(q string, i int) int {
	for i < len(q) {
		if n := skipComment(q, i); n > i {
			i = n
		} else if strings.IndexByte(" \t\r\n", q[i]) >= 0 {
			i++
		} else {
			break
		}
	}
	return i
}

// matchParen returns the index of the parenthesis closing the one at open.
func matchParen(q string, open int) int {
	depth := 0
	for i := open; i < len(q); {
		if n := skipNonCode(q, i); n > i {
			i = n
			continue
		}
		switch q[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return -1
}

// parenList splits "( a, b, ... )" at i into its top-level items.
func parenList(q string, i int) ([]string, int, error) {
	if i >= len(q) || q[i] != '(' {
		return nil, i, fmt.Errorf("expected a parenthesised list")
	}
	end := matchParen(q, i)
	if end < 0 {
		return nil, i, fmt.Errorf("unclosed parenthesis")
	}
	var items []string
	start := i + 1
	for j := i + 1; j <= end; {
		if n := skipNonCode(q, j); n > j {
			j = n
			continue
		}
		if q[j] == '(' {
			j = matchParen(q, j) + 1
			continue
		}
		if q[j] == ',' || j == end {
			if item := strings.TrimSpace(q[start:j]); item != "" {
				items = append(items, item)
			}
			start = j + 1
		}
		j++
	}
	if len(items) == 0 {
		return nil, i, fmt.Errorf("the list is empty")
	}
	return items, end + 1, nil
}

func unquoteIdent(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
	}
	return s
}

// optionPair reads "'key' = 'value'".
func optionPair(item string) (string, string, error) {
	bad := fmt.Errorf("WITH option %s: write 'key' = 'value' with both quoted", item)
	if item == "" || (item[0] != '\'' && item[0] != '"') {
		return "", "", bad
	}
	kEnd := skipQuoted(item, 0)
	rest := strings.TrimSpace(item[kEnd:])
	if !strings.HasPrefix(rest, "=") {
		return "", "", bad
	}
	rest = strings.TrimSpace(rest[1:])
	if rest == "" || (rest[0] != '\'' && rest[0] != '"') || skipQuoted(rest, 0) != len(rest) {
		return "", "", bad
	}
	return unquoteString(item[:kEnd]), unquoteString(rest), nil
}

// unquoteString undoes SQL string quoting: doubled quotes and backslash
// escapes.
func unquoteString(s string) string {
	quote := s[0]
	body := s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body):
			i++
			switch body[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			default:
				b.WriteByte(body[i])
			}
		case c == quote && i+1 < len(body) && body[i+1] == quote:
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
