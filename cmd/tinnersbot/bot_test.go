package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestRunBotWithoutToken(t *testing.T) {
	t.Setenv("DISCORD_TOKEN", "")
	var out, errb bytes.Buffer
	code := runBot(context.Background(), nil, &out, &errb)
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	msg := errb.String()
	if !strings.Contains(msg, "DISCORD_TOKEN") || strings.Count(msg, "\n") != 1 {
		t.Errorf("stderr %q: want one line naming DISCORD_TOKEN", msg)
	}
}
