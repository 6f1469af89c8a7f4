//go:build !race

package bot_test

const raceBuild = false
