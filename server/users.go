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
// database) across restarts.
type PrivilegeStore interface {
	// Load returns the saved blob, or nil, nil when nothing was saved yet.
	Load(ctx context.Context) ([]byte, error)
	// Save replaces the saved blob. It is called after every CREATE USER,
	// GRANT, ALTER USER... and must be durable when it returns.
	Save(ctx context.Context, data []byte) error
}

// storePersister adapts a PrivilegeStore to GMS's persister interface.
type storePersister struct{ store PrivilegeStore }

func (p storePersister) Persist(ctx *sql.Context, data []byte) error {
	return p.store.Save(ctx, data)
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
// A nil store keeps users in memory only.
func setupUsers(ctx context.Context, mdb *mysql_db.MySQLDb, store PrivilegeStore, rootPassword string, log *slog.Logger) error {
	// Without a persister CREATE USER and GRANT panic in GMS.
	if store == nil {
		mdb.SetPersister(&mysql_db.NoopPersister{})
	} else {
		mdb.SetPersister(storePersister{store})
	}
	sqlCtx := sql.NewContext(ctx)
	if store != nil {
		data, err := store.Load(ctx)
		if err != nil {
			return fmt.Errorf("load privileges: %w", err)
		}
		if err := mdb.LoadData(sqlCtx, data); err != nil {
			return fmt.Errorf("load privileges: %w", err)
		}
	}
	mdb.SetEnabled(true)

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
	if err := mdb.Persist(sqlCtx, ed); err != nil {
		// The account works for this run; only a read-only store fails here.
		log.Warn("cannot save the root account; it will be recreated at the next start", "err", err)
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
