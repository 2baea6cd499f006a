package snapshot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/spec"
)

// Hint file names in snapshot/.
const (
	Earliest = "EARLIEST"
	Latest   = "LATEST"
	prefix   = "snapshot-"
)

// ErrNoSnapshot is returned (wrapped) for a snapshot id that does not exist.
var ErrNoSnapshot = errors.New("snapshot does not exist")

// Manager reads the snapshot directory of a table or branch. The latest
// snapshot is looked for anew each time (another process may commit), but
// its file is parsed once per version: a rollback lets a later commit reuse
// an id, so the cache is keyed by the file's version, not by the id alone.
type Manager struct {
	fs     *fs.FS
	dir    string
	prefix string // of the files: snapshot- or changelog-

	mu     sync.Mutex
	parsed map[int64]parsedSnapshot
}

// parsedSnapshot is a snapshot file as read at one version.
type parsedSnapshot struct {
	version fs.Version
	snap    *spec.Snapshot
}

// maxParsed bounds the parsed snapshots a manager keeps: the latest one is
// asked over and over, older ones only while commits follow each other.
const maxParsed = 4

// NewManager returns the manager of root/snapshot.
func NewManager(fsys *fs.FS, root string) *Manager {
	return &Manager{fs: fsys, dir: root + "/snapshot", prefix: prefix}
}

// NewChangelogManager returns the manager of root/changelog: the
// long-lived changelogs (changelog-N, with their own EARLIEST and LATEST
// hints) that snapshot expiration writes for tables whose changelog
// outlives their snapshots (Java's ChangelogManager). A changelog-N file
// is snapshot-N as it was.
func NewChangelogManager(fsys *fs.FS, root string) *Manager {
	return &Manager{fs: fsys, dir: root + "/changelog", prefix: ChangelogPrefix}
}

// Dir is the snapshot directory.
func (m *Manager) Dir() string { return m.dir }

// Path is the path of snapshot-id.
func (m *Manager) Path(id int64) string { return fmt.Sprintf("%s/%s%d", m.dir, m.prefix, id) }

// Snapshot reads snapshot-id; a missing file gives an error wrapping ErrNoSnapshot.
func (m *Manager) Snapshot(ctx context.Context, id int64) (*spec.Snapshot, error) {
	data, err := m.fs.ReadFile(ctx, m.Path(id))
	if fs.IsNotExist(err) {
		return nil, fmt.Errorf("snapshot %d: %w", id, ErrNoSnapshot)
	}
	if err != nil {
		return nil, fmt.Errorf("read snapshot %d: %w", id, err)
	}
	s, err := spec.ParseSnapshot(data)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", m.Path(id), err)
	}
	if s.ID != id {
		// A file overwritten with another snapshot's content: reading it as
		// id would serve that other snapshot under id's name.
		return nil, fmt.Errorf("%s is damaged: it holds snapshot %d, not %d", m.Path(id), s.ID, id)
	}
	return s, nil
}

// Exists tells whether snapshot-id exists.
func (m *Manager) Exists(ctx context.Context, id int64) (bool, error) {
	return m.fs.Exists(ctx, m.Path(id))
}

// IDs lists every snapshot id present, ascending; other files are ignored.
func (m *Manager) IDs(ctx context.Context) ([]int64, error) {
	entries, err := m.fs.List(ctx, m.dir)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, e := range entries {
		if id, ok := schema.ParseFileID(e.Name, m.prefix); ok && !e.IsDir {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

func (m *Manager) readHint(ctx context.Context, name string) (int64, bool) {
	data, err := m.fs.ReadFile(ctx, m.dir+"/"+name)
	if err != nil {
		return 0, false
	}
	id, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return id, err == nil
}

// EarliestHint reads the EARLIEST hint as written, whether or not that
// snapshot exists; false when it is missing or unreadable.
func (m *Manager) EarliestHint(ctx context.Context) (int64, bool) {
	return m.readHint(ctx, Earliest)
}

// LatestHint reads the LATEST hint as written; false when it is missing
// or unreadable.
func (m *Manager) LatestHint(ctx context.Context) (int64, bool) {
	return m.readHint(ctx, Latest)
}

// LatestID returns the latest snapshot id (0, false when there is none). As
// in Java (HintFileUtils.findLatest), a positive LATEST hint is trusted when
// the next snapshot does not exist, and the hinted snapshot must then exist:
// its absence is an error (the table is damaged), not a reason to serve an
// older snapshot. Otherwise (no hint, an unreadable one, or a next snapshot
// that exists) the directory listing decides.
func (m *Manager) LatestID(ctx context.Context) (int64, bool, error) {
	id, _, ok, err := m.latest(ctx)
	return id, ok, err
}

// latest finds the latest id as LatestID does, with the version of its file
// when the hint was trusted (its existence test is that file's stat).
func (m *Manager) latest(ctx context.Context) (int64, *fs.Version, bool, error) {
	if id, ok := m.readHint(ctx, Latest); ok && id > 0 {
		next, err := m.Exists(ctx, id+1)
		if err != nil {
			return 0, nil, false, err
		}
		if !next {
			v, cur, err := m.fs.Version(ctx, m.Path(id))
			if err != nil {
				return 0, nil, false, err
			}
			if !cur {
				return m.latestPastMissingHint(ctx, id)
			}
			return id, &v, true, nil
		}
	}
	ids, err := m.IDs(ctx)
	if err != nil || len(ids) == 0 {
		return 0, nil, false, err
	}
	return ids[len(ids)-1], nil, true, nil
}

// latestPastMissingHint is the latest id when LATEST names id, which does
// not exist, nor does id+1. Snapshots above id in the listing make the hint
// stale, not the table damaged: a commit checks that no newer snapshot
// exists before it writes its hint, but its write can land after newer
// commits and an expiration of both id and id+1 (seen in the maintenance
// soak: every later read and commit of the table then failed). Those
// snapshots were created exclusively, so the newest is the latest. With
// none above id, the snapshot LATEST names is gone: an error, as in Java,
// rather than serving an older one.
func (m *Manager) latestPastMissingHint(ctx context.Context, id int64) (int64, *fs.Version, bool, error) {
	ids, err := m.IDs(ctx)
	if err != nil {
		return 0, nil, false, err
	}
	if len(ids) > 0 && ids[len(ids)-1] > id {
		return ids[len(ids)-1], nil, true, nil
	}
	// Not ErrNoSnapshot: callers skip snapshots that are gone.
	return 0, nil, false, fmt.Errorf("%s names snapshot %d, but %s does not exist",
		m.dir+"/"+Latest, id, m.Path(id))
}

// EarliestID returns the earliest snapshot id: the EARLIEST hint when that
// snapshot exists, else the smallest id listed.
func (m *Manager) EarliestID(ctx context.Context) (int64, bool, error) {
	if id, ok := m.readHint(ctx, Earliest); ok {
		if cur, err := m.Exists(ctx, id); err != nil {
			return 0, false, err
		} else if cur {
			return id, true, nil
		}
	}
	ids, err := m.IDs(ctx)
	if err != nil || len(ids) == 0 {
		return 0, false, err
	}
	return ids[0], true, nil
}

// Latest returns the latest snapshot, or nil when the table has none.
// Callers share the returned snapshot and must not change it.
func (m *Manager) Latest(ctx context.Context) (*spec.Snapshot, error) {
	id, v, ok, err := m.latest(ctx)
	if err != nil || !ok {
		return nil, err
	}
	if v == nil {
		return m.Snapshot(ctx, id)
	}
	m.mu.Lock()
	p, hit := m.parsed[id]
	m.mu.Unlock()
	if hit && p.version.Size == v.Size && p.version.ETag == v.ETag && p.version.ModTime.Equal(v.ModTime) {
		return p.snap, nil
	}
	s, err := m.Snapshot(ctx, id)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	if m.parsed == nil || len(m.parsed) >= maxParsed {
		m.parsed = map[int64]parsedSnapshot{}
	}
	m.parsed[id] = parsedSnapshot{version: *v, snap: s}
	m.mu.Unlock()
	return s, nil
}

// All returns every snapshot present, ascending by id. Snapshots deleted
// while listing are skipped.
func (m *Manager) All(ctx context.Context) ([]*spec.Snapshot, error) {
	ids, err := m.IDs(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*spec.Snapshot, 0, len(ids))
	for _, id := range ids {
		s, err := m.Snapshot(ctx, id)
		if errors.Is(err, ErrNoSnapshot) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// AtOrBefore returns the latest snapshot committed at or before the instant
// (epoch milliseconds), or nil when every snapshot is younger.
func (m *Manager) AtOrBefore(ctx context.Context, millis int64) (*spec.Snapshot, error) {
	all, err := m.All(ctx)
	if err != nil {
		return nil, err
	}
	var found *spec.Snapshot
	for _, s := range all {
		if s.TimeMillis <= millis && (found == nil || s.ID > found.ID) {
			found = s
		}
	}
	return found, nil
}
