// Package format reads and writes Paimon data files.
//
// A table's files may be in several formats, so each is a Format (the
// fixed list of registry.go) chosen per file by its name's extension
// (ForFile) when read, and by the table's options when written. Parquet
// (the default) and Avro live here; ORC's codec is core/format/orc,
// adapted in orc.go. core/manifest writes its Parquet and ORC manifests
// with the same readers and writers.
//
// Parquet: a file is opened with the Paimon fields it was written with;
// columns are matched to fields by Parquet field id (Paimon ≥ 1.0 writes
// ids) or by name (Paimon 0.9 files have none) and decoded into the Go
// values documented in core/types. Reading is column-wise and streaming:
// only projected columns are decoded, one page at a time, and rows come out
// in batches that never cross a row group, so a batch always covers
// consecutive row positions (what deletion vectors refer to).
//
// Avro: files are Java's object container files, one block decoded at a
// time, columns matched by name; unprojected columns are skipped. Avro has
// no file statistics, so writers collect the manifest statistics from the
// rows (NewWriteStatsCollector), as Java does.
package format
