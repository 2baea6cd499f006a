package restcatalog

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/paimon-sql/paimon-sql/core/binrow"
	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/partition"
	"github.com/paimon-sql/paimon-sql/core/spec"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/core/types"
)

// Partitions are served from the table's files, as Java's
// listPartitionsFromFileSystem computes them: the live data files of the
// latest snapshot grouped by partition, with their record, file and byte
// counts. Java's test server instead adds up the statistics clients post
// with their commits, in memory; the files give the same figures, exact
// whoever committed (SQL, REST or a filesystem writer) and kept across
// restarts and by every server over the warehouse. A partition is done when
// its "_SUCCESS" file exists, the mark Java's 'success-file' mark-done
// action writes; marking one done writes it.

// successFile is the name of Java's mark-done file (SuccessFileMarkDoneAction).
const successFile = "_SUCCESS"

// partitionJSON is Java's Partition.
type partitionJSON struct {
	Spec                 map[string]string `json:"spec"`
	RecordCount          int64             `json:"recordCount"`
	FileSizeInBytes      int64             `json:"fileSizeInBytes"`
	FileCount            int64             `json:"fileCount"`
	LastFileCreationTime int64             `json:"lastFileCreationTime"`
	TotalBuckets         int32             `json:"totalBuckets"`
	Done                 bool              `json:"done"`
	CreatedAt            *int64            `json:"createdAt"`
	CreatedBy            *string           `json:"createdBy"`
	UpdatedAt            *int64            `json:"updatedAt"`
	UpdatedBy            *string           `json:"updatedBy"`
	Options              map[string]string `json:"options"`

	// dir is the partition's directory under the table ("k=v/").
	dir string
}

type listPartitionsResponse struct {
	Partitions    []partitionJSON `json:"partitions"`
	NextPageToken *string         `json:"nextPageToken"`
}

// partitionSpecsRequest is Java's ListPartitionsByNamesRequest and
// MarkDonePartitionsRequest: "specs" in Java 1.4's client,
// "partitionSpecs" in the open API since.
type partitionSpecsRequest struct {
	PartitionSpecs []map[string]string `json:"partitionSpecs"`
	Specs          []map[string]string `json:"specs"`
}

// specs are the request's partition specs, under either name.
func (r *partitionSpecsRequest) specs() []map[string]string {
	return append(r.PartitionSpecs, r.Specs...)
}

// listPartitionsByFilterRequest is Java's ListPartitionsByFilterRequest.
type listPartitionsByFilterRequest struct {
	Filter               string  `json:"filter"`
	PartitionNamePattern string  `json:"partitionNamePattern"`
	MaxResults           *int    `json:"maxResults"`
	PageToken            *string `json:"pageToken"`
}

// partitionLayout formats the partitions of the table's latest schema.
func partitionLayout(sch *spec.TableSchema) (partition.Spec, error) {
	legacy, err := options.PartitionLegacyName.Get(sch.Options)
	if err != nil {
		return partition.Spec{}, badRequest("%v", err)
	}
	ts := make([]types.DataType, len(sch.PartitionKeys))
	for i, k := range sch.PartitionKeys {
		f, _, ok := sch.Field(k)
		if !ok {
			return partition.Spec{}, fmt.Errorf("partition key %s is not a column", k)
		}
		ts[i] = f.Type
	}
	return partition.Spec{Keys: sch.PartitionKeys, Types: ts, DefaultName: sch.Options.PartitionDefaultName(), LegacyName: legacy}, nil
}

// partitionsOf opens db.object for a listing of its partitions (SELECT, as
// $partitions) and returns them (tablePartitions).
func (h *Handler) partitionsOf(c *call, db, object string) (*table.Table, map[string]*partitionJSON, []string, error) {
	t, err := h.openTable(c, db, object, PrivSelect)
	if err != nil {
		return nil, nil, nil, err
	}
	all, names, err := tablePartitions(c.ctx, t)
	return t, all, names, err
}

// tablePartitions are the partitions of t at its latest snapshot, by name
// ("k1=v1/k2=v2", Java's partition name), with the names sorted.
func tablePartitions(ctx context.Context, t *table.Table) (map[string]*partitionJSON, []string, error) {
	out := map[string]*partitionJSON{}
	snap, err := t.Snapshots.Latest(ctx)
	if err != nil || snap == nil {
		return out, nil, err
	}
	sch, err := t.LatestSchema(ctx)
	if err != nil {
		return nil, nil, err
	}
	layout, err := partitionLayout(sch)
	if err != nil {
		return nil, nil, err
	}
	live, err := liveEntries(ctx, t, snap)
	if err != nil {
		return nil, nil, err
	}
	byRow := map[string]*partitionJSON{}
	for _, e := range live {
		p := byRow[string(e.Partition)]
		if p == nil {
			values, err := binrow.Decode(e.Partition, layout.Types)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: partition of %s: %w", t.FullName(), e.File.FileName, err)
			}
			p = &partitionJSON{Spec: map[string]string{}, dir: layout.Path(values)}
			for i, k := range layout.Keys {
				p.Spec[k] = layout.Value(i, values[i])
			}
			byRow[string(e.Partition)] = p
			out[layout.Pairs(values)] = p
		}
		p.RecordCount += e.File.RowCount
		p.FileSizeInBytes += e.File.FileSize
		p.FileCount++
		if e.File.CreationTime != nil {
			p.LastFileCreationTime = max(p.LastFileCreationTime, e.File.CreationTime.UnixMilli())
		}
		p.TotalBuckets = max(p.TotalBuckets, e.TotalBuckets)
	}
	names := make([]string, 0, len(out))
	for n := range out {
		names = append(names, n)
	}
	slices.Sort(names)
	return out, names, nil
}

// partitionPage answers the partitions of names (a page), each with its
// done mark read from the table's directory.
func (h *Handler) partitionPage(c *call, t *table.Table, all map[string]*partitionJSON, names []string, next *string) error {
	page := make([]partitionJSON, 0, len(names))
	for _, n := range names {
		p := all[n]
		done, err := t.FS.Exists(c.ctx, t.Root+"/"+p.dir+successFile)
		if err != nil {
			return err
		}
		p.Done = done
		page = append(page, *p)
	}
	writeJSON(c.w, http.StatusOK, listPartitionsResponse{Partitions: page, NextPageToken: next})
	return nil
}

// listPartitions lists the partitions, paged by name and filtered by
// partitionNamePattern; SELECT, as $partitions.
func (h *Handler) listPartitions(c *call, db, object string) error {
	t, all, names, err := h.partitionsOf(c, db, object)
	if err != nil {
		return err
	}
	q := c.r.URL.Query()
	page, next, err := pageOf(names, q.Get("partitionNamePattern"), q.Get("pageToken"), q.Get("maxResults"))
	if err != nil {
		return err
	}
	return h.partitionPage(c, t, all, page, next)
}

// listPartitionsByNames answers the partitions among the given specs that
// exist.
func (h *Handler) listPartitionsByNames(c *call, db, object string) error {
	var req partitionSpecsRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	t, all, names, err := h.partitionsOf(c, db, object)
	if err != nil {
		return err
	}
	var page []string
	for _, n := range names {
		if slices.ContainsFunc(req.specs(), func(s map[string]string) bool { return equalSpec(s, all[n].Spec) }) {
			page = append(page, n)
		}
	}
	return h.partitionPage(c, t, all, page, nil)
}

func equalSpec(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// listPartitionsByFilter answers every partition matching the name
// pattern, paged: the API lets the answer be a superset of the partitions
// the filter (a serialized Java predicate) selects, and clients evaluate
// it again; this server does not evaluate Java's predicates.
func (h *Handler) listPartitionsByFilter(c *call, db, object string) error {
	var req listPartitionsByFilterRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if req.Filter == "" {
		return badRequest("filter is required")
	}
	if !json.Valid([]byte(req.Filter)) {
		return badRequest("filter: not a serialized predicate (JSON)")
	}
	t, all, names, err := h.partitionsOf(c, db, object)
	if err != nil {
		return err
	}
	var token, max string
	if req.PageToken != nil {
		token = *req.PageToken
	}
	if req.MaxResults != nil {
		max = fmt.Sprint(*req.MaxResults)
	}
	page, next, err := pageOf(names, req.PartitionNamePattern, token, max)
	if err != nil {
		return err
	}
	return h.partitionPage(c, t, all, page, next)
}

// markDonePartitions writes the "_SUCCESS" file of each partition, as
// Java's 'success-file' mark-done action (creation time kept when it was
// done already); INSERT, as a write. Every spec must name each partition
// key and nothing else: a partial spec would mark a directory no
// partition lives in.
func (h *Handler) markDonePartitions(c *call, db, object string) error {
	var req partitionSpecsRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	t, err := h.openTable(c, db, object, PrivInsert)
	if err != nil {
		return err
	}
	sch, err := t.LatestSchema(c.ctx)
	if err != nil {
		return err
	}
	if len(sch.PartitionKeys) == 0 {
		return badRequest("%s is not partitioned", t.FullName())
	}
	specs := req.specs()
	if len(specs) == 0 {
		// Not a silent success: a client that named them otherwise
		// would believe them marked.
		return badRequest("mark done: no partition specs ('specs' or 'partitionSpecs')")
	}
	dirs := make([]string, len(specs))
	for i, s := range specs {
		if dirs[i], err = specDir(sch.PartitionKeys, s); err != nil {
			return err
		}
	}
	now := time.Now().UnixMilli()
	for _, dir := range dirs {
		path := t.Root + "/" + dir + successFile
		mark := successMark{CreationTime: now, ModificationTime: now}
		if data, err := t.FS.ReadFile(c.ctx, path); err == nil && json.Unmarshal(data, &mark) == nil {
			mark.ModificationTime = now
		}
		data, err := json.Marshal(mark)
		if err != nil {
			return err
		}
		if err := t.FS.Write(c.ctx, path, data); err != nil {
			return err
		}
	}
	writeJSON(c.w, http.StatusOK, struct{}{})
	return nil
}

// successMark is Java's SuccessFile.
type successMark struct {
	CreationTime     int64 `json:"creationTime"`
	ModificationTime int64 `json:"modificationTime"`
}

// specDir is the directory of the partition spec names ("k1=v1/k2=v2/"),
// its values escaped as in data file paths.
func specDir(keys []string, s map[string]string) (string, error) {
	if len(s) != len(keys) {
		return "", badRequest("partition spec %v: want a value for each of the partition keys %s", s, strings.Join(keys, ", "))
	}
	var b strings.Builder
	for _, k := range keys {
		v, ok := s[k]
		if !ok {
			return "", badRequest("partition spec %v: no value for the partition key %s", s, k)
		}
		b.WriteString(partition.Escape(k) + "=" + partition.Escape(v) + "/")
	}
	return b.String(), nil
}

// catalogManagedPartitions answers creating and dropping partitions in the
// catalog: the API's calls for format tables whose partitions the catalog
// records. A Paimon table's partitions are its files: Java's client drops
// them with a truncate commit (served), so nothing is registered here.
func catalogManagedPartitions(c *call, db, object string) error {
	return notImplemented("%s.%s: partitions are not registered in this catalog: a Paimon table's partitions are its data files (drop them with a truncate commit)", db, object)
}
