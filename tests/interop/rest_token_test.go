package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/paimon-sql/paimon-sql/internal/seaweed"
	"github.com/paimon-sql/paimon-sql/restcatalog/ststoken"
)

// TestRESTCatalogTableTokenS3: on an S3 warehouse (SeaweedFS with its STS
// service) paimon-sql hands REST clients credentials scoped to one table
// (STS AssumeRole with a session policy). Java 1.4.2's RESTCatalog, in a
// JVM with no AWS variables and no S3 keys in its options, only
// 'data-token.enabled', creates a table, writes and commits through the
// handed-out credentials and reads the table back; paimon-sql reads the
// rows over MySQL. The writer's credentials reach the table's own files
// and get 403 from the store on another table's; a SELECT-only token's
// credentials read the table but cannot write it.
func TestRESTCatalogTableTokenS3(t *testing.T) {
	requireTools(t)
	jvm, err := startProcEnv(envWithoutAWS(), "java", "-Xmx512m", "-cp", driverClassPath(t, javaPaimonVersion), "org.paimonsql.interop.Driver")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(jvm.stop)
	// paimon-sql's own keys, for the warehouse and for STS.
	t.Setenv("AWS_ACCESS_KEY_ID", seaweed.AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", seaweed.SecretKey)
	t.Setenv("AWS_REGION", "us-east-1")
	endpoint := seaweed.StartSTS(t)
	warehouse := seaweed.URL(endpoint, "tokens")
	issuer, err := ststoken.New(context.Background(), ststoken.Config{
		RoleARN: seaweed.RoleARN, Endpoint: endpoint, Duration: ststoken.MinDuration, Warehouse: warehouse})
	if err != nil {
		t.Fatal(err)
	}
	rs := startRESTWith(t, warehouse, issuer)
	writer := restJava(&javaDriver{lineProc: jvm}, rs.url, rs.writer)
	writer.catalog["data-token.enabled"] = "true"
	if err := sqlExec(rs.db, "CREATE DATABASE IF NOT EXISTS db", "CREATE TABLE db.other (id INT)", "INSERT INTO db.other VALUES (1)"); err != nil {
		t.Fatal(err)
	}

	sc := scenario{name: "s3_token", feature: featureREST, cols: basicCols}
	writer.must(t, "", createStep(sc))
	writer.must(t, "", jstep{"op": "write", "table": sc.table(), "rows": []map[string]any{
		{"kind": "+I", "values": []any{1, "java", "1.00"}}, {"kind": "+I", "values": []any{2, "java", "2.00"}}}})
	javaRows, err := javaRead(t, writer, "", sc.table(), nil, sc.cols)
	ours, oerr := ourRead(rs.db, "SELECT * FROM "+sc.table(), sc.cols)
	problem := differ(javaRows, ours, oerr)
	if err != nil {
		problem = err.Error()
	} else if len(javaRows) != 2 {
		problem = fmt.Sprintf("Java reads %d rows, want 2", len(javaRows))
	}
	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/write_with_table_token", problem)

	outcome(t, sc.feature, dirJavaToSQL, sc.name+"/token_scope", func() string {
		own, other := "tokens/db.db/s3_token/schema/schema-0", "tokens/db.db/other/schema/schema-0"
		w := tokenS3(t, rs.url, rs.writer, "db", sc.name, endpoint)
		if err := getObject(w, own); err != nil {
			return "the writer's credentials reading their table: " + err.Error()
		}
		if err := putObject(w, "tokens/db.db/s3_token/probe"); err != nil {
			return "the writer's credentials writing their table: " + err.Error()
		}
		for what, err := range map[string]error{
			"reading another table": getObject(w, other),
			"writing another table": putObject(w, "tokens/db.db/other/probe"),
			"listing the database":  listObjects(w, "tokens/db.db/"),
		} {
			if err == nil || !strings.Contains(err.Error(), "StatusCode: 403") {
				return fmt.Sprintf("the writer's credentials %s: %v, want 403", what, err)
			}
		}
		r := tokenS3(t, rs.url, rs.reader, "db", sc.name, endpoint)
		if err := getObject(r, own); err != nil {
			return "the reader's credentials reading the table: " + err.Error()
		}
		if err := putObject(r, "tokens/db.db/s3_token/probe2"); err == nil || !strings.Contains(err.Error(), "StatusCode: 403") {
			return fmt.Sprintf("the reader's credentials writing the table: %v, want 403", err)
		}
		return ""
	}())
}

// envWithoutAWS is this process's environment without AWS settings.
func envWithoutAWS() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AWS_") {
			env = append(env, kv)
		}
	}
	return env
}

// tokenS3 asks the REST catalog for db.table's token as bearer and returns
// an S3 client holding its credentials.
func tokenS3(t *testing.T, url, bearer, db, table, endpoint string) *s3.Client {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url+"/v1/paimon/databases/"+db+"/tables/"+table+"/token", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Token           map[string]string `json:"token"`
		ExpiresAtMillis int64             `json:"expiresAtMillis"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("table token: %d %v", resp.StatusCode, err)
	}
	if until := time.Until(time.UnixMilli(body.ExpiresAtMillis)); until <= 0 || until > ststoken.MinDuration+time.Minute {
		t.Fatalf("token expires in %v, want within %v", until, ststoken.MinDuration)
	}
	tok := body.Token
	return s3.New(s3.Options{Region: "us-east-1", BaseEndpoint: aws.String(endpoint), UsePathStyle: true, DisableLogOutputChecksumValidationSkipped: true,
		Credentials: credentials.NewStaticCredentialsProvider(tok["s3.access-key"], tok["s3.secret-key"], tok["s3.session.token"])})
}

func getObject(c *s3.Client, key string) error {
	out, err := c.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(seaweed.Bucket), Key: aws.String(key)})
	if err == nil {
		_ = out.Body.Close()
	}
	return err
}

func putObject(c *s3.Client, key string) error {
	_, err := c.PutObject(context.Background(), &s3.PutObjectInput{Bucket: aws.String(seaweed.Bucket), Key: aws.String(key), Body: bytes.NewReader([]byte("x"))})
	return err
}

func listObjects(c *s3.Client, prefix string) error {
	_, err := c.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{Bucket: aws.String(seaweed.Bucket), Prefix: aws.String(prefix)})
	return err
}
