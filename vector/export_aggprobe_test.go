package vector

// AggregateProbes is the number of aggregate scans read filtered by a hash
// join's build side so far.
func AggregateProbes() int64 { return aggregateProbes.Load() }
