package hivemetastore

import (
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// proxy forwards a local port to the metastore until stopped, so that a test can take
// the metastore away and bring it back on the same address.
type proxy struct {
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newProxy(t *testing.T, uri string) *proxy {
	t.Helper()
	u, err := url.Parse(uri)
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{target: u.Host}
	p.start(t, "127.0.0.1:0")
	t.Cleanup(p.stop)
	return p
}

func (p *proxy) uri() string { return "thrift://" + p.addr }

func (p *proxy) start(t *testing.T, addr string) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", p.target)
			if err != nil {
				_ = c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); _ = up.Close() }()
			go func() { _, _ = io.Copy(c, up); _ = c.Close() }()
		}
	}()
}

// stop closes the port and every connection through it: the metastore is down.
func (p *proxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		_ = p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		_ = c.Close()
	}
	p.conns = nil
}

// TestMetastoreDown: while the metastore is unreachable, reads of a table already open
// keep working, a write fails with an error naming the metastore and commits nothing, and
// once it is back the same server reconnects and writes again.
func TestMetastoreDown(t *testing.T) {
	p := newProxy(t, hmsURI(t))
	dir := t.TempDir()
	db := serveHive(t, dir, map[string]string{"uri": p.uri(), "lock.enabled": "true"})
	name := uniqueName("down")
	sqlExec(t, db, "CREATE DATABASE "+name)
	sqlExec(t, db, "CREATE TABLE "+name+".t (id INT, v VARCHAR(20))")
	sqlExec(t, db, "INSERT INTO "+name+".t VALUES (1, 'a')")
	if n := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".t"); n != 1 {
		t.Fatalf("%d rows, want 1", n)
	}

	p.stop()
	if n := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".t"); n != 1 {
		t.Errorf("with the metastore down, a read of the open table gave %d rows, want 1", n)
	}
	_, err := db.Exec("INSERT INTO " + name + ".t VALUES (2, 'b')")
	if err == nil || !strings.Contains(err.Error(), "Hive Metastore") {
		t.Errorf("an INSERT with the metastore down: %v, want an error naming the Hive Metastore", err)
	}
	t.Logf("INSERT with the metastore down: %v", err)
	if _, err := db.Exec("CREATE TABLE " + name + ".u (id INT)"); err == nil {
		t.Error("CREATE TABLE with the metastore down succeeded")
	}

	p.start(t, p.addr)
	if n := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".t"); n != 1 {
		t.Errorf("after the metastore is back, %d rows, want 1: the failed INSERT committed", n)
	}
	sqlExec(t, db, "INSERT INTO "+name+".t VALUES (3, 'c')")
	if n := queryInt(t, db, "SELECT COUNT(*) FROM "+name+".t"); n != 2 {
		t.Errorf("after the metastore is back and an INSERT, %d rows, want 2", n)
	}
}
