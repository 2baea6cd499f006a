package procedures

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/expire"
	"github.com/paimon-sql/paimon-sql/core/options"
)

// deleteTag is CALL sys.delete_tag(table, tag); tag may list several
// names separated by commas, as in Java.
var deleteTag = Procedure{
	Name:    "delete_tag",
	Params:  []string{"table", "tag"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, destructive...)
		if err != nil {
			return nil, err
		}
		tags, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		opts, err := t.Options(ctx)
		if err != nil {
			return nil, err
		}
		cfg, err := expire.NewTagConfig(opts)
		if err != nil {
			return nil, fmt.Errorf("sys.delete_tag: %s: %w", t.FullName(), err)
		}
		for _, name := range options.SplitList(tags) {
			// The files only this tag kept alive go with it, as in Java.
			res, err := expire.DeleteTag(ctx, t, name, cfg)
			for _, w := range res.Warnings {
				ctx.Warn(1642, "%s", w)
			}
			if err != nil {
				return nil, fmt.Errorf("sys.delete_tag: %s: %w", t.FullName(), err)
			}
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}
