package server

import (
	"context"
	"time"

	"github.com/dolthub/vitess/go/mysql"
)

// clientContext is a context that ends when c's client goes away or the
// connection is closed (KILL, shutdown), looked at every
// preparePollInterval: what a COM_STMT_PREPARE is parsed and prepared under
// (mysql.Conn.PrepareContext, a patch of vitess). A prepare runs before any
// statement the processlist can cancel, and vitess's own context never
// ends: a client that sent 15 MB to prepare and went away kept a core busy
// for the three parses of the text (ours, vitess's and go-mysql-server's).
// preparePollInterval is shorter than a running statement's
// clientPollInterval: a prepare's first parse of a large text takes about a
// second, and a stop seen only after it would let vitess and
// go-mysql-server start their parses of the whole text again.
const preparePollInterval = 50 * time.Millisecond

func clientContext(parent context.Context, c *mysql.Conn) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	go func() {
		tick := time.NewTicker(preparePollInterval)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if clientClosed(c.Conn) {
					cancel(errClientGone)
					return
				}
			}
		}
	}()
	return ctx, func() { cancel(nil) }
}
