// Package all registers every data file format with core/format. Formats in
// their own packages (core/format/avro, core/format/orc) register themselves
// from init; importing this package for its side effects, as core/read and
// core/write do, makes them all known. Parquet lives in core/format itself.
package all
