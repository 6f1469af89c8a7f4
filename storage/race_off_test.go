//go:build !race

package storage

const raceOn = false
