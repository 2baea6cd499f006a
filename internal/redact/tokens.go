package redact

import "strings"

type tokenKind uint8

const (
	tokBlank      tokenKind = iota // blanks and comments
	tokWord                        // keywords, names, introducers (_utf8mb4, N, X)
	tokQuotedName                  // `name`
	tokString                      // 'text' or "text", with an adjacent introducer
	tokNumber
	tokPunct
)

type token struct {
	kind       tokenKind
	start, end int
}

func (t token) text(q string) string { return q[t.start:t.end] }

// isWord tells whether t is the word w (lower case), in any case.
func (t token) isWord(q, w string) bool {
	return t.kind == tokWord && t.end-t.start == len(w) && asciiEqualFold(q[t.start:t.end], w)
}

// content is a string's or quoted name's text without its quotes and
// introducer; other tokens' text.
func (t token) content(q string) string {
	s := t.text(q)
	switch t.kind {
	case tokString:
		if i := strings.IndexAny(s, `'"`); i >= 0 {
			s = s[i:]
		}
		fallthrough
	case tokQuotedName:
		if len(s) >= 2 && s[len(s)-1] == s[0] {
			return s[1 : len(s)-1]
		}
		return s[1:] // unterminated
	}
	return s
}

// significant drops the blanks and comments.
func significant(toks []token) []token {
	out := toks[:0]
	for _, t := range toks {
		if t.kind != tokBlank {
			out = append(out, t)
		}
	}
	return out
}

// tokenize splits q by MySQL's lexical rules. The markers of a versioned
// comment (/*!80000 ... */) are blanks and what they enclose is read as
// SQL, since MySQL runs it. An unterminated literal or comment runs to the
// end.
func tokenize(q string) []token {
	var toks []token
	inVersioned := false
	for i := 0; i < len(q); {
		start := i
		kind := tokPunct
		c := q[i]
		switch {
		case isBlank(c):
			kind = tokBlank
			i++
		case c == '#' || isDashComment(q, i):
			kind = tokBlank
			i = lineEnd(q, i)
		case strings.HasPrefix(q[i:], "/*!"):
			kind, inVersioned = tokBlank, true
			i += 3
			for i < len(q) && q[i] >= '0' && q[i] <= '9' {
				i++
			}
		case strings.HasPrefix(q[i:], "/*"):
			kind = tokBlank
			if end := strings.Index(q[i+2:], "*/"); end >= 0 {
				i += 2 + end + 2
			} else {
				i = len(q)
			}
		case inVersioned && strings.HasPrefix(q[i:], "*/"):
			kind, inVersioned = tokBlank, false
			i += 2
		case c == '\'' || c == '"':
			kind = tokString
			i = quotedEnd(q, i, true)
		case c == '`':
			kind = tokQuotedName
			i = quotedEnd(q, i, false)
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9':
			kind = tokNumber
			for i < len(q) && (isWordByte(q[i]) || q[i] == '.') {
				i++
			}
		case isWordByte(c):
			kind, i = wordEnd(q, i)
		case isTwoByteOperator(q[i:]):
			i += 2
		default:
			i++
		}
		toks = append(toks, token{kind: kind, start: start, end: i})
	}
	return toks
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// wordEnd reads the word starting at q[i]: a name or keyword, or a
// literal with a prefix (N'x', X'41', B'1', _charset'x'), which is one.
func wordEnd(q string, i int) (tokenKind, int) {
	start, c := i, q[i]
	for i < len(q) && isWordByte(q[i]) {
		i++
	}
	if i < len(q) && q[i] == '\'' && (i-start == 1 && strings.ContainsRune("nNxXbB", rune(c)) || c == '_') {
		return tokString, quotedEnd(q, i, true)
	}
	return tokWord, i
}

func isTwoByteOperator(s string) bool {
	for _, op := range []string{"=>", ":=", "<=", ">=", "<>", "!="} {
		if strings.HasPrefix(s, op) {
			return true
		}
	}
	return false
}

// isWordByte is a byte of an unquoted name or keyword; bytes of UTF-8
// sequences count, as MySQL's names may hold any letter.
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// isDashComment tells whether a -- comment starts at q[i]: MySQL wants a
// blank or control character (or the end) after the dashes.
func isDashComment(q string, i int) bool {
	return strings.HasPrefix(q[i:], "--") && (i+2 == len(q) || q[i+2] <= ' ')
}

func lineEnd(q string, i int) int {
	if end := strings.IndexByte(q[i:], '\n'); end >= 0 {
		return i + end + 1
	}
	return len(q)
}

// quotedEnd is the end of the quoted text starting at q[i]: a doubled
// quote stays inside, and so does a quote after a backslash in strings.
func quotedEnd(q string, i int, backslash bool) int {
	quote := q[i]
	for i++; i < len(q); i++ {
		switch q[i] {
		case '\\':
			if backslash {
				i++
			}
		case quote:
			if i+1 < len(q) && q[i+1] == quote {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(q)
}
