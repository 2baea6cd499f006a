package sqlext

// go-mysql-server v0.20.0 lacks Spark's time travel: vitess reads
// `FOR SYSTEM_TIME AS OF` and `FOR VERSION AS OF` (Flink's form) but not
// Spark's `VERSION AS OF x` and `TIMESTAMP AS OF x`.

import (
	"context"
	"strings"
)

// rewriteTimeTravel turns Spark's `t VERSION AS OF x` into
// `t FOR VERSION AS OF x`, `t TIMESTAMP AS OF 'time'` into
// `t FOR SYSTEM_TIME AS OF 'time'` and `t TIMESTAMP AS OF <seconds>` (Unix
// seconds) into `t FOR SYSTEM_TIME AS OF FROM_UNIXTIME(<seconds>)`, the
// wall clock of that instant in the session time zone, which is how AS OF
// reads times.
func rewriteTimeTravel(ctx context.Context, q string) (rewritten, bool, error) {
	var b strings.Builder
	var moved shifts
	prev := ""
	stop := canceller{ctx: ctx}
	for i := 0; i < len(q); {
		if err := stop.at(i); err != nil {
			return rewritten{}, false, err
		}
		if n := skipNonCode(q, i); n > i {
			b.WriteString(q[i:n])
			i = n
			continue
		}
		word, end := identAt(q, i)
		if word == "" {
			b.WriteByte(q[i])
			i++
			continue
		}
		kind := strings.ToUpper(word)
		as, asEnd := identAt(q, skipSpace(q, end))
		of, ofEnd := identAt(q, skipSpace(q, asEnd))
		if (kind == "VERSION" || kind == "TIMESTAMP") && strings.EqualFold(as, "as") && strings.EqualFold(of, "of") && !strings.EqualFold(prev, "for") {
			out := "FOR VERSION AS OF"
			if kind == "TIMESTAMP" {
				out = "FOR SYSTEM_TIME AS OF"
			}
			next := ofEnd
			if kind == "TIMESTAMP" {
				at := skipSpace(q, ofEnd)
				if num, numEnd := identAt(q, at); num != "" && isNumber(num) {
					out += " FROM_UNIXTIME(" + num + ")"
					next = numEnd
				}
			}
			b.WriteString(out)
			moved = append(moved, shift{end: b.Len(), delta: len(out) - (next - i)})
			prev, i = "of", next
			continue
		}
		b.WriteString(word)
		prev, i = word, end
	}
	if len(moved) == 0 {
		return rewritten{}, false, nil
	}
	return rewritten{text: b.String(), toQuery: moved.toQuery}, true, nil
}
