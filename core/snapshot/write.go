package snapshot

import (
	"context"
	"strconv"
)

// WriteLatestHint overwrites snapshot/LATEST with id: decimal, no newline.
func (m *Manager) WriteLatestHint(ctx context.Context, id int64) error {
	return m.fs.Write(ctx, m.dir+"/"+Latest, []byte(strconv.FormatInt(id, 10)))
}

// WriteEarliestHint overwrites snapshot/EARLIEST with id.
func (m *Manager) WriteEarliestHint(ctx context.Context, id int64) error {
	return m.fs.Write(ctx, m.dir+"/"+Earliest, []byte(strconv.FormatInt(id, 10)))
}
