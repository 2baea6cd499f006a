package sqlext

// go-mysql-server v0.20.0 lacks MySQL 8's column names for SHOW COLLATION, SHOW PLUGINS and SHOW TABLE STATUS.

import (
	"context"
	"fmt"
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
//     GMS also leaves Create_time and Update_time NULL, where
//     information_schema.TABLES has the tables' times.
//
// All three are rewritten into a SELECT from information_schema with
// MySQL's names (rewriteShow), so SHOW TABLE STATUS and TABLES agree. GMS's
// fixed schema of SHOW TABLE STATUS, which a statement the rewrite does not
// recognise still gets, has its column name corrected once (globals.go).

var (
	showCollationRE = regexp.MustCompile(`(?is)^(\s*)SHOW\s+COLLATION\b\s*(?:(LIKE|WHERE)\b(.*?))?\s*$`)
	showPluginsRE   = regexp.MustCompile(`(?is)^(\s*)SHOW\s+PLUGINS\s*$`)
	// showTableStatusRE: SHOW TABLE STATUS [{FROM|IN} db] [LIKE 'p' | WHERE e].
	showTableStatusRE = regexp.MustCompile("(?is)^(\\s*)SHOW\\s+TABLE\\s+STATUS\\b\\s*(?:(?:FROM|IN)\\s+(`(?:[^`]|``)+`|[A-Za-z0-9_$]+)\\s*)?(?:(LIKE|WHERE)\\b(.*?))?\\s*$")
)

const (
	collationSelect = "SELECT * FROM (SELECT collation_name AS `Collation`, character_set_name AS `Charset`, id AS `Id`, " +
		"is_default AS `Default`, is_compiled AS `Compiled`, sortlen AS `Sortlen`, pad_attribute AS `Pad_attribute` " +
		"FROM information_schema.collations) AS paimon_sql_collations"
	pluginsSelect = "SELECT plugin_name AS `Name`, plugin_status AS `Status`, plugin_type AS `Type`, " +
		"plugin_library AS `Library`, plugin_license AS `License` FROM information_schema.plugins"
)

// tableStatusSelect is SHOW TABLE STATUS's columns from
// information_schema.TABLES, for the database %s.
const tableStatusSelect = "SELECT * FROM (SELECT table_name AS `Name`, engine AS `Engine`, version AS `Version`, " +
	"row_format AS `Row_format`, table_rows AS `Rows`, avg_row_length AS `Avg_row_length`, data_length AS `Data_length`, " +
	"max_data_length AS `Max_data_length`, index_length AS `Index_length`, data_free AS `Data_free`, " +
	"auto_increment AS `Auto_increment`, create_time AS `Create_time`, update_time AS `Update_time`, " +
	"check_time AS `Check_time`, table_collation AS `Collation`, checksum AS `Checksum`, " +
	"create_options AS `Create_options`, table_comment AS `Comment` " +
	"FROM information_schema.tables WHERE table_schema = %s) AS paimon_sql_table_status"

// rewriteShow rewrites a first statement SHOW COLLATION, SHOW PLUGINS or
// SHOW TABLE STATUS.
func rewriteShow(ctx context.Context, q string) (rewritten, bool, error) {
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

// showSelect is the SELECT for a statement SHOW COLLATION, SHOW PLUGINS or
// SHOW TABLE STATUS; false for any other statement.
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
	if m := showTableStatusRE.FindStringSubmatch(stmt); m != nil {
		// Without FROM, the current database: DATABASE() is NULL when there
		// is none, and so no table is listed.
		db := "DATABASE()"
		if m[2] != "" {
			name := m[2]
			if strings.HasPrefix(name, "`") {
				name = strings.ReplaceAll(name[1:len(name)-1], "``", "`")
			}
			db = "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(name) + "'"
		}
		out := m[1] + fmt.Sprintf(tableStatusSelect, db)
		switch strings.ToUpper(m[3]) {
		case "LIKE":
			out += " WHERE `Name` LIKE " + m[4]
		case "WHERE":
			out += " WHERE " + m[4]
		}
		return out + " ORDER BY `Name`", true
	}
	return "", false
}
