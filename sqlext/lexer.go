package sqlext

// go-mysql-server v0.20.0 lacks a token stream for callers: vitess's tokenizer serves its own grammar only.

import (
	"context"
	"fmt"
	"strings"
)

// The one lexer of the SQL rewrites: vitess (v0.20.0's parser) offers no
// token stream to callers, so the rewrites that must see where strings,
// quoted names and comments are find them here. MySQL's rules: strings in
// '' or "" (the quote doubled or backslash-escaped), names in `` (the quote
// doubled), comments #, "-- " and /* */.

// cancelStride is how many bytes of a statement a pass over its text reads
// between two looks at the statement's context. A pass reads 8 MB in 0.1 to
// 2 s on a loaded machine (most of it building its output), and
// max_allowed_packet lets a statement be 64 MB or more: a look every 64 KiB
// stops a pass within milliseconds of KILL QUERY, KILL, the client going away
// or shutdown, at a cost no profile shows.
const cancelStride = 64 << 10

// canceller is how a pass over a statement's text looks at its context: at
// returns the context's error once the statement was stopped, looking at it
// only every cancelStride bytes of progress.
type canceller struct {
	ctx  context.Context
	next int // the offset of the next look
}

func (c *canceller) at(offset int) error {
	if offset < c.next {
		return nil
	}
	c.next = offset + cancelStride
	return c.ctx.Err()
}

type word struct {
	text       string
	start, end int
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || c >= 0x80
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

// optionPair reads "'key' = 'value'", with comments and spaces around each
// part (a "-- why" after an option's comma is the start of the next item).
func optionPair(item string) (string, string, error) {
	bad := fmt.Errorf("WITH option %s: write 'key' = 'value' with both quoted", item)
	isQuote := func(i int) bool { return i < len(item) && (item[i] == '\'' || item[i] == '"') }
	closed := func(start, end int) bool { return end-start >= 2 && item[end-1] == item[start] }
	k := skipSpace(item, 0)
	if !isQuote(k) {
		return "", "", bad
	}
	kEnd := skipQuoted(item, k)
	eq := skipSpace(item, kEnd)
	if !closed(k, kEnd) || eq >= len(item) || item[eq] != '=' {
		return "", "", bad
	}
	v := skipSpace(item, eq+1)
	if !isQuote(v) {
		return "", "", bad
	}
	vEnd := skipQuoted(item, v)
	if !closed(v, vEnd) || skipSpace(item, vEnd) != len(item) {
		return "", "", bad
	}
	return unquoteString(item[k:kEnd]), unquoteString(item[v:vEnd]), nil
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

// statementEnd is the offset of the first `;` outside strings, quoted names
// and comments at or after i, or len(q).
func statementEnd(q string, i int) int {
	for i < len(q) {
		if n := skipNonCode(q, i); n > i {
			i = n
			continue
		}
		if q[i] == ';' {
			return i
		}
		i++
	}
	return len(q)
}

// stripComments drops the comments of q (strings and names kept).
func stripComments(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); {
		if n := skipComment(q, i); n > i {
			b.WriteByte(' ')
			i = n
			continue
		}
		if n := skipNonCode(q, i); n > i {
			b.WriteString(q[i:n])
			i = n
			continue
		}
		b.WriteByte(q[i])
		i++
	}
	return b.String()
}

func sqlString(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, "\\", "\\\\"), "'", "''") + "'"
}
