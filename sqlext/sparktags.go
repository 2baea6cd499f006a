package sqlext

// go-mysql-server v0.20.0 lacks the tag statements of Paimon's Spark SQL
// extensions (SHOW TAGS, ALTER TABLE ... CREATE/REPLACE/DELETE/RENAME TAG);
// vitess has no such statements.

import (
	"context"
	"regexp"
	"strings"
)

// tagIdent is a tag name as Spark's grammar reads it: a word, or any text
// in backquotes (`TAG-1`).
const tagIdent = "(`(?:[^`]|``)+`|\\w+)"

var (
	showTagsRE  = regexp.MustCompile(`(?is)^\s*SHOW\s+TAGS\s+` + nameRE + `\s*;?\s*$`)
	alterTagRE  = regexp.MustCompile(`(?is)^\s*ALTER\s+TABLE\s+` + nameRE + `\s+(.*?)\s*;?\s*$`)
	createTagRE = regexp.MustCompile(`(?is)^(CREATE\s+TAG(\s+IF\s+NOT\s+EXISTS)?|(?:CREATE\s+OR\s+)?REPLACE\s+TAG)\s+` + tagIdent +
		`(?:\s+AS\s+OF\s+VERSION\s+(\d+))?(?:\s+RETAIN\s+(\d+)\s+(DAYS|HOURS|MINUTES))?$`)
	deleteTagRE = regexp.MustCompile(`(?is)^DELETE\s+TAG(\s+IF\s+EXISTS)?\s+` + tagIdent + `$`)
	renameTagRE = regexp.MustCompile(`(?is)^RENAME\s+TAG\s+` + tagIdent + `\s+TO\s+` + tagIdent + `$`)
)

// rewriteShowTags answers SHOW TAGS t from t$tags: one column, tag, the
// names in order, as Paimon's ShowTagsExec.
func rewriteShowTags(ctx context.Context, q string) (rewritten, bool, error) {
	m := showTagsRE.FindStringSubmatch(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	db, table := splitName(m[1])
	text := "SELECT tag_name AS tag FROM " + systemTable(db, table, "tags") + " ORDER BY tag_name"
	return rewritten{text: text, toQuery: func(int) int { return len(q) }}, true, nil
}

// rewriteTagStatements turns ALTER TABLE t CREATE TAG, REPLACE TAG, CREATE
// OR REPLACE TAG, DELETE TAG and RENAME TAG into the call of
// sys.alter_table_tag, which runs them as Paimon's Spark extensions do.
func rewriteTagStatements(ctx context.Context, q string) (rewritten, bool, error) {
	m := alterTagRE.FindStringSubmatch(q)
	if m == nil {
		return rewritten{}, false, nil
	}
	// action, tag, snapshot_id, time_retained, target_tag
	var args [5]string
	clause := m[2]
	if c := createTagRE.FindStringSubmatch(clause); c != nil {
		words := strings.Fields(strings.ToUpper(c[1]))
		switch {
		case words[0] == "CREATE" && words[1] == "TAG" && c[2] != "":
			args[0] = "create_if_not_exists"
		case words[0] == "CREATE" && words[1] == "TAG":
			args[0] = "create"
		default:
			args[0] = "replace"
		}
		args[1], args[2] = tagName(c[3]), c[4]
		if c[5] != "" {
			args[3] = c[5] + " " + map[string]string{"DAYS": "d", "HOURS": "h", "MINUTES": "min"}[strings.ToUpper(c[6])]
		}
	} else if d := deleteTagRE.FindStringSubmatch(clause); d != nil {
		args[0], args[1] = "delete", tagName(d[2])
		if d[1] != "" {
			args[0] = "delete_if_exists"
		}
	} else if r := renameTagRE.FindStringSubmatch(clause); r != nil {
		args[0], args[1], args[4] = "rename", tagName(r[1]), tagName(r[2])
	} else {
		return rewritten{}, false, nil
	}
	table := strings.ReplaceAll(strings.ReplaceAll(m[1], "`", ""), " ", "")
	call := "CALL sys.alter_table_tag(" + sqlString(table)
	for _, a := range args {
		call += ", " + sqlString(a)
	}
	return rewritten{text: call + ")", toQuery: func(int) int { return len(q) }}, true, nil
}

// tagName is a tag identifier without its backquotes.
func tagName(ident string) string {
	if strings.HasPrefix(ident, "`") {
		return unquoteIdent(ident)
	}
	return ident
}
