package options

// KnownKeys returns the exact option keys CheckKey accepts, sorted. The
// families and free-form prefixes it also accepts are not part of it.
func KnownKeys() []string { return append([]string(nil), sortedKnownKeys...) }

// SupportOf returns the entry of key and whether the table lists it.
func SupportOf(key string) (Entry, bool) {
	e, ok := support[key]
	return e, ok
}
