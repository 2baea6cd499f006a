//go:build tools
// +build tools

package unused

import _ "golang.org/x/tools/cmd/goyacc"
