package bucket

// Values of the 'bucket' option other than a number of buckets (Java's
// BucketMode): a table with 'bucket' = N > 0 has N fixed buckets.
const (
	// Dynamic is 'bucket' = -1 on a primary-key table: buckets are assigned
	// through the hash index (HASH_DYNAMIC, or CROSS_PARTITION when the
	// primary key lacks a partition column).
	Dynamic = -1
	// Unaware is 'bucket' = -1 on an append table: no buckets at all
	// (BUCKET_UNAWARE); every file is in bucket 0.
	Unaware = -1
	// Postpone is 'bucket' = -2 on a primary-key table (POSTPONE_MODE):
	// writers put files in bucket-postpone, a later compaction buckets them.
	// It is also the bucket of those files in the manifests.
	Postpone = -2
)
