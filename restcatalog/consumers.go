package restcatalog

import (
	"net/http"
	"strconv"
)

type consumerInfo struct {
	ConsumerID   string `json:"consumerId"`
	NextSnapshot int64  `json:"nextSnapshot"`
}

// listConsumers lists the table's consumers, paged by id.
func (h *Handler) listConsumers(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return err
	}
	all, err := t.Consumers.All(c.ctx)
	if err != nil {
		return err
	}
	next := map[string]int64{}
	var ids []string
	for _, cs := range all {
		next[cs.ID] = cs.NextSnapshot
		ids = append(ids, cs.ID)
	}
	page, token, err := paged(c, ids, "")
	if err != nil {
		return err
	}
	out := []consumerInfo{}
	for _, id := range page {
		out = append(out, consumerInfo{ConsumerID: id, NextSnapshot: next[id]})
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"consumers": out, "nextPageToken": token})
	return nil
}

// resetConsumer sets a consumer's next snapshot, or deletes the consumer
// without one (Java's REST server does the same), authorised as
// sys.reset_consumer: EXECUTE and UPDATE.
func (h *Handler) resetConsumer(c *call, db, object string) error {
	var req struct {
		ConsumerID     string `json:"consumerId"`
		NextSnapshotID *int64 `json:"nextSnapshotId"`
	}
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.versionTable(c, db, object, PrivUpdate)
	if err != nil {
		return err
	}
	if req.ConsumerID == "" {
		return badRequest("reset consumer: no consumerId")
	}
	if req.NextSnapshotID == nil {
		err = t.Consumers.Delete(c.ctx, req.ConsumerID)
	} else {
		if *req.NextSnapshotID < 1 {
			return badRequest("nextSnapshotId %s: snapshot ids start at 1", strconv.FormatInt(*req.NextSnapshotID, 10))
		}
		err = t.Consumers.Reset(c.ctx, req.ConsumerID, *req.NextSnapshotID)
	}
	if err != nil {
		return badRequest("reset consumer %s of %s: %v", req.ConsumerID, t.FullName(), err)
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}
