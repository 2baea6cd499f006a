package interop

import (
	"fmt"
	"strings"
	"testing"

	"github.com/paimon-sql/paimon-sql/internal/seaweed"
)

// restS3Java is restJava with Java's S3 file IO pointed at the SeaweedFS
// store: the client's own credentials for the bucket, as paimon-sql hands
// out no table tokens on an object store.
func restS3Java(j *javaDriver, url, token, endpoint string) *javaDriver {
	d := restJava(j, url, token)
	d.catalog["s3.endpoint"] = endpoint
	d.catalog["s3.access-key"] = seaweed.AccessKey
	d.catalog["s3.secret-key"] = seaweed.SecretKey
	d.catalog["s3.path.style.access"] = "true"
	return d
}

// startS3REST starts SeaweedFS and paimon-sql (MySQL and REST) over a
// warehouse in its bucket, and returns the server and the S3 endpoint.
func startS3REST(t *testing.T, prefix string) (*restServer, string) {
	t.Setenv("AWS_ACCESS_KEY_ID", seaweed.AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", seaweed.SecretKey)
	t.Setenv("AWS_REGION", "us-east-1")
	endpoint := seaweed.Start(t)
	return startREST(t, seaweed.URL(endpoint, prefix)), endpoint
}

// TestRESTCatalogJavaS3: Java Paimon 1.4.2's RESTCatalog over an S3
// warehouse (SeaweedFS) served by paimon-sql: it creates a table, writes
// through its own S3 file IO and commits through paimon-sql's REST
// catalog; paimon-sql reads the rows over MySQL, Java reads the rows SQL
// wrote; the table token is refused (501) rather than the server's keys
// handed out.
func TestRESTCatalogJavaS3(t *testing.T) {
	requireTools(t)
	j := startJava(t)
	rs, endpoint := startS3REST(t, "rest")
	writer := restS3Java(j, rs.url, rs.writer, endpoint)
	for _, sc := range []scenario{
		{name: "s3_append", feature: featureREST, cols: basicCols},
		{name: "s3_pk", feature: featureREST, cols: basicCols, pk: []string{"id"}, parts: []string{"name"},
			options: map[string]string{"bucket": "2"}},
	} {
		writer.must(t, "", createStep(sc))
		rows := []map[string]any{
			{"kind": "+I", "values": []any{1, "java", "1.00"}},
			{"kind": "+I", "values": []any{2, "java", "2.00"}},
		}
		writer.must(t, "", jstep{"op": "write", "table": sc.table(), "rows": rows})
		javaRows, err := javaRead(t, writer, "", sc.table(), nil, sc.cols)
		ours, oerr := ourRead(rs.db, "SELECT * FROM "+sc.table(), sc.cols)
		problem := differ(javaRows, ours, oerr)
		if err != nil {
			problem = err.Error()
		} else if len(javaRows) != 2 {
			problem = fmt.Sprintf("Java reads %d rows, want 2", len(javaRows))
		}
		outcome(t, sc.feature, dirJavaToSQL, sc.name+"/s3_write", problem)

		if err := sqlExec(rs.db, "INSERT INTO "+sc.table()+" VALUES (3, 'sql', 3.00)"); err != nil {
			t.Fatal(err)
		}
		javaRows, err = javaRead(t, writer, "", sc.table(), nil, sc.cols)
		ours, oerr = ourRead(rs.db, "SELECT * FROM "+sc.table(), sc.cols)
		problem = differ(javaRows, ours, oerr)
		if err != nil {
			problem = err.Error()
		} else if len(javaRows) != 3 {
			problem = fmt.Sprintf("Java reads %d rows after the SQL insert, want 3", len(javaRows))
		}
		outcome(t, sc.feature, dirSQLToJava, sc.name+"/s3_sql_write", problem)
	}

	// A client asking for table tokens gets the server's refusal, not its keys.
	tokenClient := restS3Java(j, rs.url, rs.writer, endpoint)
	tokenClient.catalog["data-token.enabled"] = "true"
	r := tokenClient.do(t, "", jstep{"op": "write", "table": "db.s3_append",
		"rows": []map[string]any{{"kind": "+I", "values": []any{9, "token", "9.00"}}}})[0]
	problem := ""
	if r.OK || !strings.Contains(r.Error, "table tokens are not issued") {
		problem = fmt.Sprintf("a write asking for a table token: ok %v, %s", r.OK, r.Error)
	} else if got, err := sqlRows(rs.db, "SELECT COUNT(*) FROM db.s3_append"); err != nil || *got[0][0] != "3" {
		problem = fmt.Sprintf("rows after the refused write: %v %v", got, err)
	}
	outcome(t, featureREST, dirJavaToSQL, "s3_append/s3_token", problem)
}
