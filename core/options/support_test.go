package options

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

const javaCoreOptionKeys = "../../testdata/java-options/coreoptions-1.4.2.txt"

// TestSupportCoversJavaCoreOptions: every key of Java's CoreOptions is
// marked implemented, ignored (with a reason) or refused (with a reason).
func TestSupportCoversJavaCoreOptions(t *testing.T) {
	f, err := os.Open(javaCoreOptionKeys)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key := strings.TrimSpace(sc.Text())
		if key == "" || strings.HasPrefix(key, "# ") {
			continue
		}
		n++
		e, ok := SupportOf(key)
		if !ok {
			t.Errorf("Java option %q is missing from the support table", key)
			continue
		}
		if e.Support != Implemented && e.Reason == "" {
			t.Errorf("option %q is not implemented and has no reason", key)
		}
		if e.Support == Refused && e.Scope == 0 {
			t.Errorf("refused option %q refuses nothing", key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 290 {
		t.Fatalf("only %d keys read from %s", n, javaCoreOptionKeys)
	}
}

// TestSupportKeysAreKnown: the support table lists no key CheckKey refuses.
func TestSupportKeysAreKnown(t *testing.T) {
	for k := range support {
		if strings.Contains(k, "#") {
			continue
		}
		if err := CheckKey(k); err != nil {
			t.Errorf("support table key: %v", err)
		}
	}
}

func TestCheckReadWrite(t *testing.T) {
	for _, tc := range []struct {
		opts        map[string]string
		read, write string // expected error substrings, "" for none
	}{
		{map[string]string{"bucket": "2", "merge-engine": "aggregation"}, "", ""},
		{map[string]string{"data-evolution.enabled": "false"}, "", ""},
		{map[string]string{"blob-field": "b"}, "'blob-field' = 'b'", "'blob-field' = 'b'"},
		{map[string]string{"file.format.per.level": "0:avro"}, "", ""},
		{map[string]string{"commit.callbacks": "a.B"}, "", "'commit.callbacks'"},
		{map[string]string{"metadata.iceberg.storage": "disabled"}, "", ""},
		{map[string]string{"metadata.iceberg.storage": "table-location"}, "", "'metadata.iceberg.storage'"},
		{map[string]string{"bucket-function.type": "DEFAULT"}, "", ""},
		{map[string]string{"scan.snapshot-id": "1"}, "'scan.snapshot-id'", ""},
	} {
		for _, c := range []struct {
			name string
			err  error
			want string
		}{{"read", CheckRead(tc.opts), tc.read}, {"write", CheckWrite(tc.opts), tc.write}} {
			switch {
			case c.want == "" && c.err != nil:
				t.Errorf("%v %s: unexpected %v", tc.opts, c.name, c.err)
			case c.want != "" && (c.err == nil || !strings.Contains(c.err.Error(), c.want)):
				t.Errorf("%v %s: got %v, want error with %q", tc.opts, c.name, c.err, c.want)
			}
		}
	}
}
