// Package naming holds the rules for the names paimon-sql turns into file
// and directory names: tags, branches and consumers.
package naming

import (
	"fmt"
	"strings"
)

// Tag, branch and consumer names become file and directory names
// (tag/tag-<name>, branch/branch-<name>, consumer/consumer-<id>); a name
// with a path separator or ".." would read or write outside those
// directories. Java checks only blank names (and numeric branch names);
// these rules are stricter where a name could not work anyway.

// CheckFile refuses a blank name, a path separator, ".." and control
// characters in what names ("tag name", "branch name", "consumer id").
func CheckFile(what, name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%s must not be blank", what)
	case strings.ContainsAny(name, `/\`):
		return fmt.Errorf("%s '%s' must not contain '/' or '\\'", what, name)
	case strings.Contains(name, ".."):
		return fmt.Errorf("%s '%s' must not contain '..'", what, name)
	case strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return fmt.Errorf("%s %q must not contain control characters", what, name)
	}
	return nil
}

// Tag checks the name of a new tag: a file name that is not a
// number (it would shadow the snapshot of that id in AS OF and rollback_to)
// and has no ',' (delete_tag takes a comma-separated list).
func Tag(name string) error {
	if err := CheckFile("tag name", name); err != nil {
		return err
	}
	if allDigits(name) {
		return fmt.Errorf("tag name '%s' must not be a number: it would shadow snapshot %s", name, name)
	}
	if strings.Contains(name, ",") {
		return fmt.Errorf("tag name '%s' must not contain ',': delete_tag takes a comma-separated list", name)
	}
	return nil
}

// Branch checks a branch name as BranchManager.validateBranch
// does (not blank, not a number), and that it is a file name.
func Branch(name string) error {
	if err := CheckFile("branch name", name); err != nil {
		return err
	}
	if allDigits(name) {
		return fmt.Errorf("branch name cannot be pure numeric string but is '%s'", name)
	}
	return nil
}

func allDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}
