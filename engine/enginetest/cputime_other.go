//go:build !unix

package enginetest

// cpuSeconds is unknown here.
func cpuSeconds() float64 { return 0 }
