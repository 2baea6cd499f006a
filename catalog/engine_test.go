package catalog

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"

	"github.com/paimon-sql/paimon-sql/core/fs"

	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// newEngine serves dir through an in-process engine (no wire).
func newEngine(t testing.TB, dir string) (*sqle.Engine, *Provider) {
	t.Helper()
	ctx := context.Background()
	fsys, err := fs.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewProvider(ctx, fsys)
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
	e := sqle.New(a, &sqle.Config{})
	return e, p
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
		if err == io.EOF {
			break
		}
		if err != nil {
			iter.Close(ctx)
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

func TestSmokeFixtures(t *testing.T) {
	if os.Getenv("SMOKE") == "" {
		t.Skip("manual")
	}
	e, _ := newEngine(t, testfixture.CopyWarehouse(t, testfixture.JavaWritten))
	for _, q := range strings.Split(os.Getenv("SMOKE"), ";") {
		rows, err := query(t, e, q)
		t.Logf("%s -> err=%v", q, err)
		for _, r := range rows {
			t.Logf("  %s", r)
		}
	}
}
