package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	paimonfs "github.com/paimon-sql/paimon-sql/core/fs"
	"github.com/paimon-sql/paimon-sql/core/table"
	"github.com/paimon-sql/paimon-sql/restcatalog"
)

// restFlags are the serve flags of the REST catalog listener.
type restFlags struct {
	listen, tlsCert, tlsKey *string
}

func defineRESTFlags(f *envFlags) restFlags {
	return restFlags{
		listen: f.String("rest-listen", "", "address for Paimon's REST catalog API over HTTP(S), host:port (unset: none);\n"+
			"clients authenticate with bearer tokens of CALL sys.create_token"),
		tlsCert: f.String("rest-tls-cert", "", "TLS certificate file (PEM) of the REST catalog; with --rest-tls-key it serves HTTPS"),
		tlsKey:  f.String("rest-tls-key", "", "TLS private key file (PEM) of the REST catalog"),
	}
}

// serve serves the REST catalog over fsys when --rest-listen is set, with
// auth deciding every call and the tables opened with rt (the MySQL side's,
// so that both sides' commits to a table take turns); stop ends it.
func (r restFlags) serve(fsys *paimonfs.FS, rt *table.Runtime, auth restcatalog.Authorizer, log *slog.Logger) (stop func(), err error) {
	if *r.listen == "" {
		if *r.tlsCert != "" || *r.tlsKey != "" {
			return nil, fmt.Errorf("--rest-tls-cert and --rest-tls-key need --rest-listen")
		}
		return func() {}, nil
	}
	h, err := restcatalog.New(restcatalog.Config{FS: fsys, Runtime: rt, Auth: auth, Log: log})
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
