package systables

import (
	"errors"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/paimon-sql/paimon-sql/core/table"
)

// TestUnknownListsEveryName: the error for an unknown system table names
// every table of the registry and the table views, the audit log included.
func TestUnknownListsEveryName(t *testing.T) {
	_, err := OpenTable(sql.NewEmptyContext(), &table.Table{Name: "t"}, "nope", Reading{})
	if !errors.Is(err, ErrUnknown) {
		t.Fatalf("err = %v, want ErrUnknown", err)
	}
	list := err.Error()[strings.Index(err.Error(), "system tables are "):]
	for _, name := range append(Names(), append(TableViews, AuditLogName, BinlogName)...) {
		if !strings.Contains(list, name) {
			t.Errorf("%q does not list %s", err, name)
		}
	}
}

// TestNamesAreTheFixedColumnTables: Names (the sys database's tables across
// tables) holds every registered table but the audit log and the binlog,
// and each opens.
func TestNamesAreTheFixedColumnTables(t *testing.T) {
	names := Names()
	if len(names) != len(registry)-2 {
		t.Fatalf("Names() = %v, want the %d registered tables but audit_log and binlog", names, len(registry)-2)
	}
	for _, n := range names {
		if IsAuditLog(n) {
			t.Fatalf("Names() lists %s", n)
		}
		st, err := Open(sql.NewEmptyContext(), &table.Table{Name: "t"}, strings.ToUpper(n), nil)
		if err != nil {
			t.Fatalf("Open(%s): %v", n, err)
		}
		if st.Name() != "t$"+n || len(st.Schema()) == 0 {
			t.Fatalf("Open(%s) = %s with %d columns", n, st.Name(), len(st.Schema()))
		}
	}
}
