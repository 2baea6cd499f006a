package server

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// The User and State columns of SHOW PROCESSLIST.
const (
	processListUserColumn  = 1
	processListStateColumn = 6
)

// progressStates sets the State column of SHOW PROCESSLIST for processes
// that report progress (CALL sys.expire_snapshots, sys.compact) to
// "<step> <done>/<total>" items: go-mysql-server words every item as
// "(n/m partitions)" on lines of its own.
func progressStates(ctx *sql.Context, rows []sql.Row) (sql.RowIter, error) {
	states := map[int64]string{}
	for _, p := range ctx.ProcessList.Processes() {
		if len(p.Progress) > 0 {
			states[int64(p.Connection)] = progressState(p.Progress)
		}
	}
	for _, r := range rows {
		if id, ok := r[0].(int64); ok && states[id] != "" {
			r[processListStateColumn] = states[id]
		}
	}
	return sql.RowsToRowIter(rows...), nil
}

// progressState lists the items by name: "a 3/10; b 0/?".
func progressState(items map[string]sql.TableProgress) string {
	names := make([]string, 0, len(items))
	for n := range items {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		total := "?"
		if t := items[n].Total; t > 0 {
			total = fmt.Sprint(t)
		}
		parts[i] = fmt.Sprintf("%s %d/%s", n, items[n].Done, total)
	}
	return strings.Join(parts, "; ")
}
