package sqlext

// go-mysql-server v0.20.0 lacks Flink's ALTER TABLE t SET/RESET ('k' ...) and Spark's SET/UNSET TBLPROPERTIES option changes; vitess has no such ALTER.

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// alterOptions matches Flink's ALTER TABLE t SET ('k' = 'v', ...) and
// ALTER TABLE t RESET ('k', ...), and Spark's SET TBLPROPERTIES (...) and
// UNSET TBLPROPERTIES [IF EXISTS] (...), which vitess cannot parse.
var alterOptions = regexp.MustCompile("(?is)^\\s*ALTER\\s+TABLE\\s+((?:`[^`]+`|[\\w$]+)(?:\\s*\\.\\s*(?:`[^`]+`|[\\w$]+))?)\\s+(SET|RESET|SET\\s+TBLPROPERTIES|UNSET\\s+TBLPROPERTIES(?:\\s+IF\\s+EXISTS)?)\\s*(\\(.*\\))\\s*;?\\s*$")

// rewriteAlterOptions turns ALTER TABLE t SET/RESET (...) into the call of
// sys.alter_table_options, which commits the next schema with the change.
func rewriteAlterOptions(ctx context.Context, q string) (rewritten, bool, error) {
	m := alterOptions.FindStringSubmatch(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	items, _, err := parenList(m[3], 0)
	if err != nil {
		return rewritten{}, true, err
	}
	action := strings.ToLower(strings.Fields(m[2])[0])
	if action == "unset" {
		action = "reset"
	}
	var payload any
	if action == "set" {
		pairs := [][2]string{}
		for _, item := range items {
			k, v, err := optionPair(item)
			if err != nil {
				return rewritten{}, true, err
			}
			pairs = append(pairs, [2]string{k, v})
		}
		payload = pairs
	} else {
		keys := []string{}
		for _, item := range items {
			if item == "" || (item[0] != '\'' && item[0] != '"') || skipQuoted(item, 0) != len(item) {
				return rewritten{}, true, fmt.Errorf("RESET option %s: write the quoted option names, e.g. RESET ('snapshot.num-retained.max') or UNSET TBLPROPERTIES ('snapshot.num-retained.max')", item)
			}
			keys = append(keys, unquoteString(item))
		}
		payload = keys
	}
	data, _ := json.Marshal(payload)
	table := strings.ReplaceAll(strings.ReplaceAll(m[1], "`", ""), " ", "")
	call := "CALL sys.alter_table_options(" + sqlString(table) + ", " + sqlString(action) + ", " + sqlString(string(data)) + ")"
	// The statement is the whole query.
	return rewritten{text: call, toQuery: func(int) int { return len(q) }}, true, nil
}
