package vector

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/core/format"
)

// VectorPlanGaps finds the aggregate scan of an analyzed plan and tells
// which of its filter, keys and aggregate arguments do not compile to
// vector kernels (for the tests of package vector_test, which run plans
// through the catalog).
func VectorPlanGaps(n sql.Node) (found bool, gaps []string) {
	var s *aggregateScan
	transform.Inspect(n, func(n sql.Node) bool {
		if a, ok := n.(*aggregateScan); ok {
			s = a
		}
		return s == nil
	})
	if s == nil {
		return false, nil
	}
	kinds := make([]format.VectorKind, len(s.cols))
	for i, c := range s.cols {
		kinds[i] = format.VectorKindOf(s.fields[c].Type)
	}
	vp := s.planVectors(kinds)
	if !vp.rowsOK || (s.filterExpr != nil) != (vp.filter != nil) {
		gaps = append(gaps, "filter or keys not compiled to vector kernels")
	}
	for i, a := range s.aggs {
		if a.kind != aggCountStar && a.kind != aggFirst && a.kind != aggIntKey && vp.args[i] == nil {
			gaps = append(gaps, fmt.Sprintf("argument of %s not compiled", s.gb.SelectedExprs[i]))
		}
	}
	return true, gaps
}

// RunsHashJoin tells whether the engine runs j (HashJoin's plan).
func RunsHashJoin(j *plan.JoinNode) bool { return planHashJoin(j) != nil }

// TimeLiteralsRuleID is the rule that folds comparisons' date literals.
const TimeLiteralsRuleID = timeLiteralsRuleID

// HasJoinAggregate tells whether the analyzed plan n aggregates a join's
// rows in the engine.
func HasJoinAggregate(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if _, ok := n.(*joinRows); ok {
			found = true
		}
		return !found
	})
	return found
}

// HasFilteredScan tells whether the analyzed plan n filters a join's scan
// over vectors.
func HasFilteredScan(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if _, ok := n.(*filteredScan); ok {
			found = true
		}
		return !found
	})
	return found
}

// KeyFilteredProbes is how many hash joins have read their probe side
// filtered by their build table's keys so far.
func KeyFilteredProbes() int64 { return keyFilteredProbes.Load() }

// SetProbeFirstRows sets the most probe rows a hash join reads before its
// build side, returning the function that restores it.
func SetProbeFirstRows(n int) func() {
	old := probeFirstRows
	probeFirstRows = n
	return func() { probeFirstRows = old }
}

// SidewaysFilters is how many scans have been read filtered by the key
// set of a hash join above their own so far.
func SidewaysFilters() int64 { return sidewaysFilters.Load() }

// NarrowedBuilds is how many semi and anti joins' build sides have been
// read with only the columns the join reads so far.
func NarrowedBuilds() int64 { return narrowedBuilds.Load() }

// SetBuildShare sets how much smaller than the scan below a build side
// marked both ways must be to pass its keys down, returning the function
// that restores it.
func SetBuildShare(n int64) func() {
	old := buildShare
	buildShare = n
	return func() { buildShare = old }
}
