package sqlext

import (
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// A bulk load sends INSERT ... VALUES statements of thousands of literal
// rows; vitess's parser and go-mysql-server's planner spent about half of
// such a statement's time building and analysing an expression per value.
// ParseLiteralInsert reads the plainest form of the statement directly, so
// that the catalog can write the rows without the engine
// (catalog.Provider.InsertLiterals). It recognises only what it reads
// exactly as vitess does; anything else — expressions, DEFAULT, comments,
// hints, backslash escapes, ON DUPLICATE KEY UPDATE, IGNORE, SET or SELECT
// forms — is left to the engine, and so are the statements the catalog
// declines.

// LiteralInsert is `INSERT INTO [db.]t [(columns)] VALUES (literals), ...`.
type LiteralInsert struct {
	// Database is "" when the statement names no database.
	Database, Table string
	// Columns are the columns written, nil when the statement lists none.
	Columns []string
	Rows    [][]Literal
}

// LiteralKind is what a literal is, in the terms of vitess's SQLVal.
type LiteralKind uint8

const (
	// LitNull is NULL.
	LitNull LiteralKind = iota
	// LitInt is an integer (vitess's IntVal), at most 18 digits so that it
	// fits a BIGINT with its sign.
	LitInt
	// LitDecimal is digits.digits (vitess's FloatVal without exponent,
	// which go-mysql-server reads as a DECIMAL).
	LitDecimal
	// LitFloat has an exponent (read as a DOUBLE).
	LitFloat
	// LitString is a single-quoted string without backslashes.
	LitString
)

// Literal is one value as written: Text is the number with its sign, or
// the string's content with quotes undone. Negative is set when a minus
// sign precedes a decimal or float, which vitess reads as a negation of the
// unsigned literal (Text then holds the unsigned part).
type Literal struct {
	Kind     LiteralKind
	Negative bool
	Text     string
}

// maxIntDigits keeps LitInt within int64 whatever its sign.
const maxIntDigits = 18

// ParseLiteralInsert recognises a LiteralInsert; ok is false for any other
// statement, including malformed ones (the engine then reports the error).
func ParseLiteralInsert(query string) (ins *LiteralInsert, ok bool) {
	s := literalScanner{q: query}
	s.blanks()
	if !s.word("insert") || !s.blank() || !s.word("into") || !s.blank() {
		return nil, false
	}
	headStart := s.i
	for s.i < len(s.q) {
		c := s.q[s.i]
		switch {
		case c == '`':
			end := strings.IndexByte(s.q[s.i+1:], '`')
			if end < 0 {
				return nil, false
			}
			s.i += end + 2
		case (isBlank(c) || c == ')') && s.i > headStart:
			// VALUES follows the table name or the column list. A column
			// named VALUE makes the head unreadable up to it: the next
			// candidate is tried.
			head := s.i + boolInt(c == ')')
			s.i = head
			s.blanks()
			if s.word("values") || s.word("value") {
				after := s.i
				if ins, ok := s.rows(query[headStart:head]); ok || s.headRead {
					return ins, ok
				}
				s.i = after
			}
		case c == '(' || c == ',' || c == '.' || isBlank(c) || isIdentByte(c):
			s.i++
		default:
			return nil, false
		}
	}
	return nil, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rows reads the rows after VALUES; head is the table and column list,
// which vitess reads, so that names, quoting and reserved words are
// exactly its.
func (s *literalScanner) rows(head string) (*LiteralInsert, bool) {
	stmt, err := ast.Parse("INSERT INTO " + head + " VALUES ()")
	if err != nil {
		return nil, false
	}
	parsed, isInsert := stmt.(*ast.Insert)
	if !isInsert || parsed.Action != ast.InsertStr || parsed.Ignore != "" || len(parsed.OnDup) > 0 || parsed.Partitions != nil {
		return nil, false
	}
	s.headRead = true
	ins := &LiteralInsert{Database: parsed.Table.DbQualifier.String(), Table: parsed.Table.Name.String()}
	for _, c := range parsed.Columns {
		ins.Columns = append(ins.Columns, c.String())
	}
	width := -1
	for {
		s.blanks()
		row, ok := s.tuple(width)
		if !ok {
			return nil, false
		}
		width = len(row)
		ins.Rows = append(ins.Rows, row)
		s.blanks()
		if s.i < len(s.q) && s.q[s.i] == ',' {
			s.i++
			continue
		}
		if s.i < len(s.q) && s.q[s.i] == ';' {
			s.i++
			s.blanks()
		}
		return ins, s.i == len(s.q)
	}
}

// tuple reads (literal, ...); width, when not -1, is the previous row's
// size, which a row must repeat (the engine reports the error otherwise).
func (s *literalScanner) tuple(width int) ([]Literal, bool) {
	if s.i >= len(s.q) || s.q[s.i] != '(' {
		return nil, false
	}
	s.i++
	row := make([]Literal, 0, max(width, 4))
	for {
		s.blanks()
		lit, ok := s.literal()
		if !ok {
			return nil, false
		}
		row = append(row, lit)
		s.blanks()
		if s.i >= len(s.q) {
			return nil, false
		}
		switch s.q[s.i] {
		case ',':
			s.i++
		case ')':
			s.i++
			return row, width < 0 || len(row) == width
		default:
			return nil, false
		}
	}
}

func (s *literalScanner) literal() (Literal, bool) {
	if s.i >= len(s.q) {
		return Literal{}, false
	}
	switch c := s.q[s.i]; {
	case c == '\'':
		return s.str()
	case c == '-' || isDigit(c):
		return s.number()
	case c == 'n' || c == 'N':
		if s.word("null") {
			return Literal{Kind: LitNull}, true
		}
	}
	return Literal{}, false
}

// str reads '...' with ” for a quote; a backslash, whose meaning depends
// on the SQL mode and the character after it, is left to the engine.
func (s *literalScanner) str() (Literal, bool) {
	var b strings.Builder
	start := s.i + 1
	for i := start; i < len(s.q); i++ {
		switch s.q[i] {
		case '\\':
			return Literal{}, false
		case '\'':
			if i+1 < len(s.q) && s.q[i+1] == '\'' {
				b.WriteString(s.q[start : i+1])
				start = i + 2
				i++
				continue
			}
			s.i = i + 1
			if b.Len() == 0 {
				return Literal{Kind: LitString, Text: s.q[start:i]}, true
			}
			b.WriteString(s.q[start:i])
			return Literal{Kind: LitString, Text: b.String()}, true
		}
	}
	return Literal{}, false
}

// number reads -?digits, -?digits.digits, or either with an exponent.
func (s *literalScanner) number() (Literal, bool) {
	start := s.i
	neg := s.q[s.i] == '-'
	if neg {
		s.i++
	}
	digits := s.digits()
	if digits == 0 {
		return Literal{}, false
	}
	kind := LitInt
	if s.i < len(s.q) && s.q[s.i] == '.' {
		s.i++
		if s.digits() == 0 {
			return Literal{}, false
		}
		kind = LitDecimal
	}
	if s.i < len(s.q) && (s.q[s.i] == 'e' || s.q[s.i] == 'E') {
		s.i++
		if s.i < len(s.q) && (s.q[s.i] == '-' || s.q[s.i] == '+') {
			s.i++
		}
		if s.digits() == 0 {
			return Literal{}, false
		}
		kind = LitFloat
	}
	if s.i < len(s.q) && (isIdentByte(s.q[s.i]) || s.q[s.i] == '.') {
		return Literal{}, false // 1abc, 1.2.3: not a number literal
	}
	text := s.q[start:s.i]
	switch {
	case kind == LitInt && digits > maxIntDigits:
		return Literal{}, false
	case kind == LitInt:
		return Literal{Kind: LitInt, Text: text}, true
	case neg:
		return Literal{Kind: kind, Negative: true, Text: text[1:]}, true
	}
	return Literal{Kind: kind, Text: text}, true
}

type literalScanner struct {
	q string
	i int
	// headRead is set once vitess read the table and columns: the
	// statement stands or falls with the rows that follow.
	headRead bool
}

func (s *literalScanner) digits() int {
	n := 0
	for s.i < len(s.q) && isDigit(s.q[s.i]) {
		s.i++
		n++
	}
	return n
}

// word consumes w (lower case) when the text continues with it,
// case-insensitively, as a whole word.
func (s *literalScanner) word(w string) bool {
	end := s.i + len(w)
	if end > len(s.q) || !strings.EqualFold(s.q[s.i:end], w) || (end < len(s.q) && isIdentByte(s.q[end])) {
		return false
	}
	s.i = end
	return true
}

// blank consumes at least one blank.
func (s *literalScanner) blank() bool {
	start := s.i
	s.blanks()
	return s.i > start
}

func (s *literalScanner) blanks() {
	for s.i < len(s.q) && isBlank(s.q[s.i]) {
		s.i++
	}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
