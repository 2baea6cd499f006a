// Package options is paimon-sql's one place for Paimon table options
// (Java's CoreOptions): every key paimon-sql reads, declared once with
// Java 1.4.2's default, type and fallback keys (keys.go); typed getters on
// an Options value (getters.go, fields.go); Java's parsers of durations,
// memory sizes and booleans; the validation CREATE and ALTER TABLE run on
// values (Validate); which keys Java knows (known.go) and what paimon-sql
// does with each (support.go).
//
// Adding an option is one declaration in keys.go, e.g.
//
//	PartitionExpirationTime = durationOption("partition.expiration-time")
//	TagNumRetainedMax       = intOption("tag.num-retained-max").atLeast(1)
//	FileFormat              = enumOption("file.format", fileFormats...).def("parquet")
//
// which gives its readers PartitionExpirationTime.Get(o) (Java's default
// when unset, an error naming key and value when the value does not parse)
// and makes Validate check its values. Add a named getter to getters.go
// only when the value needs more than parsing (a derived default, a
// fallback to another option). Code reading several options uses one
// Reader, which keeps the first error; free-text options are read with
// Text or Stored. Code outside this package names no option key as a
// string literal (TestNoOptionKeyLiteralsOutsideOptions checks it) and
// reads no option by indexing the map with a declared key
// (TestNoRawOptionReadsOutsideOptions); a default is Java's (TestDeclaredDefaultsAreJavas checks it against
// testdata/java-options). A key Java does not know cannot be declared
// (TestDeclaredKeysAreKnown): add it to known.go first. docs/sql.md
// section 9 lists the units the duration and memory-size parsers accept
// and the fallback keys, and the option tables of docs/sql.md and
// docs/maintenance.md give the declared defaults (TestDocsListTheParsersUnits,
// TestDocsNameTheFallbackKeys, TestDocumentedDefaultsAreDeclared).
package options

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Options is a table's option map with typed accessors.
type Options map[string]string

// SplitList splits a comma-separated option value, trimming blanks.
func SplitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// durationUnits are the labels of Java's TimeUtils.TimeUnit, each with its
// plural where Java has one.
var durationUnits = []struct {
	labels []string
	unit   time.Duration
}{
	{[]string{"d", "day", "days"}, 24 * time.Hour},
	{[]string{"h", "hour", "hours"}, time.Hour},
	{[]string{"min", "m", "minute", "minutes"}, time.Minute},
	{[]string{"s", "sec", "secs", "second", "seconds"}, time.Second},
	{[]string{"ms", "milli", "millis", "millisecond", "milliseconds"}, time.Millisecond},
	{[]string{"µs", "micro", "micros", "microsecond", "microseconds"}, time.Microsecond},
	{[]string{"ns", "nano", "nanos", "nanosecond", "nanoseconds"}, time.Nanosecond},
}

// ParseDuration parses Java's TimeUtils.parseDuration syntax: a
// non-negative integer followed by an optional unit (default milliseconds),
// blanks around either allowed, the unit in any case ("1 h", "30min", "500").
func ParseDuration(s string) (time.Duration, error) {
	d, err := parseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("'%s' is not a duration: %w", s, err)
	}
	return d, nil
}

func parseDuration(s string) (time.Duration, error) {
	n, label, err := splitNumber(s, "a number followed by a unit such as ms, s, min, h or d (e.g. '1 h')")
	if err != nil {
		return 0, err
	}
	if label == "" {
		label = "ms"
	}
	for _, u := range durationUnits {
		for _, l := range u.labels {
			if l == label {
				if n > int64((1<<63-1)/u.unit) {
					return 0, errors.New("it is too large")
				}
				return time.Duration(n) * u.unit, nil
			}
		}
	}
	return 0, fmt.Errorf("unknown unit '%s' (use ms, s, min, h or d)", label)
}

// memoryUnits are the labels of Java's MemorySize.MemoryUnit (binary
// multiples).
var memoryUnits = []struct {
	labels []string
	bytes  int64
}{
	{[]string{"b", "bytes"}, 1},
	{[]string{"k", "kb", "kibibytes"}, 1 << 10},
	{[]string{"m", "mb", "mebibytes"}, 1 << 20},
	{[]string{"g", "gb", "gibibytes"}, 1 << 30},
	{[]string{"t", "tb", "tebibytes"}, 1 << 40},
}

// ParseMemorySize parses Java's MemorySize syntax: a non-negative integer
// and an optional unit (b, k/kb, m/mb, g/gb, t/tb; default bytes), blanks
// around either allowed, the unit in any case ("64 mb", "8MB", "1024").
func ParseMemorySize(s string) (int64, error) {
	n, err := parseMemorySize(s)
	if err != nil {
		return 0, fmt.Errorf("'%s' is not a memory size: %w", s, err)
	}
	return n, nil
}

func parseMemorySize(s string) (int64, error) {
	n, label, err := splitNumber(s, "a number and a unit such as b, kb, mb or gb (e.g. '128 mb')")
	if err != nil {
		return 0, err
	}
	if label == "" {
		return n, nil
	}
	for _, u := range memoryUnits {
		for _, l := range u.labels {
			if l == label {
				if n > (1<<63-1)/u.bytes {
					return 0, errors.New("it is too large")
				}
				return n * u.bytes, nil
			}
		}
	}
	return 0, fmt.Errorf("unknown unit '%s' (use b, kb, mb, gb or tb)", label)
}

// splitNumber splits Java's "<digits> <unit>" syntax after trimming: the
// number as a 64-bit integer and the unit lower-cased and trimmed.
func splitNumber(s, expected string) (int64, string, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, "", fmt.Errorf("expected %s", expected)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, "", errors.New("the number is too large")
	}
	return n, strings.ToLower(strings.TrimSpace(t[i:])), nil
}

// ParseKeyValues reads 'k1=v1,k2=v2' (Java's parseCommaSeparatedKeyValues):
// keys and values are trimmed; a value may itself contain '='.
func ParseKeyValues(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("'%s' is not key=value", strings.TrimSpace(kv))
		}
		out[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return out, nil
}
