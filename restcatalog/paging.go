package restcatalog

import (
	"slices"
	"strconv"
)

// paged filters sorted names by the request's name pattern (SQL LIKE:
// '%' any run, '_' one character) and returns the page after pageToken
// (the last name of the previous page), at most maxResults long (all when
// unset or 0), with the token of the next page.
func paged(c *call, names []string, patternParam string) ([]string, *string, error) {
	q := c.r.URL.Query()
	return pageOf(names, q.Get(patternParam), q.Get("pageToken"), q.Get("maxResults"))
}

// pageOf is paged with the pattern, page token and maxResults given (""
// for none), as a request body carries them.
func pageOf(names []string, pattern, token, maxResults string) ([]string, *string, error) {
	if pattern != "" {
		names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return !like(n, pattern) })
	}
	slices.Sort(names)
	if token != "" {
		i, _ := slices.BinarySearch(names, token)
		if i < len(names) && names[i] == token {
			i++
		}
		names = names[i:]
	}
	max := 0
	if maxResults != "" {
		n, err := strconv.Atoi(maxResults)
		if err != nil || n < 0 {
			return nil, nil, badRequest("maxResults %q: want a non-negative integer", maxResults)
		}
		max = n
	}
	if max == 0 || len(names) <= max {
		if names == nil {
			names = []string{}
		}
		return names, nil, nil
	}
	next := names[max-1]
	return names[:max], &next, nil
}

// like matches s against a SQL LIKE pattern without escapes.
func like(s, p string) bool {
	sr, pr := []rune(s), []rune(p)
	// Iterative wildcard match with backtracking to the last '%'.
	si, pi, star, mark := 0, 0, -1, 0
	for si < len(sr) {
		switch {
		case pi < len(pr) && (pr[pi] == '_' || pr[pi] == sr[si]):
			si, pi = si+1, pi+1
		case pi < len(pr) && pr[pi] == '%':
			star, mark = pi, si
			pi++
		case star >= 0:
			mark++
			si, pi = mark, star+1
		default:
			return false
		}
	}
	for pi < len(pr) && pr[pi] == '%' {
		pi++
	}
	return pi == len(pr)
}
