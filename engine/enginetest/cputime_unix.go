//go:build unix

package enginetest

import "syscall"

// cpuSeconds is the processor time the process has used so far (user and
// system, every thread), or 0 when unknown.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
