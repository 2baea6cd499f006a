package write

import "github.com/paimon-sql/paimon-sql/core/snapshot"

// Base is the snapshot the writer continues from (nil for an empty table).
func (w *TableWriter) Base() *snapshot.Snapshot { return w.base }
