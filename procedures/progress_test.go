package procedures

import (
	"context"
	"testing"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/variables"
)

// TestProgressReporter: absolute progress reports become the process
// list's items, with done counts that follow the last report.
func TestProgressReporter(t *testing.T) {
	variables.InitStatusVariables() // the process list counts connections in them
	pl := sqle.NewProcessList()
	sess := sql.NewBaseSessionWithClientServer("", sql.Client{User: "root"}, 7)
	pl.AddConnection(7, "127.0.0.1:1")
	pl.ConnectionReady(sess)
	ctx, err := pl.BeginQuery(sql.NewContext(context.Background(), sql.WithSession(sess), sql.WithProcessList(pl)), "CALL sys.expire_snapshots('db.t')")
	if err != nil {
		t.Fatal(err)
	}
	defer pl.EndQuery(ctx)
	p := newProgressReporter(ctx, &Env{}, "expire_snapshots", "db.t")
	p.report("deleting data files", 2, 10)
	p.report("deleting data files", 7, 10)
	p.report("deleting snapshot files", 1, 3)
	got := pl.Processes()[0].Progress
	for name, want := range map[string][2]int64{
		"sys.expire_snapshots db.t: deleting data files":     {7, 10},
		"sys.expire_snapshots db.t: deleting snapshot files": {1, 3},
	} {
		if item := got[name]; item.Done != want[0] || item.Total != want[1] {
			t.Errorf("%s: %d/%d, want %d/%d", name, item.Done, item.Total, want[0], want[1])
		}
	}
	if len(got) != 2 {
		t.Errorf("items: %v", got)
	}
	newProgressReporter(sql.NewContext(context.Background()), &Env{}, "compact", "db.t").report("x", 1, 1) // no process list: no-op
}
