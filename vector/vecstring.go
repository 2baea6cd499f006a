package vector

import (
	"bytes"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// Vector kernels of strings: comparisons and IN lists with constants, and
// LIKE with a constant pattern. go-mysql-server compares strings by the
// weights of their characters in the comparison's collation; the kernels
// compare bytes, which is the same only for utf8mb4_0900_bin (a
// character's weight is its code point, whose order is the order of its
// UTF-8 bytes) and valid UTF-8 (where go-mysql-server meets a malformed
// string it errs: such a batch takes the row path). LIKE runs
// go-mysql-server's own matcher, in any collation.

// codePointOrder tells the collation whose comparisons are byte-wise.
func codePointOrder(c sql.CollationID) bool { return c == sql.Collation_utf8mb4_0900_bin }

// stringColumn compiles e, a string expression read as a bytes vector.
func stringColumn(e sql.Expression, kinds []format.VectorKind) vexpr {
	if !gtypes.IsText(e.Type()) {
		return nil
	}
	f, k := compileVector(e, kinds)
	if k != format.VectorBytes {
		return nil
	}
	return f
}

// stringTest is a predicate kernel of a test of each non-NULL value of a
// bytes vector, NULL where the value is. A vector in dictionary form
// tests each entry once, when the dictionary is not larger than the
// batch. A test that cannot answer (ok false) sends the batch to the row
// path.
func stringTest(c vexpr, test func(s []byte) (t, ok bool)) vexpr {
	return strictUnaryKernel(c, format.VectorBool, func(v, out *format.Vector) error {
		if d := v.Dict; d != nil && d.Len <= v.Len {
			// 0: not tested yet, 1 false, 2 true.
			seen := make([]byte, d.Len)
			for i, e := range v.Index {
				if v.IsNull(i) {
					continue
				}
				if seen[e] == 0 {
					t, ok := test(d.Bytes(int(e)))
					if !ok {
						return errRowPath
					}
					seen[e] = 1
					if t {
						seen[e] = 2
					}
				}
				out.Bool[i] = seen[e] == 2
			}
			return nil
		}
		for i := range out.Bool {
			if v.IsNull(i) {
				continue
			}
			t, ok := test(v.Bytes(i))
			if !ok {
				return errRowPath
			}
			out.Bool[i] = t
		}
		return nil
	})
}

// vectorStringCompare is a string compared with a string constant (=, <,
// <=, >, >=) in a byte-wise collation.
func vectorStringCompare(x expression.Comparer, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	e, c, outcome, ok := constComparison(x)
	lit, isStr := c.(string)
	if !ok || !isStr || !utf8.ValidString(lit) {
		return nil, format.VectorNone
	}
	// The collation go-mysql-server's comparison compares in (its own
	// method; Equals' is the collation of its boolean result).
	ctx := sql.NewEmptyContext()
	lc, lco := sql.GetCoercibility(ctx, x.Left())
	rc, rco := sql.GetCoercibility(ctx, x.Right())
	coll, _ := sql.ResolveCoercibility(lc, lco, rc, rco)
	f := stringColumn(e, kinds)
	if f == nil || !codePointOrder(coll) {
		return nil, format.VectorNone
	}
	want := []byte(lit)
	return stringTest(f, func(s []byte) (bool, bool) {
		return outcome[bytes.Compare(s, want)+1], utf8.Valid(s)
	}), format.VectorBool
}

// vectorStringIn is a string IN a list of string constants, in a
// byte-wise collation: true where the value is one of them, else NULL
// when the list holds a NULL, else false.
func vectorStringIn(left sql.Expression, tuple expression.Tuple, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	st, ok := left.Type().(sql.StringType)
	f := stringColumn(left, kinds)
	if !ok || f == nil || !codePointOrder(st.Collation()) {
		return nil, format.VectorNone
	}
	set := make(map[string]bool, len(tuple))
	hasNull := false
	for _, el := range tuple {
		v, ok := constantValue(el)
		s, isStr := v.(string)
		switch {
		case !ok:
			return nil, format.VectorNone
		case v == nil:
			hasNull = true
		case !isStr || !utf8.ValidString(s):
			return nil, format.VectorNone
		default:
			set[s] = true
		}
	}
	in := stringTest(f, func(s []byte) (bool, bool) { return set[string(s)], utf8.Valid(s) })
	if !hasNull {
		return in, format.VectorBool
	}
	return unaryKernel(in, format.VectorBool, func(v, out *format.Vector) error {
		for i, t := range v.Bool {
			out.Bool[i] = t
			if !t {
				out.SetNull(i)
			}
		}
		return nil
	}), format.VectorBool
}

// vectorLike is a string LIKE a constant pattern (with a constant
// ESCAPE), matched by go-mysql-server's matcher of the expression's
// collation; in utf8mb4_0900_bin the pattern ('abc%', '%a%b%', 'a_c',
// escapes) is tested on the bytes of valid UTF-8 directly (likeBytes).
func vectorLike(x *expression.Like, kinds []format.VectorKind) (vexpr, format.VectorKind) {
	f := stringColumn(x.LeftChild, kinds)
	pv, ok := constantValue(x.RightChild)
	pattern, isStr := pv.(string)
	if f == nil || !ok || !isStr {
		return nil, format.VectorNone
	}
	escape := '\\'
	if x.Escape != nil {
		ev, ok := constantValue(x.Escape)
		es, isStr := ev.(string)
		if !ok || ev != nil && (!isStr || utf8.RuneCountInString(es) != 1) {
			return nil, format.VectorNone
		}
		if ev != nil {
			escape, _ = utf8.DecodeRuneInString(es)
		}
	}
	ctx := sql.NewEmptyContext()
	coll, _ := x.CollationCoercibility(ctx)
	m, err := expression.ConstructLikeMatcher(coll, pattern, escape)
	if err != nil || coll == sql.Collation_Unspecified {
		return nil, format.VectorNone
	}
	match := func(s []byte) (bool, bool) { return m.Match(string(s)), true }
	if fast := likeBytes(pattern, escape); fast != nil && codePointOrder(coll) {
		match = func(s []byte) (bool, bool) {
			if !utf8.Valid(s) {
				return m.Match(string(s)), true
			}
			return fast(s), true
		}
	}
	return stringTest(f, match), format.VectorBool
}
