package restcatalog

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// The table token (Java's 'data-token.enabled' client asks for it): the
// options a client adds to its own to reach the table's files.
//
// On a local warehouse the client reaches the table path as it is: the
// token is empty. On an object store it carries short-lived credentials
// scoped to the table's directory (Config.Tokens: STS AssumeRole with a
// session policy, restcatalog/ststoken), able to write only for a caller
// who may write the table. Without an issuer the request is refused:
// handing out the server's own warehouse keys would give every token
// holder the whole bucket.

// TokenIssuer issues credentials scoped to one table's directory.
type TokenIssuer interface {
	// TableToken returns the options that reach location (the table's
	// directory URL), read-only unless write, and when they expire; user
	// names the caller in the store's audit records.
	TableToken(ctx context.Context, location string, write bool, user string) (map[string]string, time.Time, error)
}

type getTableTokenResponse struct {
	Token           map[string]string `json:"token"`
	ExpiresAtMillis int64             `json:"expiresAtMillis"`
}

// tableTokenLifetime is how long an (empty) local token is valid: the
// client asks again when it nears its end.
const tableTokenLifetime = time.Hour

func (h *Handler) tableToken(c *call, db, object string) error {
	t, err := h.openTable(c, db, object, loadPrivileges...)
	if err != nil {
		return err
	}
	if strings.HasPrefix(h.fs.Location(""), "file:") {
		writeJSON(c.w, http.StatusOK, getTableTokenResponse{Token: map[string]string{}, ExpiresAtMillis: time.Now().Add(tableTokenLifetime).UnixMilli()})
		return nil
	}
	if h.tokens == nil {
		return notImplemented("table tokens are not issued for the object-store warehouse %s: start paimon-sql with --rest-sts-role-arn to issue credentials scoped to a table, or keep 'data-token.enabled' off and give the client its own credentials for the bucket", h.fs.Location(""))
	}
	// Writing the files takes INSERT, as committing them does.
	write := h.auth.Allowed(c.ctx, c.account, PrivInsert, db, t.Name)
	token, expires, err := h.tokens.TableToken(c.ctx, h.fs.Location(t.Root), write, c.account.User)
	if err != nil {
		return err
	}
	writeJSON(c.w, http.StatusOK, getTableTokenResponse{Token: token, ExpiresAtMillis: expires.UnixMilli()})
	return nil
}
