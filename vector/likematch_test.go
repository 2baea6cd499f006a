package vector

import (
	"math/rand"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
)

// TestLikeBytesMatchesEngine holds likeBytes to go-mysql-server's LIKE
// matcher in utf8mb4_0900_bin on random values and patterns over a small
// alphabet (so that parts repeat and overlap), with multi-byte
// characters (one character for _), case pairs, spaces, escapes and
// wildcards.
func TestLikeBytesMatchesEngine(t *testing.T) {
	alphabet := []rune{'a', 'b', 'A', ' ', 'é', 'É', '中', '%', '_', '!', '\\'}
	random := func(rng *rand.Rand, n int) string {
		r := make([]rune, rng.Intn(n+1))
		for i := range r {
			r[i] = alphabet[rng.Intn(len(alphabet))]
		}
		return string(r)
	}
	rng := rand.New(rand.NewSource(24))
	tested := 0
	for range 3000 {
		pattern := random(rng, 7)
		escape := '\\'
		if rng.Intn(2) == 0 {
			escape = '!'
		}
		fast := likeBytes(pattern, escape)
		if fast == nil {
			continue
		}
		m, err := expression.ConstructLikeMatcher(sql.Collation_utf8mb4_0900_bin, pattern, escape)
		if err != nil {
			t.Fatal(err)
		}
		for range 40 {
			s := random(rng, 9)
			if got, want := fast([]byte(s)), m.Match(s); got != want {
				t.Fatalf("%q LIKE %q ESCAPE %q: %v, go-mysql-server %v", s, pattern, escape, got, want)
			}
			tested++
		}
	}
	// The classic cases of Q13's and Q16's patterns, and overlaps.
	for _, c := range []struct {
		s, p string
		want bool
	}{
		{"my special requests here", "%special%requests%", true},
		{"requests special", "%special%requests%", false},
		{"specialrequests", "%special%requests%", true},
		{"aba", "ab%ba", false},
		{"abba", "ab%ba", true},
		{"Customer x Complaints", "%Customer%Complaints%", true},
		{"customer x complaints", "%Customer%Complaints%", false},
		{"MEDIUM POLISHED TIN", "MEDIUM POLISHED%", true},
		{"a%b", `a\%b`, true},
		{"axb", `a\%b`, false},
		{"s_3x", `s\_3%`, true},
		{"sx3x", `s\_3%`, false},
		{"sx3x", "s_3%", true},
		{"中é3", "_é_", true},
		{"中é", "%_é_%", false},
		{"ab中cd", "%b_c%", true},
		{"abcd", "%b__c%", false},
	} {
		fast := likeBytes(c.p, '\\')
		if fast == nil || fast([]byte(c.s)) != c.want {
			t.Errorf("%q LIKE %q: want %v", c.s, c.p, c.want)
		}
	}
	if tested < 10000 {
		t.Fatalf("only %d comparisons", tested)
	}
}
