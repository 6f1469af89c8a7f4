//go:build !race

package genericui

// raceOn: see race_on_test.go.
const raceOn = false
