package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// renameTag is CALL sys.rename_tag(table, tag, target_tag) (Flink names
// the arguments tagName and targetTagName; both are accepted). It returns
// Flink's line, "Rename [a] to [b] successfully.".
var renameTag = Procedure{
	Name:    "rename_tag",
	Params:  []string{"table", "tag", "target_tag"},
	Aliases: map[string][]string{"tag": {"tagName"}, "target_tag": {"targetTagName"}},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		// The old name goes, as with delete_tag: INSERT and DELETE.
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		from, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		to, err := a.String(2, true)
		if err != nil {
			return nil, err
		}
		if err := t.Tags.Rename(ctx, from, to); err != nil {
			return nil, fmt.Errorf("sys.rename_tag: %s: %w", t.FullName(), err)
		}
		changed(env, t)
		return []sql.Row{{fmt.Sprintf("Rename [%s] to [%s] successfully.", from, to)}}, nil
	},
}
