package main

import (
	"context"
	"fmt"
	"io"
)

func runBot(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tinnersbot: bot is not built yet")
	return 1
}
