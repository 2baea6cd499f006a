package sqlext

// go-mysql-server v0.20.0 lacks the session's time_zone as a Go location:
// it keeps @@time_zone as text.

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// SessionLocation is the session's time_zone: SYSTEM is the server's zone.
func SessionLocation(ctx *sql.Context) *time.Location {
	v, err := ctx.GetSessionVariable(ctx, "time_zone")
	if err != nil {
		return time.Local
	}
	return parseTimeZone(fmt.Sprint(v))
}

// parseTimeZone reads a MySQL time_zone value: SYSTEM, '+hh:mm' or a name.
func parseTimeZone(tz string) *time.Location {
	tz = strings.TrimSpace(tz)
	if tz == "" || strings.EqualFold(tz, "SYSTEM") {
		return time.Local
	}
	if tz[0] == '+' || tz[0] == '-' {
		if t, err := time.Parse("-07:00", tz); err == nil {
			_, off := t.Zone()
			return time.FixedZone(tz, off)
		}
	}
	if loc, err := time.LoadLocation(tz); err == nil {
		return loc
	}
	return time.Local
}
