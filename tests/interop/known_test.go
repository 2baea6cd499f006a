package interop

// knownMismatches lists the differences the matrix finds that are not
// fixed yet, by comparison key (scenario/step/reader); docs/compatibility.md
// shows them with their reasons.
var knownMismatches = map[string]known{}
