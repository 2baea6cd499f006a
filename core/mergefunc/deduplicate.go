package mergefunc

import "errors"

// deduplicate is DeduplicateMergeFunction: the newest record wins, row kind
// included, so a newest -D removes the key.
type deduplicate struct {
	ignoreDelete bool
	latest       KeyValue
	ok           bool
}

func (d *deduplicate) Reset() { d.latest, d.ok = KeyValue{}, false }

func (d *deduplicate) Add(kv KeyValue) error {
	// Paimon 0.7 and older could write retractions despite ignore-delete,
	// so they are dropped here as well as at write time.
	if d.ignoreDelete && kv.Kind.IsRetract() {
		return nil
	}
	d.latest, d.ok = kv, true
	return nil
}

func (d *deduplicate) Result() (KeyValue, bool) { return d.latest, d.ok }

// firstRow is FirstRowMergeFunction: the oldest record wins and later ones
// are ignored. Retractions are errors unless ignore-delete is set.
type firstRow struct {
	ignoreDelete bool
	first        KeyValue
	ok           bool
}

var errFirstRowRetract = errors.New("mergefunc: the first-row merge engine cannot accept " +
	"DELETE/UPDATE_BEFORE records; set 'ignore-delete' to ignore them")

func (f *firstRow) Reset() { f.first, f.ok = KeyValue{}, false }

func (f *firstRow) Add(kv KeyValue) error {
	if kv.Kind.IsRetract() {
		if f.ignoreDelete {
			return nil
		}
		return errFirstRowRetract
	}
	if !f.ok {
		f.first, f.ok = kv, true
	}
	return nil
}

func (f *firstRow) Result() (KeyValue, bool) { return f.first, f.ok }
