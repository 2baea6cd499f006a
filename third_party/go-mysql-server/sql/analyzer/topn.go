// Copyright 2021 Dolthub, Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package analyzer

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// insertTopNNodes replaces Limit(Sort(...)) and Limit(Offset(Sort(...))) with
// a TopN node.
func insertTopNNodes(ctx *sql.Context, a *Analyzer, n sql.Node, scope *plan.Scope, sel RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var updateCalcFoundRows bool
	return transform.NodeWithCtx(n, nil, func(tc transform.Context) (sql.Node, transform.TreeIdentity, error) {
		if o, ok := tc.Node.(*plan.Offset); ok {
			parentLimit, ok := tc.Parent.(*plan.Limit)
			if !ok {
				return tc.Node, transform.SameTree, nil
			}
			childSort, withSort, ok := sortUnderProjects(o.UnaryNode.Child)
			if !ok {
				return tc.Node, transform.SameTree, nil
			}
			topn := plan.NewTopN(childSort.SortFields, expression.NewPlus(parentLimit.Limit, o.Offset), childSort.UnaryNode.Child)
			topn = topn.WithCalcFoundRows(parentLimit.CalcFoundRows)
			updateCalcFoundRows = true
			child, err := withSort(topn)
			if err != nil {
				return nil, transform.SameTree, err
			}
			node, err := o.WithChildren(child)
			return node, transform.NewTree, err
		} else if l, ok := tc.Node.(*plan.Limit); ok {
			childSort, withSort, ok := sortUnderProjects(l.UnaryNode.Child)
			if !ok {
				if updateCalcFoundRows {
					updateCalcFoundRows = false
					return l.WithCalcFoundRows(false), transform.NewTree, nil
				}
				return tc.Node, transform.SameTree, nil
			}
			topn := plan.NewTopN(childSort.SortFields, l.Limit, childSort.UnaryNode.Child)
			topn = topn.WithCalcFoundRows(l.CalcFoundRows)
			child, err := withSort(topn)
			if err != nil {
				return nil, transform.SameTree, err
			}
			node, err := l.WithCalcFoundRows(false).WithChildren(child)
			return node, transform.NewTree, err
		}
		return tc.Node, transform.SameTree, nil
	})
}

// paimon-sql: sortUnderProjects finds the Sort under n, perhaps under
// Projects, and gives the function that puts another node in its place.
// A Project makes one row of each row, in order, so that a limit above it
// limits the Sort's rows as well: v0.20.0 took only a Sort directly under
// the Limit, and `SELECT a FROM t ORDER BY b LIMIT 10` (or a select list
// with an alias or an expression) sorted every row.
func sortUnderProjects(n sql.Node) (*plan.Sort, func(sql.Node) (sql.Node, error), bool) {
	switch n := n.(type) {
	case *plan.Sort:
		return n, func(in sql.Node) (sql.Node, error) { return in, nil }, true
	case *plan.Project:
		s, withSort, ok := sortUnderProjects(n.Child)
		if !ok {
			return nil, nil, false
		}
		return s, func(in sql.Node) (sql.Node, error) {
			child, err := withSort(in)
			if err != nil {
				return nil, err
			}
			return n.WithChildren(child)
		}, true
	}
	return nil, nil, false
}
