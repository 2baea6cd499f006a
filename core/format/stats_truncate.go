package format

import "unicode/utf8"

// truncateMin keeps the first n code points of s: a lower bound of s.
func truncateMin(s string, n int) string {
	i := 0
	for count := 0; i < len(s) && count < n; count++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// truncateMax returns an upper bound of s with at most n code points: s
// itself when short enough, else its first n code points with the last one
// incremented (moving to earlier code points when an increment overflows).
// ok is false when no bound exists, e.g. all n code points are U+10FFFF.
//
// Java (TruncateSimpleColStatsCollector) accepts any Character.isValidCodePoint
// result, surrogates included, which it then cannot encode as UTF-8; we step
// over the surrogate range so the bound stays a valid string above s.
func truncateMax(s string, n int) (string, bool) {
	prefix := truncateMin(s, n)
	if len(prefix) == len(s) {
		return s, true
	}
	runes := []rune(prefix)
	for i := len(runes) - 1; i >= 0; i-- {
		next := runes[i] + 1
		if next >= 0xD800 && next <= 0xDFFF {
			next = 0xE000
		}
		if next <= utf8.MaxRune {
			runes = append(runes[:i], next)
			return string(runes), true
		}
	}
	return "", false
}
