// Package sqlext is everything that bends go-mysql-server (v0.20.0) and
// its vitess parser to paimon-sql: the Paimon, Flink and Spark SQL the
// MySQL grammar lacks, the fixes MySQL clients need, and the GMS package
// globals the server sets. Each file starts with what upstream lacks.
//
// The parser (parser.go) is GMS's sql.Parser with one lexer (lexer.go) and
// one table of rewrites; the statements GMS cannot carry to the catalog as
// Paimon means them reach it as typed values on a side channel.
package sqlext
