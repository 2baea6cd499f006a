package vector_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"

	"github.com/paimon-sql/paimon-sql/catalog"
	"github.com/paimon-sql/paimon-sql/core/fs"
)

// newEngine serves the warehouse dir with the catalog's rules, the
// vectorized engine's among them.
func newEngine(t testing.TB, dir string) (*sqle.Engine, *catalog.Provider) {
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
		b = b.AddPostAnalyzeRule(r.Id, r.Apply)
	}
	a := b.Build()
	a.ExecBuilder = p.ExecBuilder()
	a.Coster = p.JoinCoster(a.Coster)
	return sqle.New(a, &sqle.Config{}), p
}

// query runs q and renders the rows as sorted strings.
func query(t testing.TB, e *sqle.Engine, q string) ([]string, error) {
	t.Helper()
	ctx := sql.NewEmptyContext()
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
