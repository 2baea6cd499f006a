package vector_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/rowexec"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/internal/gentable"
	"github.com/paimon-sql/paimon-sql/vector"
)

// noRule leaves none of the catalog's rules out (serve).
const noRule analyzer.RuleId = -1

// serve serves the warehouse dir with the catalog's rules but without,
// executed by the catalog's builder (the vectorized engine's operators)
// or, gmsExec, by go-mysql-server's own.
func serve(t testing.TB, dir string, without analyzer.RuleId, gmsExec bool) (*sqle.Engine, *catalog.Provider) {
	t.Helper()
	fsys, err := fs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := catalog.NewProvider(context.Background(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	b := analyzer.NewBuilder(p)
	for _, r := range p.PushdownRules() {
		if r.Id != without {
			b = b.AddPostAnalyzeRule(r.Id, r.Apply)
		}
	}
	a := b.Build()
	a.ExecBuilder = p.ExecBuilder()
	if gmsExec {
		a.ExecBuilder = rowexec.DefaultBuilder
	}
	a.Coster = p.JoinCoster(a.Coster)
	return sqle.New(a, &sqle.Config{}), p
}

// newEngine serves the warehouse dir with the catalog's rules, the
// vectorized engine's among them.
func newEngine(t testing.TB, dir string) (*sqle.Engine, *catalog.Provider) {
	t.Helper()
	return serve(t, dir, noRule, false)
}

// rowEngine serves dir with the catalog's rules but go-mysql-server's own
// executor: the same plans, its join iterators.
func rowEngine(t testing.TB, dir string) *sqle.Engine {
	t.Helper()
	e, _ := serve(t, dir, noRule, true)
	return e
}

// engineWithout serves dir with the catalog's rules but the one given.
func engineWithout(t testing.TB, dir string, rule analyzer.RuleId) *sqle.Engine {
	t.Helper()
	e, _ := serve(t, dir, rule, false)
	return e
}

// matchEngine writes a table of the given columns in each of the given
// shapes and requires every query to answer in the aggregate scan as
// go-mysql-server's own aggregation answers it (the same rows, or the same
// error); nonEmpty: with at least one row.
func matchEngine(t *testing.T, shapes map[string]gentable.Options, cols []gentable.Column, queries []string, nonEmpty bool) {
	t.Helper()
	for name, o := range shapes {
		t.Run(name, func(t *testing.T) {
			o.Columns = cols
			dir := t.TempDir()
			if _, err := gentable.Write(dir, o); err != nil {
				t.Fatal(err)
			}
			scan, _ := newEngine(t, dir)
			gms := engineWithout(t, dir, vector.AggregateScanRuleID)
			for _, q := range queries {
				got, err := query(t, scan, q)
				want, werr := query(t, gms, q)
				if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Fatalf("%s: error %v, go-mysql-server's %v", q, err, werr)
				}
				if !slices.Equal(got, want) || nonEmpty && len(got) == 0 {
					t.Errorf("%s:\n got %d rows %.400v\nwant %d rows %.400v", q, len(got), got, len(want), want)
				}
			}
		})
	}
}

// query runs q and renders the rows as sorted strings.
func query(t testing.TB, e *sqle.Engine, q string) ([]string, error) {
	t.Helper()
	return queryIn(e, "", q)
}

// queryIn runs q in database db (none when "") and renders the rows as
// sorted strings.
func queryIn(e *sqle.Engine, db, q string) ([]string, error) {
	ctx := sql.NewEmptyContext()
	if db != "" {
		ctx.SetCurrentDatabase(db)
	}
	_, iter, _, err := e.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	var out []string
	for {
		row, err := iter.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			_ = iter.Close(ctx)
			return nil, err
		}
		parts := make([]string, len(row))
		for i, v := range row {
			parts[i] = fmt.Sprint(v)
		}
		out = append(out, strings.Join(parts, "|"))
	}
	sort.Strings(out)
	return out, iter.Close(ctx)
}
