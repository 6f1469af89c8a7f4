//go:build !race

package mineshaftimg

// raceOn is true in a -race build: the suite then draws fewer pictures.
const raceOn = false
