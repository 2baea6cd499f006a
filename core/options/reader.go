package options

// Reader reads several options of one map in a row and keeps the first
// error, so that code needing a list of options reads them as a list and
// checks once:
//
//	r := o.Reader()
//	retries, wait := CommitMaxRetries.Read(r), CommitMinRetryWait.Read(r)
//	if err := r.Err(); err != nil { ... }
type Reader struct {
	opts Options
	err  error
}

// Reader starts reading o.
func (o Options) Reader() *Reader { return &Reader{opts: o} }

// Keep keeps err if it is the first error, for values read by the named
// getters (ChangelogNumRetainedMin) rather than through a declaration.
func (r *Reader) Keep(err error) {
	if r.err == nil {
		r.err = err
	}
}

// Err is the first error of the reads so far.
func (r *Reader) Err() error { return r.err }

// Read is the option's value in r's options, or its default when unset or
// when it does not parse (r keeps the error).
func (d *Option[T]) Read(r *Reader) T {
	v, err := d.Get(r.opts)
	r.Keep(err)
	return v
}

// ReadOr is the option's value in r's options, or def when unset.
func (d *Option[T]) ReadOr(r *Reader, def T) T {
	v, err := d.Or(r.opts, def)
	r.Keep(err)
	return v
}

// Text is the option's stored text, "" when neither its key nor a fallback
// key is set: no default, no parsing, for values that are free text, lists
// or are parsed by their reader.
func (d *Option[T]) Text(o Options) string {
	_, v, _ := d.raw(o)
	return v
}

// Stored is the option's stored text and whether its key or a fallback key
// is set.
func (d *Option[T]) Stored(o Options) (string, bool) {
	_, v, ok := d.raw(o)
	return v, ok
}
