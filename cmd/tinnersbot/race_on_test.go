//go:build race

package main

// raceBuild: the race detector slows rendering about tenfold; whole games
// under -race draw placeholder pictures.
const raceBuild = true
