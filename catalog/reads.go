package catalog

import (
	"sync"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/table"
)

// The reads of a statement (core/table.BeginRead) last until the statement
// ends: a join or a subquery may read a table again at the snapshot the
// statement first read (statementSnapshot), so the snapshot must stay
// protected from expiration until then, not only while one scan runs.
var statementReads = struct {
	sync.Mutex
	m map[statementKey][]*table.Read
}{m: map[statementKey][]*table.Read{}}

type statementKey struct {
	session uint32
	pid     uint64
}

// endWithStatement ends rd when the statement of ctx ends: at the latest
// when its context is cancelled (go-mysql-server cancels it when the
// query ends), or before, when the server calls EndStatementReads. False
// when ctx has no end to wait for: the caller ends rd itself.
func endWithStatement(ctx *sql.Context, rd *table.Read) bool {
	done := ctx.Done()
	if done == nil || ctx.Session == nil {
		return false
	}
	key := statementKey{ctx.Session.ID(), ctx.Pid()}
	statementReads.Lock()
	first := len(statementReads.m[key]) == 0
	statementReads.m[key] = append(statementReads.m[key], rd)
	statementReads.Unlock()
	if first {
		go func() {
			<-done
			endStatementReads(key)
		}()
	}
	return true
}

// EndStatementReads ends the reads of the statement of ctx, once it has
// ended: their markers are gone when it returns, so that an expiration the
// client runs next finds nothing held back by them.
func EndStatementReads(ctx *sql.Context) {
	if ctx.Session != nil {
		endStatementReads(statementKey{ctx.Session.ID(), ctx.Pid()})
	}
}

func endStatementReads(key statementKey) {
	statementReads.Lock()
	rs := statementReads.m[key]
	delete(statementReads.m, key)
	statementReads.Unlock()
	for _, rd := range rs {
		rd.End()
	}
}
