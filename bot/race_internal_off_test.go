//go:build !race

package bot

// raceOn: see race_internal_on_test.go.
const raceOn = false
