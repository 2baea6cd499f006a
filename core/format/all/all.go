// Package all registers every data file format with core/format and every
// manifest format with core/manifest. Formats in their own packages
// (core/format/avro, core/format/orc) register themselves from init;
// importing this package for its side effects, as core/read, core/write,
// core/scan, core/expire and core/orphan do, makes them all known. Parquet
// lives in core/format itself.
package all

import _ "github.com/paimon-sql/paimon-sql/core/format" // Parquet data files and manifests
