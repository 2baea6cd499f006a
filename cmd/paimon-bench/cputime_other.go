//go:build !unix

package main

import "time"

// cpuTime is unknown here; CPU figures print as 0.
func cpuTime() time.Duration { return 0 }

// peakRSS is unknown here.
func peakRSS() int64 { return 0 }
