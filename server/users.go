package server

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
)

// PrivilegeStore keeps the users and grants (GMS's serialized mysql
// database) across restarts, shared by every server using it. It stores
// numbered versions, each created at most once, so that concurrent writers
// never overwrite each other (see privilegeSync).
type PrivilegeStore interface {
	// LatestVersion returns the number of the newest version, 0 when none.
	// It is called often (at every login) and must be cheap.
	LatestVersion(ctx context.Context) (int64, error)
	// Latest returns the newest version and its content; 0 and the content
	// saved before versions existed (or nil) when none.
	Latest(ctx context.Context) (int64, []byte, error)
	// Create saves data as version v unless v exists, in which case it
	// returns an error wrapping os.ErrExist. It is durable when it returns.
	Create(ctx context.Context, v int64, data []byte) error
}

const rootUser, rootHost = "root", "%"

// setupUsers turns on authentication and loads the stored users.
//
// The root account is root@'%', a superuser:
//   - missing (first start, or dropped): it is created with the configured
//     password, which may be empty only on a loopback address;
//   - present and a password is configured: its password is set to the
//     configured one, so the command line or environment always wins;
//   - present and no password is configured: its stored password is kept.
//
// A nil store keeps users in memory only (and returns a nil privilegeSync).
func setupUsers(ctx context.Context, mdb *mysql_db.MySQLDb, store PrivilegeStore, rootPassword string, log *slog.Logger) (*privilegeSync, error) {
	var sync *privilegeSync
	// Without a persister CREATE USER and GRANT panic in GMS.
	if store == nil {
		mdb.SetPersister(&mysql_db.NoopPersister{})
	} else {
		sync = newPrivilegeSync(mdb, store)
		mdb.SetPersister(sync)
		if err := sync.refresh(ctx, 0); err != nil {
			return nil, fmt.Errorf("load privileges: %w", err)
		}
	}
	mdb.SetEnabled(true)
	return sync, setupRoot(sql.NewContext(ctx), mdb, sync, rootPassword, log)
}

// setupRoot creates or updates root@'%' as setupUsers describes.
func setupRoot(ctx *sql.Context, mdb *mysql_db.MySQLDb, sync *privilegeSync, rootPassword string, log *slog.Logger) error {
	ed := mdb.Editor()
	defer ed.Close()
	pk := mysql_db.UserPrimaryKey{Host: rootHost, User: rootUser}
	root, exists := ed.GetUser(pk)
	switch {
	case !exists:
		log.Info("creating root user", "user", "root@'%'", "password_set", rootPassword != "")
	case rootPassword != "" && root.AuthString != nativePasswordHash(rootPassword):
		log.Info("updating root password from configuration", "user", "root@'%'")
		// AddSuperUser never overwrites, so replace the account; root is a
		// superuser, so no grant is lost.
		ed.RemoveUser(pk)
	default:
		return nil
	}
	mdb.AddSuperUser(ed, rootUser, rootHost, rootPassword)
	if err := mdb.Persist(ctx, ed); err != nil {
		// The account works for this run; only a read-only store fails here.
		log.Warn("cannot save the root account; it will be recreated at the next start", "err", err)
		sync.keepUnsaved()
	}
	return nil
}

// nativePasswordHash is the mysql_native_password authentication string that
// GMS stores for password (as in AddSuperUser).
func nativePasswordHash(password string) string {
	s1 := sha1.Sum([]byte(password))
	s2 := sha1.Sum(s1[:])
	return "*" + strings.ToUpper(hex.EncodeToString(s2[:]))
}
