package main

import (
	"context"
	"fmt"
	"io"
)

func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tinnersbot: backup is not built yet")
	return 1
}
