package hive

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/apache/thrift/lib/go/thrift"

	"github.com/paimon-sql/paimon-sql/core/metastore/hive/gen/hive_metastore"
)

// client is a pool of Thrift connections to the metastore ('client-pool-size', as Java's
// CachedClientPool). A Thrift connection is not safe for concurrent calls, so a call takes
// one connection to itself, waiting for a free one; a call that fails on the transport
// closes its connection and the next call on it dials again (Java's
// RetryingMetaStoreClient reconnects too).
type client struct {
	addr    string
	timeout time.Duration
	// free holds the connections not in use, dialled or not yet.
	free chan *conn
	all  []*conn
}

// conn is one connection; nil hms until dialled.
type conn struct {
	trans thrift.TTransport
	hms   *hive_metastore.ThriftHiveMetastoreClient
}

// newClient checks a thrift://host:port URI; connections are dialled on first use.
func newClient(uri string, timeout time.Duration, size int) (*client, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "thrift" || u.Host == "" || u.Port() == "" {
		return nil, fmt.Errorf("metastore URI %q: want thrift://host:port", uri)
	}
	if size < 1 {
		return nil, errors.New("client-pool-size must be positive")
	}
	c := &client{addr: u.Host, timeout: timeout, free: make(chan *conn, size)}
	for range size {
		cn := &conn{}
		c.all = append(c.all, cn)
		c.free <- cn
	}
	return c, nil
}

// call runs fn on a free connection, dialling it first when needed.
func (c *client) call(ctx context.Context, fn func(hms *hive_metastore.ThriftHiveMetastoreClient) error) error {
	var cn *conn
	select {
	case cn = <-c.free:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { c.free <- cn }()
	if cn.hms == nil {
		if err := cn.dial(c.addr, c.timeout); err != nil {
			return fmt.Errorf("%w: %w", errUnreachable, err)
		}
	}
	err := fn(cn.hms)
	var te thrift.TTransportException
	var pe thrift.TProtocolException
	var ae thrift.TApplicationException
	if errors.As(err, &te) || errors.As(err, &pe) || errors.As(err, &ae) || ctx.Err() != nil {
		// The stream may be mid-message: never reuse it.
		cn.close()
	}
	if errors.As(err, &te) {
		return fmt.Errorf("%w: %w", errUnreachable, err)
	}
	return err
}

func (cn *conn) dial(addr string, timeout time.Duration) error {
	conf := &thrift.TConfiguration{ConnectTimeout: timeout, SocketTimeout: timeout}
	socket := thrift.NewTSocketConf(addr, conf)
	// Hive's metastore speaks the binary protocol on a plain, unframed socket by default
	// (metastore.thrift.framed.transport=false, no SASL).
	trans := thrift.NewTBufferedTransport(socket, 64<<10)
	if err := trans.Open(); err != nil {
		return fmt.Errorf("cannot reach the Hive Metastore at %s: %w", addr, err)
	}
	cn.trans = trans
	cn.hms = hive_metastore.NewThriftHiveMetastoreClientFactory(trans, thrift.NewTBinaryProtocolFactoryConf(conf))
	return nil
}

func (cn *conn) close() {
	if cn.trans != nil {
		_ = cn.trans.Close()
	}
	cn.trans, cn.hms = nil, nil
}

// Close closes every connection, waiting for the calls in progress; a later call dials
// again.
func (c *client) Close() error {
	taken := make([]*conn, 0, len(c.all))
	for range c.all {
		cn := <-c.free
		cn.close()
		taken = append(taken, cn)
	}
	for _, cn := range taken {
		c.free <- cn
	}
	return nil
}
