package vector

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// An EXISTS (or IN) whose inner table has an index on the correlated
// column becomes a semi lookup join: every outer row looks its key up in
// the table's primary key (TPC-H Q21's l2, 7,600 lookups into lineitem at
// scale factor 1). A Paimon lookup plans the table's files and decodes the
// pages that may hold the key, a millisecond each, where the outer rows'
// keys can instead filter one scan of the table read as vectors
// (buildfilter.go: the probe side read first, the build side filtered by
// its keys). So a semi lookup join on integer keys into a table the engine
// reads as vectors is run as a semi hash join: the lookup's key equalities
// join its condition, and its table is scanned instead of looked up.

// SemiLookupRuleID is the rule that runs semi lookup joins as semi hash
// joins.
const SemiLookupRuleID analyzer.RuleId = 10031

// hashSemiLookups rewrites each semi lookup join of that shape.
func hashSemiLookups(sourceOf SourceOf) analyzer.RuleFunc {
	return topLevelRule(func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || j.Op != plan.JoinTypeSemiLookup || j.ScopeLen != 0 || j.Filter == nil {
			return n, transform.SameTree, nil
		}
		hashed := semiHashJoin(j, sourceOf)
		if hashed == nil {
			return n, transform.SameTree, nil
		}
		return hashed, transform.NewTree, nil
	})
}

// semiHashJoin is the semi hash join of the semi lookup join j, or nil
// when j is not of the shape (an index lookup of integer columns, none
// NULL-safe, into a table read as vectors, perhaps under its Filter, whose
// columns j's condition reads).
func semiHashJoin(j *plan.JoinNode, sourceOf SourceOf) sql.Node {
	right := j.Right()
	filter, _ := right.(*plan.Filter) // the subquery's own WHERE conjuncts
	if filter != nil {
		right = filter.Child
	}
	alias, _ := right.(*plan.TableAlias)
	if alias != nil {
		right = alias.Child
	}
	ita, ok := right.(*plan.IndexedTableAccess)
	if !ok || ita.IsStatic() {
		return nil
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return nil
	}
	var scan sql.Node = rt
	name := rt.Name()
	if alias != nil {
		var err error
		if scan, err = alias.WithChildren(rt); err != nil {
			return nil
		}
		name = alias.Name()
	}
	if _, _, ok := scanSource(scan, sourceOf); !ok {
		return nil
	}
	if filter != nil {
		var err error
		if scan, err = filter.WithChildren(scan); err != nil {
			return nil
		}
	}
	sch := rt.Schema()
	// ref: a column of the table in the condition, which tells where the
	// table's columns start in the joined rows the condition reads.
	ref, offset := rightColumn(j.Filter, name, sch)
	if ref == nil {
		return nil
	}
	keys, nullSafe, columns := ita.Expressions(), ita.NullMask(), ita.Index().Expressions()
	if len(keys) == 0 || len(keys) > len(columns) {
		return nil
	}
	var probe, entry, equal []sql.Expression
	for i, k := range keys {
		pos := sch.IndexOfColName(columns[i][strings.LastIndex(columns[i], ".")+1:])
		if (i < len(nullSafe) && nullSafe[i]) || pos < 0 || !int64Column(k) || !integerType(sch[pos].Type) {
			return nil
		}
		c := sch[pos]
		entry = append(entry, expression.NewGetFieldWithTable(pos, int(ref.TableId()), c.Type, ref.Database(), ref.Table(), c.Name, c.Nullable))
		joined := expression.NewGetFieldWithTable(offset+pos, int(ref.TableId()), c.Type, ref.Database(), ref.Table(), c.Name, c.Nullable)
		probe, equal = append(probe, k), append(equal, expression.NewEquals(k, joined))
	}
	hl := plan.NewHashLookup(scan, tupleOf(entry), tupleOf(probe), plan.JoinTypeSemiHash)
	hashed := *j
	hashed.Op = plan.JoinTypeSemiHash
	hashed.Filter = expression.JoinAnd(append(equal, j.Filter)...)
	out, err := hashed.WithChildren(j.Left(), hl)
	if err != nil {
		return nil
	}
	return out
}

// rightColumn is a column of the table name (of schema sch) that cond
// reads, and the offset of the table's columns in cond's rows; nil when
// cond reads none, or reads them at offsets that disagree.
func rightColumn(cond sql.Expression, name string, sch sql.Schema) (ref *expression.GetField, offset int) {
	agree := true
	transform.InspectExpr(cond, func(e sql.Expression) bool {
		gf, ok := e.(*expression.GetField)
		if !ok || !strings.EqualFold(gf.Table(), name) {
			return false
		}
		pos := sch.IndexOfColName(gf.Name())
		switch {
		case pos < 0:
			agree = false
		case ref == nil:
			ref, offset = gf, gf.Index()-pos
		case gf.Index()-pos != offset:
			agree = false
		}
		return !agree
	})
	if !agree || offset <= 0 {
		return nil, 0
	}
	return ref, offset
}

// tupleOf is the one expression, or the tuple of several.
func tupleOf(es []sql.Expression) sql.Expression {
	if len(es) == 1 {
		return es[0]
	}
	return expression.NewTuple(es...)
}
