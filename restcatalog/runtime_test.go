package restcatalog

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// probe is a kind of per-table state only this test uses.
type probe struct{ seen bool }

// Catches: a REST catalog that opens tables with a runtime of its own
// while the server's MySQL side has another (serve passes the provider's):
// commits of both sides to one table would then not take turns under one
// lock, and the shutdown would not wait for the maintenance REST commits
// started.
func TestHandlerOpensTablesWithTheGivenRuntime(t *testing.T) {
	ctx := context.Background()
	fsys, err := fs.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fsys.Close() })
	rt := table.NewRuntime()
	h, err := New(Config{FS: fsys, Runtime: rt, Auth: testAuth{"admin": allPrivileges}})
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, fs: fsys, srv: httptest.NewServer(h)}
	t.Cleanup(f.srv.Close)
	f.tableWithSnapshot()
	sqlSide, err := rt.Open(ctx, fsys, "a", "t", "")
	if err != nil {
		t.Fatal(err)
	}
	table.StateOf[probe](sqlSide).seen = true
	c := &call{ctx: ctx, account: Account{User: "admin", Host: "%"}}
	restSide, err := h.openTable(c, "a", "t", PrivSelect)
	if err != nil {
		t.Fatal(err)
	}
	if restSide.Runtime != rt || !table.StateOf[probe](restSide).seen {
		t.Fatal("the REST catalog's open of a.t does not share the given runtime's state")
	}
}
