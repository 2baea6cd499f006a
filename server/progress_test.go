package server

import (
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestProcessListShowsProgress: while a procedure reports progress through
// the process list (as sys.compact and sys.expire_snapshots do), another
// client sees it in SHOW PROCESSLIST's State column.
func TestProcessListShowsProgress(t *testing.T) {
	pro := newTestProvider(t)
	started, release := make(chan struct{}), make(chan struct{})
	pro.procs.Register(sql.ExternalStoredProcedureDetails{
		Name:   "progress_demo",
		Schema: sql.Schema{{Name: "result", Type: types.LongText}},
		Function: func(ctx *sql.Context) (sql.RowIter, error) {
			pl := ctx.ProcessList
			pl.AddTableProgress(ctx.Pid(), "sys.compact db.t: buckets compacted", 4)
			pl.UpdateTableProgress(ctx.Pid(), "sys.compact db.t: buckets compacted", 3)
			pl.AddTableProgress(ctx.Pid(), "sys.compact db.t: a step of unknown size", 0)
			close(started)
			<-release
			return sql.RowsToRowIter(sql.NewRow("done")), nil
		},
	})
	s := start(t, Config{}, pro, pro.options(nil))
	caller, watcher := mustConnect(t, s, "root", ""), mustConnect(t, s, "root", "")
	called := make(chan error, 1)
	go func() {
		_, err := rows(caller, "CALL sys.progress_demo()")
		called <- err
	}()
	select {
	case <-started:
	case err := <-called:
		t.Fatalf("the call ended early: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the procedure did not start")
	}
	var states []string
	for _, r := range mustRows(t, watcher, "SHOW PROCESSLIST") {
		if strings.Contains(r, "CALL sys.progress_demo()") {
			states = append(states, strings.Split(r, "|")[processListStateColumn])
		}
	}
	close(release)
	if err := <-called; err != nil {
		t.Fatal(err)
	}
	want := "sys.compact db.t: a step of unknown size 0/?; sys.compact db.t: buckets compacted 3/4"
	if len(states) != 1 || states[0] != want {
		t.Errorf("State = %q, want [%q]", states, want)
	}
}
