//go:build !linux

package bot

import "time"

var cpuEpoch = time.Now()

// threadCPU stands in for the calling thread's CPU time where the bot
// has no per-thread CPU clock (it runs on Linux: cputime_linux.go): the
// wall time, so a decision's "CPU" there is its duration.
func threadCPU() time.Duration { return time.Since(cpuEpoch) }
