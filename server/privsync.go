package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
)

// How fresh the in-memory privileges are kept with respect to the store,
// which other servers on the warehouse change too: logins and privilege
// changes read the newest version, other statements at most this old.
const (
	privilegesMaxAge    = time.Second
	loginPrivilegesAge  = 0
	maxPrivilegeRetries = 10
)

// privilegeSync keeps GMS's in-memory users and grants (db) in step with a
// PrivilegeStore shared by several servers. It is GMS's persister: every
// CREATE USER, GRANT, REVOKE... ends in persist with the whole new content.
//
//   - refresh reloads the newest version when it changed. It runs before
//     every privilege change, at every login and before other statements when
//     the last check is older than privilegesMaxAge, so a REVOKE on one
//     server holds on the others within that time.
//   - persist creates the next version. When another server created it
//     first, the change (what this server's statement changed from the
//     content it started from) is merged into the newest version, account by
//     account, and written as the version after it: a user created elsewhere
//     is kept, a grant revoked elsewhere is not written back.
//   - a change that cannot be saved is not kept: GMS has applied it to the
//     in-memory privileges before calling persist, under its editor lock,
//     which persist cannot reenter, so persist records it as unsaved and
//     the next refresh (before any login or statement) restores base. Until
//     then persist refuses further changes, which would save it.
//
// Lock order: GMS's editor lock (held by GMS around persist), then mu.
type privilegeSync struct {
	db    *mysql_db.MySQLDb
	store PrivilegeStore

	// refreshing lets one goroutine at a time check the store; the others
	// then find the check fresh.
	refreshing sync.Mutex

	mu sync.Mutex
	// base is the content the in-memory privileges reflect (before the
	// change persist is saving) and version the newest version known.
	base    []byte
	version int64
	// stale means the in-memory privileges lack changes of the store (at
	// start, after a merge): the next refresh reloads them.
	stale   bool
	checked time.Time
	// unsaved means the in-memory privileges hold a change persist failed
	// to save, unsavedData: refresh restores base.
	unsaved     bool
	unsavedData []byte
}

func newPrivilegeSync(db *mysql_db.MySQLDb, store PrivilegeStore) *privilegeSync {
	return &privilegeSync{db: db, store: store, stale: true}
}

// refresh reloads the privileges from the store when they are stale, or
// when the newest version changed and no check started within maxAge
// before the call (0: a check that starts after the call). A nil
// privilegeSync (users in memory only) has nothing to refresh.
func (s *privilegeSync) refresh(ctx context.Context, maxAge time.Duration) error {
	if s == nil {
		return nil
	}
	if err := s.restoreUnsaved(); err != nil {
		return err
	}
	since := time.Now().Add(-maxAge)
	if s.fresh(since) {
		return nil
	}
	// One check at a time; those who waited usually find it fresh.
	s.refreshing.Lock()
	defer s.refreshing.Unlock()
	if s.fresh(since) {
		return nil
	}
	start := time.Now()
	latest, err := s.store.LatestVersion(ctx)
	s.mu.Lock()
	unchanged := err == nil && latest == s.version && !s.stale
	if unchanged || err != nil {
		// A failing store is retried at the next check, not at every
		// statement.
		s.checked = start
	}
	s.mu.Unlock()
	if err != nil {
		return err
	}
	if unchanged {
		return nil
	}
	v, data, err := s.store.Latest(ctx)
	if err != nil {
		return err
	}
	return s.load(v, data, start)
}

// fresh tells whether the in-memory privileges are current and were
// checked by a check that started at or after since.
func (s *privilegeSync) fresh(since time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.stale && !s.checked.Before(since)
}

// load replaces the in-memory privileges with version v's content, read by
// a check that started at checked.
func (s *privilegeSync) load(v int64, data []byte, checked time.Time) error {
	ed := s.db.Editor()
	defer ed.Close() // also invalidates the sessions' cached privileges
	s.mu.Lock()
	defer s.mu.Unlock()
	if v < s.version {
		// persist saved a newer version meanwhile; the next refresh loads it.
		return nil
	}
	if err := overwritePrivileges(s.db, ed, data); err != nil {
		return fmt.Errorf("load privileges version %d: %w", v, err)
	}
	s.base, s.version, s.stale, s.checked = data, v, false, checked
	s.unsaved, s.unsavedData = false, nil
	return nil
}

// restoreUnsaved puts back base when the in-memory privileges hold a change
// that was not saved. It waits for the failed statement to release GMS's
// editor.
func (s *privilegeSync) restoreUnsaved() error {
	s.mu.Lock()
	unsaved := s.unsaved
	s.mu.Unlock()
	if !unsaved {
		return nil
	}
	ed := s.db.Editor()
	defer ed.Close() // also invalidates the sessions' cached privileges
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.unsaved {
		return nil
	}
	if err := overwritePrivileges(s.db, ed, s.base); err != nil {
		return fmt.Errorf("restore privileges after a failed save: %w", err)
	}
	s.unsaved, s.unsavedData = false, nil
	return nil
}

// keepUnsaved keeps in memory the change whose save just failed (root's
// configured account on a read-only warehouse works for the run), as if
// it were base.
func (s *privilegeSync) keepUnsaved() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unsaved {
		s.base, s.unsaved, s.unsavedData = s.unsavedData, false, nil
	}
}

// overwritePrivileges replaces the accounts and role grants of db with
// data's; empty data is none.
func overwritePrivileges(db *mysql_db.MySQLDb, ed *mysql_db.Editor, data []byte) error {
	if len(data) == 0 {
		// GMS reads an empty content as ill formatted.
		empty := mysql_db.CreateEmptyMySQLDb()
		ed := empty.Editor()
		defer ed.Close()
		var err error
		if data, err = serializePrivileges(empty, ed); err != nil {
			return err
		}
	}
	return db.OverwriteUsersAndGrantData(sql.NewEmptyContext(), ed, data)
}

// Persist implements GMS's persister: data is the whole new content.
func (s *privilegeSync) Persist(ctx *sql.Context, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unsaved {
		// data holds the change not saved; refresh has not removed it yet.
		return errors.New("save privileges: an earlier change could not be saved; retry the statement")
	}
	if !s.stale && bytes.Equal(data, s.base) {
		return nil
	}
	if err := s.save(ctx, data); err != nil {
		// The statement fails and its change goes (restoreUnsaved).
		s.unsaved, s.unsavedData = true, data
		return fmt.Errorf("save privileges: %w", err)
	}
	return nil
}

// save writes data as the next version, merging it into the newest one when
// the in-memory privileges are not that version's (stale) or when another
// server claimed the number first.
func (s *privilegeSync) save(ctx context.Context, data []byte) error {
	next, out := s.version+1, data
	var err error
	if s.stale {
		if next, out, err = s.mergeLatest(ctx, data); err != nil {
			return err
		}
	}
	for attempt := 1; ; attempt++ {
		err = s.store.Create(ctx, next, out)
		if err == nil {
			break
		}
		if !errors.Is(err, os.ErrExist) || attempt == maxPrivilegeRetries {
			return err
		}
		if next, out, err = s.mergeLatest(ctx, data); err != nil {
			return err
		}
	}
	// Memory holds data; when out differs it also has others' changes.
	s.base, s.version, s.stale = data, next, !bytes.Equal(out, data)
	return nil
}

// mergeLatest applies the change from base to ours onto the newest version
// and returns the number to create and the merged content.
func (s *privilegeSync) mergeLatest(ctx context.Context, ours []byte) (int64, []byte, error) {
	v, theirs, err := s.store.Latest(ctx)
	if err != nil {
		return 0, nil, err
	}
	merged, err := mergePrivileges(s.base, ours, theirs)
	if err != nil {
		return 0, nil, err
	}
	return v + 1, merged, nil
}
