package hive

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/paimon-sql/paimon-sql/core/metastore/hive/gen/hive_metastore"
)

// Lock takes the metastore's exclusive table lock as Java's HiveCatalogLock does: one lock
// request for an EXCLUSIVE TABLE component, then check_lock while it is WAITING, sleeping
// 100 ms, 200 ms, ... up to lock-check-max-sleep, until lock-acquire-timeout; a lock not
// acquired is released. Java writers with 'lock.enabled' take the same lock, so commits of
// both exclude each other. The metastore aborts a lock nobody heartbeats after its
// hive.txn.timeout (300 s by default); neither Java nor we heartbeat, so a commit must not
// hold it longer. Without 'lock.enabled' no lock is taken.
func (m *Metastore) Lock(ctx context.Context, db, table string) (func() error, error) {
	if !m.cfg.LockEnabled {
		return func() error { return nil }, nil
	}
	host, err := os.Hostname()
	if err != nil {
		host = "localhost"
	}
	tbl := table
	req := &hive_metastore.LockRequest{
		Component: []*hive_metastore.LockComponent{{
			Type:      hive_metastore.LockType_EXCLUSIVE,
			Level:     hive_metastore.LockLevel_TABLE,
			Dbname:    db,
			Tablename: &tbl,
			// Java unsets the operation type; the default (UNSET) is not sent either.
			OperationType: hive_metastore.LockComponent_OperationType_DEFAULT,
		}},
		User:     currentUser(),
		Hostname: host,
	}
	start := time.Now()
	var resp *hive_metastore.LockResponse
	if err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
		resp, err = hms.Lock(ctx, req)
		return err
	}); err != nil {
		return nil, fmt.Errorf("lock table %s.%s in the Hive Metastore: %w", db, table, err)
	}
	id := resp.Lockid
	sleep := 50 * time.Millisecond
	for resp.State == hive_metastore.LockState_WAITING && time.Since(start) < m.cfg.LockAcquireTimeout {
		sleep = min(2*sleep, m.cfg.LockCheckMaxSleep)
		select {
		case <-ctx.Done():
			_ = m.unlock(id)
			return nil, ctx.Err()
		case <-time.After(sleep):
		}
		if err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) (err error) {
			resp, err = hms.CheckLock(ctx, &hive_metastore.CheckLockRequest{Lockid: id})
			return err
		}); err != nil {
			_ = m.unlock(id)
			return nil, fmt.Errorf("check lock %d of table %s.%s: %w", id, db, table, err)
		}
	}
	if resp.State != hive_metastore.LockState_ACQUIRED {
		_ = m.unlock(id)
		return nil, fmt.Errorf("acquire lock failed for table %s.%s (lockId=%d) after %s: final lock state %s",
			db, table, id, time.Since(start).Round(time.Millisecond), resp.State)
	}
	return func() error { return m.unlock(id) }, nil
}

// unlock releases a lock on a context of its own: it must run after the caller's
// context is done too.
func (m *Metastore) unlock(id int64) error {
	if id <= 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), m.cfg.Timeout)
	defer cancel()
	err := m.c.call(ctx, func(hms *hive_metastore.ThriftHiveMetastoreClient) error {
		return hms.Unlock(ctx, &hive_metastore.UnlockRequest{Lockid: id})
	})
	if err != nil {
		return fmt.Errorf("unlock lock %d in the Hive Metastore: %w", id, err)
	}
	return nil
}
