package commit

import (
	"context"
	"fmt"

	"github.com/paimon-sql/paimon-sql/core/bucket"
	"github.com/paimon-sql/paimon-sql/core/manifest"
	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// commitRun is one Commit call: the table layout of the writer's schema
// and what its snapshots share.
type commitRun struct {
	c             *Committer
	partKeys      []string
	partTypes     []types.DataType
	keyTypes      []types.DataType // trimmed primary key; nil for append tables
	bucketUnaware bool             // append table with bucket -1
	layout        layout           // where the added files are (present.go)
	identifier    int64
	watermark     *int64
	properties    map[string]string

	// The live entries of the last snapshot read, which an overwrite and
	// its conflict check both need.
	liveID int64
	live   []spec.ManifestEntry
}

// commitSpec is one snapshot to create: its kind, whether it is checked
// for conflicts, and its changes on top of a given latest snapshot.
type commitSpec struct {
	kind            string
	detectConflicts bool
	changes         func(ctx context.Context, latest *spec.Snapshot) (Changes, error)
}

func (c *Committer) newRun(ctx context.Context, cm Request) (*commitRun, error) {
	sch, err := c.t.Schemas.Schema(ctx, cm.SchemaID)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	r := &commitRun{
		c: c, partKeys: sch.PartitionKeys, identifier: cm.Identifier,
		watermark: cm.Watermark, properties: cm.Properties,
		bucketUnaware: c.opts.bucket == bucket.Unaware && len(sch.PrimaryKeys) == 0,
	}
	typeOf := func(names []string) ([]types.DataType, error) {
		fields, err := sch.Project(names)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.t.FullName(), err)
		}
		out := make([]types.DataType, len(fields))
		for i, f := range fields {
			out[i] = f.Type
		}
		return out, nil
	}
	if r.partTypes, err = typeOf(sch.PartitionKeys); err != nil {
		return nil, err
	}
	if r.layout, err = newLayout(c.t.Root, sch, r.partTypes); err != nil {
		return nil, fmt.Errorf("%s: %w", c.t.FullName(), err)
	}
	if len(sch.PrimaryKeys) > 0 {
		if r.keyTypes, err = typeOf(sch.TrimmedPrimaryKeys()); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (r *commitRun) spec(kind string, detect bool, changes func(context.Context, *spec.Snapshot) (Changes, error)) *commitSpec {
	return &commitSpec{kind: kind, detectConflicts: detect, changes: changes}
}

func (r *commitRun) checker() *conflictChecker {
	return &conflictChecker{
		keyTypes: r.keyTypes, bucketUnaware: r.bucketUnaware,
		dv: r.c.opts.deletionVectors, pkClustering: r.c.opts.pkClustering,
	}
}

// liveEntries merges all data manifests of snap (base then delta, §4.7):
// its live files, plus DELETE entries whose ADD was merged away, as Java's
// scan keeps them.
func (r *commitRun) liveEntries(ctx context.Context, snap *spec.Snapshot) ([]spec.ManifestEntry, error) {
	if r.live != nil && r.liveID == snap.ID {
		return r.live, nil
	}
	metas, err := r.c.dataManifests(ctx, snap)
	if err != nil {
		return nil, err
	}
	all, err := scan.ReadManifests(ctx, r.c.t, metas)
	if err != nil {
		return nil, err
	}
	live, err := manifest.MergeEntries(all)
	if err != nil {
		return nil, fmt.Errorf("%s snapshot %d: %w", r.c.t.FullName(), snap.ID, err)
	}
	r.liveID, r.live = snap.ID, live
	return live, nil
}

// dataManifests lists the base then the delta manifests of snap.
func (c *Committer) dataManifests(ctx context.Context, snap *spec.Snapshot) ([]spec.ManifestFileMeta, error) {
	base, err := scan.ReadManifestList(ctx, c.t, snap.BaseManifestList)
	if err != nil {
		return nil, err
	}
	delta, err := scan.ReadManifestList(ctx, c.t, snap.DeltaManifestList)
	if err != nil {
		return nil, err
	}
	return append(base, delta...), nil
}

// indexEntries reads the live index files of snap.
func (c *Committer) indexEntries(ctx context.Context, snap *spec.Snapshot) ([]spec.IndexManifestEntry, error) {
	if snap.IndexManifest == nil {
		return nil, nil
	}
	return scan.ReadIndexManifest(ctx, c.t, *snap.IndexManifest)
}
