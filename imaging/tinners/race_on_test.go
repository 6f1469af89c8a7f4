//go:build race

package tinnersimg

// raceOn is true in a -race build: tests then draw fewer pictures.
const raceOn = true
