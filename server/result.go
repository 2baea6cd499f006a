package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	sqle "github.com/dolthub/go-mysql-server"
	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/sirupsen/logrus"

	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// The result path of ComQuery, ComMultiQuery and ComStmtExecute.
//
// go-mysql-server v0.20.0's handler converts result rows into one byte
// buffer that it resets only when a server-side cursor exists (the opposite
// of its comment), so every result holds its whole wire text until it ends:
// 10M rows took the server to ~1 GB, and a client that stops reading keeps
// what was converted so far. resultPath runs statements through the same
// engine and session calls, converts rows as GMS's RowToSQL does (see
// rowEncoder), and sends them in batches bounded in rows and bytes, reusing
// a batch's memory once vitess is done with it: a result needs the same
// memory whatever its size.

const (
	// batchRows is GMS's batch size: rows per call of vitess's callback.
	batchRows = 128
	// batchBytes bounds the wire text of one batch (a batch ends after the
	// row that crosses it), so wide rows do not make large batches.
	batchBytes = 64 << 10
	// maxSlabValues bounds the values a batcher allocates at once.
	maxSlabValues = 1 << 16
	// clientPollInterval is how often a running statement looks whether
	// its client went away.
	clientPollInterval = time.Second
)

var (
	errClientGone = errors.New("the client closed the connection")
	errRowTimeout = errors.New("no result row within the connection read timeout")
)

type resultPath struct {
	engine      *sqle.Engine
	sessions    *gmsserver.SessionManager
	readTimeout time.Duration // the longest wait for the next row, as in GMS
	memory      *queryMemory
	// literals, when set, runs INSERTs of literal rows without the
	// engine (literalinsert.go).
	literals LiteralInserter
}

// run runs query (the first statement of it when multi is set, returning
// the rest) and hands its result to send.
func (p *resultPath) run(ctx context.Context, c *mysql.Conn, query string, multi bool,
	bindings map[string]*querypb.BindVariable, send mysql.ResultSpoolFn) (remainder string, err error) {
	sqlCtx, err := p.sessions.NewContextWithQuery(withClientCapabilities(ctx, c), c, query)
	if err != nil {
		return "", sql.CastSQLError(mysqlerr.From(err))
	}
	// The rows the statement's sorts, groups, joins and windows keep count
	// against the query memory limit until it ends (queryMemory).
	sqlCtx.Memory = sqlCtx.Memory.ForQuery()
	defer sqlCtx.Memory.EndQuery()
	// The statement stays in the process list (and KILL QUERY can cancel it)
	// until its last row is written.
	sqlCtx, err = sqlCtx.ProcessList.BeginQuery(sqlCtx, query)
	if err != nil {
		return "", sql.CastSQLError(mysqlerr.From(err))
	}
	defer sqlCtx.ProcessList.EndQuery(sqlCtx)
	if err := sql.SessionCommandBegin(sqlCtx.Session); err != nil {
		return "", sql.CastSQLError(mysqlerr.From(err))
	}
	defer sql.SessionCommandEnd(sqlCtx.Session)
	if err := p.admit(sqlCtx, query); err != nil {
		return "", err
	}

	// The watch covers parsing and analysis too, which can take long for a
	// large statement: a client that went away cancels them as well.
	w := p.watch(sqlCtx, c)
	var parsed sqlparser.Statement
	if multi {
		parsed, query, remainder, err = p.firstStatement(w.ctx, query)
	}
	more := remainder != ""
	if logrus.IsLevelEnabled(logrus.DebugLevel) {
		sqlCtx.SetLogger(sqlCtx.GetLogger().WithField("query", query))
	}
	start := time.Now()
	if err == nil {
		err = p.execute(w, c, query, parsed, bindings, func(r *sqltypes.Result) error { return send(r, more) })
	}
	if errors.Is(err, context.Canceled) && w.ctx.Err() != nil {
		err = context.Cause(w.ctx) // who cancelled: the client gone, the read timeout, KILL
	}
	w.stop()
	sqlCtx.GetLogger().Debugf("Query finished in %d ms", time.Since(start).Milliseconds())
	switch {
	case err == nil:
		return remainder, nil
	case sql.ErrNoMemoryAvailable.Is(err):
		return remainder, p.memory.exceeded()
	case sql.ErrKeptRowsOverLimit.Is(err):
		return remainder, p.memory.keptRowsExceeded()
	}
	return remainder, sql.CastSQLError(mysqlerr.From(err))
}

// admit refuses a statement larger than max_allowed_packet, as MySQL does
// (vitess reads packets of any size), and one whose text would take the
// heap above the query memory limit.
func (p *resultPath) admit(ctx *sql.Context, query string) error {
	limit, err := ctx.GetSessionVariable(ctx, "max_allowed_packet")
	if err != nil {
		return err
	}
	if n, _, err := types.Int64.Convert(ctx, limit); err == nil && int64(len(query)) > n.(int64) {
		return mysql.NewSQLError(mysql.ERNetPacketTooLarge, mysql.SSNetError, "Got a packet bigger than 'max_allowed_packet' bytes")
	}
	return p.memory.checkStatement(len(query))
}

// firstStatement splits a multi-statement query as GMS does; a prepared
// statement's text is run whole.
func (p *resultPath) firstStatement(ctx *sql.Context, query string) (sqlparser.Statement, string, string, error) {
	if _, prepared := p.engine.PreparedDataCache.GetCachedStmt(ctx.Session.ID(), query); prepared {
		return nil, query, "", nil
	}
	parsed, first, rest, err := p.engine.Parser.Parse(ctx, query, true)
	if first == "" {
		first = query
	}
	return parsed, first, rest, err
}

func (p *resultPath) execute(w *watcher, c *mysql.Conn, query string, parsed sqlparser.Statement,
	bindings map[string]*querypb.BindVariable, send func(*sqltypes.Result) error) error {
	ctx := w.ctx
	if parsed == nil && bindings == nil {
		if res, handled, err := p.literalInsert(ctx, query); handled {
			if err == nil {
				err = setStatusFlags(ctx, c)
			}
			if err != nil {
				return err
			}
			return send(okPacket(res))
		}
	}
	exprs, err := bindingExprs(bindings)
	if err != nil {
		return err
	}
	flags := &sql.QueryFlags{}
	flags.Set(sql.QFlagDeferProjections)
	schema, iter, _, err := p.engine.QueryWithBindings(ctx, query, parsed, exprs, flags)
	if err != nil {
		return err
	}
	var last *sqltypes.Result
	sent := false
	switch {
	case types.IsOkResultSchema(schema):
		last, err = okResult(ctx, iter)
	case schema == nil:
		last, err = emptyResult(ctx, iter)
	default:
		last, sent, err = p.stream(w, schema, iter, send)
	}
	if err != nil {
		return err
	}
	if err := setStatusFlags(ctx, c); err != nil {
		return err
	}
	if sent && len(last.Rows) == 0 {
		return nil
	}
	return send(last)
}

// okResult is the result of a statement that returns an OK packet. As in
// GMS, the iterator is closed (committing an autocommit transaction) only
// when the statement succeeded.
func okResult(ctx *sql.Context, iter sql.RowIter) (*sqltypes.Result, error) {
	row, err := iter.Next(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := iter.Next(ctx); err != io.EOF {
		return nil, fmt.Errorf("result schema iterator returned more than one row")
	}
	if err := iter.Close(ctx); err != nil {
		return nil, err
	}
	return okPacket(row[0].(types.OkResult)), nil
}

// emptyResult is the result of a statement without a schema.
func emptyResult(ctx *sql.Context, iter sql.RowIter) (*sqltypes.Result, error) {
	if _, err := iter.Next(ctx); err != io.EOF {
		return nil, fmt.Errorf("result schema iterator returned more than zero rows")
	}
	if err := iter.Close(ctx); err != nil {
		return nil, err
	}
	return &sqltypes.Result{}, nil
}

func okPacket(ok types.OkResult) *sqltypes.Result {
	r := &sqltypes.Result{RowsAffected: ok.RowsAffected, InsertID: ok.InsertID}
	if ok.Info != nil {
		r.Info = ok.Info.String()
	}
	return r
}

// stream sends the rows of iter in batches and returns the last, unsent
// one; sent tells whether an earlier batch went out. The iterator is always
// closed, with the statement's context (not the watch's, which a client
// gone cancels): closing ends the query in the process list and commits an
// autocommit transaction.
func (p *resultPath) stream(w *watcher, schema sql.Schema, iter sql.RowIter,
	send func(*sqltypes.Result) error) (last *sqltypes.Result, sent bool, err error) {
	ctx := w.statement
	iter, projections := gmsserver.GetDeferredProjections(iter)
	defer func() {
		if cerr := iter.Close(ctx); err == nil {
			err = cerr
		}
	}()

	b := newBatcher(schemaFields(ctx, schema))
	enc := newRowEncoder(ctx, schema, projections)
	for {
		if w.ctx.Err() != nil {
			return nil, sent, context.Cause(w.ctx)
		}
		row, err := iter.Next(w.ctx)
		if err == io.EOF {
			return b.result, sent, nil
		}
		if err != nil {
			return nil, sent, err
		}
		w.rows.Add(1)
		if types.IsOkResult(row) {
			if len(b.result.Rows) > 0 {
				return nil, sent, errors.New("an OK result among result rows")
			}
			b.result = okPacket(row[0].(types.OkResult))
			continue
		}
		values := b.values(len(schema))
		if err := enc.encode(w.ctx, row, values, b.buffer()); err != nil {
			return nil, sent, err
		}
		if !b.add(values) {
			continue
		}
		// A result does not start while the heap is over the budget. Later
		// batches are not checked: they hold no more memory than the first,
		// and an error after the first batch can only cut the connection.
		if !sent {
			if err := p.memory.check(); err != nil {
				return nil, sent, err
			}
		}
		if err := send(b.result); err != nil {
			return nil, sent, err
		}
		sent = true
		w.rows.Add(1) // a slow client is the write timeout's business
		b.next()
	}
}

// batcher collects converted rows into batches. A batch lives in one of two
// sets of memory, its conversion buffer, its rows' values and its list of
// rows: a set is reused two batches later, when vitess is done with its
// rows even with a server-side cursor (vitess takes the next batch from the
// statement only after it sent the previous one). A row costs no
// allocation once both sets have grown to a batch.
type batcher struct {
	fields  []*querypb.Field
	result  *sqltypes.Result
	bytes   int
	buffers [2]*sql.ByteBuffer
	slabs   [2][]sqltypes.Value   // the values of the batch's rows
	used    int                   // values of the current slab handed out
	rows    [2][][]sqltypes.Value // the batch's list of rows
	current int
}

func newBatcher(fields []*querypb.Field) *batcher {
	b := &batcher{
		fields:  fields,
		buffers: [2]*sql.ByteBuffer{sql.NewByteBuffer(16 << 10), sql.NewByteBuffer(16 << 10)},
	}
	b.result = &sqltypes.Result{Fields: fields}
	return b
}

func (b *batcher) buffer() *sql.ByteBuffer { return b.buffers[b.current] }

// values is room for the n values of the next row.
func (b *batcher) values(n int) []sqltypes.Value {
	slab := b.slabs[b.current]
	if b.used+n > len(slab) {
		// The set's first batch: no batch has more than batchRows rows.
		// Very wide rows (a SELECT of a million columns) grow the slab
		// row by row instead of asking gigabytes for batchRows of them.
		slab = make([]sqltypes.Value, max(min(batchRows*n, maxSlabValues), n, 2*len(slab)))
		b.slabs[b.current], b.used = slab, 0
	}
	v := slab[b.used : b.used+n : b.used+n]
	b.used += n
	return v
}

// add appends a row and tells whether the batch is full.
func (b *batcher) add(values []sqltypes.Value) bool {
	// The list is kept here too: once a batch is sent, vitess's cursor
	// (ComStmtFetch) reslices its Result's Rows in another goroutine.
	b.rows[b.current] = append(b.rows[b.current], values)
	b.result.Rows = b.rows[b.current]
	b.result.RowsAffected++
	for _, v := range values {
		b.bytes += v.Len()
	}
	return len(b.result.Rows) >= batchRows || b.bytes >= batchBytes
}

// next starts a new batch in the other set of memory.
func (b *batcher) next() {
	b.current = 1 - b.current
	b.buffers[b.current].Reset()
	b.used = 0
	b.rows[b.current] = b.rows[b.current][:0]
	b.result = &sqltypes.Result{Fields: b.fields}
	b.bytes = 0
}

// watcher cancels a streaming statement when its client goes away or the
// engine produces no row within the read timeout (GMS's ErrRowTimeout).
type watcher struct {
	ctx       *sql.Context // the statement's, cancelled by the watch
	statement *sql.Context // the statement's, as it came
	rows      atomic.Int64 // progress, for the read timeout
	stop      func()
}

func (p *resultPath) watch(ctx *sql.Context, c *mysql.Conn) *watcher {
	inner, cancel := context.WithCancelCause(ctx.Context)
	w := &watcher{ctx: ctx.WithContext(inner), statement: ctx}
	done := make(chan struct{})
	finished := make(chan struct{})
	w.stop = func() {
		close(done)
		<-finished
		cancel(nil)
	}
	go func() {
		defer close(finished)
		tick := time.NewTicker(clientPollInterval)
		defer tick.Stop()
		seen, since := w.rows.Load(), time.Now()
		for {
			select {
			case <-done:
				return
			case <-inner.Done():
				return
			case now := <-tick.C:
				if clientClosed(c.Conn) {
					cancel(errClientGone)
					return
				}
				if n := w.rows.Load(); n != seen {
					seen, since = n, now
				} else if p.readTimeout > 0 && now.Sub(since) > p.readTimeout {
					cancel(errRowTimeout)
					return
				}
			}
		}
	}()
	return w
}

// setStatusFlags sets the autocommit and in-transaction flags of the OK and
// EOF packets that end the statement.
func setStatusFlags(ctx *sql.Context, c *mysql.Conn) error {
	v, err := ctx.GetSessionVariable(ctx, sql.AutoCommitSessionVar)
	if err != nil {
		return err
	}
	autocommit, err := sql.ConvertToBool(ctx, v)
	if err != nil {
		return err
	}
	setFlag(c, mysql.ServerStatusAutocommit, autocommit)
	setFlag(c, mysql.ServerInTransaction, ctx.GetTransaction() != nil)
	return nil
}

func setFlag(c *mysql.Conn, flag uint16, on bool) {
	if on {
		c.StatusFlags |= flag
	} else {
		c.StatusFlags &^= flag
	}
}

// bindingExprs turns the parameters of a prepared statement into
// expressions, as GMS's handler does.
func bindingExprs(bindings map[string]*querypb.BindVariable) (map[string]sqlparser.Expr, error) {
	exprs := make(map[string]sqlparser.Expr, len(bindings))
	for name, bv := range bindings {
		v, err := sqltypes.BindVariableToValue(bv)
		if err != nil {
			return nil, err
		}
		if exprs[name], err = sqlparser.ExprFromValue(v); err != nil {
			return nil, err
		}
	}
	return exprs, nil
}

// schemaFields describes the result columns to the client exactly as GMS's
// handler does (its schemaToFields is not exported): character set from
// the column's collation or character_set_results (binary for binary
// types), NOT NULL, AUTO_INCREMENT, PRIMARY KEY and UNSIGNED flags, and the
// scale of decimals and precision of datetimes.
func schemaFields(ctx *sql.Context, s sql.Schema) []*querypb.Field {
	results := ctx.GetCharacterSetResults()
	fields := make([]*querypb.Field, len(s))
	for i, col := range s {
		fields[i] = &querypb.Field{
			Name:         col.Name,
			OrgName:      col.Name,
			Table:        col.Source,
			OrgTable:     col.Source,
			Database:     col.DatabaseSource,
			Type:         col.Type.Type(),
			Charset:      fieldCharset(col.Type, results),
			ColumnLength: col.Type.MaxTextResponseByteLength(ctx),
			Flags:        uint32(fieldFlags(col)),
		}
		switch {
		case types.IsDecimal(col.Type):
			fields[i].Decimals = uint32(col.Type.(sql.DecimalType).Scale())
		case types.IsDatetimeType(col.Type):
			fields[i].Decimals = uint32(col.Type.(sql.DatetimeType).Precision())
		}
	}
	return fields
}

func fieldCharset(t sql.Type, results sql.CharacterSetID) uint32 {
	switch {
	case types.IsBinaryType(t):
		return uint32(sql.Collation_binary)
	case results != sql.CharacterSet_Unspecified:
		return uint32(results)
	}
	if c, ok := t.(sql.TypeWithCollation); ok {
		return uint32(c.Collation().CharacterSet())
	}
	return uint32(sql.Collation_Default.CharacterSet())
}

func fieldFlags(col *sql.Column) querypb.MySqlFlag {
	var f querypb.MySqlFlag
	if !col.Nullable {
		f |= querypb.MySqlFlag_NOT_NULL_FLAG
	}
	if col.AutoIncrement {
		f |= querypb.MySqlFlag_AUTO_INCREMENT_FLAG
	}
	if col.PrimaryKey {
		f |= querypb.MySqlFlag_PRI_KEY_FLAG
	}
	if types.IsUnsigned(col.Type) {
		f |= querypb.MySqlFlag_UNSIGNED_FLAG
	}
	return f
}
