package server

import "github.com/paimon-sql/paimon-sql/mysqlerr"

// mysqlErrorNumber gives errors the number and SQLSTATE MySQL uses for them
// where go-mysql-server falls back to 1105 or HY000 (mysqlerr is
// the one mapping).
func mysqlErrorNumber(err error) error { return mysqlerr.From(err) }
