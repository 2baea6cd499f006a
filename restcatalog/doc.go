// Package restcatalog serves Paimon's REST catalog API (apache/paimon
// docs/static/rest-catalog-open-api.yaml) over a warehouse: Java's
// RESTCatalog, pypaimon's REST catalog and the engines built on them
// (Flink, Spark with 'metastore' = 'rest') list, create and load databases
// and tables through it and commit their snapshots through paimon-sql's
// commit protocol (core/commit), authorised per call by the grants of the
// paimon-sql account a bearer token belongs to. What the server does not
// implement is answered with the API's 501 error, never half done
// (docs/operations.md lists what is served).
package restcatalog
