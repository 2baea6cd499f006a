//go:build !paimon_no_azure

package fs

// azblob:// warehouses. A build with -tags paimon_no_azure leaves this object store
// out of the binary (see docs/operations.md, "Binary size").
import _ "gocloud.dev/blob/azureblob"
