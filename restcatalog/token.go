package restcatalog

import (
	"net/http"
	"strings"
	"time"
)

// The table token (Java's 'data-token.enabled' client asks for it): the
// options a client adds to its own to reach the table's files.
//
// On a local warehouse the client reaches the table path as it is: the
// token is empty. On an object store a token would carry credentials
// scoped to the table's path (a session policy over the bucket's keys);
// paimon-sql has no such issuer, and handing out its own warehouse keys
// would give every token holder the whole bucket, so the request is
// refused: clients keep 'data-token.enabled' off (Java's default) and use
// credentials of their own for the bucket.

type getTableTokenResponse struct {
	Token           map[string]string `json:"token"`
	ExpiresAtMillis int64             `json:"expiresAtMillis"`
}

// tableTokenLifetime is how long an (empty) local token is valid: the
// client asks again when it nears its end.
const tableTokenLifetime = time.Hour

func (h *Handler) tableToken(c *call, db, object string) error {
	if _, err := h.openTable(c, db, object, loadPrivileges...); err != nil {
		return err
	}
	if !strings.HasPrefix(h.fs.Location(""), "file:") {
		return notImplemented("table tokens are not issued for the object-store warehouse %s: paimon-sql has no issuer of credentials scoped to a table; keep 'data-token.enabled' off and give the client its own credentials for the bucket", h.fs.Location(""))
	}
	writeJSON(c.w, http.StatusOK, getTableTokenResponse{Token: map[string]string{}, ExpiresAtMillis: time.Now().Add(tableTokenLifetime).UnixMilli()})
	return nil
}
