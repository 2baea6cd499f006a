// Package fluss is paimon-sql's single source of truth for Apache Fluss lake
// tables: Paimon tables that Fluss tiers its log and primary-key tables into.
//
// Such a table has one of two physical layouts (Fluss FIP-27):
//
//   - CLEAN: user columns only. Every table Fluss creates since FIP-27.
//   - LEGACY: the user columns followed by three system columns, __bucket INT,
//     __offset BIGINT and __timestamp TIMESTAMP(3 or 6) WITH LOCAL TIME ZONE,
//     in that order. Tables created by Fluss 0.7 to 0.9 keep this layout for
//     ever: Fluss never migrates them.
//
// Nothing in a schema marks the layout, so it is detected from the columns
// alone, strictly: a table with some but not all system columns, or with them
// misplaced, out of order or mistyped, is rejected rather than guessed at
// (Fluss itself only looks for __timestamp and then mis-reads such tables).
// The rules only apply to tables whose options show that Fluss created them;
// a plain Paimon table may name its columns as it likes.
//
// The package is pure: it reads schemas and options and returns values,
// changes and errors; the catalog does the I/O. Of analyses a schema into a
// Table, which tells the user-visible columns, maps projections to physical
// columns, fills the system values of written rows and vets ALTER TABLE
// changes. Creating lake tables is Fluss's coordinator's job, which
// paimon-sql does not do.
package fluss
