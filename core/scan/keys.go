package scan

import (
	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// maxKeyTuples bounds the key tuples a filter may fix (the product of its IN
// lists): beyond it, lookups prune by statistics only.
const maxKeyTuples = 4096

// keyPruner prunes the files of a key lookup: equalities and IN lists that
// fix every bucket-key column select the buckets Java's bucket function puts
// those keys in, and for primary-key tables the filter on the LSM key is
// checked against each file's min/max key.
type keyPruner struct {
	// Fixed buckets: the bucket-key tuples the filter allows (nil: any).
	bucketFn     *bucket.Function
	bucketKeys   []string
	bucketTuples [][]any
	buckets      map[int32]map[int32]bool // total buckets -> buckets kept

	// Primary-key tables: the trimmed primary key, its types, the filter
	// on its first column and the key tuples the filter allows (nil: any).
	keyTypes  []types.DataType
	firstKey  predicate.Predicate
	keyName   string
	keyTuples [][]any
}

// newKeyPruner returns nil when the filter cannot prune by key.
func newKeyPruner(sch *spec.TableSchema, filter predicate.Predicate) *keyPruner {
	if filter == nil {
		return nil
	}
	opts := sch.Options
	kp := &keyPruner{}
	if n, err := options.Bucket.Get(opts); err == nil && n > 0 {
		keys := options.SplitList(options.BucketKey.Text(opts))
		if len(keys) == 0 {
			keys = sch.TrimmedPrimaryKeys()
		}
		if tuples, keyTypes, ok := fixedTuples(sch, filter, keys); ok {
			if fn, err := bucket.New(options.BucketFunctionType.Text(opts), keyTypes); err == nil {
				kp.bucketFn, kp.bucketKeys, kp.bucketTuples, kp.buckets = fn, keys, tuples, map[int32]map[int32]bool{}
			}
		}
	}
	if len(sch.PrimaryKeys) > 0 {
		keys := sch.TrimmedPrimaryKeys()
		for _, k := range keys {
			f, _, ok := sch.Field(k)
			if !ok {
				return kp.orNil()
			}
			kp.keyTypes = append(kp.keyTypes, f.Type)
		}
		kp.keyName = keys[0]
		kp.firstKey = predicate.Only(filter, map[string]bool{keys[0]: true})
		kp.keyTuples, _, _ = fixedTuples(sch, filter, keys)
	}
	return kp.orNil()
}

func (kp *keyPruner) orNil() *keyPruner {
	if kp.bucketFn == nil && kp.firstKey == nil && kp.keyTuples == nil {
		return nil
	}
	return kp
}

// fixedTuples lists the value tuples of the columns keys that the filter
// allows, when it fixes each column: a conjunction of equalities or IN
// lists on them, or an Or of such conjunctions (as an index lookup of
// several keys gives), of at most maxKeyTuples tuples in all. An empty list
// means no row matches.
func fixedTuples(sch *spec.TableSchema, filter predicate.Predicate, keys []string) ([][]any, []types.DataType, bool) {
	if len(keys) == 0 {
		return nil, nil, false
	}
	keyTypes := make([]types.DataType, len(keys))
	for i, k := range keys {
		f, _, ok := sch.Field(k)
		if !ok {
			return nil, nil, false
		}
		keyTypes[i] = f.Type
	}
	tuples, ok := tuplesOf(filter, keys)
	return tuples, keyTypes, ok
}

func tuplesOf(p predicate.Predicate, keys []string) ([][]any, bool) {
	switch x := p.(type) {
	case predicate.Or:
		var all [][]any
		for _, c := range x {
			t, ok := tuplesOf(c, keys)
			if !ok || len(all)+len(t) > maxKeyTuples {
				return nil, false
			}
			all = append(all, t...)
		}
		return all, true
	case predicate.Leaf:
		return conjunctionTuples([]predicate.Predicate{x}, keys)
	case predicate.And:
		var conj []predicate.Predicate
		var flatten func(predicate.And)
		flatten = func(a predicate.And) {
			for _, c := range a {
				if inner, ok := c.(predicate.And); ok {
					flatten(inner)
				} else {
					conj = append(conj, c)
				}
			}
		}
		flatten(x)
		if t, ok := conjunctionTuples(conj, keys); ok {
			return t, true
		}
		// A conjunct that fixes the key alone (an Or of key tuples).
		for _, c := range conj {
			if _, isOr := c.(predicate.Or); isOr {
				if t, ok := tuplesOf(c, keys); ok {
					return t, true
				}
			}
		}
	}
	return nil, false
}

// conjunctionTuples is the product of the equalities and IN lists that
// the conjuncts set on each key column.
func conjunctionTuples(conj []predicate.Predicate, keys []string) ([][]any, bool) {
	values := make([][]any, len(keys))
	for i, k := range keys {
		found := false
		for _, c := range conj {
			l, ok := c.(predicate.Leaf)
			if !ok || l.Field != k || (l.Op != predicate.Eq && l.Op != predicate.In) {
				continue
			}
			// Several conjuncts on one column: the first is enough to
			// prune by, the SQL engine checks them all.
			values[i], found = l.Literals, true
			break
		}
		if !found {
			return nil, false
		}
	}
	n := 1
	for _, v := range values {
		if n *= len(v); n > maxKeyTuples {
			return nil, false
		}
	}
	tuples := make([][]any, 0, n)
	var walk func(int, []any)
	walk = func(i int, prefix []any) {
		if i == len(values) {
			tuples = append(tuples, append([]any(nil), prefix...))
			return
		}
		for _, v := range values[i] {
			walk(i+1, append(prefix, v))
		}
	}
	walk(0, make([]any, 0, len(keys)))
	return tuples, true
}

// bucketMayMatch tells whether bucket b of a partition laid out in total
// buckets may hold a key the filter allows.
func (kp *keyPruner) bucketMayMatch(b, total int32) bool {
	if kp == nil || kp.bucketFn == nil || total <= 0 {
		return true
	}
	kept, ok := kp.buckets[total]
	if !ok {
		kept = map[int32]bool{}
		for _, t := range kp.bucketTuples {
			n, err := kp.bucketFn.Bucket(t, int(total))
			if err != nil {
				// A literal the function cannot hash: keep every bucket.
				kept = nil
				break
			}
			kept[int32(n)] = true
		}
		kp.buckets[total] = kept
	}
	return kept == nil || kept[b]
}

// splitFilter is the filter of the bucket-key tuples that hash to bucket b
// of total buckets (nil when the filter fixes no bucket key, or when they
// all do): an IN list for one column, an Or of equalities for several.
func (kp *keyPruner) splitFilter(b, total int32) predicate.Predicate {
	if kp == nil || kp.bucketFn == nil || total <= 0 || len(kp.bucketTuples) < 2 {
		return nil
	}
	var mine [][]any
	for _, t := range kp.bucketTuples {
		n, err := kp.bucketFn.Bucket(t, int(total))
		if err != nil {
			return nil
		}
		if int32(n) == b {
			mine = append(mine, t)
		}
	}
	if len(mine) == len(kp.bucketTuples) {
		return nil
	}
	if len(kp.bucketKeys) == 1 {
		values := make([]any, len(mine))
		for i, t := range mine {
			values[i] = t[0]
		}
		return predicate.Leaf{Field: kp.bucketKeys[0], Op: predicate.In, Literals: values}
	}
	or := make(predicate.Or, len(mine))
	for i, t := range mine {
		and := make(predicate.And, len(t))
		for k, v := range t {
			and[k] = predicate.Leaf{Field: kp.bucketKeys[k], Op: predicate.Eq, Literals: []any{v}}
		}
		or[i] = and
	}
	return or
}

// fileMayMatch checks the filter on the LSM key against a primary-key data
// file's min and max key.
func (kp *keyPruner) fileMayMatch(f spec.DataFileMeta) bool {
	if kp == nil || kp.keyTypes == nil || len(f.MinKey) == 0 || len(f.MaxKey) == 0 {
		return true
	}
	if kp.firstKey == nil && kp.keyTuples == nil {
		return true
	}
	lo, err1 := binrow.Decode(f.MinKey, kp.keyTypes)
	hi, err2 := binrow.Decode(f.MaxKey, kp.keyTypes)
	if err1 != nil || err2 != nil || len(lo) != len(kp.keyTypes) || len(hi) != len(kp.keyTypes) {
		return true
	}
	if kp.firstKey != nil && !kp.firstKey.MayMatch(func(field string) (predicate.Stats, bool) {
		if field != kp.keyName {
			return predicate.Stats{}, false
		}
		return predicate.Stats{Min: lo[0], Max: hi[0], RowCount: f.RowCount}, true
	}) {
		return false
	}
	if kp.keyTuples == nil {
		return true
	}
	for _, t := range kp.keyTuples {
		if c, ok := compareTuple(t, lo); !ok || c >= 0 {
			if c, ok := compareTuple(t, hi); !ok || c <= 0 {
				return true
			}
		}
	}
	return false
}

// compareTuple orders key tuples as Paimon's key comparator does (field by
// field); ok is false when two values cannot be compared.
func compareTuple(a, b []any) (int, bool) {
	for i := range a {
		if a[i] == nil || b[i] == nil {
			return types.CompareNullsFirst(a[i], b[i]), true
		}
		c, ok := types.Compare(a[i], b[i])
		if !ok {
			return 0, false
		}
		if c != 0 {
			return c, true
		}
	}
	return 0, true
}
