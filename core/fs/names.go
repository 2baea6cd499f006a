package fs

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// escapeLike matches what gocloud's key escaping reads as an escaped
// character ("__0x2f__" is '/'): fileblob stores a key holding it, or a
// control character, under another file name.
var escapeLike = regexp.MustCompile(`__0x[0-9a-fA-F]+__`)

// CheckComponent refuses a file or directory name that the blob escaping
// does not keep as it is, so that creating, listing and reading a path
// always agree: local files are created and listed directly (atomic links,
// empty directories) but read through fileblob, which escapes.
func CheckComponent(name string) error {
	if strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return fmt.Errorf("'%s' holds control characters", printable(name))
	}
	if m := escapeLike.FindString(name); m != "" {
		return fmt.Errorf("'%s' holds '%s', which storage paths use to escape characters", name, m)
	}
	return nil
}

// checkPath applies CheckComponent to every directory and file name of a
// warehouse path.
func checkPath(path string) error {
	for _, c := range strings.Split(filepath.ToSlash(path), "/") {
		if err := CheckComponent(c); err != nil {
			return fmt.Errorf("path %s: %w", printable(path), err)
		}
	}
	return nil
}

// printable quotes control characters and invalid bytes for a message.
func printable(s string) string {
	q := fmt.Sprintf("%+q", s)
	return q[1 : len(q)-1]
}
