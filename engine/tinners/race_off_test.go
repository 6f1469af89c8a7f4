//go:build !race

package tinners

const raceOn = false
