package main

import (
	"context"
	"fmt"
	"io"
)

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tinnersbot: import is not built yet")
	return 1
}
