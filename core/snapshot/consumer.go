package snapshot

import (
	"context"
	"fmt"
	"strings"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

const consumerPrefix = "consumer-"

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
func (m *ConsumerManager) All(ctx context.Context) ([]spec.Consumer, error) {
	entries, err := m.fs.List(ctx, m.dir)
	if err != nil {
		return nil, err
	}
	var out []spec.Consumer
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
		c, err := spec.ParseConsumer(id, data)
		if err != nil {
			return nil, fmt.Errorf("parse consumer '%s': %w", id, err)
		}
		out = append(out, *c)
	}
	return out, nil
}
