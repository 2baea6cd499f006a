package vector

import (
	"bytes"
	"unicode/utf8"
)

// likeBytes is the byte test of a LIKE pattern for utf8mb4_0900_bin, where
// a character matches only itself: % any run of characters, _ any one
// character, an escaped character itself. The value must begin with the
// part before the first %, end with the part after the last %, and hold
// the parts between them in order without overlap. Taking each inner part
// at its leftmost place is enough: a part is as many characters wherever
// it lies, so any match could move its parts there. On valid UTF-8 a byte
// match of valid UTF-8 begins and ends at character boundaries, so it is
// a match of characters. likeBytes is nil for a pattern with an escape at
// its end, or one that is not valid UTF-8: those go to go-mysql-server's
// matcher, and so does a value that is not valid UTF-8 (vectorLike).
func likeBytes(pattern string, escape rune) func(s []byte) bool {
	if !utf8.ValidString(pattern) {
		return nil
	}
	// parts are the runs between the % wildcards; there is one more part
	// than wildcards.
	parts := []likePart{{}}
	escaped := false
	for _, r := range pattern {
		last := &parts[len(parts)-1]
		switch {
		case escaped:
			last.addRune(r)
			escaped = false
		case r == escape:
			escaped = true
		case r == '%':
			parts = append(parts, likePart{})
		case r == '_':
			last.addAny()
		default:
			last.addRune(r)
		}
	}
	if escaped {
		return nil
	}
	if len(parts) == 1 {
		p := parts[0]
		return func(s []byte) bool {
			end, ok := p.matchAt(s)
			return ok && end == len(s)
		}
	}
	head, tail, inner := parts[0], parts[len(parts)-1], parts[1:len(parts)-1]
	return func(s []byte) bool {
		start, ok := tail.startFromEnd(s)
		if !ok {
			return false
		}
		if end, ok := tail.matchAt(s[start:]); !ok || start+end != len(s) {
			return false
		}
		headEnd, ok := head.matchAt(s)
		if !ok || headEnd > start {
			return false
		}
		s = s[headEnd:start]
		for _, p := range inner {
			at, end, ok := p.find(s)
			if !ok {
				return false
			}
			s = s[at+end:]
		}
		return true
	}
}

// likePart is a run of a LIKE pattern between % wildcards: literal bytes
// and _ (any one character), in order.
type likePart struct {
	elems []likeElem
	chars int // the characters it matches
	anys  bool
}

// likeElem is literal bytes, or one character of any bytes (any).
type likeElem struct {
	lit []byte
	any bool
}

func (p *likePart) addRune(r rune) {
	if n := len(p.elems); n > 0 && !p.elems[n-1].any {
		p.elems[n-1].lit = utf8.AppendRune(p.elems[n-1].lit, r)
	} else {
		p.elems = append(p.elems, likeElem{lit: utf8.AppendRune(nil, r)})
	}
	p.chars++
}

func (p *likePart) addAny() {
	p.elems = append(p.elems, likeElem{any: true})
	p.chars++
	p.anys = true
}

// matchAt matches p at the start of s, returning the bytes it spans.
func (p *likePart) matchAt(s []byte) (end int, ok bool) {
	for _, e := range p.elems {
		if e.any {
			if end >= len(s) {
				return 0, false
			}
			_, size := utf8.DecodeRune(s[end:])
			end += size
			continue
		}
		if !bytes.HasPrefix(s[end:], e.lit) {
			return 0, false
		}
		end += len(e.lit)
	}
	return end, true
}

// startFromEnd is where p must begin to end with s: as many characters
// before the end as p matches.
func (p *likePart) startFromEnd(s []byte) (start int, ok bool) {
	start = len(s)
	for range p.chars {
		if start == 0 {
			return 0, false
		}
		_, size := utf8.DecodeLastRune(s[:start])
		start -= size
	}
	return start, true
}

// find is p's leftmost match in s: where it begins and the bytes it spans.
func (p *likePart) find(s []byte) (at, end int, ok bool) {
	if !p.anys {
		var lit []byte
		if len(p.elems) > 0 {
			lit = p.elems[0].lit
		}
		at = bytes.Index(s, lit)
		return at, len(lit), at >= 0
	}
	for at = 0; at <= len(s); {
		if end, ok := p.matchAt(s[at:]); ok {
			return at, end, true
		}
		if at == len(s) {
			break
		}
		_, size := utf8.DecodeRune(s[at:])
		at += size
	}
	return 0, 0, false
}
