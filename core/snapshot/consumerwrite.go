package snapshot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"

	"github.com/paimon-sql/paimon-sql/core/naming"
)

// Reset writes consumer/consumer-<id> with the next snapshot the consumer
// will read, as ConsumerManager.resetConsumer does (plain overwrite).
func (m *ConsumerManager) Reset(ctx context.Context, id string, next int64) error {
	if err := naming.CheckFile("consumer id", id); err != nil {
		return err
	}
	data, err := spec.MarshalConsumer(&spec.Consumer{ID: id, NextSnapshot: next})
	if err != nil {
		return err
	}
	return m.fs.Write(ctx, m.Path(id), data)
}

// Delete removes a consumer; a missing one is not an error, as in Java.
func (m *ConsumerManager) Delete(ctx context.Context, id string) error {
	if err := naming.CheckFile("consumer id", id); err != nil {
		return err
	}
	return m.fs.Delete(ctx, m.Path(id))
}

// ExpireUnmodifiedSince deletes the consumers whose file was last modified
// strictly before cutoff, as ConsumerManager.expire does for
// consumer.expiration-time, and returns their ids. A consumer that cannot
// be deleted stays and fails the call after the others were tried.
func (m *ConsumerManager) ExpireUnmodifiedSince(ctx context.Context, cutoff time.Time) ([]string, error) {
	entries, err := m.fs.List(ctx, m.dir)
	if err != nil {
		return nil, err
	}
	var expired []string
	var firstErr error
	for _, e := range entries {
		if e.IsDir || !strings.HasPrefix(e.Name, consumerPrefix) || !e.ModTime.Before(cutoff) {
			continue
		}
		id := e.Name[len(consumerPrefix):]
		if err := m.fs.Delete(ctx, m.Path(id)); err != nil && !fs.IsNotExist(err) {
			if firstErr == nil {
				firstErr = fmt.Errorf("expire consumer '%s': %w", id, err)
			}
			continue
		}
		expired = append(expired, id)
	}
	return expired, firstErr
}
