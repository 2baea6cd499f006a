package procedures

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// alterTableTag runs Spark's tag statements of Paimon's SQL extensions,
// which the parser turns into CALL sys.alter_table_tag(table, action, tag,
// snapshot_id, time_retained, target_tag) (sqlext/sparktags.go), as
// Paimon's CreateOrReplaceTagExec, DeleteTagExec and RenameTagExec run
// them. action is create (ALTER TABLE t CREATE TAG), create_if_not_exists
// (CREATE TAG IF NOT EXISTS: an existing tag is left as it is), replace
// (REPLACE TAG: create when missing, as Spark's), delete, delete_if_exists
// or rename (to target_tag).
var alterTableTag = Procedure{
	Name:    "alter_table_tag",
	Params:  []string{"table", "action", "tag", "snapshot_id", "time_retained", "target_tag"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		action, _ := a.String(1, false)
		// Creating a tag needs INSERT, as sys.create_tag; what may drop a
		// tag's snapshot (replace, delete, rename) INSERT and DELETE.
		privs := destructive
		if action == "create" || action == "create_if_not_exists" {
			privs = []sql.PrivilegeType{sql.PrivilegeType_Insert}
		}
		t, err := a.Table(ctx, env, 0, privs...)
		if err != nil {
			return nil, err
		}
		tag, err := a.String(2, true)
		if err != nil && action != "" {
			return nil, err
		}
		exists := func(name string) bool {
			_, err := t.Tags.Get(ctx, name)
			return err == nil
		}
		switch action {
		case "create":
			return createTag.Run(ctx, env, a.as(createTag, 0, 2, 3, 4))
		case "create_if_not_exists":
			if exists(tag) {
				return []sql.Row{{"Success"}}, nil
			}
			return createTag.Run(ctx, env, a.as(createTag, 0, 2, 3, 4))
		case "replace":
			if !exists(tag) {
				return createTag.Run(ctx, env, a.as(createTag, 0, 2, 3, 4))
			}
			return replaceTag.Run(ctx, env, a.as(replaceTag, 0, 2, 3, 4))
		case "delete", "delete_if_exists":
			var names []string
			for _, name := range options.SplitList(tag) {
				if action == "delete" || exists(name) {
					names = append(names, name)
				}
			}
			if len(names) == 0 {
				return []sql.Row{{"Success"}}, nil
			}
			b := a.as(deleteTag, 0, 2)
			b.values[1] = strings.Join(names, ",")
			return deleteTag.Run(ctx, env, b)
		case "rename":
			return renameTag.Run(ctx, env, a.as(renameTag, 0, 2, 5))
		}
		return nil, mysqlerr.WrongArguments("sys.alter_table_tag: action '%s' is not one of create, create_if_not_exists, replace, delete, delete_if_exists, rename", action)
	},
}
