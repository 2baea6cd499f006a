package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// link matches a Markdown link or image target: [text](target).
var link = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)

// TestLinksResolve walks docs/*.md and README.md and checks that every
// relative link names an existing file and, with a #fragment, an existing
// heading of that Markdown file.
func TestLinksResolve(t *testing.T) {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "README.md"))
	checked := 0
	for _, file := range files {
		for _, target := range links(t, file) {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			path, fragment, _ := strings.Cut(target, "#")
			resolved := file
			if path != "" {
				resolved = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
				if _, err := os.Stat(resolved); err != nil {
					t.Errorf("%s: link %q: %v", file, target, err)
					continue
				}
			}
			if fragment != "" && strings.HasSuffix(resolved, ".md") && !anchors(t, resolved)[fragment] {
				t.Errorf("%s: link %q: %s has no heading with anchor #%s", file, target, resolved, fragment)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no relative links found")
	}
}

// links are the link targets of a Markdown file, outside code.
func links(t *testing.T, file string) []string {
	var out []string
	for _, line := range proseLines(t, file) {
		line = regexp.MustCompile("`[^`]*`").ReplaceAllString(line, "")
		for _, m := range link.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// anchors are the anchors GitHub gives the headings of a Markdown file:
// lower case, punctuation dropped, spaces as hyphens, repeats numbered.
func anchors(t *testing.T, file string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	drop := regexp.MustCompile(`[^\p{L}\p{N} _-]`)
	for _, line := range proseLines(t, file) {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		a := strings.ReplaceAll(drop.ReplaceAllString(strings.ToLower(text), ""), " ", "-")
		if n := seen[a]; n > 0 {
			out[a+"-"+string(rune('0'+n))] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// proseLines are the lines of a Markdown file outside fenced code blocks.
func proseLines(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fenced := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, line)
		}
	}
	return out
}
