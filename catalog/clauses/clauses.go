// Package clauses carries Paimon's CREATE TABLE clauses (PARTITIONED BY and
// WITH, as Flink and Spark users write them) from the parser to the
// catalog. go-mysql-server hands a table creator only the columns and the
// table comment, so the parser stores the clauses in the comment, after a
// marker, and the catalog takes them out again.
package clauses

import (
	"encoding/json"
	"strings"
)

// marker starts the encoded clauses inside a table comment. It holds a NUL
// byte, which no comment typed in SQL contains by accident.
const marker = "\x00paimon-clauses:"

// Clauses are the Paimon parts of CREATE TABLE.
type Clauses struct {
	PartitionKeys []string    `json:"partitionKeys,omitempty"`
	Options       [][2]string `json:"options,omitempty"` // in the order written
}

// Empty tells whether there is nothing to carry.
func (c Clauses) Empty() bool { return len(c.PartitionKeys) == 0 && len(c.Options) == 0 }

// Encode appends the clauses to a table comment.
func Encode(comment string, c Clauses) string {
	if c.Empty() {
		return comment
	}
	data, _ := json.Marshal(c) // strings and slices always marshal
	return comment + marker + string(data)
}

// Decode splits a table comment into the user's comment and the clauses.
func Decode(comment string) (string, Clauses, error) {
	user, encoded, found := strings.Cut(comment, marker)
	if !found {
		return comment, Clauses{}, nil
	}
	var c Clauses
	err := json.Unmarshal([]byte(encoded), &c)
	return user, c, err
}
