// Package vector is paimon-sql's vectorized engine: analyzer rules that
// replace parts of go-mysql-server's plans over Paimon tables with nodes
// that read the tables' columns in batches and evaluate them with typed
// kernels (the aggregate scan), and the exact SUM/AVG and fast arithmetic
// expressions that both engines share. It knows Paimon tables only through
// Source, which the catalog implements; the catalog registers Rules.
package vector

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/paimon-sql/paimon-sql/core/read"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Source is a Paimon table as the engine reads it.
type Source interface {
	// Name is the table's name in SQL, FullName database.table.
	Name() string
	FullName() string
	// Fields are the columns users see, in order.
	Fields() []types.DataField
	// FieldIndex is the index in Fields of the column named name, matched
	// as SQL matches names; -1 for none.
	FieldIndex(name string) int
	// Reader reads the columns cols (indexes into Fields) of the rows the
	// table's pushed filter may keep, with the converters of their values
	// to go-mysql-server's.
	Reader(ctx *sql.Context, cols []int) (*read.Reader, []func(any) any, error)
	// NativeVectors tells whether the reader's vectors are the Fields'
	// columns as they are (false: a layout maps them, rows only).
	NativeVectors() bool
	// WholePlan is the scan of the whole table, whose statistics answer
	// COUNT/MIN/MAX; ok is false when they may not (a table read
	// incrementally, or through a layout).
	WholePlan(ctx *sql.Context) (p *scan.Plan, ok bool, err error)
	// Converter converts a value of the column's Paimon type to
	// go-mysql-server's.
	Converter(ctx *sql.Context, f types.DataField) func(any) any
	// DescribeScan is EXPLAIN's account of the scan: the files and
	// partitions left after pruning ("" when not known).
	DescribeScan(ctx *sql.Context) string
}

// SourceOf tells the Source of a table of a plan; ok is false for a table
// the engine does not read (not Paimon's, or unusable).
type SourceOf func(t sql.Table) (s Source, ok bool)

// Rule ids above go-mysql-server's own (the catalog's are 10000 and 10001).
const (
	exactSumRuleID analyzer.RuleId = 10002
	// AggregateScanRuleID is the rule that runs GROUP BY over one Paimon
	// table as an aggregate scan (tests turn it off to compare with
	// go-mysql-server's own aggregation).
	AggregateScanRuleID  analyzer.RuleId = 10003
	fastArithmeticRuleID analyzer.RuleId = 10004
	timeLiteralsRuleID   analyzer.RuleId = 10005
	// JoinAggregateRuleID is the rule that has the engine aggregate the
	// rows of a join (GROUP BY over a join).
	JoinAggregateRuleID analyzer.RuleId = 10006
	// JoinFilterRuleID is the rule that has the engine filter the scans
	// of a join's tables over vectors.
	JoinFilterRuleID analyzer.RuleId = 10007
	// ProbeFilterRuleID is the rule that marks the probe sides of hash
	// joins read filtered by their build side's keys.
	ProbeFilterRuleID analyzer.RuleId = 10008
	// DerivedFilterRuleID is the rule that adds to a join's tables the
	// conditions an OR above the join implies on each.
	DerivedFilterRuleID analyzer.RuleId = 10009
	// TopNRuleID is the rule that has the engine run ORDER BY ... LIMIT
	// over a table's scan (topn.go).
	TopNRuleID analyzer.RuleId = 10020
	// OuterJoinFilterRuleID is the rule that moves the conditions of a
	// LEFT JOIN's ON that read its right side alone into a Filter over
	// that side (outerjoinfilter.go).
	OuterJoinFilterRuleID analyzer.RuleId = 10031
)

// Rules are the engine's analyzer rules, in the order they run after the
// catalog's: the conditions of LEFT JOINs' ON that read the right side
// alone moved over that side (before the rules below look for its
// Filter), SUM and AVG typed and computed as MySQL does (for every
// table), the aggregate scan, the aggregation of joins' rows, then the
// fast arithmetic operators and the date literals of comparisons converted
// once (after the aggregate scan, whose kernels read the literals as
// written), the conditions an OR above a join implies on its tables, the
// filters of joins' scans over vectors, whose kernels
// compile the conditions as they run, the marks of hash joins' probe
// sides filtered by their build side's keys, and last ORDER BY ... LIMIT
// over a table's scan.
func Rules(sourceOf SourceOf) []analyzer.Rule {
	return []analyzer.Rule{
		{Id: OuterJoinFilterRuleID, Apply: pushOuterJoinConditions},
		{Id: exactSumRuleID, Apply: exactSums},
		{Id: AggregateScanRuleID, Apply: vectorizeAggregates(sourceOf)},
		{Id: JoinAggregateRuleID, Apply: aggregateJoins},
		{Id: fastArithmeticRuleID, Apply: fastArithmetic},
		{Id: timeLiteralsRuleID, Apply: foldTimeLiterals},
		{Id: SemiLookupRuleID, Apply: hashSemiLookups(sourceOf)},
		{Id: DerivedFilterRuleID, Apply: deriveTableFilters},
		{Id: JoinFilterRuleID, Apply: filterJoinInputs(sourceOf)},
		{Id: ProbeFilterRuleID, Apply: filterProbeSides(sourceOf)},
		{Id: PassKeysRuleID, Apply: passKeysDown(sourceOf)},
		{Id: TopNRuleID, Apply: vectorizeTopN(sourceOf)},
	}
}

// topLevelRule is a rule that rewrites each node of a plan, bottom up, with
// f, in top-level plans only: in a subquery the rows carry the outer
// scope's values, which the engine's nodes do not keep.
func topLevelRule(f transform.NodeFunc) analyzer.RuleFunc {
	return func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if !scope.IsEmpty() {
			return n, transform.SameTree, nil
		}
		return transform.Node(n, f)
	}
}
