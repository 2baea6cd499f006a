package restcatalog

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/commit"
	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/naming"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/snapshot"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
)

// Tags, branches and rollback, authorised as the procedures that do the
// same on the MySQL side (procedures/): EXECUTE, plus INSERT to create a
// tag or branch, INSERT and DELETE to drop one, fast-forward or roll back.
// Reading tags needs SELECT.

const resourceBranch = "BRANCH"

// versionTable opens db.object for a version operation: EXECUTE and privs.
func (h *Handler) versionTable(c *call, db, object string, privs ...Privilege) (*table.Table, error) {
	t, err := h.openTable(c, db, object, PrivExecute)
	if err != nil {
		return nil, err
	}
	for _, p := range privs {
		if err := h.require(c, p, db, t.Name); err != nil {
			return nil, err
		}
	}
	return t, nil
}

type listTagsResponse struct {
	Tags          []string `json:"tags"`
	NextPageToken *string  `json:"nextPageToken"`
}

type getTagResponse struct {
	TagName         string         `json:"tagName"`
	Snapshot        *spec.Snapshot `json:"snapshot"`
	TagCreateTime   *int64         `json:"tagCreateTime"`
	TagTimeRetained *string        `json:"tagTimeRetained"`
}

type createTagRequest struct {
	TagName      string  `json:"tagName"`
	SnapshotID   *int64  `json:"snapshotId"`
	TimeRetained *string `json:"timeRetained"`
}

func (h *Handler) listTags(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return err
	}
	names, err := t.Tags.Names(c.ctx)
	if err != nil {
		return err
	}
	if p := c.r.URL.Query().Get("tagNamePrefix"); p != "" {
		var kept []string
		for _, n := range names {
			if strings.HasPrefix(n, p) {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	page, next, err := paged(c, names, "")
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, listTagsResponse{Tags: page, NextPageToken: next})
	return nil
}

func (h *Handler) getTag(c *call, db, object, name string) error {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return err
	}
	tag, err := t.Tags.Get(c.ctx, name)
	if errors.Is(err, snapshot.ErrNoTag) {
		return notFound(resourceTag, name)
	}
	if err != nil {
		return err
	}
	resp := getTagResponse{TagName: tag.Name, Snapshot: &tag.Snapshot}
	if tag.CreateTime != nil {
		// Stored as local wall-clock time: its digits, read as UTC.
		ms := tag.CreateTime.UnixMilli()
		resp.TagCreateTime = &ms
	}
	if tag.TimeRetained != nil {
		// Java's Duration.toString form.
		d := "PT" + strconv.FormatFloat(tag.TimeRetained.Seconds(), 'f', -1, 64) + "S"
		resp.TagTimeRetained = &d
	}
	writeJSON(c.w, http.StatusOK, resp)
	return nil
}

func (h *Handler) createTag(c *call, db, object string) error {
	var req createTagRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.versionTable(c, db, object, PrivInsert)
	if err != nil {
		return err
	}
	var snap *spec.Snapshot
	if req.SnapshotID != nil {
		snap, err = t.Snapshots.Snapshot(c.ctx, *req.SnapshotID)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			return notFound(resourceSnapshot, strconv.FormatInt(*req.SnapshotID, 10))
		}
	} else {
		snap, err = t.Snapshots.Latest(c.ctx)
		if err == nil && snap == nil {
			return notFound(resourceSnapshot, "latest")
		}
	}
	if err != nil {
		return err
	}
	var retained *time.Duration
	if req.TimeRetained != nil && *req.TimeRetained != "" {
		d, err := options.ParseDuration(*req.TimeRetained)
		if err != nil {
			return badRequest("timeRetained: %v", err)
		}
		retained = &d
	}
	if _, err := t.Tags.Get(c.ctx, req.TagName); err == nil {
		return alreadyExists(resourceTag, req.TagName)
	}
	if err := t.Tags.Create(c.ctx, req.TagName, snap, retained); err != nil {
		return badRequest("create tag %s of %s: %v", req.TagName, t.FullName(), err)
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

// deleteTag deletes the tag with the files only it kept alive, as
// sys.delete_tag does.
func (h *Handler) deleteTag(c *call, db, object, name string) error {
	t, err := h.versionTable(c, db, object, PrivInsert, PrivDelete)
	if err != nil {
		return err
	}
	opts, err := t.Options(c.ctx)
	if err != nil {
		return err
	}
	cfg, err := expire.NewTagConfig(opts)
	if err != nil {
		return badRequest("%s: %v", t.FullName(), err)
	}
	_, err = expire.DeleteTag(c.ctx, t, name, cfg)
	if errors.Is(err, snapshot.ErrNoTag) {
		return notFound(resourceTag, name)
	}
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

func (h *Handler) listBranches(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return err
	}
	branches, err := snapshot.Branches(c.ctx, t.FS, t.Root)
	if err != nil {
		return err
	}
	names := []string{}
	for _, b := range branches {
		names = append(names, b.Name)
	}
	writeJSON(c.w, http.StatusOK, map[string][]string{"branches": names})
	return nil
}

func (h *Handler) createBranch(c *call, db, object string) error {
	var req struct {
		Branch  string  `json:"branch"`
		FromTag *string `json:"fromTag"`
	}
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.versionTable(c, db, object, PrivInsert)
	if err != nil {
		return err
	}
	exists, err := snapshot.BranchExists(c.ctx, t.FS, t.Root, req.Branch)
	if err != nil {
		return badRequest("branch '%s': %v", req.Branch, err)
	}
	if exists {
		return alreadyExists(resourceBranch, req.Branch)
	}
	tag := ""
	if req.FromTag != nil {
		tag = *req.FromTag
		if _, err := t.Tags.Get(c.ctx, tag); errors.Is(err, snapshot.ErrNoTag) {
			return notFound(resourceTag, tag)
		}
	}
	if err := snapshot.CreateBranch(c.ctx, t.FS, t.Root, snapshot.BranchRoot(t.Root, t.Branch), req.Branch, tag); err != nil {
		return badRequest("create branch '%s' of %s: %v", req.Branch, t.FullName(), err)
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

// branchOf checks that branch exists on t: 404 BRANCH otherwise.
func branchOf(c *call, t *table.Table, branch string) error {
	exists, err := snapshot.BranchExists(c.ctx, t.FS, t.Root, branch)
	if err != nil || !exists || branch == snapshot.MainBranch {
		return notFound(resourceBranch, branch)
	}
	return nil
}

func (h *Handler) dropBranch(c *call, db, object, branch string) error {
	t, err := h.versionTable(c, db, object, PrivInsert, PrivDelete)
	if err != nil {
		return err
	}
	if err := branchOf(c, t, branch); err != nil {
		return err
	}
	opts, err := t.Options(c.ctx)
	if err != nil {
		return err
	}
	if err := snapshot.CheckBranchUnused(opts, branch); err != nil {
		return badRequest("%v", err)
	}
	if err := snapshot.DropBranch(c.ctx, t.FS, t.Root, branch); err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

// renameBranch renames a branch as Java's FileSystemBranchManager does
// (the branch's directory renamed in one step), authorised as dropping it
// and creating the new one: EXECUTE, INSERT and DELETE. This process's
// commit lock of the table is held meanwhile, as for a table rename, and
// object stores, which have no directory rename, refuse it. A branch that
// scan.fallback-branch or scan.primary-branch names is refused, as for a
// drop: the table's reads would lose it.
func (h *Handler) renameBranch(c *call, db, object, branch string) error {
	var req struct {
		ToBranch string `json:"toBranch"`
	}
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.versionTable(c, db, object, PrivInsert, PrivDelete)
	if err != nil {
		return err
	}
	if err := branchOf(c, t, branch); err != nil {
		return err
	}
	to := req.ToBranch
	if to == snapshot.MainBranch {
		return badRequest("branch name '%s' is the default branch and cannot be used", to)
	}
	if err := naming.Branch(to); err != nil {
		return badRequest("%v", err)
	}
	opts, err := t.Options(c.ctx)
	if err != nil {
		return err
	}
	if err := snapshot.CheckBranchUnused(opts, branch); err != nil {
		return badRequest("rename branch '%s': %v", branch, err)
	}
	release := commit.HoldTable(t)
	defer release()
	exists, err := snapshot.BranchExists(c.ctx, t.FS, t.Root, to)
	if err != nil {
		return err
	}
	if exists {
		return alreadyExists(resourceBranch, to)
	}
	err = t.FS.RenameDir(snapshot.BranchRoot(t.Root, branch), snapshot.BranchRoot(t.Root, to))
	switch {
	case errors.Is(err, fs.ErrNoDirectoryRename):
		return notImplemented("rename branch '%s' of %s to '%s': %v; nothing was changed", branch, t.FullName(), to, err)
	case fs.IsExist(err):
		return alreadyExists(resourceBranch, to)
	case err != nil:
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

// forwardBranch fast-forwards the table (its main branch) to branch, as
// sys.fast_forward does.
func (h *Handler) forwardBranch(c *call, db, object, branch string) error {
	t, err := h.versionTable(c, db, object, PrivInsert, PrivDelete)
	if err != nil {
		return err
	}
	if err := branchOf(c, t, branch); err != nil {
		return err
	}
	if err := snapshot.FastForward(c.ctx, t.FS, t.Root, snapshot.BranchRoot(t.Root, t.Branch), t.Branch, branch); err != nil {
		return badRequest("fast-forward %s to branch '%s': %v", t.FullName(), branch, err)
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

type rollbackRequest struct {
	Instant *struct {
		Type       string  `json:"type"`
		SnapshotID *int64  `json:"snapshotId"`
		TagName    *string `json:"tagName"`
	} `json:"instant"`
	FromSnapshot *int64 `json:"fromSnapshot"`
}

// rollback rolls the table back to a snapshot or a tag, as
// sys.rollback_to does; with fromSnapshot, only while that is the latest.
func (h *Handler) rollback(c *call, db, object string) error {
	var req rollbackRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if req.Instant == nil {
		return badRequest("rollback: no instant")
	}
	t, err := h.versionTable(c, db, object, PrivInsert, PrivDelete)
	if err != nil {
		return err
	}
	if req.FromSnapshot != nil {
		latest, ok, err := t.Snapshots.LatestID(c.ctx)
		if err != nil {
			return err
		}
		if !ok || latest != *req.FromSnapshot {
			return &apiError{code: http.StatusInternalServerError, msg: fmt.Sprintf("Latest snapshot %d is not %d", latest, *req.FromSnapshot)}
		}
	}
	switch in := req.Instant; {
	case in.Type == "snapshot" && in.SnapshotID != nil:
		err = t.Snapshots.Rollback(c.ctx, *in.SnapshotID)
		if errors.Is(err, snapshot.ErrNoSnapshot) {
			return notFound(resourceSnapshot, strconv.FormatInt(*in.SnapshotID, 10))
		}
	case in.Type == "tag" && in.TagName != nil:
		if _, err := t.Tags.Get(c.ctx, *in.TagName); errors.Is(err, snapshot.ErrNoTag) {
			return notFound(resourceTag, *in.TagName)
		}
		err = t.Snapshots.RollbackToTag(c.ctx, *in.TagName)
	default:
		return badRequest("rollback: instant of type %q: want snapshot with snapshotId or tag with tagName", in.Type)
	}
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}
