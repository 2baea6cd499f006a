//go:build !paimon_no_gcs

package fs

// gs:// warehouses. A build with -tags paimon_no_gcs leaves this object store
// out of the binary (see docs/operations.md, "Binary size").
import _ "gocloud.dev/blob/gcsblob"
