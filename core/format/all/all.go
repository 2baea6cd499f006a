// Package all registers every data file format with core/format and every
// manifest format with core/manifest. Importing this package for its side
// effects, as core/read, core/write, core/scan, core/expire and core/orphan
// do, makes them all known. Parquet and Avro live in core/format itself;
// ORC's codec is core/format/orc, registered by its adapter in core/format.
package all

import _ "github.com/paimon-sql/paimon-sql/core/format" // Parquet, Avro and ORC data files; Parquet and ORC manifests
