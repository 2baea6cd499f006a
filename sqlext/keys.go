package sqlext

// go-mysql-server v0.20.0 plans index lookups on every index a table lists, so a table cannot list keys it only describes.

import (
	"context"
	"regexp"
)

// A Paimon table's primary and partition keys are shown as MySQL indexes
// to the statements that describe them (SHOW INDEX, information_schema's
// STATISTICS, KEY_COLUMN_USAGE, TABLE_CONSTRAINTS), and to no other: GMS's
// planner turns any index a table lists into lookups (a lookup join asks
// the table for the rows of each key), which a Paimon table would serve by
// a full scan per row. The server marks the context of such statements
// (KeysContext) and the information_schema readers (DescribingKeys); the
// catalog's tables list their keys when IsDescribingKeys.

type describingKeysKey struct{}

// DescribingKeys returns ctx marked for describing keys.
func DescribingKeys(ctx context.Context) context.Context {
	return context.WithValue(ctx, describingKeysKey{}, true)
}

// IsDescribingKeys tells whether ctx was marked by DescribingKeys.
func IsDescribingKeys(ctx context.Context) bool {
	v, _ := ctx.Value(describingKeysKey{}).(bool)
	return v
}

// showKeysRE matches, after leading blanks and comments, SHOW INDEX,
// SHOW INDEXES and SHOW KEYS, and the statements whose Key column names
// them: SHOW [EXTENDED] [FULL] COLUMNS|FIELDS and DESCRIBE|DESC|EXPLAIN of
// a table (a name, not a statement: DESCRIBE SELECT plans the query).
var showKeysRE = regexp.MustCompile(`(?is)^(?:\s|/\*.*?\*/)*(?:` +
	`SHOW\s+(?:EXTENDED\s+)?(?:INDEX|INDEXES|KEYS)\b|` +
	`SHOW\s+(?:EXTENDED\s+)?(?:FULL\s+)?(?:COLUMNS|FIELDS)\b|` +
	`(?:DESCRIBE|DESC|EXPLAIN)\s+(?:[` + "`" + `\w.$]+)\s*(?:[` + "`" + `\w$]+\s*)?;?\s*$)`)

// KeysContext marks the context of a statement that describes keys
// (DescribingKeys); the first statement of a multi-statement query decides.
func KeysContext(ctx context.Context, query string) context.Context {
	if showKeysRE.MatchString(query) {
		return DescribingKeys(ctx)
	}
	return ctx
}
