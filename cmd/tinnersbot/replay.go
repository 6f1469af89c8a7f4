package main

import (
	"context"
	"fmt"
	"io"
)

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tinnersbot: replay is not built yet")
	return 1
}
