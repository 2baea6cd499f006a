package function

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// paimon-sql: string functions bound their results by max_allowed_packet,
// as MySQL does: a result that would be larger is NULL, with MySQL's
// warning 1301, and is never allocated. Unbounded, LPAD('a', 1<<31, 'b')
// took the server to 4 GiB before it failed. A result of more than
// memoryCheckedResult bytes also asks the query memory limit first
// (MemoryManager.CheckFor): each statement's results fit the packet, but
// several such values at once could take the server past the limit.

// erWarnAllowedPacketOverflowed is MySQL's ER_WARN_ALLOWED_PACKET_OVERFLOWED.
const erWarnAllowedPacketOverflowed = 1301

// smallestMaxAllowedPacket is the least max_allowed_packet can be set to:
// results up to it need no look at the variable.
const smallestMaxAllowedPacket = 1024

// memoryCheckedResult is the size from which a result asks the query
// memory limit before it is built: smaller ones never fail for memory.
const memoryCheckedResult = 1 << 20

// resultFits tells whether a result of n bytes of function name fits
// max_allowed_packet and the query memory limit. When it does not fit the
// packet, it warns as MySQL does, and the caller returns NULL; when it
// does not fit the memory limit, err is the limit's error, which the
// caller returns.
func resultFits(ctx *sql.Context, name string, n int64) (ok bool, err error) {
	if n >= 0 && n <= smallestMaxAllowedPacket {
		return true, nil
	}
	limit := maxAllowedPacket(ctx)
	if n < 0 || n > limit {
		ctx.Warn(erWarnAllowedPacketOverflowed, "Result of %s() was larger than max_allowed_packet (%d) - truncated", name, limit)
		return false, nil
	}
	if n > memoryCheckedResult && ctx.Memory != nil {
		if err := ctx.Memory.CheckFor(uint64(n)); err != nil {
			return false, err
		}
	}
	return true, nil
}

// maxAllowedPacket is the session's max_allowed_packet.
func maxAllowedPacket(ctx *sql.Context) int64 {
	const fallback = 64 << 20 // MySQL's default
	if ctx == nil || ctx.Session == nil {
		return fallback
	}
	v, err := ctx.GetSessionVariable(ctx, "max_allowed_packet")
	if err != nil {
		return fallback
	}
	switch v := v.(type) {
	case int64:
		return v
	case uint64:
		return int64(min(v, 1<<62))
	case int:
		return int64(v)
	case int32:
		return int64(v)
	case uint32:
		return int64(v)
	}
	return fallback
}
