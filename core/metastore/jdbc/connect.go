package jdbc

import (
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite", pure Go
)

// connection is what a JDBC URI names: the Go driver, its data source
// name, and the protocol that picks the lock dialect (Java's
// JdbcClientPool takes it from "jdbc:<protocol>:").
type connection struct {
	driver, dsn, protocol string
}

// parseURI turns the JDBC URI Java's catalog is given ('uri') into a Go
// driver's data source: jdbc:sqlite:<file>, jdbc:mysql://host[:port]/db,
// jdbc:mariadb://host[:port]/db, jdbc:postgresql://host[:port]/db.
// URI parameters are refused: they are the Java driver's and mean nothing
// to the Go one, and silently dropping one (TLS, say) would be worse.
func parseURI(uri, user, password string) (connection, error) {
	rest, ok := strings.CutPrefix(uri, "jdbc:")
	if !ok {
		return connection{}, fmt.Errorf("uri %q: want a jdbc:sqlite, jdbc:mysql, jdbc:mariadb or jdbc:postgresql uri", uri)
	}
	protocol, target, _ := strings.Cut(rest, ":")
	switch protocol {
	case "sqlite":
		file := strings.TrimPrefix(target, "file:")
		if file == "" || strings.ContainsAny(file, "?") {
			return connection{}, fmt.Errorf("uri %q: want jdbc:sqlite:<database file>, without parameters", uri)
		}
		// Java's xerial driver waits 3 s for a busy database; a Java writer
		// holding it must not fail our statements at once.
		return connection{driver: "sqlite", dsn: "file:" + file + "?_pragma=busy_timeout(10000)", protocol: protocol}, nil
	case "mysql", "mariadb", "postgresql":
	default:
		return connection{}, fmt.Errorf("uri %q: the JDBC catalog supports sqlite, mysql, mariadb and postgresql", uri)
	}
	u, err := url.Parse(target)
	if err != nil || u.Host == "" || u.Scheme != "" || !strings.HasPrefix(target, "//") {
		return connection{}, fmt.Errorf("uri %q: want jdbc:%s://host[:port]/database", uri, protocol)
	}
	if u.RawQuery != "" || u.User != nil {
		return connection{}, fmt.Errorf("uri %q: parameters and credentials in the URI are not supported; give jdbc.user and jdbc.password", uri)
	}
	db := strings.Trim(u.Path, "/")
	if protocol == "postgresql" {
		pg := url.URL{Scheme: "postgres", Host: u.Host, Path: "/" + db}
		if user != "" {
			pg.User = url.UserPassword(user, password)
		}
		return connection{driver: "pgx", dsn: pg.String(), protocol: protocol}, nil
	}
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd, cfg.Net, cfg.DBName = user, password, "tcp", db
	cfg.Addr = u.Host
	if _, _, err := net.SplitHostPort(u.Host); err != nil {
		cfg.Addr = net.JoinHostPort(u.Host, "3306")
	}
	// The lock dialect compares acquired_at with NOW() in the server: no
	// conversion of times on our side.
	return connection{driver: "mysql", dsn: cfg.FormatDSN(), protocol: protocol}, nil
}

// rebind turns the '?' placeholders of Java's statements into the
// driver's: PostgreSQL's pgx wants $1, $2, ...
func rebind(protocol, q string) string {
	if protocol != "postgresql" {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
