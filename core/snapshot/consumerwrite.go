package snapshot

import (
	"context"

	"github.com/paimon-sql/paimon-sql/core/jsonfmt"
	"github.com/paimon-sql/paimon-sql/core/naming"
)

// Reset writes consumer/consumer-<id> with the next snapshot the consumer
// will read, as ConsumerManager.resetConsumer does (plain overwrite).
func (m *ConsumerManager) Reset(ctx context.Context, id string, next int64) error {
	if err := naming.CheckFile("consumer id", id); err != nil {
		return err
	}
	data, err := jsonfmt.Marshal(struct {
		NextSnapshot int64 `json:"nextSnapshot"`
	}{next})
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
