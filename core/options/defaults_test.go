package options

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

const javaCoreOptionDefaults = "../../testdata/java-options/coreoptions-defaults-1.4.2.txt"

// javaDefault turns the Java expression of a CoreOptions default into the
// Go value its declaration here must hold (want's type picks the reading).
func javaDefault(t *testing.T, expr string, want any) any {
	t.Helper()
	num := func(s string) int64 {
		switch s {
		case "Integer.MAX_VALUE":
			return 1<<31 - 1
		case "Integer.MIN_VALUE":
			return -1 << 31
		case "Long.MAX_VALUE", "MemorySize.MAX_VALUE":
			return 1<<63 - 1
		}
		n, err := strconv.ParseInt(strings.TrimSuffix(strings.ReplaceAll(s, "_", ""), "L"), 10, 64)
		if err != nil {
			t.Fatalf("default %q: %v", expr, err)
		}
		return n
	}
	call := regexp.MustCompile(`^(\w+)\.(\w+)\((.*)\)$`).FindStringSubmatch(expr)
	switch want.(type) {
	case bool:
		return expr == "true"
	case int:
		return int(num(expr))
	case float64:
		f, err := strconv.ParseFloat(strings.TrimRight(expr, "dDfF"), 64)
		if err != nil {
			t.Fatalf("default %q: %v", expr, err)
		}
		return f
	case time.Duration:
		units := map[string]time.Duration{"ofMillis": time.Millisecond, "ofSeconds": time.Second,
			"ofMinutes": time.Minute, "ofHours": time.Hour, "ofDays": 24 * time.Hour}
		if call == nil || call[1] != "Duration" {
			t.Fatalf("default %q is not a Duration", expr)
		}
		return time.Duration(num(call[3])) * units[call[2]]
	case int64:
		switch {
		case expr == "MemorySize.VALUE_8_MB":
			return int64(8 << 20)
		case call != nil && call[2] == "ofMebiBytes":
			return num(call[3]) << 20
		case call != nil && call[2] == "parse":
			n, err := ParseMemorySize(strings.Trim(call[3], `"`))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		return num(expr)
	case string:
		if s, ok := strings.CutPrefix(expr, `"`); ok {
			return strings.TrimSuffix(s, `"`)
		}
		if f, ok := map[string]string{"FILE_FORMAT_PARQUET": "parquet", "CoreOptions.FILE_FORMAT_AVRO": "avro"}[expr]; ok {
			return f
		}
		// An enum constant: Java's value is the constant's name in lower
		// case, with '-' or '_' between words.
		if _, name, ok := strings.Cut(expr, "."); ok {
			return strings.ToLower(name)
		}
	}
	t.Fatalf("cannot read Java default %q", expr)
	return nil
}

// Every default declared here is Java 1.4.2's, an option Java gives no
// default has none here either, and an option read without a default has
// none in Java.
func TestDeclaredDefaultsAreJavas(t *testing.T) {
	f, err := os.Open(javaCoreOptionDefaults)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		parts := strings.SplitN(sc.Text(), "\t", 3)
		key, expr := parts[0], parts[2]
		d, ok := registry[key]
		if !ok || d.key() != key { // not declared, or a fallback key
			continue
		}
		got, has := d.defaultValue()
		if !has {
			// A key paimon-sql reads without a default is one Java gives
			// none (or an empty map, which reads as unset); validated-only
			// keys carry none whatever Java's is.
			if expr != "<none>" && expr != "new HashMap<>()" && !slices.Contains(validatedOnly, d) {
				t.Errorf("%s: declared without default, Java's is %s", key, expr)
			}
			continue
		}
		checked++
		if expr == "<none>" {
			t.Errorf("%s: declared default %v, Java has none", key, got)
			continue
		}
		want := javaDefault(t, expr, got)
		if g, ok := got.(string); ok {
			got = strings.ReplaceAll(g, "_", "-")
			want = strings.ReplaceAll(want.(string), "_", "-")
		}
		if got != want {
			t.Errorf("%s: declared default %v, Java's is %v (%s)", key, got, want, expr)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d defaults compared", checked)
	}
}

// A validated-only option carries no default: one paimon-sql reads belongs
// in keys.go with Java's default.
func TestValidatedOnlyHaveNoDefault(t *testing.T) {
	for _, d := range validatedOnly {
		if _, has := d.defaultValue(); has {
			t.Errorf("%s is read (it has a default): declare it in keys.go", d.key())
		}
		if registry[d.key()] != d {
			t.Errorf("%s is not registered", d.key())
		}
	}
}
