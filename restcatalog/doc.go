// Package restcatalog is paimon-sql's server of Paimon's REST catalog API
// (Paimon's docs/static/rest-catalog-open-api.yaml): engines with
// 'metastore' = 'rest' list, create and commit through it, authorised by
// paimon-sql's accounts and grants (Authorizer).
package restcatalog
