package options

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Kind is how Java's Options parses an option's string value.
type Kind int

const (
	KindString   Kind = iota + 1 // taken as written
	KindInt                      // Integer.parseInt: 32 bits, no blanks
	KindLong                     // Long.parseLong
	KindBool                     // true or false, any case
	KindFloat                    // Double.parseDouble
	KindDuration                 // TimeUtils.parseDuration
	KindMemory                   // MemorySize.parse
	KindEnum                     // one of a list, any case
)

// Option is one declared option whose values parse to T: its key, Java's
// default and the fallback keys Java consults when the key is unset.
type Option[T any] struct {
	Key string
	// Default is Java's default; meaningful only when HasDefault (Java's
	// noDefaultValue() options have none, and Get returns T's zero value).
	Default    T
	HasDefault bool
	// Fallbacks are Java's withFallbackKeys, consulted in order.
	Fallbacks []string
	kind      Kind
	parse     func(string) (T, error)
	// values are an enum's accepted values, in Java's spelling.
	values []string
	// bound is the range Validate and CheckCounts enforce (integers only).
	bound *countRange
}

// declared is what the registry needs of an Option, whatever its T.
type declared interface {
	key() string
	validate(raw string) error
	// defaultValue is the declared default, for the test against Java's.
	defaultValue() (any, bool)
	// value parses raw as the option's value.
	value(raw string) (any, error)
}

// registry holds every declared option by key (and by fallback key).
var registry = map[string]declared{}

func declare[T any](key string, kind Kind, parse func(string) (T, error)) *Option[T] {
	if _, dup := registry[key]; dup {
		panic("options: key declared twice: " + key)
	}
	o := &Option[T]{Key: key, kind: kind, parse: parse}
	registry[key] = o
	return o
}

// Kind returns how the option's value is parsed.
func (d *Option[T]) Kind() Kind { return d.kind }

// Values returns an enum option's accepted values.
func (d *Option[T]) Values() []string { return slices.Clone(d.values) }

func (d *Option[T]) key() string { return d.Key }

// defaultValue and value give a typed enum's value as a plain string, so
// that values of every option compare alike.
func (d *Option[T]) defaultValue() (any, bool) { return plain(d.Default), d.HasDefault }

func (d *Option[T]) value(raw string) (any, error) {
	v, err := d.parse(raw)
	return plain(v), err
}

func plain(v any) any {
	if r := reflect.ValueOf(v); r.Kind() == reflect.String {
		return r.String()
	}
	return v
}

// def sets Java's default.
func (d *Option[T]) def(v T) *Option[T] {
	d.Default, d.HasDefault = v, true
	return d
}

// fallback adds Java's fallback keys; they validate as the key does.
func (d *Option[T]) fallback(keys ...string) *Option[T] {
	for _, k := range keys {
		if _, dup := registry[k]; dup {
			panic("options: key declared twice: " + k)
		}
		registry[k] = d
	}
	d.Fallbacks = append(d.Fallbacks, keys...)
	return d
}

// between bounds an integer option; special values outside the range mean
// "off" or "unbounded".
func (d *Option[T]) between(lo, hi int64, special ...int64) *Option[T] {
	d.bound = &countRange{min: lo, max: hi, special: special}
	return d
}

func (d *Option[T]) atLeast(lo int64) *Option[T] {
	hi := int64(maxInt32)
	if d.kind == KindLong {
		hi = 1<<63 - 1
	}
	return d.between(lo, hi)
}

// raw returns the stored text of the option, from its key or else its
// first fallback key that is set.
func (d *Option[T]) raw(o Options) (key, value string, ok bool) {
	if v, ok := o[d.Key]; ok {
		return d.Key, v, true
	}
	for _, k := range d.Fallbacks {
		if v, ok := o[k]; ok {
			return k, v, true
		}
	}
	return "", "", false
}

// IsSet tells whether the option (or one of its fallback keys) is set.
func (d *Option[T]) IsSet(o Options) bool {
	_, _, ok := d.raw(o)
	return ok
}

// Lookup parses the option when it is set; ok is false when it is not.
func (d *Option[T]) Lookup(o Options) (v T, ok bool, err error) {
	key, raw, ok := d.raw(o)
	if !ok {
		return v, false, nil
	}
	v, err = d.parse(raw)
	if err != nil {
		return v, true, &ValueError{Key: key, Value: raw, Reason: err}
	}
	return v, true, nil
}

// Get parses the option, or returns Java's default when it is not set.
func (d *Option[T]) Get(o Options) (T, error) {
	return d.Or(o, d.Default)
}

// Or parses the option, or returns def when it is not set: for options
// whose default Java derives from other options.
func (d *Option[T]) Or(o Options, def T) (T, error) {
	v, ok, err := d.Lookup(o)
	if err != nil || !ok {
		return def, err
	}
	return v, nil
}

// validate checks a value as Java parses it, and an integer's range.
func (d *Option[T]) validate(raw string) error {
	if _, err := d.parse(raw); err != nil {
		return err
	}
	if d.bound != nil {
		n, _ := strconv.ParseInt(strings.TrimSpace(raw), 10, 64)
		if err := d.bound.check(n); err != nil {
			return rangeError{n, err}
		}
	}
	return nil
}

// rangeError is a count out of its range; its message shows the number
// as parsed.
type rangeError struct {
	n   int64
	err error
}

func (e rangeError) Error() string { return e.err.Error() }

// The declaration helpers, one per Kind.

func stringOption(key string) *Option[string] {
	return declare(key, KindString, func(s string) (string, error) { return s, nil })
}

func intOption(key string) *Option[int] {
	return declare(key, KindInt, func(s string) (int, error) {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return 0, fmt.Errorf("is not an integer")
		}
		return int(n), nil
	})
}

func longOption(key string) *Option[int64] {
	return declare(key, KindLong, func(s string) (int64, error) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("is not a 64-bit integer")
		}
		return n, nil
	})
}

func boolOption(key string) *Option[bool] {
	return declare(key, KindBool, parseBool)
}

func floatOption(key string) *Option[float64] {
	return declare(key, KindFloat, func(s string) (float64, error) {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return 0, fmt.Errorf("is not a number")
		}
		return f, nil
	})
}

func durationOption(key string) *Option[time.Duration] {
	return declare(key, KindDuration, func(s string) (time.Duration, error) {
		d, err := parseDuration(s)
		if err != nil {
			return 0, fmt.Errorf("is not a duration: %w", err)
		}
		return d, nil
	})
}

func memoryOption(key string) *Option[int64] {
	return declare(key, KindMemory, func(s string) (int64, error) {
		n, err := parseMemorySize(s)
		if err != nil {
			return 0, fmt.Errorf("is not a memory size: %w", err)
		}
		return n, nil
	})
}

// enumOption accepts one of values in any case (Java's
// OptionsUtils.convertToEnum) and returns it as listed, typed as the
// values are (a named string type for the enums code compares against).
func enumOption[T ~string](key string, values ...T) *Option[T] {
	d := declare(key, KindEnum, func(s string) (T, error) {
		for _, v := range values {
			if strings.EqualFold(string(v), s) {
				return v, nil
			}
		}
		return "", fmt.Errorf("is not valid: use one of %s", joinValues(values))
	})
	for _, v := range values {
		d.values = append(d.values, string(v))
	}
	return d
}

func joinValues[T ~string](values []T) string {
	s := make([]string, len(values))
	for i, v := range values {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// parseBool accepts true and false in any case, as Java does.
func parseBool(s string) (bool, error) {
	switch {
	case strings.EqualFold(s, "true"):
		return true, nil
	case strings.EqualFold(s, "false"):
		return false, nil
	}
	return false, fmt.Errorf("is not a boolean: use true or false")
}

// countRange bounds an integer option. Java checks a few of these when it
// validates a schema and fails later, or loops, on the others.
type countRange struct {
	min, max int64
	special  []int64
}

const maxInt32 = 1<<31 - 1

func (r countRange) check(n int64) error {
	if n >= r.min && n <= r.max || slices.Contains(r.special, n) {
		return nil
	}
	want := fmt.Sprintf("at least %d", r.min)
	if r.max < maxInt32 {
		want = fmt.Sprintf("from %d to %d", r.min, r.max)
	}
	for _, v := range r.special {
		want += fmt.Sprintf(", or %d", v)
	}
	return fmt.Errorf("is out of range: use %s", want)
}

// Validate checks every declared option of opts as Java parses it, and the
// range of counts, in key order so that the first error is deterministic.
// Undeclared keys are free-form. Options given for one procedure call go
// through it as table options do.
func Validate(opts Options) error {
	for _, k := range sortedKeys(opts) {
		if d, ok := registry[k]; ok {
			if err := d.validate(opts[k]); err != nil {
				return valueError(k, opts[k], err)
			}
		}
	}
	return nil
}

// CheckCounts checks the ranges of the bounded integer options alone: for
// options stored before the ranges were checked (or by another writer),
// read where a value out of range would crash or loop.
func CheckCounts(opts Options) error {
	for _, k := range sortedKeys(opts) {
		d, ok := registry[k]
		if !ok {
			continue
		}
		if b, ok := d.(interface{ boundOf() *countRange }); ok && b.boundOf() != nil {
			if err := d.validate(strings.TrimSpace(opts[k])); err != nil {
				return valueError(k, opts[k], err)
			}
		}
	}
	return nil
}

func (d *Option[T]) boundOf() *countRange { return d.bound }

func valueError(key, raw string, err error) error {
	return &ValueError{Key: key, Value: raw, Reason: err}
}

// ValueError is an option value that does not parse or is out of range.
type ValueError struct {
	Key, Value string
	// Reason reads after the value: "is not an integer".
	Reason error
}

func (e *ValueError) Error() string {
	if r, ok := e.Reason.(rangeError); ok {
		return fmt.Sprintf("option '%s' = %d %v", e.Key, r.n, r.err)
	}
	return fmt.Sprintf("option '%s' = '%s' %v", e.Key, e.Value, e.Reason)
}

func (e *ValueError) Unwrap() error { return e.Reason }

func sortedKeys(opts Options) []string {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
