package procedures

import (
	"encoding/json"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/options"
	"github.com/paimon-sql/paimon-sql/core/schema"
	"github.com/paimon-sql/paimon-sql/core/write"
	"github.com/paimon-sql/paimon-sql/fluss"
	"github.com/paimon-sql/paimon-sql/mysqlerr"
)

// alterTableOptions runs ALTER TABLE t SET ('k' = 'v') and RESET ('k'),
// which the parser turns into CALL sys.alter_table_options(table,
// 'set'|'reset', json): the next schema with the options changed, as
// Java's SchemaManager validates it.
var alterTableOptions = Procedure{
	Name:    "alter_table_options",
	Params:  []string{"table", "action", "options"},
	Returns: resultSchema("result", stringResult),
	Run: func(ctx *sql.Context, env *Env, a Args) ([]sql.Row, error) {
		t, err := a.Table(ctx, env, 0, sql.PrivilegeType_Alter)
		if err != nil {
			return nil, err
		}
		action, err := a.String(1, true)
		if err != nil {
			return nil, err
		}
		raw, err := a.String(2, true)
		if err != nil {
			return nil, err
		}
		var changes []schema.Change
		switch action {
		case "set":
			var pairs [][2]string
			if err := json.Unmarshal([]byte(raw), &pairs); err != nil {
				return nil, fmt.Errorf("ALTER TABLE SET: %w", err)
			}
			for _, kv := range pairs {
				changes = append(changes, schema.SetOption{Key: kv[0], Value: kv[1]})
			}
		case "reset":
			var keys []string
			if err := json.Unmarshal([]byte(raw), &keys); err != nil {
				return nil, fmt.Errorf("ALTER TABLE RESET: %w", err)
			}
			for _, k := range keys {
				changes = append(changes, schema.RemoveOption{Key: k})
			}
		default:
			return nil, mysqlerr.WrongArguments("sys.alter_table_options: action is 'set' or 'reset', not '%s'", action)
		}
		sch, err := t.LatestSchema(ctx)
		if err != nil {
			return nil, err
		}
		after, set := map[string]string{}, map[string]string{}
		for k, v := range sch.Options {
			after[k] = v
		}
		for _, c := range changes {
			switch c := c.(type) {
			case schema.SetOption:
				after[c.Key], set[c.Key] = c.Value, c.Value
			case schema.RemoveOption:
				delete(after, c.Key)
			}
		}
		// What CREATE TABLE refuses, SET must refuse too.
		if err := write.CheckWritableOptions(after); err != nil {
			return nil, fmt.Errorf("alter %s: %w", t.FullName(), err)
		}
		if err := write.CheckLocationOptions(set); err != nil {
			return nil, fmt.Errorf("alter %s: %w", t.FullName(), err)
		}
		if err := options.CheckRead(after); err != nil {
			return nil, fmt.Errorf("alter %s: %w", t.FullName(), err)
		}
		if lay, err := fluss.Of(sch); err != nil {
			return nil, fmt.Errorf("%s: %w", t.FullName(), err)
		} else if changes, err = lay.AlterChanges(changes); err != nil {
			return nil, fmt.Errorf("alter %s: %w", t.FullName(), err)
		}
		if _, err := CommitSchema(ctx, env.Catalog(), t, changes...); err != nil {
			return nil, err
		}
		changed(env, t)
		return []sql.Row{{"Success"}}, nil
	},
}
