package warehouse

import (
	"strings"
	"testing"
)

func TestNameRules(t *testing.T) {
	for _, name := range []string{"orders", "Orders_2024", "t-1", "überblick", "x__0xzz__y", "a__b"} {
		if err := CheckTableName(name); err != nil {
			t.Errorf("table %q refused: %v", name, err)
		}
		if err := CheckDatabaseName(name); err != nil {
			t.Errorf("database %q refused: %v", name, err)
		}
	}
	refused := map[string]string{
		"": "empty", "a/b": "'/'", `a\b`: "'/'", "a$b": "'$'", ".hidden": "start with '.'",
		"..": "start with '.'", "tab\x01le": `'tab\x01le' holds control characters`,
		"new\nline": "control characters", "x__0x2f__y": "holds '__0x2f__'", "bad\xffutf8": "UTF-8",
		"del\x7f": "control",
	}
	for name, want := range refused {
		err := CheckTableName(name)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("table %q: error %v, want %q", name, err, want)
		}
	}
	if err := CheckDatabaseName("a.b"); err == nil {
		t.Error("database name with '.' accepted")
	}
}
