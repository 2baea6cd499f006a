// Package redact hides the secrets of SQL statements (passwords, secret
// option values) before their text reaches a log, the process list or an
// error line. It reads the statement with a small tokenizer of MySQL's
// lexical rules (comments, versioned comments, quotes with their escapes,
// charset introducers, adjacent string literals), so that no spelling the
// server accepts gets past it; statements that do not parse are read the
// same way.
package redact

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Mask stands for a hidden value, as MySQL writes it in its logs.
const Mask = "<secret>"

// Statement returns query with its secret values replaced by Mask, and the
// secrets it hid (each literal as written and its content), for Text.
// Queries that name no secret word are returned as they are, at the cost
// of one pass over the bytes.
func Statement(query string) (string, []string) {
	if !namesSecretWord(query) {
		return query, nil
	}
	r := redactor{query: query, toks: significant(tokenize(query))}
	r.scan()
	if len(r.spans) == 0 {
		return query, nil
	}
	return r.apply()
}

// Text hides in s (an error message about a statement) the secrets
// Statement found in that statement.
func Text(s string, secrets []string) string {
	for _, secret := range secrets {
		if secret != "" {
			s = strings.ReplaceAll(s, secret, Mask)
		}
	}
	return s
}

// SecretName tells whether an option or variable name names a secret
// (object-store keys, tokens, encryption keys, passwords).
func SecretName(name string) bool {
	lower := strings.ToLower(name)
	return slices.ContainsFunc(secretNameWords, func(w string) bool { return strings.Contains(lower, w) })
}

// secretNameWords are the parts of names whose values are secret.
var secretNameWords = []string{
	"password", "passwd", "secret", "token", "credential", "crypto", "encrypt",
	"access-key", "access_key", "accesskey", "account-key", "account_key", "accountkey",
	"private-key", "private_key", "privatekey", "sas-key", "sas_key",
}

// TokenPrefix starts every bearer token the server makes (CALL
// sys.create_token): a literal or word holding it is a token pasted into a
// statement, hidden wherever it stands.
const TokenPrefix = "paimonsql_"

// notSecretNames name a secret word but take no secret: the token
// procedures' arguments are accounts, names and token ids.
var notSecretNames = []string{"create_token", "revoke_token", "list_tokens"}

// triggerWords are the words a statement must hold for a secret to be in
// it (lower case): the keywords that introduce one, the secret names and
// the tokens' prefix.
var triggerWords = append([]string{"identified", "replace", TokenPrefix}, secretNameWords...)

// namesSecretWord tells whether query holds one of triggerWords in any
// case, without copying it (a bulk INSERT is tens of kilobytes).
func namesSecretWord(query string) bool {
	for i := 0; i < len(query); i++ {
		if query[i] >= utf8.RuneSelf {
			lower := strings.ToLower(query)
			return slices.ContainsFunc(triggerWords, func(w string) bool { return strings.Contains(lower, w) })
		}
	}
	for i := range len(query) {
		for _, w := range triggersByFirst[query[i]|0x20] {
			if len(query)-i >= len(w) && asciiEqualFold(query[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}

// triggersByFirst are triggerWords by their first letter (lower case).
var triggersByFirst = func() (t [256][]string) {
	for _, w := range triggerWords {
		t[w[0]] = append(t[w[0]], w)
	}
	return t
}()

// asciiEqualFold compares ASCII s with lower-case w, ignoring the case of
// s's letters.
func asciiEqualFold(s, w string) bool {
	for j := range len(w) {
		c := s[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[j] {
			return false
		}
	}
	return true
}

// span is a part of the query to hide: [start, end), or, for an option
// list inside one string literal, only that literal's values.
type span struct{ start, end int }

type redactor struct {
	query string
	toks  []token
	spans []span
}

// scan finds the secret values:
//   - IDENTIFIED [WITH plugin] BY|AS value (CREATE/ALTER USER, GRANT);
//   - REPLACE 'old' (the current password of ALTER USER, SET PASSWORD);
//   - name = value, name => value, name := value, name(value) and
//     name value, where name (a word, a quoted name or a string) names a
//     secret: SET PASSWORD [FOR account] = 'x', PASSWORD('x'), table
//     options ('s3.secret-key' = 'x'), named procedure arguments;
//   - inside any string literal, the values of a k=v,k=v option list
//     whose key names a secret (procedure options).
func (r *redactor) scan() {
	for i := 0; i < len(r.toks); i++ {
		t := r.toks[i]
		switch {
		case t.isWord(r.query, "identified"):
			j := i + 1
			if r.word(j, "with") {
				j += 2 // the plugin
			}
			if r.word(j, "by") || r.word(j, "as") {
				if !r.word(j+1, "random") {
					r.value(j+1, true)
				}
			}
		case t.isWord(r.query, "replace"):
			if r.isString(i + 1) {
				r.value(i+1, false)
			}
		case r.holdsToken(t):
			continue
		case t.kind == tokString:
			r.optionList(t)
			fallthrough
		case t.kind == tokWord || t.kind == tokQuotedName:
			name := t.content(r.query)
			if !SecretName(name) || slices.Contains(notSecretNames, strings.ToLower(name)) {
				continue
			}
			j := i + 1
			if t.isWord(r.query, "password") && r.word(j, "for") {
				// SET PASSWORD FOR account = value: the account is no secret.
				for j < len(r.toks) && !r.punct(j, "=") && j < i+8 {
					j++
				}
			}
			switch {
			case r.punct(j, "=") || r.punct(j, "=>") || r.punct(j, ":=") || r.punct(j, "("):
				r.value(j+1, false)
			case t.kind == tokWord && r.isString(j):
				r.value(j, false)
			}
		}
	}
}

// holdsToken hides a string, quoted name or word that holds a token, and
// tells whether t was one. A bare token is cut by the tokenizer at its '-'
// characters: it is hidden up to the next blank, quote, comma or bracket.
func (r *redactor) holdsToken(t token) bool {
	text := t.text(r.query)
	at := strings.Index(strings.ToLower(text), TokenPrefix)
	if at < 0 {
		return false
	}
	end := t.end
	if t.kind == tokWord {
		end = t.start + at
		for end < len(r.query) && !strings.ContainsRune(" \t\r\n\f'\"`,;()", rune(r.query[end])) {
			end++
		}
	}
	r.spans = append(r.spans, span{t.start, end})
	return true
}

// value hides the value that starts at token i: a string (with a charset
// introducer, and the strings MySQL concatenates to it) or a number; with
// anyWord, also a bare word (a password that failed to parse).
func (r *redactor) value(i int, anyWord bool) {
	if i >= len(r.toks) {
		return
	}
	start := i
	if t := r.toks[i]; t.kind == tokWord && strings.HasPrefix(t.text(r.query), "_") && r.isString(i+1) {
		i++ // _utf8mb4 'pw'
	}
	switch t := r.toks[i]; {
	case t.kind == tokString:
		for i+1 < len(r.toks) && r.toks[i+1].kind == tokString {
			i++
		}
	case t.kind == tokNumber, anyWord && t.kind == tokWord:
	default:
		return
	}
	r.spans = append(r.spans, span{r.toks[start].start, r.toks[i].end})
}

// optionList hides, inside string literal t, the values of a k=v list
// ('parquet.crypto.key=abc,bucket=2') whose key names a secret.
func (r *redactor) optionList(t token) {
	body := r.query[t.start:t.end]
	if !strings.Contains(body, "=") {
		return
	}
	offset := t.start
	for item := range strings.SplitSeq(body, ",") {
		if k, v, ok := strings.Cut(item, "="); ok && SecretName(k) && v != "" {
			vStart := offset + len(k) + 1
			vEnd := offset + len(item)
			if vEnd == t.end { // the closing quote stays
				vEnd -= closingQuote(body)
			}
			if vEnd > vStart {
				r.spans = append(r.spans, span{vStart, vEnd})
			}
		}
		offset += len(item) + 1
	}
}

// closingQuote is the length of the quote ending a string literal's text.
func closingQuote(body string) int {
	if n := len(body); n >= 2 && (body[n-1] == '\'' || body[n-1] == '"') {
		return 1
	}
	return 0
}

func (r *redactor) word(i int, w string) bool {
	return i < len(r.toks) && r.toks[i].isWord(r.query, w)
}

func (r *redactor) punct(i int, p string) bool {
	return i < len(r.toks) && r.toks[i].kind == tokPunct && r.toks[i].text(r.query) == p
}

// isString tells whether token i starts a string value (a literal, or an
// introducer before one).
func (r *redactor) isString(i int) bool {
	if i >= len(r.toks) {
		return false
	}
	t := r.toks[i]
	return t.kind == tokString || t.kind == tokWord && strings.HasPrefix(t.text(r.query), "_") && i+1 < len(r.toks) && r.toks[i+1].kind == tokString
}

// apply replaces the spans, merged where they overlap, and returns the
// texts it hid: each span as written and each string literal's content.
func (r *redactor) apply() (string, []string) {
	slices.SortFunc(r.spans, func(a, b span) int { return a.start - b.start })
	var b strings.Builder
	var secrets []string
	last := 0
	for _, s := range r.spans {
		if s.start < last {
			if s.end <= last {
				continue
			}
			s.start = last
		}
		b.WriteString(r.query[last:s.start])
		b.WriteString(Mask)
		hidden := r.query[s.start:s.end]
		secrets = append(secrets, hidden)
		for _, t := range tokenize(hidden) {
			if t.kind == tokString {
				secrets = append(secrets, t.content(hidden))
			}
		}
		last = s.end
	}
	b.WriteString(r.query[last:])
	// The longest first, so that a secret's part does not break it up.
	slices.SortFunc(secrets, func(a, b string) int { return len(b) - len(a) })
	return b.String(), slices.Compact(secrets)
}
