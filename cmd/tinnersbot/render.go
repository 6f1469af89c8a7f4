package main

import (
	"context"
	"fmt"
	"io"
)

func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tinnersbot: render is not built yet")
	return 1
}
