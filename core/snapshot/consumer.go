package snapshot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
)

const consumerPrefix = "consumer-"

// Consumer is one consumer/consumer-<id> file: the next snapshot a streaming
// reader will read.
type Consumer struct {
	ID           string
	NextSnapshot int64
}

// ConsumerManager reads root/consumer.
type ConsumerManager struct {
	fs  *fs.FS
	dir string
}

// NewConsumerManager returns the consumer manager of a table or branch root.
func NewConsumerManager(fsys *fs.FS, root string) *ConsumerManager {
	return &ConsumerManager{fs: fsys, dir: root + "/consumer"}
}

// Path is the file of a consumer.
func (m *ConsumerManager) Path(id string) string { return m.dir + "/" + consumerPrefix + id }

// Exists tells whether the consumer id has a file.
func (m *ConsumerManager) Exists(ctx context.Context, id string) (bool, error) {
	return m.fs.Exists(ctx, m.Path(id))
}

// All reads every consumer, sorted by id. An unreadable consumer fails the
// call, so that expiration never ignores one.
func (m *ConsumerManager) All(ctx context.Context) ([]Consumer, error) {
	entries, err := m.fs.List(ctx, m.dir)
	if err != nil {
		return nil, err
	}
	var out []Consumer
	for _, e := range entries {
		if e.IsDir || !strings.HasPrefix(e.Name, consumerPrefix) {
			continue
		}
		id := e.Name[len(consumerPrefix):]
		data, err := m.fs.ReadFile(ctx, m.Path(id))
		if fs.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read consumer '%s': %w", id, err)
		}
		var c struct {
			NextSnapshot *int64 `json:"nextSnapshot"`
		}
		if err := json.Unmarshal(data, &c); err != nil || c.NextSnapshot == nil {
			return nil, fmt.Errorf("parse consumer '%s': not a consumer file", id)
		}
		out = append(out, Consumer{ID: id, NextSnapshot: *c.NextSnapshot})
	}
	return out, nil
}
