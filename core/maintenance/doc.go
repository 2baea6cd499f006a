// Package maintenance runs what Java Paimon's writers run after every
// commit (TableCommitImpl.maintain), driven by the table's options with
// Java 1.4.2's names, defaults and semantics (docs/maintenance.md):
//
//   - automatic tags (tag.automatic-creation) and the expiry of tags by
//     count (tag.num-retained-max) and by age (tag.default-time-retained);
//   - partition expiration (partition.expiration-time and friends), which
//     drops whole partitions with an OVERWRITE commit;
//   - consumer expiration (consumer.expiration-time);
//   - snapshot expiration (snapshot.num-retained.*, snapshot.time-retained,
//     snapshot.expire.limit) through core/expire, the code behind
//     CALL sys.expire_snapshots, and then, for tables whose changelog
//     lifecycle is decoupled, changelog expiration.
//
// write-only = true turns all of it off, as in Java. Maintenance never
// fails the commit that triggered it: the commit is already published, so
// a failure is logged as a warning and the next commit tries again.
package maintenance
