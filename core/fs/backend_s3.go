//go:build !paimon_no_s3

package fs

// s3:// warehouses. A build with -tags paimon_no_s3 leaves this object store
// out of the binary (see docs/operations.md, "Binary size").
import _ "gocloud.dev/blob/s3blob"
