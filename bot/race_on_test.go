//go:build race

package bot_test

// raceBuild: the race detector slows rendering about tenfold, so whole
// games render placeholder pictures under -race.
const raceBuild = true
