package schema

import "testing"

// Paimon 0.8 and before defaulted to ORC: their schemas (version <= 2)
// without file.format read as file.format = orc, as in Java; later ones
// and explicit settings stay as they are.
func TestParseOldSchemaDefaultsToORC(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"id": 0, "fields": [], "options": {}}`, "orc"},
		{`{"version": 2, "id": 0, "fields": [], "options": {}}`, "orc"},
		{`{"version": 2, "id": 0, "fields": [], "options": {"file.format": "parquet"}}`, "parquet"},
		{`{"version": 3, "id": 0, "fields": [], "options": {}}`, ""},
	} {
		s, err := Parse([]byte(c.json))
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Options["file.format"]; got != c.want {
			t.Errorf("%s: file.format %q, want %q", c.json, got, c.want)
		}
	}
}
