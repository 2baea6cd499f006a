package vector

// LeftJoinCountRuns is how many GROUP BYs over a LEFT JOIN have run as
// counts per key of the right side (leftjoincount.go) so far.
func LeftJoinCountRuns() int64 { return leftJoinCountRuns.Load() }
