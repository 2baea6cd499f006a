package naming

import "testing"

// Catches (issue 12): tag and branch names that leave their directory,
// shadow snapshot ids or cannot be deleted alone.
func TestNameRules(t *testing.T) {
	for name, ok := range map[string]bool{
		"v1": true, "v1.0-rc": true, "2024-01-01": true, "release 1": true,
		"": false, "  ": false, "../x": false, "a/b": false, `a\b`: false, "..": false, "a..b": false,
		"42": false, "a,b": false, "a\x00b": false,
	} {
		if err := Tag(name); (err == nil) != ok {
			t.Errorf("tag %q: %v, want allowed=%v", name, err, ok)
		}
	}
	for name, ok := range map[string]bool{
		"dev": true, "b1": true, "a,b": true,
		"": false, "../..": false, "a/b": false, "123": false,
	} {
		if err := Branch(name); (err == nil) != ok {
			t.Errorf("branch %q: %v, want allowed=%v", name, err, ok)
		}
	}
}
