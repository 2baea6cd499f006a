//go:build !linux

package main

func resetPeakRSS() bool { return false }

func peakRSSSinceReset() int64 { return 0 }
