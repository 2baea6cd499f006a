package sqlext

// go-mysql-server v0.20.0 lacks Flink's and Spark's /*+ OPTIONS(...) */ table hints; to vitess they are comments.

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/paimon-sql/paimon-sql/core/options"
)

// An OPTIONS hint (`t /*+ OPTIONS('scan.snapshot-id'='1') */`, as Flink and
// Spark take it) is a comment to the MySQL parser, so the server rewrites it
// into `t AS OF '<hintMarker>{...}'` and the catalog decodes the options
// when it resolves the AS OF value. The marker holds '/', which no tag name
// holds, so it cannot be mistaken for a tag.
const hintMarker = "/*+OPTIONS*/"

// EncodeHint is the AS OF string carrying the options of one hint.
func EncodeHint(opts map[string]string) string {
	data, _ := json.Marshal(opts) // a map of strings always marshals
	return hintMarker + string(data)
}

// DecodeHint returns the options of an AS OF string made by EncodeHint;
// ok is false for any other AS OF value.
func DecodeHint(s string) (opts map[string]string, ok bool, err error) {
	rest, ok := strings.CutPrefix(s, hintMarker)
	if !ok {
		return nil, false, nil
	}
	if err := json.Unmarshal([]byte(rest), &opts); err != nil {
		return nil, true, fmt.Errorf("OPTIONS hint: %w", err)
	}
	return opts, true, nil
}

const hintOpen = "/*+"

// writeTarget matches a statement up to the name of the table it writes.
var writeTarget = regexp.MustCompile("(?is)^\\s*(?:(?:INSERT|REPLACE)(?:\\s+IGNORE)?(?:\\s+OVERWRITE)?(?:\\s+(?:INTO|TABLE))?|UPDATE|DELETE\\s+FROM)\\s+[\\w.`]+\\s*$")

// rewriteOptionHints turns each `/*+ OPTIONS('k'='v', ...) */` comment into
// `AS OF '<encoded options>'` for the table reference it follows (see
// EncodeHint). Other comments and strings are left alone; a hint
// that starts like OPTIONS but is malformed is an error, not a comment the
// user believes applied.
func rewriteOptionHints(ctx context.Context, q string) (rewritten, bool, error) {
	if !strings.Contains(q, hintOpen) {
		return rewritten{}, false, nil
	}
	var b strings.Builder
	var moved shifts
	var dynamic *bool
	stop := canceller{ctx: ctx}
	for i := 0; i < len(q); {
		if err := stop.at(i); err != nil {
			return rewritten{}, false, err
		}
		if strings.HasPrefix(q[i:], hintOpen) && followsTableName(b.String()) {
			opts, end, ok, err := parseOptionsHint(q, i)
			if err != nil {
				return rewritten{}, true, err
			}
			if ok && writeTarget.MatchString(b.String()) {
				d, isMode := overwriteModeHint(b.String(), opts)
				if !isMode {
					return rewritten{}, true, fmt.Errorf("OPTIONS hints on the table a statement writes are not supported: paimon-sql writes with the table's own options (set them with ALTER TABLE ... SET); INSERT OVERWRITE takes 'dynamic-partition-overwrite' alone")
				}
				dynamic = &d
				moved = append(moved, shift{end: b.Len(), delta: -(end - i)})
				i = end
				continue
			}
			if ok {
				asOf := " AS OF " + sqlString(EncodeHint(opts)) + " "
				b.WriteString(asOf)
				moved = append(moved, shift{end: b.Len(), delta: len(asOf) - (end - i)})
				i = end
				continue
			}
		}
		if n := skipNonCode(q, i); n > i {
			b.WriteString(q[i:n])
			i = n
			continue
		}
		b.WriteByte(q[i])
		i++
	}
	if len(moved) == 0 {
		return rewritten{}, false, nil
	}
	r := rewritten{text: b.String(), toQuery: moved.toQuery}
	if dynamic != nil {
		r.bind = func(side *Statement, _ ast.Statement) error {
			side.dynamicOverwrite = dynamic
			return nil
		}
	}
	return r, true, nil
}

// overwriteModeHint reads Flink's INSERT OVERWRITE t /*+ OPTIONS(
// 'dynamic-partition-overwrite' = 'false') */, the one option a hint may set
// on the table written: it says which partitions the statement replaces.
// before is the statement up to the hint.
func overwriteModeHint(before string, opts map[string]string) (dynamic, ok bool) {
	v, set := options.DynamicPartitionOverwrite.Stored(opts)
	if !set || len(opts) != 1 || !insertOverwriteHead.MatchString(before) {
		return false, false
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// insertOverwriteHead matches an INSERT OVERWRITE up to its table's name.
var insertOverwriteHead = regexp.MustCompile("(?is)^\\s*INSERT\\s+OVERWRITE\\s+(?:TABLE\\s+)?[\\w.`]+\\s*$")

// followsTableName tells whether the text before a hint ends in a name (a
// table reference), not in a keyword position such as SELECT's optimizer
// hints.
func followsTableName(before string) bool {
	before = strings.TrimRight(before, " \t\r\n")
	if before == "" {
		return false
	}
	c := before[len(before)-1]
	if c == '`' {
		return true
	}
	if !isIdentByte(c) {
		return false
	}
	j := len(before)
	for j > 0 && isIdentByte(before[j-1]) {
		j--
	}
	switch strings.ToUpper(before[j:]) {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE":
		return false
	}
	return true
}

// parseOptionsHint reads the hint comment at q[i:]; ok is false when the
// comment is not an OPTIONS hint.
func parseOptionsHint(q string, i int) (opts map[string]string, end int, ok bool, err error) {
	p := hintParser{q: q, i: i + len(hintOpen)}
	p.spaces()
	if !p.keyword("OPTIONS") {
		return nil, 0, false, nil
	}
	opts = map[string]string{}
	if err := p.expect('('); err != nil {
		return nil, 0, true, err
	}
	for {
		k, err := p.quoted()
		if err != nil {
			return nil, 0, true, err
		}
		if err := p.expect('='); err != nil {
			return nil, 0, true, err
		}
		v, err := p.quoted()
		if err != nil {
			return nil, 0, true, err
		}
		if _, dup := opts[k]; dup {
			return nil, 0, true, fmt.Errorf("OPTIONS hint sets '%s' twice", k)
		}
		opts[k] = v
		p.spaces()
		if p.peek() == ',' {
			p.i++
			continue
		}
		if err := p.expect(')'); err != nil {
			return nil, 0, true, err
		}
		break
	}
	p.spaces()
	if !strings.HasPrefix(q[p.i:], "*/") {
		return nil, 0, true, fmt.Errorf("OPTIONS hint: expected */ after the options")
	}
	return opts, p.i + 2, true, nil
}

// hintParser reads the body of an OPTIONS hint.
type hintParser struct {
	q string
	i int
}

func (p *hintParser) peek() byte {
	if p.i < len(p.q) {
		return p.q[p.i]
	}
	return 0
}

func (p *hintParser) spaces() {
	for p.i < len(p.q) && strings.IndexByte(" \t\r\n", p.q[p.i]) >= 0 {
		p.i++
	}
}

func (p *hintParser) keyword(w string) bool {
	if len(p.q)-p.i >= len(w) && strings.EqualFold(p.q[p.i:p.i+len(w)], w) {
		p.i += len(w)
		return true
	}
	return false
}

func (p *hintParser) expect(c byte) error {
	p.spaces()
	if p.peek() != c {
		return fmt.Errorf("OPTIONS hint: expected '%c' at %q (write /*+ OPTIONS('key'='value', ...) */)", c, p.q[p.i:min(len(p.q), p.i+20)])
	}
	p.i++
	return nil
}

// quoted reads a single-quoted string, a quote inside doubled.
func (p *hintParser) quoted() (string, error) {
	p.spaces()
	if p.peek() != '\'' {
		return "", fmt.Errorf("OPTIONS hint: expected a quoted key or value at %q", p.q[p.i:min(len(p.q), p.i+20)])
	}
	var b strings.Builder
	for j := p.i + 1; j < len(p.q); j++ {
		if p.q[j] != '\'' {
			b.WriteByte(p.q[j])
			continue
		}
		if j+1 < len(p.q) && p.q[j+1] == '\'' {
			b.WriteByte('\'')
			j++
			continue
		}
		p.i = j + 1
		return b.String(), nil
	}
	return "", fmt.Errorf("OPTIONS hint: unterminated string")
}
