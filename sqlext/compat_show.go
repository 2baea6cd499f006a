package sqlext

// go-mysql-server v0.20.0 lacks MySQL 8's column names for SHOW COLLATION, SHOW PLUGINS and SHOW TABLE STATUS.

import (
	"regexp"
	"strings"
)

// Client compatibility: the column names of a few SHOW statements.
//
// GMS answers them with other names than MySQL 8, and clients that read
// columns by name (DBeaver, Python dict cursors) look for MySQL's:
//
//   - SHOW COLLATION: GMS says collation, charset, ID, default, compiled,
//     SORTLEN, PAD_ATTRIBUTE; MySQL Collation, Charset, Id, Default,
//     Compiled, Sortlen, Pad_attribute;
//   - SHOW PLUGINS: GMS gives the columns of information_schema.PLUGINS
//     (PLUGIN_NAME...); MySQL Name, Status, Type, Library, License;
//   - SHOW TABLE STATUS: GMS's last column is Comments; MySQL's Comment.
//
// The first two are rewritten into the SELECT GMS itself runs for them,
// with MySQL's names (rewriteShow); the third is a fixed schema in GMS whose
// column name is corrected once (globals.go).

var (
	showCollationRE = regexp.MustCompile(`(?is)^(\s*)SHOW\s+COLLATION\b\s*(?:(LIKE|WHERE)\b(.*?))?\s*$`)
	showPluginsRE   = regexp.MustCompile(`(?is)^(\s*)SHOW\s+PLUGINS\s*$`)
)

const (
	collationSelect = "SELECT * FROM (SELECT collation_name AS `Collation`, character_set_name AS `Charset`, id AS `Id`, " +
		"is_default AS `Default`, is_compiled AS `Compiled`, sortlen AS `Sortlen`, pad_attribute AS `Pad_attribute` " +
		"FROM information_schema.collations) AS paimon_sql_collations"
	pluginsSelect = "SELECT plugin_name AS `Name`, plugin_status AS `Status`, plugin_type AS `Type`, " +
		"plugin_library AS `Library`, plugin_license AS `License` FROM information_schema.plugins"
)

// rewriteShow rewrites a first statement SHOW COLLATION or SHOW PLUGINS.
func rewriteShow(q string) (rewritten, bool, error) {
	start := skipSpace(q, 0)
	if start >= len(q) || (q[start] != 'S' && q[start] != 's') {
		return rewritten{}, false, nil
	}
	end := statementEnd(q, start)
	if rw, ok := showSelect(q[start:end]); ok {
		return replaced(q, start, end, rw), true, nil
	}
	return rewritten{}, false, nil
}

// showSelect is the SELECT for a statement SHOW COLLATION or SHOW PLUGINS;
// false for any other statement.
func showSelect(stmt string) (string, bool) {
	if m := showCollationRE.FindStringSubmatch(stmt); m != nil {
		out := m[1] + collationSelect
		switch strings.ToUpper(m[2]) {
		case "LIKE":
			out += " WHERE `Collation` LIKE " + m[3]
		case "WHERE":
			out += " WHERE " + m[3]
		}
		return out + " ORDER BY `Collation`", true
	}
	if m := showPluginsRE.FindStringSubmatch(stmt); m != nil {
		return m[1] + pluginsSelect, true
	}
	return "", false
}
