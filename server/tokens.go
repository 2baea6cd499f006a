package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"

	"github.com/paimon-sql/paimon-sql/internal/redact"
)

// Bearer tokens (the REST catalog's 'token.provider' = 'bear') belong to
// accounts. A token is
//
//	paimonsql_<id>_<secret>
//
// with id 16 hex digits (8 random bytes; public: listed, and how a token
// is named to revoke it) and secret 43 base64url characters (32 random
// bytes). The account keeps only the SHA-256 of the whole token: 256 random
// bits need no slow hash to withstand guessing, and the hash opens nothing.
//
// The tokens live in the account's attributes (mysql.user's
// User_attributes, which go-mysql-server stores with the account but never
// lets a statement set), under tokensAttribute. So they are saved, versioned
// and shared with the rest of the privileges (privilegeSync), a failed save
// keeps none, and DROP USER takes them along.
const (
	tokenPrefix     = redact.TokenPrefix
	tokenIDBytes    = 8
	tokenSecretSize = 32
	tokensAttribute = "paimon_sql_tokens"
)

// storedToken is a token as the account keeps it.
type storedToken struct {
	ID        string    `json:"id"`
	Name      string    `json:"name,omitempty"`
	SHA256    string    `json:"sha256"`
	Created   time.Time `json:"created"`
	CreatedBy string    `json:"created_by,omitempty"`
	// Expires is when the token stops working; nil: when it is revoked.
	Expires *time.Time `json:"expires,omitempty"`
}

// newToken makes a token named name, valid for validDays days (0: until
// revoked), and what the account keeps of it.
func newToken(name, createdBy string, validDays int64, now time.Time) (string, storedToken, error) {
	raw := make([]byte, tokenIDBytes+tokenSecretSize)
	if _, err := rand.Read(raw); err != nil {
		return "", storedToken{}, err
	}
	id := hex.EncodeToString(raw[:tokenIDBytes])
	token := tokenPrefix + id + "_" + base64.RawURLEncoding.EncodeToString(raw[tokenIDBytes:])
	created := now.UTC().Truncate(time.Second)
	stored := storedToken{ID: id, Name: name, SHA256: tokenHash(token), Created: created, CreatedBy: createdBy}
	if validDays > 0 {
		expires := created.AddDate(0, 0, int(validDays))
		stored.Expires = &expires
	}
	return token, stored, nil
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// tokenID is the id part of something shaped like a token; false when it
// is not shaped like one.
func tokenID(token string) (string, bool) {
	rest, ok := strings.CutPrefix(token, tokenPrefix)
	if !ok || len(rest) != 2*tokenIDBytes+1+base64.RawURLEncoding.EncodedLen(tokenSecretSize) || rest[2*tokenIDBytes] != '_' {
		return "", false
	}
	return rest[:2*tokenIDBytes], true
}

// matches tells, in constant time, whether token is this one.
func (t storedToken) matches(token string) bool {
	return subtle.ConstantTimeCompare([]byte(t.SHA256), []byte(tokenHash(token))) == 1
}

// expired tells whether the token stopped working at now.
func (t storedToken) expired(now time.Time) bool {
	return t.Expires != nil && !now.Before(*t.Expires)
}

// accountTokens reads the tokens an account keeps in its attributes.
func accountTokens(u *mysql_db.User) ([]storedToken, error) {
	if u.Attributes == nil || !strings.Contains(*u.Attributes, tokensAttribute) {
		return nil, nil
	}
	var attrs struct {
		Tokens []storedToken `json:"paimon_sql_tokens"`
	}
	if err := json.Unmarshal([]byte(*u.Attributes), &attrs); err != nil {
		return nil, fmt.Errorf("the attributes of %s: %w", u.UserHostToString("'"), err)
	}
	return attrs.Tokens, nil
}

// setAccountTokens replaces the tokens of u (a copy the caller puts back),
// keeping its other attributes.
func setAccountTokens(u *mysql_db.User, tokens []storedToken) error {
	attrs := map[string]json.RawMessage{}
	if u.Attributes != nil && *u.Attributes != "" {
		if err := json.Unmarshal([]byte(*u.Attributes), &attrs); err != nil {
			return fmt.Errorf("the attributes of %s: %w", u.UserHostToString("'"), err)
		}
	}
	delete(attrs, tokensAttribute)
	if len(tokens) > 0 {
		data, err := json.Marshal(tokens)
		if err != nil {
			return err
		}
		attrs[tokensAttribute] = data
	}
	if len(attrs) == 0 {
		u.Attributes = nil
		return nil
	}
	data, err := json.Marshal(attrs)
	if err != nil {
		return err
	}
	s := string(data)
	u.Attributes = &s
	return nil
}

// mergeTokens is the token list of an account that two servers changed at
// once: theirs, with the tokens ours added since base and without those it
// removed. privilegeSync merges everything else account by account, which
// would lose a token the other server created or bring back one it revoked.
func mergeTokens(base, ours, theirs []storedToken) []storedToken {
	inBase, inOurs := tokenIDs(base), tokenIDs(ours)
	var out []storedToken
	for _, t := range theirs {
		if _, removed := inBase[t.ID]; removed && !contains(inOurs, t.ID) {
			continue
		}
		out = append(out, t)
	}
	inOut := tokenIDs(out)
	for _, t := range ours {
		if !contains(inBase, t.ID) && !contains(inOut, t.ID) {
			out = append(out, t)
		}
	}
	return out
}

func tokenIDs(ts []storedToken) map[string]struct{} {
	out := make(map[string]struct{}, len(ts))
	for _, t := range ts {
		out[t.ID] = struct{}{}
	}
	return out
}

func contains(set map[string]struct{}, id string) bool {
	_, ok := set[id]
	return ok
}

// withoutTokens shows information_schema.USER_ATTRIBUTES without the
// tokens: their hashes are the server's business (mysql.user, readable
// with SELECT on mysql only, shows them as it shows password hashes).
func withoutTokens(read infoReader, attrCol int) infoReader {
	return func(ctx *sql.Context, cat sql.Catalog) (sql.RowIter, error) {
		iter, err := read(ctx, cat)
		if err != nil || attrCol < 0 {
			return iter, err
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			attrs, ok := r[attrCol].(string)
			if !ok || !strings.Contains(attrs, tokensAttribute) {
				continue
			}
			u := mysql_db.User{Attributes: &attrs}
			if setAccountTokens(&u, nil) != nil || u.Attributes == nil {
				r[attrCol] = nil
			} else {
				r[attrCol] = *u.Attributes
			}
		}
		return sql.RowsToRowIter(rows...), nil
	}
}
