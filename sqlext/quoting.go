package sqlext

// go-mysql-server v0.20.0 lacks unquoted names with a `$` (t$snapshots) and `=>` in CALL: vitess's tokenizer rejects both.

import (
	"context"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// The Paimon syntax of names and CALL arguments that vitess (GMS v0.20.0)
// does not read: `name => value` CALL arguments become `name = value`
// (mapped to positions later, on the AST, namedargs.go), and unquoted
// identifiers with a `$` (t$snapshots, which MySQL allows) and argument
// names before `=>` are backtick-quoted. Strings, quoted identifiers and comments are left alone.

// rewriteNames returns the rewritten query, and false when nothing changed.
// `=>` is only rewritten in a first statement starting with CALL, since
// turning it into `=` elsewhere could make a wrong query valid.
func rewriteNames(ctx context.Context, q string) (rewritten, bool, error) {
	arrows := startsWithCall(q)
	var b strings.Builder
	var quotes shifts
	changed := false
	prevWord := ""
	inArgs := false // past the procedure's name
	stop := canceller{ctx: ctx}
	for i := 0; i < len(q); {
		if err := stop.at(i); err != nil {
			return rewritten{}, false, err
		}
		if n := skipNonCode(q, i); n > i {
			b.WriteString(q[i:n])
			i = n
			continue
		}
		c := q[i]
		switch {
		case c == ';':
			arrows = false
		case c == '(':
			inArgs = true
		case arrows && c == '=' && i+1 < len(q) && q[i+1] == '>' && (i == 0 || q[i-1] != '<'):
			// Same length, so offsets are unchanged.
			b.WriteString("= ")
			i += 2
			changed = true
			continue
		case isIdentByte(c):
			j := i
			for j < len(q) && isIdentByte(q[j]) {
				j++
			}
			word := q[i:j]
			// A CALL argument name may be a keyword (table, where,
			// timestamp): quoted, as Flink requires and Spark does not.
			argName := arrows && strings.HasPrefix(q[skipSpace(q, j):], "=>") && !isNumber(word)
			// The procedure's name may be a keyword too (Spark's sys.copy).
			procName := arrows && !inArgs && strings.HasPrefix(q[skipSpace(q, j):], "(") && isKeyword(word)
			// Flink's CAST(x AS BIGINT) in CALL arguments is MySQL's
			// CAST(x AS SIGNED).
			if up := strings.ToUpper(word); arrows && strings.EqualFold(prevWord, "as") && (up == "BIGINT" || up == "INT" || up == "INTEGER") {
				quotes = append(quotes, shift{end: b.Len() + len("SIGNED"), delta: len("SIGNED") - len(word)})
				b.WriteString("SIGNED")
				prevWord, i, changed = word, j, true
				continue
			}
			prevWord = word
			if (needsQuoting(word) || argName || procName) && (i == 0 || q[i-1] != '@') {
				quotes = append(quotes, shift{end: b.Len() + 1, delta: 1}, shift{end: b.Len() + len(word) + 2, delta: 1})
				b.WriteString("`" + word + "`")
				changed = true
			} else {
				b.WriteString(word)
			}
			i = j
			continue
		}
		b.WriteByte(c)
		i++
	}
	return rewritten{text: b.String(), toQuery: quotes.toQuery}, changed, nil
}

// isKeyword tells whether vitess refuses word as a bare procedure name.
func isKeyword(word string) bool {
	_, err := ast.Parse("CALL " + word + "()")
	return err != nil
}

func isNumber(word string) bool {
	return strings.Trim(word, "0123456789") == ""
}

// needsQuoting tells whether word is an identifier vitess cannot read
// unquoted: it has a `$` (allowed by MySQL, not by vitess) and is not a
// number.
func needsQuoting(word string) bool {
	return strings.Contains(word, "$") && strings.ContainsFunc(word, func(r rune) bool {
		return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
	})
}

// startsWithCall tells whether the first word of q, after spaces and
// comments, is CALL.
func startsWithCall(q string) bool {
	i := 0
	for i < len(q) {
		if n := skipComment(q, i); n > i {
			i = n
		} else if q[i] == ' ' || q[i] == '\t' || q[i] == '\n' || q[i] == '\r' {
			i++
		} else {
			break
		}
	}
	j := i
	for j < len(q) && isIdentByte(q[j]) {
		j++
	}
	return strings.EqualFold(q[i:j], "call")
}
