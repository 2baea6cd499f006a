package restcatalog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/maintenance"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// commitTable commits the snapshot a client prepared (Java's
// CatalogSnapshotCommit): the client wrote the data files, manifests and
// manifest lists; the snapshot is published through core/commit's claim,
// as a SQL write's is, and the maintenance the table's options ask for
// runs after it, as after a SQL write. {"success": false} tells the client
// that the id was taken or its base is gone: it prepares the snapshot again
// on the new latest snapshot, as Java's client does.
func (h *Handler) commitTable(c *call, db, object string) error {
	var req commitTableRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.openTable(c, db, object, PrivInsert)
	if err != nil {
		return err
	}
	snap, err := parseSnapshot(req.Snapshot)
	if err != nil {
		return err
	}
	if snap.CommitKind == spec.KindOverwrite {
		// An overwrite deletes rows: DELETE as well, as REPLACE or an
		// overwrite asks on the MySQL side.
		if err := h.require(c, PrivDelete, db, t.Name); err != nil {
			return err
		}
	}
	if req.TableID != nil {
		id, err := tableID(c.ctx, t)
		if err != nil {
			return err
		}
		if *req.TableID != id {
			return &apiError{code: http.StatusNotFound, resourceType: resourceTable, resourceName: db + "." + object,
				msg: fmt.Sprintf("table %s.%s was dropped and created again since it was loaded (id %s, now %s)", db, object, *req.TableID, id)}
		}
	}
	if err := checkPrepared(c.ctx, t, snap); err != nil {
		return err
	}
	sch, err := t.LatestSchema(c.ctx)
	if err != nil {
		return err
	}
	// The maintenance options are checked before anything is published,
	// as for a SQL write.
	maint, err := maintenance.Parse(sch.Options, sch.PartitionKeys)
	if err != nil {
		return badRequest("%s: %v", t.FullName(), err)
	}
	ok, err := commit.PublishPrepared(c.ctx, t, snap)
	if errors.Is(err, schema.ErrTableNotFound) {
		return notFound(resourceTable, db+"."+object) // dropped or renamed meanwhile
	}
	if err != nil {
		return err
	}
	if ok {
		maintenance.AfterCommit(c.ctx, t, sch, maint)
	}
	writeJSON(c.w, http.StatusOK, commitTableResponse{Success: ok})
	return nil
}

// parseSnapshot decodes the posted snapshot. Fields of a newer Paimon
// than this server knows (2.0's "uuid", "writerVersion", "operation",
// which pypaimon 2.1 sends) are kept by spec.ParseSnapshot and written
// into the snapshot file as posted, as Java's server writes them.
func parseSnapshot(raw json.RawMessage) (*spec.Snapshot, error) {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, badRequest("commit: no snapshot")
	}
	snap, err := spec.ParseSnapshot(raw)
	if err != nil {
		return nil, badRequest("commit: snapshot: %v", err)
	}
	return snap, nil
}

// checkPrepared checks that what the snapshot references exists: its
// schema and the metadata files the client wrote. A snapshot naming a
// missing file would make the table unreadable once published.
func checkPrepared(ctx context.Context, t *table.Table, snap *spec.Snapshot) error {
	if _, err := t.Schemas.Schema(ctx, snap.SchemaID); err != nil {
		return badRequest("commit: snapshot %d names schema %d: %v", snap.ID, snap.SchemaID, err)
	}
	files := []string{snap.BaseManifestList, snap.DeltaManifestList}
	if snap.ChangelogManifestList != nil {
		files = append(files, *snap.ChangelogManifestList)
	}
	if snap.IndexManifest != nil {
		files = append(files, *snap.IndexManifest)
	}
	for _, name := range files {
		ok, err := t.FS.Exists(ctx, t.ManifestPath(name))
		if err != nil {
			return err
		}
		if !ok {
			return badRequest("commit: snapshot %d names %s, which does not exist in %s", snap.ID, name, t.FS.Location(t.Root+"/manifest"))
		}
	}
	return nil
}
