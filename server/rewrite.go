package server

import (
	"strings"
)

// textRewrite is a query rewritten so that vitess can parse it: Paimon's
// `name => value` CALL arguments become `name = value` (mapped to positions
// later, on the AST), and unquoted identifiers with a `$` (t$snapshots) are
// backtick-quoted. Strings, quoted identifiers and comments are left alone.
type textRewrite struct {
	text string
	// quotes are the offsets in text of the inserted backticks, ascending.
	quotes []int
}

// originalOffset maps an offset in the rewritten text back to the query.
func (r textRewrite) originalOffset(i int) int {
	n := 0
	for _, q := range r.quotes {
		if q < i {
			n++
		}
	}
	return i - n
}

// rewriteQuery returns the rewritten query, and false when nothing changed.
// `=>` is only rewritten in a first statement starting with CALL, since
// turning it into `=` elsewhere could make a wrong query valid.
func rewriteQuery(q string) (textRewrite, bool) {
	arrows := startsWithCall(q)
	var b strings.Builder
	var quotes []int
	changed := false
	for i := 0; i < len(q); {
		if n := skipNonCode(q, i); n > i {
			b.WriteString(q[i:n])
			i = n
			continue
		}
		c := q[i]
		switch {
		case c == ';':
			arrows = false
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
			if needsQuoting(word) && (i == 0 || q[i-1] != '@') {
				quotes = append(quotes, b.Len(), b.Len()+len(word)+1)
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
	return textRewrite{text: b.String(), quotes: quotes}, changed
}

// needsQuoting tells whether word is an identifier vitess cannot read
// unquoted: it has a `$` (allowed by MySQL, not by vitess) and is not a
// number.
func needsQuoting(word string) bool {
	return strings.Contains(word, "$") && strings.ContainsFunc(word, func(r rune) bool {
		return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
	})
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || c >= 0x80
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

// skipNonCode returns the end of the string literal, quoted identifier or
// comment starting at i, or i when code starts there.
func skipNonCode(q string, i int) int {
	switch q[i] {
	case '\'', '"', '`':
		return skipQuoted(q, i)
	}
	return skipComment(q, i)
}

// skipQuoted skips a quoted token; the quote is escaped by doubling it, and
// in strings also by a backslash.
func skipQuoted(q string, i int) int {
	quote := q[i]
	for j := i + 1; j < len(q); j++ {
		switch {
		case q[j] == '\\' && quote != '`':
			j++
		case q[j] == quote:
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

// skipComment skips a `#` or `-- ` comment up to the end of the line, or a
// `/* */` comment.
func skipComment(q string, i int) int {
	rest := q[i:]
	switch {
	case strings.HasPrefix(rest, "#"),
		strings.HasPrefix(rest, "--") && (len(rest) == 2 || rest[2] == ' ' || rest[2] == '\t' || rest[2] == '\n' || rest[2] == '\r'):
		if n := strings.IndexByte(rest, '\n'); n >= 0 {
			return i + n + 1
		}
		return len(q)
	case strings.HasPrefix(rest, "/*"):
		if n := strings.Index(rest[2:], "*/"); n >= 0 {
			return i + 2 + n + 2
		}
		return len(q)
	}
	return i
}
