//go:build tools
// +build tools

package sqle

import _ "golang.org/x/tools/cmd/goimports"
