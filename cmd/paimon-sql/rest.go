package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/metastore"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/restcatalog"
	"github.com/paimon-sql/paimon-sql/restcatalog/ststoken"
)

// restFlags are the serve flags of the REST catalog listener.
type restFlags struct {
	listen, tlsCert, tlsKey *string
	stsRoleARN, stsEndpoint *string
	stsDuration             *time.Duration
}

func defineRESTFlags(f *envFlags) restFlags {
	return restFlags{
		listen: f.String("rest-listen", "", "address for Paimon's REST catalog API over HTTP(S), host:port (unset: none);\n"+
			"clients authenticate with bearer tokens of CALL sys.create_token"),
		tlsCert: f.String("rest-tls-cert", "", "TLS certificate file (PEM) of the REST catalog; with --rest-tls-key it serves HTTPS"),
		tlsKey:  f.String("rest-tls-key", "", "TLS private key file (PEM) of the REST catalog"),
		stsRoleARN: f.String("rest-sts-role-arn", "", "on an s3:// warehouse, the role assumed (STS AssumeRole, with the server's AWS credentials)\n"+
			"to hand REST clients credentials scoped to one table's directory (the table token); unset: none"),
		stsEndpoint: f.String("rest-sts-endpoint", "", "STS endpoint URL for --rest-sts-role-arn (unset: AWS's, for the warehouse's region)"),
		stsDuration: f.Duration("rest-sts-duration", time.Hour, "lifetime of the table credentials of --rest-sts-role-arn (15m to 12h)"),
	}
}

// serve serves the REST catalog over fsys when --rest-listen is set, with
// auth deciding every call and the tables opened with rt (the MySQL side's,
// so that both sides' commits to a table take turns) under the catalog ms;
// stop ends it.
func (r restFlags) serve(fsys *paimonfs.FS, rt *table.Runtime, ms metastore.Metastore, auth restcatalog.Authorizer, log *slog.Logger) (stop func(), err error) {
	if *r.listen == "" {
		if *r.tlsCert != "" || *r.tlsKey != "" {
			return nil, fmt.Errorf("--rest-tls-cert and --rest-tls-key need --rest-listen")
		}
		return func() {}, nil
	}
	cfg := restcatalog.Config{FS: fsys, Runtime: rt, Auth: auth, Log: log, Metastore: ms}
	if *r.stsRoleARN != "" {
		issuer, err := ststoken.New(context.Background(), ststoken.Config{
			RoleARN: *r.stsRoleARN, Endpoint: *r.stsEndpoint, Duration: *r.stsDuration, Warehouse: fsys.URL()})
		if err != nil {
			return nil, fmt.Errorf("--rest-sts-role-arn: %w", err)
		}
		cfg.Tokens = issuer
	} else if *r.stsEndpoint != "" {
		return nil, fmt.Errorf("--rest-sts-endpoint needs --rest-sts-role-arn")
	}
	h, err := restcatalog.New(cfg)
	if err != nil {
		return nil, err
	}
	_, shutdown, err := restcatalog.Serve(restcatalog.ListenConfig{Addr: *r.listen, TLSCertFile: *r.tlsCert, TLSKeyFile: *r.tlsKey}, h, log)
	if err != nil {
		return nil, fmt.Errorf("REST catalog listener: %w", err)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = shutdown(ctx)
	}, nil
}
