// Package format reads and writes Paimon data files.
//
// Parquet is the default data file format of Paimon. A file is opened with
// the Paimon fields it was written with; columns are matched to fields by
// Parquet field id (Paimon ≥ 1.0 writes ids) or by name (Paimon 0.9 files have
// none) and decoded into the Go values documented in core/types. Reading is
// column-wise and streaming: only projected columns are decoded, one page at a
// time, and rows come out in batches that never cross a row group, so a batch
// always covers consecutive row positions (what deletion vectors refer to).
package format
