package sqlext

// go-mysql-server v0.20.0 keeps some of what a server configures in package
// globals: system variables, the external function provider, fixed result
// schemas. They are set here, once, and nowhere else.

import (
	"fmt"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Globals are the process-wide settings of GMS a server makes; every server
// of a process sets the same.
type Globals struct {
	Version, VersionComment string
	// MaxConnections and WaitTimeout are what clients read to size pools
	// and keep-alives: the server's real limits.
	MaxConnections uint64
	WaitTimeout    time.Duration
	// ConnectTimeout, MaxUserConnections and RequireSecureTransport are
	// the server's login limits, read-only (@@connect_timeout,
	// @@max_user_connections, @@require_secure_transport): the server
	// reads them from its configuration, not from the variables.
	ConnectTimeout         time.Duration
	MaxUserConnections     uint64
	RequireSecureTransport bool
	// MaxAllowedPacket is @@max_allowed_packet in bytes.
	MaxAllowedPacket uint64
	// SecureFilePriv is the directory of LOAD DATA and LOAD_FILE; "" means
	// none (@@secure_file_priv NULL).
	SecureFilePriv string
	// Functions resolves the functions GMS does not have itself (the
	// server's guarded LOAD_FILE).
	Functions sql.FunctionProvider
	// DDLDialect is @@global.ddl_dialect's default (dialect.go); "" is
	// mysql.
	DDLDialect string
	// LocalInfile is @@local_infile: whether LOAD DATA LOCAL INFILE is
	// taken (from clients that allow it).
	LocalInfile bool
}

// SetGlobals sets GMS's package globals.
func SetGlobals(g Globals) error {
	fixShowTableStatus()
	if err := sql.SystemVariables.AssignValues(map[string]any{
		"version":         g.Version,
		"version_comment": g.VersionComment,
		"max_connections": int64(g.MaxConnections),
		"wait_timeout":    max(1, int64(g.WaitTimeout/time.Second)),
		// go-mysql-server's default is MySQL's largest, 1 GiB.
		"max_allowed_packet": int64(max(1024, g.MaxAllowedPacket)),
		"local_infile":       boolInt8(g.LocalInfile),
	}); err != nil {
		return fmt.Errorf("set version variables: %w", err)
	}
	declareSecureFilePriv(g.SecureFilePriv)
	if err := CheckDialect(g.DDLDialect); g.DDLDialect != "" && err != nil {
		return err
	}
	declareDDLDialect(g.DDLDialect)
	secure := boolInt8(g.RequireSecureTransport)
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{
		readOnlyGlobal("connect_timeout", types.NewSystemIntType("connect_timeout", 2, 31536000, false), max(2, int64(g.ConnectTimeout/time.Second))),
		readOnlyGlobal("max_user_connections", types.NewSystemIntType("max_user_connections", 0, 4294967295, false), int64(g.MaxUserConnections)),
		readOnlyGlobal("require_secure_transport", types.NewSystemBoolType("require_secure_transport"), secure),
	})
	if g.Functions != nil {
		analyzer.ExternalFunctionProvider = g.Functions
	}
	return nil
}

func boolInt8(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

// readOnlyGlobal is a global variable that SET refuses.
func readOnlyGlobal(name string, typ sql.Type, value any) sql.SystemVariable {
	return &sql.MysqlSystemVariable{Name: name, Scope: sql.GetMysqlScope(sql.SystemVariableScope_Global),
		Dynamic: false, Type: typ, Default: value}
}

// declareSecureFilePriv makes @@secure_file_priv the directory, or NULL
// (MySQL's "disabled") when there is none; go-mysql-server's own variable
// cannot be NULL, and "" would mean "anywhere".
func declareSecureFilePriv(dir string) {
	var value any
	if dir != "" {
		value = dir
	}
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
		Name:    "secure_file_priv",
		Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
		Dynamic: false,
		Type:    types.LongText,
		Default: value,
	}})
}

// SetUptime sets the status variables Uptime and Uptime_since_flush_status
// (FLUSH STATUS does not reset them here), which GMS declares and leaves at
// 0. The server sets them before each command, so that SHOW GLOBAL STATUS
// reads its time since start.
func SetUptime(up time.Duration) {
	if sql.StatusVariables == nil {
		return
	}
	secs := uint64(up / time.Second)
	for _, name := range []string{"Uptime", "Uptime_since_flush_status"} {
		// Both are declared by GMS: an error would mean they no longer are.
		_ = sql.StatusVariables.SetGlobal(name, secs)
	}
}

var fixShowTableStatusOnce sync.Once

// fixShowTableStatus renames GMS's SHOW TABLE STATUS column Comments to
// MySQL's Comment. The schema is a package variable of GMS that Schema()
// hands out; the change is process-wide and made once.
func fixShowTableStatus() {
	fixShowTableStatusOnce.Do(func() {
		sch := (&plan.ShowTableStatus{}).Schema()
		if n := len(sch); n > 0 && sch[n-1].Name == "Comments" {
			sch[n-1].Name = "Comment"
		}
	})
}

// MaxAllowedPacket is @@global.max_allowed_packet: new sessions take it, and
// the connection's packet reader (prepare.go) bounds every command by it.
func MaxAllowedPacket() int64 {
	_, v, _ := sql.SystemVariables.GetGlobal("max_allowed_packet")
	switch n := v.(type) {
	case uint64: // its type is unsigned
		return int64(min(n, 1<<30))
	case int64:
		return n
	}
	return 1 << 30 // MySQL's largest
}
