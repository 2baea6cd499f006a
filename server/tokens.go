package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql/mysql_db"
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
	tokenPrefix     = "paimonsql_"
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
}

// newToken makes a token named name and what the account keeps of it.
func newToken(name, createdBy string, now time.Time) (string, storedToken, error) {
	raw := make([]byte, tokenIDBytes+tokenSecretSize)
	if _, err := rand.Read(raw); err != nil {
		return "", storedToken{}, err
	}
	id := hex.EncodeToString(raw[:tokenIDBytes])
	token := tokenPrefix + id + "_" + base64.RawURLEncoding.EncodeToString(raw[tokenIDBytes:])
	return token, storedToken{ID: id, Name: name, SHA256: tokenHash(token), Created: now.UTC().Truncate(time.Second), CreatedBy: createdBy}, nil
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

// errNotTokenAccount refuses tokens for a role, which cannot log in.
var errNotTokenAccount = errors.New("a role cannot hold tokens: create them for a user")

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
