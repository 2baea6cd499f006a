package procedures

import (
	"fmt"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// progressReporter shows how a long procedure advances in SHOW
// PROCESSLIST's State column, as an item per step of GMS's process list:
// "<procedure> <table>: <step>" with done and total counts, and tells
// Env.Progress (the command line's progress bar). It may be called from
// several goroutines.
type progressReporter struct {
	ctx    *sql.Context
	hook   func(step string, done, total int)
	prefix string
	mu     sync.Mutex
	done   map[string]int
}

func newProgressReporter(ctx *sql.Context, env *Env, proc, table string) *progressReporter {
	return &progressReporter{ctx: ctx, hook: env.Progress, prefix: fmt.Sprintf("sys.%s %s: ", proc, table), done: map[string]int{}}
}

// report sets the progress of a step.
func (p *progressReporter) report(step string, done, total int) {
	name := p.prefix + step
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.hook != nil {
		p.hook(name, done, total)
	}
	if p.ctx.ProcessList == nil { // the command line
		return
	}
	// The process list adds deltas; Total is set on every call because the
	// first call of a step creates its item.
	p.ctx.ProcessList.AddTableProgress(p.ctx.Pid(), name, int64(total))
	p.ctx.ProcessList.UpdateTableProgress(p.ctx.Pid(), name, int64(done-p.done[name]))
	p.done[name] = done
}
