package catalog

import (
	"context"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/internal/testfixture"
)

// Catches: a provider whose tables, or whose procedures' tables, are
// opened with a runtime other than the one it hands out (Runtime, which the
// server's REST catalog uses) and waits for at Close: two handles on one
// table would then keep two commit locks and two maintenance schedules.
func TestProviderOpensTablesWithItsRuntime(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, testfixture.CopyWarehouse(t, testfixture.JavaWritten))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	p, err := NewProvider(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := p.table(ctx, "pk_09", "pk_09", "")
	if err != nil {
		t.Fatal(err)
	}
	if tbl.Runtime != p.Runtime() || p.env.Runtime != p.Runtime() {
		t.Fatal("the provider opens tables, or lets procedures open them, with another runtime than its own")
	}
	other, err := p.Runtime().Open(ctx, fsys, "pk_09", "pk_09", "")
	if err != nil {
		t.Fatal(err)
	}
	type probe struct{ seen bool }
	table.StateOf[probe](other).seen = true
	if !table.StateOf[probe](tbl).seen {
		t.Fatal("the provider's open and another open through its runtime do not share state")
	}
}
