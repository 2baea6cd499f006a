package options

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const sqlReference = "../../docs/sql.md"

// optionSyntaxParagraph is the paragraph of docs/sql.md section 9 that
// describes how option values are written.
func optionSyntaxParagraph(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(sqlReference)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n## 9. Table options\n")
	if !ok {
		t.Fatal("docs/sql.md has no section '9. Table options'")
	}
	start := strings.Index(rest, "Values are checked when")
	if start < 0 {
		t.Fatal("section 9 no longer describes how values are checked")
	}
	end := strings.Index(rest[start:], "\n\n")
	return strings.Join(strings.Fields(rest[start:start+end]), " ")
}

// docLabels are the unit labels the documentation lists after intro up to
// stop, with "day(s)" standing for day and days.
func docLabels(t *testing.T, para, intro, stop string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(para, intro)
	if !ok {
		t.Fatalf("%q not found in docs/sql.md section 9", intro)
	}
	rest, _, _ = strings.Cut(rest, stop)
	var out []string
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(rest, -1) {
		if base, ok := strings.CutSuffix(m[1], "(s)"); ok {
			out = append(out, base, base+"s")
			continue
		}
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

// The reference lists exactly the duration and memory-size units the
// parsers accept.
func TestDocsListTheParsersUnits(t *testing.T) {
	para := optionSyntaxParagraph(t)
	var durations, sizes []string
	for _, u := range durationUnits {
		durations = append(durations, u.labels...)
	}
	for _, u := range memoryUnits {
		sizes = append(sizes, u.labels...)
	}
	slices.Sort(durations)
	slices.Sort(sizes)
	if got := docLabels(t, para, "duration units are", ";"); !slices.Equal(got, durations) {
		t.Errorf("docs/sql.md lists duration units %v, the parser accepts %v", got, durations)
	}
	if got := docLabels(t, para, "memory units are", "(binary"); !slices.Equal(got, sizes) {
		t.Errorf("docs/sql.md lists memory units %v, the parser accepts %v", got, sizes)
	}
	// The examples the paragraph gives parse, and the stated meanings hold.
	for _, m := range regexp.MustCompile("`'([^']+)'`").FindAllStringSubmatch(para, -1) {
		_, derr := ParseDuration(m[1])
		_, merr := ParseMemorySize(m[1])
		if derr != nil && merr != nil {
			t.Errorf("example %q is neither a duration nor a memory size", m[1])
		}
	}
	if d, _ := ParseDuration("500"); d.Milliseconds() != 500 {
		t.Errorf("a bare duration is %v, the docs say milliseconds", d)
	}
	if n, _ := ParseMemorySize("1 kb"); n != 1024 {
		t.Errorf("1 kb is %d bytes, the docs say 1024", n)
	}
}

// Every key with older fallback keys is documented with one of them.
func TestDocsNameTheFallbackKeys(t *testing.T) {
	para := optionSyntaxParagraph(t)
	older := map[string][]string{}
	for k, d := range registry {
		if d.key() != k {
			older[d.key()] = append(older[d.key()], k)
		}
	}
	for key, fallbacks := range older {
		found := false
		for _, f := range fallbacks {
			want := "`" + f + "` for `" + key + "`"
			found = found || strings.Contains(para, want) ||
				strings.Contains(para, "`"+f+"` and the like for `"+key+"`")
		}
		if !found {
			t.Errorf("docs/sql.md section 9 does not name %v as older keys of %s", fallbacks, key)
		}
	}
	if len(older) < 4 {
		t.Fatalf("only %d keys with fallbacks", len(older))
	}
}

// docDefault parses a default as the documentation writes it with d's
// parser.
func docDefault(t *testing.T, d declared, raw string) any {
	t.Helper()
	v, err := d.value(raw)
	if err != nil {
		t.Errorf("%s: documented default %q does not parse: %v", d.key(), raw, err)
	}
	return v
}

// The defaults the option tables of docs/sql.md and docs/maintenance.md
// give are the declared ones; "none" means the declaration has none.
// Defaults written in words (derived ones) are not compared.
func TestDocumentedDefaultsAreDeclared(t *testing.T) {
	code := regexp.MustCompile("^`([^`]+)`")
	compared := 0
	for _, doc := range []string{sqlReference, "../../docs/maintenance.md"} {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		inTable := false
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "| Option | Default |") {
				inTable = true
				continue
			}
			if !strings.HasPrefix(line, "|") {
				inTable = false
			}
			cells := strings.Split(line, "|")
			if !inTable || len(cells) < 4 || strings.HasPrefix(cells[1], "---") {
				continue
			}
			var keys []string
			for _, k := range strings.Split(cells[1], ",") {
				m := code.FindStringSubmatch(strings.TrimSpace(k))
				if m == nil {
					t.Errorf("%s: option cell %q", doc, cells[1])
				}
				keys = append(keys, m[1])
			}
			defaults := strings.Split(cells[2], ",")
			if len(defaults) == 1 {
				// One default for every key of the row.
				defaults = slices.Repeat(defaults, len(keys))
			}
			if len(defaults) != len(keys) {
				continue
			}
			for i, key := range keys {
				d, ok := registry[key]
				if !ok {
					t.Errorf("%s documents %s, which core/options does not declare", doc, key)
					continue
				}
				want, has := d.defaultValue()
				cell := strings.TrimSpace(defaults[i])
				if cell == "none" {
					if has {
						t.Errorf("%s: %s has no default, core/options declares %v", doc, key, want)
					}
					compared++
					continue
				}
				m := code.FindStringSubmatch(cell)
				if m == nil {
					continue // in words: "unlimited", "the snapshot.* value"
				}
				if !has {
					t.Errorf("%s: %s defaults to %s, core/options declares no default", doc, key, m[1])
					continue
				}
				if got := docDefault(t, d, m[1]); got != want {
					t.Errorf("%s: %s defaults to %v, core/options declares %v", doc, key, got, want)
				}
				compared++
			}
		}
	}
	if compared < 40 {
		t.Fatalf("only %d documented defaults compared", compared)
	}
}
