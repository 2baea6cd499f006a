package vector

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	gtypes "github.com/dolthub/go-mysql-server/sql/types"
)

// A hash join of go-mysql-server's plan (a JoinNode whose right side is a
// HashLookup) runs here instead of in go-mysql-server's join iterator,
// which builds its lookup map keyed by Go values (a tuple of several keys
// formatted and hashed row by row) and builds an iterator per outer row.
// Here the build side is read once into a table keyed by appendKey's
// encoding of the typed keys, counted against the query memory limit, and
// each probe row's candidates are checked with the join's whole condition,
// as go-mysql-server does: the key only finds candidates, the condition
// decides. So a key encoding may never split values SQL takes as equal;
// joinKeysComparable admits only key pairs where it cannot.

// hashJoin is the plan of one hash join.
type hashJoin struct {
	j *plan.JoinNode
	// The keys of the left side's rows (after the parent row, as the
	// join's condition reads them) and of the right side's own rows,
	// pairwise equal in the join condition.
	leftKeys, rightKeys []sql.Expression
	build               sql.Node // the right side under its HashLookup (and cache)
	hash                *plan.HashLookup
	leftWidth           int
	rightWidth          int
	// parent is the row of the nodes around the join (a join under a
	// HashLookup gets its outer row), which its condition's column
	// indexes count in and its result leaves out.
	parent sql.Row
	// swapped: an inner join that builds on its left side (the smaller by
	// the tables' row counts) and probes with its right side.
	swapped bool
	// intKey: one key, a column of integers on both sides, whose rows are
	// found in a map of int64 (cheaper to hash and smaller than the
	// encoded keys' strings).
	intKey bool
	// sourceOf finds the Paimon table of a probe side that is a scan, to
	// read it filtered by the build side's keys (probescan.go).
	sourceOf SourceOf
	estimate func(sql.Node) (int64, bool)
	// sideways are the key sets of the joins around this one (their
	// build tables, filled before this join is started) that a column of
	// this join's rows must be in for the row to join there (sideways.go).
	sideways []keySet
	// passes: its build side is marked to pass its key sets down
	// (keysPassed); probeFirstMark: or else to be read after the probe
	// side (markBuildSide's mark, in keysPassed's).
	passes, probeFirstMark bool
}

// HashJoin returns the iterator of j when it is a hash join this engine
// runs (inner, left outer, semi, and NOT EXISTS's anti join, on keys it
// encodes exactly, outside any subquery's scope), or ok false for go-mysql-server's own. estimate tells
// the rows of a side when it is known, for the choice of the build side;
// sourceOf the Paimon table of a probe side that is a scan.
func HashJoin(ctx *sql.Context, b sql.NodeExecBuilder, j *plan.JoinNode, row sql.Row, estimate func(sql.Node) (int64, bool), sourceOf SourceOf) (it sql.RowIter, ok bool, err error) {
	hj := prepareHashJoin(j, row, estimate, sourceOf)
	if hj == nil {
		return nil, false, nil
	}
	it, err = hj.iter(ctx, b)
	return it, true, err
}

// prepareHashJoin is the hash join of j under the parent row, with its
// build side chosen (nil when the engine does not run j).
func prepareHashJoin(j *plan.JoinNode, row sql.Row, estimate func(sql.Node) (int64, bool), sourceOf SourceOf) *hashJoin {
	hj := planHashJoin(j)
	if hj == nil {
		return nil
	}
	hj.parent, hj.sourceOf, hj.estimate = row, sourceOf, estimate
	if j.Op == plan.JoinTypeHash && estimate != nil {
		if l, ok := estimate(j.Left()); ok {
			r, ok := estimate(hj.build)
			hj.swapped = ok && l < r
		}
	}
	return hj
}

// planHashJoin returns nil for a join it does not run.
func planHashJoin(j *plan.JoinNode) *hashJoin {
	switch j.Op {
	case plan.JoinTypeHash, plan.JoinTypeLeftOuterHash, plan.JoinTypeSemiHash, plan.JoinTypeAntiHashIncludeNulls:
	case plan.JoinTypeLeftOuterHashExcludeNulls:
		// NOT IN's anti join as a left join (under its IS NULL filter):
		// run here on one key whose equality is the whole condition,
		// where the build side's NULL keys tell when NOT IN is unknown
		// (notInUnknown).
		if _, ok := j.Filter.(*expression.Equals); !ok {
			return nil
		}
	default:
		// JoinTypeAntiHash is NOT IN's NULL-aware anti join (a NULL on
		// either side makes the condition unknown, which drops the row):
		// left to go-mysql-server.
		return nil
	}
	if j.ScopeLen != 0 || j.Filter == nil {
		return nil // inside a subquery, whose outer row the sides may read
	}
	hl, ok := j.Right().(*plan.HashLookup)
	if !ok {
		return nil
	}
	lk, rk := tupleItems(hl.LeftProbeKey), tupleItems(hl.RightEntryKey)
	if len(lk) == 0 || len(lk) != len(rk) || j.Op == plan.JoinTypeLeftOuterHashExcludeNulls && len(lk) != 1 {
		return nil
	}
	for i := range lk {
		if !joinKeysComparable(lk[i].Type(), rk[i].Type()) {
			return nil
		}
	}
	if !plainCondition(j.Filter) {
		return nil
	}
	build := hl.Child
	m, passes := build.(*keysPassed)
	probeFirst := false
	if passes {
		build, probeFirst = m.child, m.probeFirst
	}
	if c, ok := build.(*plan.CachedResults); ok {
		build = c.Child
	}
	return &hashJoin{j: j, leftKeys: lk, rightKeys: rk, build: build, hash: hl, passes: passes, probeFirstMark: probeFirst,
		leftWidth: len(j.Left().Schema()), rightWidth: len(hl.Schema()),
		intKey: len(lk) == 1 && int64Column(lk[0]) && int64Column(rk[0])}
}

// int64Column tells a column whose values are integers that an int64
// holds (asInt64): of any integer type but BIGINT UNSIGNED.
func int64Column(e sql.Expression) bool {
	_, ok := e.(*expression.GetField)
	t := e.Type()
	return ok && gtypes.IsInteger(t) && t != gtypes.Uint64
}

func tupleItems(e sql.Expression) []sql.Expression {
	if t, ok := e.(expression.Tuple); ok {
		return t.Children()
	}
	return []sql.Expression{e}
}

// plainCondition tells a join condition this engine evaluates as
// go-mysql-server would: no NULL-safe equality (its NULL keys match, which
// the table leaves out) and no subquery (which may read an outer scope).
func plainCondition(e sql.Expression) bool {
	ok := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.NullSafeEquals, *plan.Subquery:
			ok = false
		}
		return !ok
	})
	return ok
}

// keyFamily groups the types whose equal values appendKey encodes alike;
// values of two families may be equal in SQL ('1' = 1, 1 = 1.0E0) and
// encode differently, so such keys stay with go-mysql-server.
type keyFamily int

const (
	noFamily    keyFamily = iota
	exactNumber           // integers and decimals (an integral decimal encodes as its integer)
	floatNumber
	dateOnly // DATE
	instant  // DATETIME, TIMESTAMP
	byteText
)

func familyOf(t sql.Type) keyFamily {
	switch {
	case gtypes.IsInteger(t), gtypes.IsDecimal(t):
		return exactNumber
	case gtypes.IsFloat(t):
		return floatNumber
	case gtypes.IsDateType(t):
		return dateOnly
	case gtypes.IsDatetimeType(t), gtypes.IsTimestampType(t):
		return instant
	case gtypes.IsText(t) && byteWise(t):
		return byteText
	}
	return noFamily
}

func joinKeysComparable(l, r sql.Type) bool {
	f := familyOf(l)
	return f != noFamily && f == familyOf(r)
}

// iter reads the build side into its table and returns the probing
// iterator. Rows of the left side are kept and probed as the join's
// condition reads them, after the parent row; the right side is built, as
// go-mysql-server builds it, under a parent row as wide as the left side's
// rows with it (its nodes count their columns after that width and never
// read the values: the HashLookup keeps one result for every left row).
func (hj *hashJoin) iter(ctx *sql.Context, b sql.NodeExecBuilder) (sql.RowIter, error) {
	rightParent := make(sql.Row, len(hj.parent)+hj.leftWidth)
	copy(rightParent, hj.parent)
	buildNode, buildParent, buildKeys := hj.build, rightParent, hj.rightKeys
	probeNode, probeParent, probeKeys := hj.j.Left(), hj.parent, hj.leftKeys
	if hj.swapped {
		buildNode, buildParent, buildKeys, probeNode, probeParent, probeKeys = probeNode, probeParent, probeKeys, buildNode, buildParent, buildKeys
	}
	t := newJoinTable(ctx.Memory, hj.intKey)
	offset := len(hj.parent) // of the probe side's keys: see hashJoinIter.Next
	if hj.swapped {
		offset = 0
	}
	probeSideways := hj.probeSideways()
	pf := planProbeFilter(hj.j.Op, probeNode, probeKeys, buildKeys, offset, hj.sourceOf, probeSideways)
	var ap *aggregateProbe // aggprobe.go
	if pf == nil {
		ap = planMarkedAggregateProbe(hj.j.Op, probeNode, probeKeys, buildKeys, offset)
	}
	var passed []int // the keys whose sets go to a scan under the probe side
	if pf == nil && ap == nil {
		passed = hj.passedKeys(probeNode, false)
	}
	var prefix sql.Row // what the build side's kept rows start with
	if hj.swapped {
		prefix = hj.parent
	}
	var read []sql.Row // probe rows read before the build side (buildfilter.go)
	var rest, build sql.RowIter
	var err error
	if pf == nil && ap == nil && len(passed) == 0 {
		read, rest, build, err = hj.probeFirst(ctx, b, t, probeNode, probeParent, buildParent)
		if err != nil {
			t.release()
			return nil, err
		}
		if read != nil && rest == nil && len(read) == 0 {
			t.release()
			return sql.RowsToRowIter(), nil // no probe row: no row of any of these joins
		}
		if rest != nil && hj.passes {
			// Too many probe rows to filter the build side by their keys
			// (TPC-H Q09's partsupp at scale factor 1): the build side's
			// keys go down to the scan after all, the probe side read
			// again.
			if err := rest.Close(ctx); err != nil {
				t.release()
				return nil, err
			}
			read, rest = nil, nil
			t.giveBack()
			passed = hj.passedKeys(probeNode, true)
		}
	}
	setKeys := passed
	switch {
	case pf != nil:
		setKeys = pf.keys
	case ap != nil:
		setKeys = ap.keys
	}
	if len(setKeys) > 0 && !hj.intKey {
		// The sets of the integer keys' values, which filter the probe
		// side (an integer key's table is its own set).
		t.setKeys = setKeys
		t.keySets = make([]map[int64]struct{}, len(setKeys))
		for i := range t.keySets {
			t.keySets[i] = map[int64]struct{}{}
		}
	}
	started := time.Now()
	if build == nil {
		build, err = b.Build(ctx, buildNode, buildParent)
	}
	if err == nil {
		err = t.fill(ctx, build, prefix, buildKeys)
	}
	if err != nil {
		if rest != nil {
			_ = rest.Close(ctx)
		}
		t.release()
		return nil, err
	}
	if !hj.swapped {
		// EXPLAIN ANALYZE's "Hash" line is the table built here, once,
		// from go-mysql-server's HashLookup child.
		spent := time.Since(started)
		sql.ExecStatsOf(ctx).Record(hj.hash, int64(len(t.rows)), spent, spent)
	}
	if len(t.rows) == 0 && (hj.j.Op == plan.JoinTypeHash || hj.j.Op == plan.JoinTypeSemiHash) {
		if rest != nil {
			_ = rest.Close(ctx)
		}
		t.release()
		return sql.RowsToRowIter(), nil
	}
	var probe sql.RowIter
	filtered := false
	if read != nil {
		probe, filtered = &concatIter{rows: read, rest: rest}, true
	} else if pf != nil {
		probe, filtered, err = pf.start(ctx, b, t, probeParent)
	} else if ap != nil {
		probe, filtered, err = ap.start(ctx, b, t, probeParent)
	}
	if err == nil && !filtered {
		probe, err = hj.buildProbe(ctx, b, probeNode, probeParent, append(probeSideways, t.sets(hj.leftKeys, passed, len(hj.parent))...))
	}
	if err != nil {
		t.release()
		return nil, err
	}
	return &hashJoinIter{hj: hj, table: t, probe: probe, probeKeys: probeKeys}, nil
}

// joinTable is the build side: its rows chained by key.
type joinTable struct {
	rows  []sql.Row
	next  []int32          // the next row of the same key, -1 at the end
	heads map[string]int32 // the first row of each key
	ints  map[int64]int32  // the same for an integer key (hashJoin.intKey)
	// keySets hold the values of the keys setKeys (indexes into the
	// join's keys) of the rows, for the probe filter (probescan.go).
	setKeys []int
	keySets []map[int64]struct{}
	// nullKeys counts the rows left out for a NULL key (NOT IN's
	// unknown, notInUnknown).
	nullKeys int
	buf      []byte
	// mem counts the table against the query memory limit; held is what
	// it was told.
	mem  *sql.MemoryManager
	held int64
}

func newJoinTable(mem *sql.MemoryManager, intKey bool) *joinTable {
	if intKey {
		return &joinTable{ints: map[int64]int32{}, mem: mem}
	}
	return &joinTable{heads: map[string]int32{}, mem: mem}
}

// head is the first row of row's key (-1 for none); ok is false when the
// key is NULL.
func (t *joinTable) head(ctx *sql.Context, keys []sql.Expression, row sql.Row) (head int32, key []byte, n int64, ok bool, err error) {
	if t.ints != nil {
		v, err := keys[0].Eval(ctx, row)
		if err != nil || v == nil {
			return -1, nil, 0, false, err
		}
		n, isInt := asInt64(v)
		if !isInt {
			return -1, nil, 0, false, fmt.Errorf("hash join: integer key is %T", v)
		}
		head, seen := t.ints[n]
		if !seen {
			head = -1
		}
		return head, nil, n, true, nil
	}
	key, ok, err = encodeKey(ctx, t.buf[:0], keys, row)
	t.buf = key
	if err != nil || !ok {
		return -1, nil, 0, false, err
	}
	head, seen := t.heads[string(key)]
	if !seen {
		head = -1
	}
	return head, key, 0, true, nil
}

// Estimated bytes of a row of the table beyond its values' own: the row's
// slice, its chain slot and a share of the map.
const joinRowBytes = 24 + 4 + 48

// fill reads the build side's rows from it (closed here), keeping each
// row after prefix. A row with a NULL key is left out: it equals no key.
func (t *joinTable) fill(ctx *sql.Context, it sql.RowIter, prefix sql.Row, keys []sql.Expression) error {
	var pending int64
	for {
		row, err := it.Next(ctx)
		if err != nil {
			closeErr := it.Close(ctx)
			if !errors.Is(err, io.EOF) {
				return err
			}
			if closeErr != nil {
				return closeErr
			}
			break
		}
		if len(prefix) > 0 {
			row = prefix.Append(row)
		}
		head, key, n, ok, err := t.head(ctx, keys, row)
		if err != nil {
			_ = it.Close(ctx)
			return err
		}
		if !ok {
			t.nullKeys++
			continue
		}
		if len(t.setKeys) > 0 {
			added, err := t.addKeys(ctx, keys, row)
			if err != nil {
				_ = it.Close(ctx)
				return err
			}
			pending += added
		}
		at := int32(len(t.rows))
		if head < 0 {
			if t.ints != nil {
				t.ints[n] = at
				pending += 8
			} else {
				t.heads[string(key)] = at
				pending += int64(len(key))
			}
		} else {
			// The new row goes second in its chain: order within a key
			// is not SQL's concern, and the head stays put.
			t.next[head], head = at, t.next[head]
		}
		t.rows = append(t.rows, row)
		t.next = append(t.next, head)
		pending += joinRowBytes + valuesBytes(row)
		if pending > 1<<20 {
			if err := t.grow(pending); err != nil {
				_ = it.Close(ctx)
				return err
			}
			pending = 0
		}
	}
	return t.grow(pending)
}

// grow counts n more bytes; past the query memory limit it fails (1041).
func (t *joinTable) grow(n int64) error {
	if err := t.mem.Grow(n); err != nil {
		return err
	}
	t.held += n
	return nil
}

// giveBack gives back the memory counted so far (of probe rows read
// first and dropped), the table still empty.
func (t *joinTable) giveBack() {
	t.mem.Shrink(t.held)
	t.held = 0
}

// release gives the table's memory back.
func (t *joinTable) release() {
	t.mem.Shrink(t.held)
	t.held = 0
	t.rows, t.next, t.heads, t.ints, t.keySets = nil, nil, nil, nil, nil
}

// valuesBytes estimates what a row's values hold: an interface each, and
// the bytes of strings.
func valuesBytes(row sql.Row) int64 {
	n := int64(16 * len(row))
	for _, v := range row {
		switch x := v.(type) {
		case string:
			n += int64(len(x))
		case []byte:
			n += int64(len(x))
		}
	}
	return n
}

// encodeKey appends the encoding of the keys' values on row to b; ok is
// false when one is NULL. A string's trailing spaces are left out, so that
// a collation that pads ('a' = 'a ' under utf8mb4_bin) or a CHAR read with
// its padding finds its equals; where they differ, the condition tells.
func encodeKey(ctx *sql.Context, b []byte, keys []sql.Expression, row sql.Row) (out []byte, ok bool, err error) {
	for _, k := range keys {
		v, err := k.Eval(ctx, row)
		if err != nil {
			return b, false, err
		}
		if v == nil {
			return b, false, nil
		}
		if s, ok := v.(string); ok {
			v = strings.TrimRight(s, " ")
		}
		b = appendKey(b, v)
	}
	return b, true, nil
}

// hashJoinIter probes the table with the rows of the probe side.
type hashJoinIter struct {
	hj        *hashJoin
	table     *joinTable
	probe     sql.RowIter
	probeKeys []sql.Expression

	probeRow sql.Row
	cand     int32 // the next candidate of probeRow, -1 for none
	matched  bool  // probeRow met a candidate (left outer and anti joins)
	// keyed: probeRow's key is not NULL; unknown: a candidate's
	// condition was NULL (NOT IN's left join).
	keyed, unknown bool
	checked        int // candidates since the last look at ctx
}

// candidatesPerCheck is how many candidates the iterator checks between
// looks at its context: a key of many rows whose condition fails for most
// would otherwise keep a killed query running.
const candidatesPerCheck = 4096

func (it *hashJoinIter) Next(ctx *sql.Context) (sql.Row, error) {
	op := it.hj.j.Op
	for {
		if it.probeRow == nil {
			row, err := it.probe.Next(ctx)
			if err != nil {
				return nil, err
			}
			if !it.hj.swapped && len(it.hj.parent) > 0 {
				row = it.hj.parent.Append(row)
			}
			head, _, _, keyed, err := it.table.head(ctx, it.probeKeys, row)
			if err != nil {
				return nil, err
			}
			it.probeRow, it.cand, it.matched, it.keyed, it.unknown = row, head, false, keyed, false
		}
		for it.cand >= 0 {
			if it.checked++; it.checked == candidatesPerCheck {
				it.checked = 0
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			other := it.table.rows[it.cand]
			it.cand = it.table.next[it.cand]
			joined := it.joined(other)
			res, err := sql.EvaluateCondition(ctx, it.hj.j.Filter, joined)
			if err != nil {
				return nil, err
			}
			if !sql.IsTrue(res) {
				it.unknown = it.unknown || res == nil
				continue
			}
			it.matched = true
			if op == plan.JoinTypeAntiHashIncludeNulls {
				it.cand = -1 // the row is out
				break
			}
			if op == plan.JoinTypeSemiHash {
				it.cand = -1 // one row per left row
				row := it.probeRow
				it.probeRow = nil
				return row[len(it.hj.parent):], nil
			}
			return joined[len(it.hj.parent):], nil
		}
		row, matched := it.probeRow, it.matched
		it.probeRow = nil
		switch {
		case matched:
		case op == plan.JoinTypeLeftOuterHash, op == plan.JoinTypeLeftOuterHashExcludeNulls && !it.notInUnknown():
			out := make(sql.Row, len(row)-len(it.hj.parent)+it.hj.rightWidth)
			copy(out, row[len(it.hj.parent):])
			return out, nil
		case op == plan.JoinTypeAntiHashIncludeNulls:
			// NOT EXISTS: no row of the other side meets the condition
			// (a NULL key meets none).
			return row[len(it.hj.parent):], nil
		}
	}
}

// notInUnknown tells, for NOT IN's left join of a probe row that matched
// no build row, whether NOT IN is unknown (NULL) rather than true, and
// the row is left out as go-mysql-server's join leaves it out where its
// condition is NULL: the build side has rows and the probe key is NULL
// (NULL = anything is NULL), or a build row's key is NULL, or a
// candidate's condition was NULL. Its other build rows have a key other
// than the probe row's, where the equality is false.
func (it *hashJoinIter) notInUnknown() bool {
	t := it.table
	built := len(t.rows) > 0 || t.nullKeys > 0
	return built && !it.keyed || t.nullKeys > 0 || it.unknown
}

// joined is the join's row of the probe row and a build row as its
// condition reads it: the parent row, the left side's columns, then the
// right side's.
func (it *hashJoinIter) joined(other sql.Row) sql.Row {
	left, right := it.probeRow, other
	if it.hj.swapped {
		left, right = other, it.probeRow
	}
	out := make(sql.Row, len(left)+len(right))
	copy(out, left)
	copy(out[len(left):], right)
	return out
}

func (it *hashJoinIter) Close(ctx *sql.Context) error {
	it.table.release()
	return it.probe.Close(ctx)
}
