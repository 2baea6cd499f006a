package main

import (
	"os"
	"strconv"
	"strings"
)

// resetPeakRSS starts a new peak of the resident set (Linux's VmHWM, reset
// by writing 5 to clear_refs), so that the peak of the queries is not the
// load's; false when the kernel does not allow it.
func resetPeakRSS() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// peakRSSSinceReset is VmHWM in bytes: the peak since resetPeakRSS (or
// since the start); 0 when unknown.
func peakRSSSinceReset() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
