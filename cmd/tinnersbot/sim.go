package main

import (
	"context"
	"fmt"
	"io"
)

func runSim(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tinnersbot: sim is not built yet")
	return 1
}
