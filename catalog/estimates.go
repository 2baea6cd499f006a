package catalog

import (
	"math"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/memo"

	"github.com/paimon-sql/paimon-sql/core/predicate"
	"github.com/paimon-sql/paimon-sql/core/scan"
)

// A condition the manifests' statistics say nothing of (LIKE, a function,
// two columns compared) is taken to keep a third of the rows.
const unknownConditionSelectivity = 1.0 / 3

var _ memo.CardinalityEstimator = joinCoster{}

// FilteredRows implements memo.CardinalityEstimator: the rows of a Paimon
// table that a WHERE condition keeps, as its manifests tell (see
// scan.Plan.EstimateRows): the files left after pruning by partition,
// bucket, key range and value statistics, and in each the share of
// [min, max] and of NULLs the condition keeps. Equalities on the whole
// primary key keep one row per value.
func (c joinCoster) FilteredRows(ctx *sql.Context, table sql.Table, filters []sql.Expression) (float64, bool) {
	t, ok := table.(*Table)
	if !ok {
		return 0, false
	}
	return t.filteredRows(ctx, filters)
}

// filteredRows is FilteredRows of a Paimon table.
func (t *Table) filteredRows(ctx *sql.Context, filters []sql.Expression) (float64, bool) {
	if !t.estimable() {
		return 0, false
	}
	// The table's own pushed filter (t.filter, once the plan is built) is
	// made of these same conditions: it is not counted twice.
	var and predicate.And
	unknown := 0
	seen := map[string]bool{}
	for _, e := range filters {
		// A condition repeated (rules that move conditions around may copy
		// one) keeps no fewer rows than it keeps once.
		if key := e.String(); seen[key] {
			continue
		} else {
			seen[key] = true
		}
		if p := toPredicate(t, e); p != nil {
			and = append(and, p)
		} else {
			unknown++
		}
	}
	var filter predicate.Predicate
	if len(and) > 0 {
		filter = and
	}
	plan, err := t.estimatePlan(ctx, filter)
	var rows float64
	if err == nil {
		rows, err = plan.EstimateRows(ctx, filter)
	}
	if err != nil {
		ctx.GetLogger().Debugf("estimating %s: %v", t.t.FullName(), err)
		return 0, false
	}
	if keys, ok := fixedKeys(t, and); ok {
		rows = math.Min(rows, keys)
	}
	return rows * math.Pow(unknownConditionSelectivity, float64(unknown)), true
}

// fixedKeys counts the primary keys that equalities and IN lists on every
// primary-key column allow (a primary-key table holds each at most once).
func fixedKeys(t *Table, and predicate.And) (float64, bool) {
	pk := t.schema.PrimaryKeys
	if len(pk) == 0 {
		return 0, false
	}
	values := map[string]float64{}
	for _, p := range and {
		l, ok := p.(predicate.Leaf)
		if !ok {
			continue
		}
		switch l.Op {
		case predicate.Eq:
			values[l.Field] = 1
		case predicate.In:
			if n, seen := values[l.Field]; !seen || float64(len(l.Literals)) < n {
				values[l.Field] = float64(len(l.Literals))
			}
		}
	}
	keys := 1.0
	for _, k := range pk {
		n, ok := values[k]
		if !ok {
			return 0, false
		}
		keys *= n
	}
	return keys, true
}

// DistinctValues implements memo.CardinalityEstimator: a column set that
// holds a primary-key table's whole key has as many values as the table
// has rows; otherwise each column has no more values than its non-NULL
// rows, nor (integers and dates) than the integers between its smallest and
// largest value in the manifests. Columns whose values nothing bounds
// (text, floating point) have no estimate.
func (c joinCoster) DistinctValues(ctx *sql.Context, table sql.Table, columns []string) (float64, bool) {
	t, ok := table.(*Table)
	if !ok || !t.estimable() {
		return 0, false
	}
	s, err := t.stats(ctx)
	if err != nil {
		return 0, false
	}
	rows := float64(s.rows)
	names := make([]string, len(columns))
	for i, col := range columns {
		names[i] = t.fieldName(col)
	}
	if covers(names, t.schema.PrimaryKeys) {
		return rows, true
	}
	ndv := 1.0
	for _, name := range names {
		d, ok := t.columnDistinct(ctx, name)
		if !ok {
			return 0, false
		}
		ndv *= d
	}
	return math.Min(ndv, rows), true
}

// estimable tells whether the manifests describe what a read of the table
// returns: not for an incremental read, nor for a table that cannot be read.
func (t *Table) estimable() bool {
	return t.unusable == nil && t.pin.incremental == nil && !t.physical
}

func covers(cols, keys []string) bool {
	if len(keys) == 0 {
		return false
	}
	for _, k := range keys {
		found := false
		for _, c := range cols {
			found = found || strings.EqualFold(c, k)
		}
		if !found {
			return false
		}
	}
	return true
}

// columnSummaries are the column statistics of one snapshot of a table,
// gathered on first use: a join estimate asks for the same key columns
// query after query.
type columnSummaries struct {
	snapshot, schema int64
	mu               sync.Mutex
	byName           map[string]scan.ColumnSummary
}

// estimatePlan plans a read of the snapshot a statement reads, as stats
// does, without holding it: the planner asks before the statement reads.
func (t *Table) estimatePlan(ctx *sql.Context, filter predicate.Predicate) (*scan.Plan, error) {
	snap, err := t.snapshot(ctx, false)
	if err != nil {
		return nil, err
	}
	return scan.New(ctx, t.t, snap, t.schema, scan.Options{Filter: filter, ReadOptimized: t.pin.readOptimized})
}

// columnDistinct bounds a column's distinct values (see
// scan.ColumnSummary.DistinctEstimate), cached per snapshot.
func (t *Table) columnDistinct(ctx *sql.Context, name string) (float64, bool) {
	snap, err := t.snapshot(ctx, false)
	if err != nil || snap == nil {
		return 0, false
	}
	key := t.t.FullName()
	if t.pin.readOptimized {
		key += "$" + readOptimizedSuffix
	}
	var cs *columnSummaries
	if c, ok := t.db.p.columnCache.Load(key); ok {
		if c := c.(*columnSummaries); c.snapshot == snap.ID && c.schema == t.schema.ID {
			cs = c
		}
	}
	if cs == nil {
		cs = &columnSummaries{snapshot: snap.ID, schema: t.schema.ID, byName: map[string]scan.ColumnSummary{}}
		t.db.p.columnCache.Store(key, cs)
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	s, ok := cs.byName[name]
	if !ok {
		plan, err := t.estimatePlan(ctx, nil)
		if err != nil {
			return 0, false
		}
		if s, err = plan.Summarize(ctx, name); err != nil {
			return 0, false
		}
		cs.byName[name] = s
	}
	return s.DistinctEstimate()
}
