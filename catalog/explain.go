package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

var _ sql.ScanDescriber = (*Table)(nil)

// DescribeScan implements sql.ScanDescriber for EXPLAIN FORMAT=TREE and
// EXPLAIN ANALYZE: the data files (and partitions, of a partitioned
// table) a scan reads, of those the manifests it read list, after pruning
// by the conditions pushed to the table. It plans the scan as a read
// would, from the same snapshot.
func (t *Table) DescribeScan(ctx *sql.Context) string {
	if t.unusable != nil || t.pin.incremental != nil {
		return ""
	}
	p, err := t.plan(ctx, t.filter)
	if err != nil {
		return "not planned: " + err.Error()
	}
	pr := p.Pruning
	s := fmt.Sprintf("files: %d of %d", pr.FilesRead, pr.Files)
	if len(t.schema.PartitionKeys) > 0 {
		s += fmt.Sprintf(", partitions: %d of %d", pr.PartitionsRead, pr.Partitions)
	}
	return s
}
