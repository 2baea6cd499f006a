package restcatalog

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/scan"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// latestSnapshot answers the latest snapshot with the table's size at it:
// Java's client reads the latest snapshot through it before every commit.
func (h *Handler) latestSnapshot(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, loadPrivileges...)
	if err != nil {
		return err
	}
	snap, err := t.Snapshots.Latest(c.ctx)
	if errors.Is(err, snapshot.ErrNoSnapshot) || (err == nil && snap == nil) {
		return notFound(resourceSnapshot, "latest")
	}
	if err != nil {
		return err
	}
	ts, err := h.sizes.at(c.ctx, t, snap)
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, getTableSnapshotResponse{Snapshot: ts})
	return nil
}

// sizeCache keeps the sizes of snapshots: Java's client asks for the
// latest snapshot before every commit and scan, and the size of a snapshot
// never changes. The key includes the delta manifest list, whose name is
// unique, as a rollback lets an id be committed again.
type sizeCache struct {
	mu    sync.Mutex
	sizes map[string]tableSnapshot
}

// maxCachedSizes bounds the cache; past it, it starts over.
const maxCachedSizes = 4096

func (sc *sizeCache) at(ctx context.Context, t *table.Table, snap *spec.Snapshot) (tableSnapshot, error) {
	key := t.FS.Location(t.Snapshots.Path(snap.ID)) + "\x00" + snap.DeltaManifestList
	sc.mu.Lock()
	ts, ok := sc.sizes[key]
	sc.mu.Unlock()
	if ok {
		ts.Snapshot = snap
		return ts, nil
	}
	ts, err := sizeAt(ctx, t, snap)
	if err != nil {
		return ts, err
	}
	sc.mu.Lock()
	if sc.sizes == nil || len(sc.sizes) >= maxCachedSizes {
		sc.sizes = map[string]tableSnapshot{}
	}
	sc.sizes[key] = ts
	sc.mu.Unlock()
	return ts, nil
}

// sizeAt is the table's size at snap: its live data files.
func sizeAt(ctx context.Context, t *table.Table, snap *spec.Snapshot) (tableSnapshot, error) {
	ts := tableSnapshot{Snapshot: snap, RecordCount: spec.Int64OrZero(snap.TotalRecordCount)}
	live, err := liveEntries(ctx, t, snap)
	if err != nil {
		return ts, err
	}
	for _, e := range live {
		ts.FileCount++
		ts.FileSizeInBytes += e.File.FileSize
		if e.File.CreationTime != nil {
			ts.LastFileCreationTime = max(ts.LastFileCreationTime, e.File.CreationTime.UnixMilli())
		}
	}
	return ts, nil
}

// liveEntries are the data files of snap: its base and delta manifests'
// additions less their deletions.
func liveEntries(ctx context.Context, t *table.Table, snap *spec.Snapshot) (map[spec.Identifier]spec.ManifestEntry, error) {
	live := map[spec.Identifier]spec.ManifestEntry{}
	for _, list := range []string{snap.BaseManifestList, snap.DeltaManifestList} {
		metas, err := scan.ReadManifestList(ctx, t, list)
		if err != nil {
			return nil, err
		}
		entries, err := scan.ReadManifests(ctx, t, metas)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.Kind == spec.FileAdd {
				live[e.Identifier()] = e
			} else {
				delete(live, e.Identifier())
			}
		}
	}
	return live, nil
}

// versionSnapshot answers snapshot <version>: a snapshot id, or a tag name.
func (h *Handler) versionSnapshot(c *call, db, object, version string) error {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return err
	}
	var snap *spec.Snapshot
	if id, perr := strconv.ParseInt(version, 10, 64); perr == nil {
		snap, err = t.Snapshots.Snapshot(c.ctx, id)
	} else if version == "latest" {
		snap, err = t.Snapshots.Latest(c.ctx)
	} else {
		var tag *spec.Tag
		if tag, err = t.Tags.Get(c.ctx, version); err == nil {
			snap = &tag.Snapshot
		}
	}
	if errors.Is(err, snapshot.ErrNoSnapshot) || errors.Is(err, snapshot.ErrNoTag) || (err == nil && snap == nil) {
		return notFound(resourceSnapshot, version)
	}
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, getVersionSnapshotResponse{Snapshot: snap})
	return nil
}

// listSnapshots lists the snapshots from the newest, paged by id.
func (h *Handler) listSnapshots(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return err
	}
	ids, err := t.Snapshots.IDs(c.ctx)
	if err != nil {
		return err
	}
	q := c.r.URL.Query()
	from := int64(-1) // the page starts below the token's id
	if tok := q.Get("pageToken"); tok != "" {
		if from, err = strconv.ParseInt(tok, 10, 64); err != nil {
			return badRequest("pageToken %q: not a snapshot id", tok)
		}
	}
	limit := 0
	if s := q.Get("maxResults"); s != "" {
		if limit, err = strconv.Atoi(s); err != nil || limit < 0 {
			return badRequest("maxResults %q: want a non-negative integer", s)
		}
	}
	out := []*spec.Snapshot{}
	var next *string
	for i := len(ids) - 1; i >= 0; i-- {
		if from >= 0 && ids[i] >= from {
			continue
		}
		if limit > 0 && len(out) == limit {
			tok := strconv.FormatInt(out[len(out)-1].ID, 10)
			next = &tok
			break
		}
		s, err := t.Snapshots.Snapshot(c.ctx, ids[i])
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			continue // expired meanwhile
		}
		if err != nil {
			return err
		}
		out = append(out, s)
	}
	writeJSON(c.w, http.StatusOK, listSnapshotsResponse{Snapshots: out, NextPageToken: next})
	return nil
}
