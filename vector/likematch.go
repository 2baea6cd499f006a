package vector

import (
	"bytes"
	"unicode/utf8"
)

// likeBytes is the byte test of a LIKE pattern made of literal characters
// and % wildcards (with escaped characters taken literally), for
// utf8mb4_0900_bin, where a character matches only itself: the value
// must begin with the part before the first %, end with the part after
// the last %, and hold the parts between them in order without overlap.
// Taking each inner part at its leftmost place is enough: any match could
// move its parts there. On valid UTF-8 a byte match of valid UTF-8 begins
// and ends at character boundaries, so it is a match of characters.
// likeBytes is nil for a pattern with _ (one character, whose byte length
// varies), an escape at its end, or one that is not valid UTF-8: those
// go to go-mysql-server's matcher.
func likeBytes(pattern string, escape rune) func(s []byte) bool {
	if !utf8.ValidString(pattern) {
		return nil
	}
	// parts are the literals between the % wildcards; there is one more
	// part than wildcards.
	parts := [][]byte{nil}
	escaped := false
	for _, r := range pattern {
		last := &parts[len(parts)-1]
		switch {
		case escaped:
			*last = utf8.AppendRune(*last, r)
			escaped = false
		case r == escape:
			escaped = true
		case r == '%':
			parts = append(parts, nil)
		case r == '_':
			return nil
		default:
			*last = utf8.AppendRune(*last, r)
		}
	}
	if escaped {
		return nil
	}
	if len(parts) == 1 {
		lit := parts[0]
		return func(s []byte) bool { return bytes.Equal(s, lit) }
	}
	head, tail, inner := parts[0], parts[len(parts)-1], parts[1:len(parts)-1]
	return func(s []byte) bool {
		if len(s) < len(head)+len(tail) || !bytes.HasPrefix(s, head) || !bytes.HasSuffix(s, tail) {
			return false
		}
		s = s[len(head) : len(s)-len(tail)]
		for _, p := range inner {
			i := bytes.Index(s, p)
			if i < 0 {
				return false
			}
			s = s[i+len(p):]
		}
		return true
	}
}
