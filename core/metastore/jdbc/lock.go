package jdbc

import (
	"context"
	"fmt"
	"time"
)

// Lock implements metastore.Metastore: with 'lock.enabled', the row
// "<catalog-key>.<db>.<table>" of paimon_distributed_locks, taken as
// Java's JdbcCatalogLock takes it, so that Java's writers and ours commit
// one at a time. Each try first deletes the row when it is older than its
// expire_time_seconds (a holder that died), then inserts it; a failed
// insert (the row exists) waits 100 ms, doubling up to
// lock-check-max-sleep, until lock-acquire-timeout has passed. The row
// expires after lock-acquire-timeout, as Java's does.
func (c *Catalog) Lock(ctx context.Context, db, table string) (func() error, error) {
	if !c.lock.enabled {
		return func() error { return nil }, nil
	}
	id := fmt.Sprintf("%s.%s.%s", c.key, db, table)
	start := time.Now()
	sleep := 50 * time.Millisecond
	for {
		ok, err := c.tryLock(ctx, id)
		if err != nil {
			return nil, err
		}
		if ok {
			return func() error {
				// The commit's context may be cancelled by now: the row
				// must go anyway, or every writer waits for it to expire.
				_, err := c.exec(context.WithoutCancel(ctx), lockRelease, id)
				return err
			}, nil
		}
		if time.Since(start) > c.lock.acquireTimeout {
			return nil, fmt.Errorf("%s.%s: acquire lock failed with time: %v (lock-acquire-timeout %v; the lock %q is held in paimon_distributed_locks)",
				db, table, time.Since(start).Round(time.Millisecond), c.lock.acquireTimeout, id)
		}
		sleep = min(2*sleep, c.lock.checkMaxSleep)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(sleep):
		}
	}
}

// tryLock clears an expired row and inserts the lock's. A refused insert
// is "held by another" (Java treats every insert error so); an error of
// the clearing DELETE means the catalog database cannot be reached.
func (c *Catalog) tryLock(ctx context.Context, id string) (bool, error) {
	if _, err := c.exec(ctx, releaseExpiredLock[c.dialect()], id); err != nil {
		return false, fmt.Errorf("lock %q: %w", id, err)
	}
	_, err := c.exec(ctx, lockAcquire, id, int64(c.lock.acquireTimeout/time.Second))
	return err == nil, nil
}

// dialect is the lock dialect of the protocol: MySQL's serves MariaDB's
// servers through jdbc:mysql:.
func (c *Catalog) dialect() string {
	if c.protocol == "mariadb" {
		return "mysql"
	}
	return c.protocol
}
