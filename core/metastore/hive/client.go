package hive

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/apache/thrift/lib/go/thrift"

	"github.com/paimon-sql/paimon-sql/core/metastore/hive/gen/hive_metastore"
)

// client is one Thrift connection to the metastore. A Thrift client is not safe for
// concurrent calls, so calls take turns; a call that fails on the transport closes the
// connection and the next call dials again (Java's RetryingMetaStoreClient reconnects too).
type client struct {
	addr    string
	timeout time.Duration

	mu    sync.Mutex
	trans thrift.TTransport
	hms   *hive_metastore.ThriftHiveMetastoreClient
}

// newClient checks a thrift://host:port URI; it dials on the first call.
func newClient(uri string, timeout time.Duration) (*client, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "thrift" || u.Host == "" || u.Port() == "" {
		return nil, fmt.Errorf("metastore URI %q: want thrift://host:port", uri)
	}
	return &client{addr: u.Host, timeout: timeout}, nil
}

// call runs fn on the connection, dialling it first when needed.
func (c *client) call(ctx context.Context, fn func(hms *hive_metastore.ThriftHiveMetastoreClient) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hms == nil {
		if err := c.dial(); err != nil {
			return fmt.Errorf("%w: %w", errUnreachable, err)
		}
	}
	err := fn(c.hms)
	var te thrift.TTransportException
	var pe thrift.TProtocolException
	var ae thrift.TApplicationException
	if errors.As(err, &te) || errors.As(err, &pe) || errors.As(err, &ae) || ctx.Err() != nil {
		// The stream may be mid-message: never reuse it.
		c.closeLocked()
	}
	if errors.As(err, &te) {
		return fmt.Errorf("%w: %w", errUnreachable, err)
	}
	return err
}

func (c *client) dial() error {
	conf := &thrift.TConfiguration{ConnectTimeout: c.timeout, SocketTimeout: c.timeout}
	socket := thrift.NewTSocketConf(c.addr, conf)
	// Hive's metastore speaks the binary protocol on a plain, unframed socket by default
	// (metastore.thrift.framed.transport=false, no SASL).
	trans := thrift.NewTBufferedTransport(socket, 64<<10)
	if err := trans.Open(); err != nil {
		return fmt.Errorf("cannot reach the Hive Metastore at %s: %w", c.addr, err)
	}
	c.trans = trans
	c.hms = hive_metastore.NewThriftHiveMetastoreClientFactory(trans, thrift.NewTBinaryProtocolFactoryConf(conf))
	return nil
}

func (c *client) closeLocked() {
	if c.trans != nil {
		_ = c.trans.Close()
	}
	c.trans, c.hms = nil, nil
}

// Close closes the connection.
func (c *client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closeLocked()
	return nil
}
